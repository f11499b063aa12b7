// handstat serve: the clickable deck beside the card fields.
'use strict';

import { $, el, RANKS, SUITS, cardTokens } from './util.js';

// A clickable deck: a click adds the card to the field last focused among the picker's targets,
// or takes it out again. The targets are the ids in root's data-targets, or, for a form made at
// run time (the other games), whatever setTargets() is given; then opts.limit(field) may name
// how many cards a field takes (the next card goes to the next field with room) and opts.shared
// lets fields hold the same card (poker compare's two hands may share cards).
export class CardPicker {
  constructor(root, opts = {}) {
    this.opts = opts;
    this.targets = [];
    this.active = null;
    this.label = el('span', { class: 'picker-target' });
    this.head = el('div', { class: 'picker-head' }, 'Click a card to add it to ', this.label, ' (again to take it out).');
    root.append(this.head);
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
    this.onFocus = (e) => this.focus(e.target);
    this.onInput = () => this.render();
    this.setTargets(root.dataset.targets ? root.dataset.targets.split(' ').map($) : []);
  }

  // The fields the deck fills (in order: the next field with room comes after the active one).
  setTargets(fields) {
    for (const t of this.targets) {
      t.removeEventListener('focus', this.onFocus);
      t.removeEventListener('input', this.onInput);
    }
    this.targets = [...fields];
    for (const t of this.targets) {
      t.addEventListener('focus', this.onFocus);
      t.addEventListener('input', this.onInput);
    }
    if (!this.targets.includes(this.active)) this.active = this.targets[0] || null;
    this.render();
  }

  focus(field) {
    if (!this.targets.includes(field)) return;
    this.active = field;
    this.render();
  }

  limit(field) {
    return this.opts.limit ? this.opts.limit(field) : null;
  }

  toggle(card) {
    let t = this.active;
    if (!t) return;
    let cards = cardTokens(t.value);
    const at = cards.indexOf(card);
    const full = (f, n) => this.limit(f) != null && n >= this.limit(f);
    if (at < 0 && full(t, cards.length)) {
      // a full field: the card goes to the next one with room
      const next = this.nextWithRoom(t);
      if (!next) return;
      t = this.active = next;
      cards = cardTokens(t.value);
    }
    if (at >= 0) cards.splice(at, 1);
    else {
      if (!this.opts.shared) {
        for (const other of this.targets) {
          if (other === t) continue;
          const o = cardTokens(other.value);
          const k = o.indexOf(card);
          if (k >= 0) {
            o.splice(k, 1);
            other.value = o.join(' ');
            other.dispatchEvent(new Event('input'));
          }
        }
      }
      cards.push(card);
    }
    t.value = cards.join(' ');
    t.dispatchEvent(new Event('input'));
    // the cribbage hand holds four: the next card is the starter
    if (t.id === 'crib-hand' && at < 0 && cards.length >= 4) this.active = $('crib-starter');
    else if (at < 0 && full(t, cards.length)) this.active = this.nextWithRoom(t) || t;
    this.render();
  }

  // The first field after t (round the list) that takes another card.
  nextWithRoom(t) {
    const i = this.targets.indexOf(t);
    for (let k = 1; k < this.targets.length; k++) {
      const f = this.targets[(i + k) % this.targets.length];
      const n = this.limit(f);
      if (n == null || cardTokens(f.value).length < n) return f;
    }
    return null;
  }

  render() {
    const a = this.active;
    this.head.classList.toggle('hidden', !a);
    if (!a) return;
    const label = a.id ? document.querySelector(`label[for="${a.id}"]`) : null;
    this.label.textContent = a.getAttribute('aria-label') ||
      (label ? label.firstChild.textContent.trim() : a.id);
    const mine = new Set(cardTokens(a.value));
    const used = new Set(this.targets.filter((t) => t !== a).flatMap((t) => cardTokens(t.value)));
    for (const b of this.buttons) {
      b.classList.toggle('in', mine.has(b.dataset.card));
      b.classList.toggle('used', used.has(b.dataset.card) && !mine.has(b.dataset.card));
    }
    for (const t of this.targets) t.classList.toggle('picking', t === a);
  }
}
