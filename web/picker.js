// handstat serve: the clickable deck beside the card fields.
'use strict';

import { $, el, RANKS, SUITS, cardTokens } from './util.js';

// A clickable deck: a click adds the card to the field last focused among the picker's targets,
// or takes it out again.
export class CardPicker {
  constructor(root) {
    this.targets = root.dataset.targets.split(' ').map($);
    this.active = this.targets[0];
    this.label = el('span', { class: 'picker-target' });
    root.append(el('div', { class: 'picker-head' }, 'Click a card to add it to ', this.label, ' (again to take it out).'));
    const deck = el('div', { class: 'deck' });
    this.buttons = [];
    for (const [s, sym] of SUITS) {
      for (const r of RANKS) {
        const b = el('button', { type: 'button', class: 'card suit-' + s, text: r + sym, 'data-card': r + s });
        b.title = r + s;
        b.addEventListener('mousedown', (e) => e.preventDefault()); // keep the field's focus
        b.addEventListener('click', () => this.toggle(r + s));
        deck.append(b);
        this.buttons.push(b);
      }
    }
    root.append(deck);
    for (const t of this.targets) {
      t.addEventListener('focus', () => { this.active = t; this.render(); });
      t.addEventListener('input', () => this.render());
    }
    this.render();
  }

  toggle(card) {
    const t = this.active;
    const cards = cardTokens(t.value);
    const at = cards.indexOf(card);
    if (at >= 0) cards.splice(at, 1);
    else {
      for (const other of this.targets) {
        if (other === t) continue;
        const o = cardTokens(other.value);
        const k = o.indexOf(card);
        if (k >= 0) { o.splice(k, 1); other.value = o.join(' '); }
      }
      cards.push(card);
    }
    t.value = cards.join(' ');
    t.dispatchEvent(new Event('input'));
    // the cribbage hand holds four: the next card is the starter
    if (t.id === 'crib-hand' && at < 0 && cards.length >= 4) this.active = $('crib-starter');
    this.render();
  }

  render() {
    const label = document.querySelector(`label[for="${this.active.id}"]`);
    this.label.textContent = this.active.getAttribute('aria-label') ||
      (label ? label.firstChild.textContent.trim() : this.active.id);
    const mine = new Set(cardTokens(this.active.value));
    const used = new Set(this.targets.filter((t) => t !== this.active).flatMap((t) => cardTokens(t.value)));
    for (const b of this.buttons) {
      b.classList.toggle('in', mine.has(b.dataset.card));
      b.classList.toggle('used', used.has(b.dataset.card));
    }
    for (const t of this.targets) t.classList.toggle('picking', t === this.active);
  }
}
