// handstat serve: the hold'em range grid: the text box and the 13 x 13 grid agree both ways; the server
// parses the text with the library's grammar (GET /api/range).
'use strict';

import { el, RANKS, className, classCombos } from './util.js';

// Compress a set of whole classes into range items: QQ+, JJ-99, AQs+, A5s-A2s, K9+, AK...
export function compressClasses(has) {
  const items = [];
  // runs of consecutive indices k in [from, to] for which test(k) holds
  const runs = (from, to, test) => {
    const out = [];
    for (let k = from; k <= to; k++) {
      if (!test(k)) continue;
      let e = k;
      while (e + 1 <= to && test(e + 1)) e++;
      out.push([k, e]);
      k = e;
    }
    return out;
  };
  for (const [a, b] of runs(0, 12, (k) => has(13 * k + k))) {
    const hi = RANKS[a] + RANKS[a], lo = RANKS[b] + RANKS[b];
    items.push(a === b ? hi : a === 0 ? lo + '+' : hi + '-' + lo);
  }
  for (let r = 0; r < 12; r++) {
    const top = RANKS[r];
    const sRuns = runs(r + 1, 12, (k) => has(13 * r + k));
    const oRuns = runs(r + 1, 12, (k) => has(13 * k + r));
    const item = ([a, b], suffix) => {
      if (a === b) return top + RANKS[a] + suffix;
      if (a === r + 1) return top + RANKS[b] + suffix + '+';
      return top + RANKS[a] + suffix + '-' + top + RANKS[b] + suffix;
    };
    // a run both suited and offsuit is one item without a suffix where the grammar allows it
    const both = (run) => oRuns.some(([a, b]) => a === run[0] && b === run[1]) &&
      (run[0] === run[1] || run[0] === r + 1);
    for (const run of sRuns) items.push(item(run, both(run) ? '' : 's'));
    for (const run of oRuns) {
      const inS = sRuns.some(([a, b]) => a === run[0] && b === run[1]);
      if (!(inS && both(run))) items.push(item(run, 'o'));
    }
  }
  return items;
}

// A grid model: per class null or {n, of, weight (null: mixed), combos ([[text, w]] or null)}.
export function modelText(model) {
  if (model.every((m) => m && m.n === m.of && m.weight === 100 && !m.combos)) return 'random';
  const byWeight = new Map();
  const parts = [];
  model.forEach((m, i) => {
    if (!m) return;
    if (m.n === m.of && m.weight != null && !m.combos) {
      if (!byWeight.has(m.weight)) byWeight.set(m.weight, new Set());
      byWeight.get(m.weight).add(i);
    }
  });
  const weights = [...byWeight.keys()].sort((a, b) => b - a);
  for (const w of weights) {
    const set = byWeight.get(w);
    for (const item of compressClasses((i) => set.has(i))) parts.push(w === 100 ? item : item + '@' + w);
  }
  model.forEach((m) => {
    if (!m || !m.combos) return;
    for (const [combo, w] of m.combos) parts.push(w === 100 ? combo : combo + '@' + w);
  });
  return parts.join(',');
}

export class RangeGrid {
  constructor(panel) {
    this.input = panel.querySelector('.range-text');
    this.gridEl = panel.querySelector('.grid');
    this.countEl = panel.querySelector('.range-count');
    this.errorEl = panel.querySelector('.range-error');
    this.model = new Array(169).fill(null);
    this.cells = [];
    this.seq = 0;
    this.timer = 0;
    this.dragMode = null;
    for (let i = 0; i < 169; i++) {
      const r = Math.floor(i / 13), c = i % 13;
      const kind = r === c ? 'pair' : r < c ? 'suited' : 'offsuit';
      const cell = el('div', { class: 'cell ' + kind, text: className(i), 'data-class': className(i) });
      cell.setAttribute('role', 'button');
      cell.setAttribute('aria-pressed', 'false');
      cell.addEventListener('pointerdown', (e) => {
        e.preventDefault();
        if (cell.hasPointerCapture && cell.hasPointerCapture(e.pointerId)) cell.releasePointerCapture(e.pointerId);
        this.dragMode = this.isFull(i) ? 'remove' : 'add';
        this.apply(i);
      });
      cell.addEventListener('pointerenter', () => { if (this.dragMode) this.apply(i); });
      this.gridEl.append(cell);
      this.cells.push(cell);
    }
    document.addEventListener('pointerup', () => this.endDrag());
    document.addEventListener('pointercancel', () => this.endDrag());
    this.input.addEventListener('input', () => this.schedule());
    panel.querySelectorAll('[data-range-set]').forEach((b) => b.addEventListener('click', () => {
      this.input.value = b.dataset.rangeSet;
      this.parseNow();
    }));
    this.parseNow();
  }

  isFull(i) { const m = this.model[i]; return !!m && m.n === m.of; }

  apply(i) {
    const full = this.isFull(i);
    if (this.dragMode === 'remove' && full) this.model[i] = null;
    else if (this.dragMode === 'add' && !(full && this.model[i].weight === 100 && !this.model[i].combos))
      this.model[i] = { n: classCombos(i), of: classCombos(i), weight: 100, combos: null };
    else return;
    this.render();
  }

  endDrag() {
    if (!this.dragMode) return;
    this.dragMode = null;
    // the grid is the truth now: the text follows
    this.seq++;
    clearTimeout(this.timer);
    this.input.value = modelText(this.model);
    this.showError('');
    this.input.dispatchEvent(new Event('change'));
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.parseNow(), 200);
  }

  // The server parses the text with the library's own grammar; the grid shows what it found.
  async parseNow() {
    clearTimeout(this.timer);
    const text = this.input.value;
    const seq = ++this.seq;
    if (text.trim() === '') {
      this.model = new Array(169).fill(null);
      this.showError('');
      this.render();
      return;
    }
    try {
      const r = await fetch('/api/range?text=' + encodeURIComponent(text));
      const j = await r.json();
      if (seq !== this.seq) return;
      if (!r.ok) {
        this.showError(j.error || ('error ' + r.status));
        return;
      }
      this.model = j.classes.map((c) => c && { n: c.n, of: c.of, weight: c.weight ?? null, combos: c.combos || null });
      this.showError('');
      this.render();
    } catch (e) {
      if (seq === this.seq) this.showError('the server does not answer');
    }
  }

  showError(msg) {
    this.errorEl.textContent = msg;
    this.gridEl.classList.toggle('stale', msg !== '');
    this.input.classList.toggle('invalid', msg !== '');
  }

  render() {
    let combos = 0;
    this.model.forEach((m, i) => {
      const cell = this.cells[i];
      const full = !!m && m.n === m.of;
      cell.classList.toggle('sel', full);
      cell.classList.toggle('part', !!m && !full);
      cell.classList.toggle('weighted', !!m && m.weight !== 100);
      cell.setAttribute('aria-pressed', full ? 'true' : m ? 'mixed' : 'false');
      // CSSOM, not a style attribute: allowed by the page's Content-Security-Policy
      cell.style.setProperty('--share', m ? String(m.n / m.of) : '0');
      cell.style.setProperty('--weight', m && m.weight != null ? String(m.weight / 100) : '0.6');
      cell.title = m ? `${className(i)}: ${m.n} of ${m.of} combinations` +
        (m.weight != null && m.weight !== 100 ? ` at ${m.weight}%` : m.weight == null ? ', weights vary' : '') : className(i);
      if (m) combos += m.n;
    });
    this.countEl.textContent = `${combos} combination${combos === 1 ? '' : 's'} (${(100 * combos / 1326).toFixed(1)}%)`;
  }
}
