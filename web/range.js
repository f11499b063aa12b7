// handstat serve: the hold'em range grid: the text box and the 13 x 13 grid agree both ways; the server
// parses the text with the library's grammar (GET /api/range). Around the grid: a top-X% slider, a
// weight brush, a suit panel per class, a count that knows the tab's board and dead cards, saved
// ranges (localStorage), import (any notation the grammar reads) and export (handstat, PioSOLVER /
// GTO+ and Equilab text, written by the server's 'holdem range'), keyboard use.
//
// Weights: the library keeps them exact in units of 0.01% (1/10000 of a combination: AKs@12.5 is
// 1250); the model keeps the same integer units, so every count the grid adds up is exact.
'use strict';

import { el, RANKS, className, classCombos, cardTokens } from './util.js';

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

// A weight's units (1/10000 of a combination) as exact decimal text: 10000 -> '1', 63750 ->
// '6.375'; as a percentage, units / 100: 1250 -> '12.5'.
function decimalText(n, places) {
  const d = 10 ** places, whole = Math.floor(n / d), rest = n % d;
  if (rest === 0) return String(whole);
  return whole + '.' + String(rest).padStart(places, '0').replace(/0+$/, '');
}
export const FULL = 10000;
export const percentText = (units) => decimalText(units, 2);
const combosText = (units) => decimalText(units, 4);

// A typed percentage (1, 12.5, 0.01, 12.50) as units of 0.01%, or null unless exact in (0, 100].
export function parsePercent(text) {
  const m = /^\s*(\d{0,3})(?:\.(\d*))?\s*$/.exec(text);
  if (!m || (m[1] === '' && !m[2])) return null;
  const frac = (m[2] || '').replace(/0+$/, '');
  if (frac.length > 2) return null; // finer than 0.01%: the grammar refuses it, so does the brush
  const units = Number(m[1] || '0') * 100 + Number((frac + '00').slice(0, 2));
  return units >= 1 && units <= FULL ? units : null;
}

// The API's weight, a percentage (50, 12.5), in units; exact since it is a multiple of 0.01.
const unitsOf = (pctW) => Math.round(pctW * 100);

// A grid model: per class null or {n, of, weight (units; null: mixed), combos ([[text, units]] or
// null)}.
export function modelText(model) {
  if (model.every((m) => m && m.n === m.of && m.weight === FULL && !m.combos)) return 'random';
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
    for (const item of compressClasses((i) => set.has(i))) parts.push(w === FULL ? item : item + '@' + percentText(w));
  }
  model.forEach((m) => {
    if (!m || !m.combos) return;
    for (const [combo, w] of m.combos) parts.push(w === FULL ? combo : combo + '@' + percentText(w));
  });
  return parts.join(',');
}

// ---- the combinations of a class, named as the library names them ------------------------------

// Suits in the library's order from the highest card index down (hs_text_combo writes a pair's
// higher-indexed card first: AsAh, AhAd ...).
const SUIT_ORDER = ['s', 'h', 'd', 'c'];
const SUIT_SYMBOL = { s: '♠', h: '♥', d: '♦', c: '♣' };

// The combinations of class i as texts: 6 for a pair, 4 suited, 12 offsuit.
export function classComboTexts(i) {
  const r = Math.floor(i / 13), c = i % 13;
  const out = [];
  if (r === c) {
    for (let a = 0; a < 4; a++)
      for (let b = a + 1; b < 4; b++) out.push(RANKS[r] + SUIT_ORDER[a] + RANKS[r] + SUIT_ORDER[b]);
  } else if (r < c) {
    for (const s of SUIT_ORDER) out.push(RANKS[r] + s + RANKS[c] + s);
  } else {
    for (const a of SUIT_ORDER)
      for (const b of SUIT_ORDER) if (a !== b) out.push(RANKS[c] + a + RANKS[r] + b);
  }
  return out;
}

// One name per combination whatever order its cards were written in.
const comboKey = (text) => {
  const a = text.slice(0, 2), b = text.slice(2, 4);
  return a < b ? a + b : b + a;
};

// The weighted combinations of a model entry: [[text, weight]].
function entries(i, m) {
  if (!m) return [];
  if (m.combos) return m.combos;
  return classComboTexts(i).map((t) => [t, m.weight ?? FULL]);
}

// A class's entry from its combinations (whole and one weight: no list), or null when empty.
function entryOf(i, combos) {
  if (combos.length === 0) return null;
  const of = classCombos(i);
  const w = combos[0][1];
  const uniform = combos.every((e) => e[1] === w);
  if (combos.length === of && uniform) return { n: of, of, weight: w, combos: null };
  // the library's order, so the text reads the same however the combinations were picked
  const order = new Map(classComboTexts(i).map((t, k) => [comboKey(t), k]));
  const sorted = [...combos].sort((a, b) => order.get(comboKey(a[0])) - order.get(comboKey(b[0])));
  return { n: combos.length, of, weight: uniform ? w : null, combos: sorted };
}

// ---- the server's 'holdem range' ----------------------------------------------------------------

// A range in any notation through the registry's 'holdem range' (the CLI's 'holdem range TEXT
// --to KIND'): {range: the text in that notation, combos, weighted} or an Error with the
// library's reason ("a weight finer than 0.0001"), which GET /api/range does not give.
export async function rangeQuery(text, to = 'handstat') {
  let r;
  try {
    r = await fetch('/api/query', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: 'holdem range', args: { hand: text, to } }) });
  } catch (e) {
    throw new Error('the server does not answer');
  }
  const j = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((j.error || `HTTP ${r.status}`).replace(/^hand: /, ''));
  const cell = (name) => j.rows[0][j.columns.findIndex((c) => c.name === name)];
  return { range: cell('range'), combos: Number(cell('combos')), weighted: cell('weighted') };
}

// Pasted lines as one list: a line break between two items is the comma the grammar wants (the
// text box is one line; a solver's file may hold one item per line).
export function joinLines(text) {
  return text.split(/[\r\n]+/).map((l) => l.trim()).filter((l) => l !== '')
    .reduce((acc, l) => (acc === '' ? l : acc + (acc.endsWith(',') || l.startsWith(',') ? '' : ',') + l), '');
}

// ---- saved ranges (shared by every panel, kept in the browser) ---------------------------------

const STORE = 'handstat.savedRanges';
const SAVED_EVENT = 'handstat-saved-ranges';

export function savedRanges() {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch (e) {
    return {};
  }
}
function storeRanges(all) {
  localStorage.setItem(STORE, JSON.stringify(all));
  window.dispatchEvent(new Event(SAVED_EVENT));
}

// ---- the grid -----------------------------------------------------------------------------------

const WEIGHTS = [100, 75, 50, 25]; // percent
const LONG_PRESS_MS = 500;

function button(text, cls, title) {
  const b = el('button', { type: 'button', class: cls || '', text });
  if (title) b.title = title;
  return b;
}

export class RangeGrid {
  constructor(panel) {
    this.panel = panel;
    this.input = panel.querySelector('.range-text');
    this.gridEl = panel.querySelector('.grid');
    this.countEl = panel.querySelector('.range-count');
    this.errorEl = panel.querySelector('.range-error');
    this.model = new Array(169).fill(null);
    this.cells = [];
    this.seq = 0;
    this.timer = 0;
    this.dragMode = null;
    this.brush = FULL; // units of 0.01%
    this.focusIndex = 0;
    this.suitClass = -1;
    this.exportSeq = 0;
    const label = panel.querySelector('label');
    this.name = label ? label.textContent.trim() : 'range';
    this.gridEl.setAttribute('role', 'group');
    this.gridEl.setAttribute('aria-label', `${this.name}: the 169 starting hands; arrows move, ` +
      'Space toggles, S chooses suits');
    for (let i = 0; i < 169; i++) this.gridEl.append(this.makeCell(i));
    this.cells[0].tabIndex = 0;
    this.gridEl.addEventListener('keydown', (e) => this.onKey(e));
    document.addEventListener('pointerup', () => this.endDrag());
    document.addEventListener('pointercancel', () => this.endDrag());
    this.input.addEventListener('input', () => this.schedule());
    panel.querySelectorAll('[data-range-set]').forEach((b) => b.addEventListener('click', () => {
      this.setText(b.dataset.rangeSet);
    }));
    this.buildTools();
    this.blockers = ['board', 'dead'].map((k) => panel.dataset[k]).filter(Boolean)
      .map((id) => document.getElementById(id)).filter(Boolean);
    for (const f of this.blockers) {
      f.addEventListener('input', () => this.render());
      f.addEventListener('change', () => this.render());
    }
    this.parseNow();
  }

  makeCell(i) {
    const r = Math.floor(i / 13), c = i % 13;
    const kind = r === c ? 'pair' : r < c ? 'suited' : 'offsuit';
    const cell = el('div', { class: 'cell ' + kind, text: className(i), 'data-class': className(i) });
    cell.setAttribute('role', 'button');
    cell.setAttribute('aria-pressed', 'false');
    cell.tabIndex = -1;
    cell.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return; // the right button opens the suits (contextmenu)
      e.preventDefault();
      if (cell.hasPointerCapture && cell.hasPointerCapture(e.pointerId)) cell.releasePointerCapture(e.pointerId);
      this.moveFocus(i, false);
      if (this.suitsMode.getAttribute('aria-pressed') === 'true') {
        this.openSuits(i);
        return;
      }
      // a long press opens the suits instead: undo the paint it started with
      const before = this.model.slice();
      clearTimeout(this.pressTimer);
      this.pressTimer = setTimeout(() => {
        if (!this.dragMode || this.dragCells.size > 1) return;
        this.model = before;
        this.dragMode = null;
        this.render();
        this.openSuits(i);
      }, LONG_PRESS_MS);
      this.dragCells = new Set([i]);
      this.dragMode = this.isBrushed(i) ? 'remove' : 'add';
      this.apply(i);
    });
    cell.addEventListener('pointerenter', () => {
      if (!this.dragMode) return;
      this.dragCells.add(i);
      this.apply(i);
    });
    cell.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      this.openSuits(i);
    });
    this.cells.push(cell);
    return cell;
  }

  // ---- the controls under the grid --------------------------------------------------------------

  buildTools() {
    const id = this.input.id;
    // top X% in the library's vs-random order: the server parses "X%" like the command line
    this.slider = el('input', { type: 'range', min: '0', max: '100', step: '0.5', value: '0', class: 'top-slider', id: id + '-top' });
    this.sliderOut = el('output', { class: 'top-value', htmlFor: this.slider.id, text: '0%' });
    this.slider.addEventListener('input', () => {
      const x = this.slider.value;
      this.sliderOut.textContent = x + '%';
      this.input.value = Number(x) > 0 ? x + '%' : '';
      this.schedule(60);
      this.input.dispatchEvent(new Event('change'));
    });
    const top = el('div', { class: 'range-top' },
      el('label', { htmlFor: this.slider.id, text: 'Top ' }), this.sliderOut, this.slider);

    // the weight brush: cells clicked or dragged get this weight
    this.weightButtons = WEIGHTS.map((w) => {
      const b = button(String(w), 'weight-button', `paint at ${w}%`);
      b.dataset.units = String(100 * w);
      b.setAttribute('aria-pressed', String(w === 100));
      b.addEventListener('click', () => this.setBrush(100 * w));
      return b;
    });
    this.weightBox = el('input', { type: 'number', min: '0.01', max: '100', step: '0.01', value: '100', class: 'weight-box', id: id + '-weight' });
    this.weightBox.setAttribute('aria-label', 'brush weight in percent (0.01 to 100)');
    this.weightBox.addEventListener('input', () => {
      // the grammar's weights: 0.01 to 100 percent in steps of 0.01 (ITEM@12.5), read exactly
      const w = parsePercent(this.weightBox.value);
      this.weightBox.classList.toggle('invalid', w == null);
      if (w != null) this.setBrush(w, true);
    });
    this.suitsMode = button('suits', 'suits-mode', 'a click opens the suits of a class (also: right-click, a long press, or S)');
    this.suitsMode.setAttribute('aria-pressed', 'false');
    this.suitsMode.addEventListener('click', () => {
      const on = this.suitsMode.getAttribute('aria-pressed') !== 'true';
      this.suitsMode.setAttribute('aria-pressed', String(on));
    });
    const brush = el('div', { class: 'range-brush' }, el('span', { class: 'tool-label', text: 'Weight %' }),
      ...this.weightButtons, this.weightBox, this.suitsMode);

    this.suitPanel = el('div', { class: 'suit-panel', hidden: true });
    this.suitPanel.setAttribute('role', 'dialog');
    this.suitPanel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { e.preventDefault(); this.closeSuits(); }
    });

    // saved ranges, import and export
    this.saveName = el('input', { type: 'text', class: 'save-name', placeholder: 'name', spellcheck: false });
    this.saveName.setAttribute('aria-label', 'name to save the range under');
    const save = button('Save', 'save-range');
    save.addEventListener('click', () => this.save());
    this.savedList = el('select', { class: 'saved-list' });
    this.savedList.setAttribute('aria-label', 'saved ranges');
    const load = button('Load', 'load-range');
    load.addEventListener('click', () => this.load());
    const del = button('Delete', 'delete-range');
    del.addEventListener('click', () => this.remove());
    window.addEventListener(SAVED_EVENT, () => this.listSaved());
    window.addEventListener('storage', (e) => { if (e.key === STORE) this.listSaved(); });

    this.io = el('textarea', { class: 'range-io', rows: 2, spellcheck: false, placeholder: 'paste a range (handstat, PioSOLVER / GTO+ or Equilab text) and Import' });
    this.io.setAttribute('aria-label', 'range text to import or export');
    this.ioMsg = el('span', { class: 'range-io-msg' });
    this.ioMsg.setAttribute('role', 'status');
    const exp = button('handstat text', 'export-handstat', 'the range as handstat text (AKs@50)');
    exp.addEventListener('click', () => this.exportAs('handstat'));
    const pio = button('Pio / GTO+ text', 'export-pio', 'the range as PioSOLVER / GTO+ text (AKs:0.5)');
    pio.addEventListener('click', () => this.exportAs('pio'));
    const equilab = button('Equilab text', 'export-equilab', 'the range as Equilab text ([50]AKs[/50])');
    equilab.addEventListener('click', () => this.exportAs('equilab'));
    const copy = button('Copy', 'copy-range');
    copy.addEventListener('click', () => this.copy());
    const imp = button('Import', 'import-range');
    imp.addEventListener('click', () => this.importNow());
    const more = el('details', { class: 'range-more' }, el('summary', { text: 'Saved ranges, import, export' }),
      el('div', { class: 'tool-row' }, this.saveName, save, this.savedList, load, del),
      this.io,
      el('div', { class: 'tool-row' }, exp, pio, equilab, copy, imp),
      this.ioMsg);

    const tools = el('div', { class: 'range-tools' }, top, brush, this.suitPanel, more);
    const after = this.panel.querySelector('.range-buttons') || this.panel.querySelector('.range-info');
    after.after(tools);
    this.listSaved();
  }

  // w in units of 0.01%
  setBrush(w, fromBox) {
    this.brush = w;
    for (const b of this.weightButtons) b.setAttribute('aria-pressed', String(Number(b.dataset.units) === w));
    if (!fromBox) this.weightBox.value = percentText(w);
  }

  // ---- painting ----------------------------------------------------------------------------------

  // whole, at the brush's weight, without a list: a click takes it out
  isBrushed(i) {
    const m = this.model[i];
    return !!m && m.n === m.of && m.weight === this.brush && !m.combos;
  }

  apply(i) {
    const m = this.model[i];
    if (this.dragMode === 'remove' && m) this.model[i] = null;
    else if (this.dragMode === 'add' && !this.isBrushed(i))
      this.model[i] = { n: classCombos(i), of: classCombos(i), weight: this.brush, combos: null };
    else return;
    this.render();
  }

  endDrag() {
    clearTimeout(this.pressTimer);
    if (!this.dragMode) return;
    this.dragMode = null;
    this.commit();
  }

  // the grid is the truth now: the text follows
  commit() {
    this.seq++;
    clearTimeout(this.timer);
    this.input.value = modelText(this.model);
    this.showError('');
    this.syncSlider();
    this.render();
    this.input.dispatchEvent(new Event('change'));
  }

  toggle(i) {
    this.dragMode = this.isBrushed(i) ? 'remove' : 'add';
    this.apply(i);
    this.dragMode = null;
    this.commit();
  }

  // ---- the keyboard -------------------------------------------------------------------------------

  moveFocus(i, focus = true) {
    this.cells[this.focusIndex].tabIndex = -1;
    this.focusIndex = i;
    this.cells[i].tabIndex = 0;
    if (focus) this.cells[i].focus();
  }

  onKey(e) {
    const i = this.focusIndex, r = Math.floor(i / 13), c = i % 13;
    const moves = {
      ArrowLeft: c > 0 ? i - 1 : i, ArrowRight: c < 12 ? i + 1 : i,
      ArrowUp: r > 0 ? i - 13 : i, ArrowDown: r < 12 ? i + 13 : i,
      Home: 13 * r, End: 13 * r + 12,
    };
    if (e.key in moves) {
      e.preventDefault();
      this.moveFocus(moves[e.key]);
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (e.shiftKey) this.openSuits(i);
      else this.toggle(i);
    } else if (e.key === 's' || e.key === 'S' || e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      this.openSuits(i);
    }
  }

  // ---- the suits of one class ----------------------------------------------------------------------

  openSuits(i) {
    this.suitClass = i;
    this.drawSuits();
    this.suitPanel.hidden = false;
    const first = this.suitPanel.querySelector('.combo');
    if (first) first.focus();
  }

  closeSuits() {
    const i = this.suitClass;
    this.suitClass = -1;
    this.suitPanel.hidden = true;
    if (i >= 0) this.moveFocus(i);
  }

  // set class i's combinations to `keep` (texts), each at its present weight or the brush's
  setCombos(i, keep) {
    const now = new Map(entries(i, this.model[i]).map(([t, w]) => [comboKey(t), w]));
    const combos = keep.map((t) => [t, now.get(comboKey(t)) ?? this.brush]);
    this.model[i] = entryOf(i, combos);
    this.commit();
    this.drawSuits();
  }

  drawSuits() {
    const i = this.suitClass;
    if (i < 0) return;
    const all = classComboTexts(i);
    const now = new Map(entries(i, this.model[i]).map(([t, w]) => [comboKey(t), w]));
    const blocked = this.blockedCards();
    const pretty = (t) => t[0] + SUIT_SYMBOL[t[1]] + t[2] + SUIT_SYMBOL[t[3]];
    const combos = all.map((t) => {
      const w = now.get(comboKey(t));
      const b = el('button', { type: 'button', class: 'combo suit-' + t[1] + (t[1] === t[3] ? '' : ' suit2-' + t[3]), text: pretty(t), 'data-combo': t });
      b.setAttribute('aria-pressed', String(w != null));
      const dead = blocked.has(t.slice(0, 2)) || blocked.has(t.slice(2, 4));
      if (dead) b.classList.add('blocked');
      const weighted = w != null && w !== FULL;
      b.setAttribute('aria-label', `${t}${w != null ? ', in the range' + (weighted ? ` at ${percentText(w)}%` : '') : ', not in the range'}${dead ? ', blocked by the board or dead cards' : ''}`);
      b.title = weighted ? `${t} at ${percentText(w)}%` : t;
      if (weighted) b.append(el('small', { text: percentText(w) }));
      b.addEventListener('click', () => {
        const keep = all.filter((x) => (x === t ? w == null : now.has(comboKey(x))));
        this.setCombos(i, keep);
        this.suitPanel.querySelector(`[data-combo="${t}"]`)?.focus();
      });
      return b;
    });
    const quick = (text, keep) => {
      const b = button(text, 'quick');
      b.addEventListener('click', () => this.setCombos(i, all.filter(keep)));
      return b;
    };
    const hs = (t) => 'hs'.includes(t[1]) && 'hs'.includes(t[3]);
    const done = button('Done', 'suits-done');
    done.addEventListener('click', () => this.closeSuits());
    const title = el('div', { class: 'suit-title', text: `${className(i)}: ${now.size} of ${all.length} combinations` });
    this.suitPanel.setAttribute('aria-label', `the suits of ${className(i)}`);
    this.suitPanel.replaceChildren(title,
      el('div', { class: 'combos combos-' + all.length }, ...combos),
      el('div', { class: 'tool-row' }, quick('all', () => true), quick('none', () => false),
        quick('♥♠ only', hs), done));
  }

  // ---- text and server -----------------------------------------------------------------------------

  setText(text) {
    this.input.value = text;
    this.parseNow();
    this.input.dispatchEvent(new Event('change'));
  }

  schedule(ms = 200) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.parseNow(), ms);
  }

  // The server parses the text with the library's own grammar; the grid shows what it found.
  async parseNow() {
    clearTimeout(this.timer);
    const text = this.input.value;
    const seq = ++this.seq;
    if (text.trim() === '') {
      this.model = new Array(169).fill(null);
      this.showError('');
      this.syncSlider();
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
      this.model = j.classes.map((c) => c && {
        n: c.n, of: c.of, weight: c.weight == null ? null : unitsOf(c.weight),
        combos: c.combos ? c.combos.map(([t, w]) => [t, unitsOf(w)]) : null,
      });
      this.showError('');
      this.syncSlider();
      this.render();
      this.drawSuits();
    } catch (e) {
      if (seq === this.seq) this.showError('the server does not answer');
    }
  }

  // the slider follows a typed "X%"; it stays where it is for other text
  syncSlider() {
    const m = /^\s*(\d+(?:\.\d+)?)%\s*$/.exec(this.input.value);
    if (m) this.slider.value = m[1];
    else if (this.input.value.trim() === '') this.slider.value = '0';
    // other text: no figure (the text is not a top X%); the slider stays where it was, dimmed
    this.sliderOut.textContent = m ? m[1] + '%' : '—';
    this.sliderOut.classList.toggle('off', !m);
  }

  showError(msg) {
    this.errorEl.textContent = msg;
    this.gridEl.classList.toggle('stale', msg !== '');
    this.input.classList.toggle('invalid', msg !== '');
  }

  // the cards of the tab's board and dead-card fields (a field marked 'ignored' plays no part:
  // the board of board analysis over every flop)
  blockedCards() {
    return new Set(this.blockers.filter((f) => !f.classList.contains('ignored')).flatMap((f) => cardTokens(f.value)));
  }

  // Per class and in all: combinations, those the board and dead cards leave, and their weight in
  // units of 1/10000 of a combination, whole numbers (at most 1326 x 10000, exact in a Number), as
  // 'holdem hits RANGE --board ... --csv' counts: AKs@50 = 2, AhKh@12.5 = 0.125.
  counts() {
    const blocked = this.blockedCards();
    const per = this.model.map((m, i) => {
      let n = 0, live = 0, weight = 0, full = 0;
      for (const [t, w] of entries(i, m)) {
        n++;
        full += w;
        if (blocked.has(t.slice(0, 2)) || blocked.has(t.slice(2, 4))) continue;
        live++;
        weight += w;
      }
      const classBlocked = blocked.size === 0 ? 0 :
        classComboTexts(i).filter((t) => blocked.has(t.slice(0, 2)) || blocked.has(t.slice(2, 4))).length;
      return { n, live, weight, full, classBlocked };
    });
    const sum = (k) => per.reduce((a, p) => a + p[k], 0);
    return { per, n: sum('n'), live: sum('live'), weight: sum('weight'), blocking: blocked.size > 0 };
  }

  render() {
    const k = this.counts();
    this.model.forEach((m, i) => {
      const cell = this.cells[i], p = k.per[i], of = classCombos(i);
      const full = !!m && m.n === m.of;
      cell.classList.toggle('sel', full);
      cell.classList.toggle('part', !!m && !full);
      cell.classList.toggle('weighted', !!m && m.weight !== FULL);
      // the mark only where it matters: on cells of the range
      cell.classList.toggle('blocked', !!m && p.classBlocked > 0 && p.classBlocked < of);
      cell.classList.toggle('dead', p.classBlocked === of);
      cell.setAttribute('aria-pressed', full ? 'true' : m ? 'mixed' : 'false');
      // CSSOM, not a style attribute: allowed by the page's Content-Security-Policy
      cell.style.setProperty('--share', m ? String(m.n / m.of) : '0');
      cell.style.setProperty('--weight', m && m.weight != null ? String(m.weight / FULL) : '0.6');
      // the fill: the class's weighted share, so AKs@50 fills half the cell
      cell.style.setProperty('--fill', String(p.full / (FULL * of)));
      // the weight on the cell itself (range.css writes it small in a corner): 12.5%
      const shown = m && m.weight != null && m.weight !== FULL ? percentText(m.weight) + '%' : '';
      if (shown) cell.dataset.weight = shown;
      else delete cell.dataset.weight;
      let text = `${className(i)}, ${p.n} of ${of} combinations selected`;
      if (m && m.weight != null && m.weight !== FULL) text += `, weight ${percentText(m.weight)}%`;
      else if (m && m.weight == null) text += ', weights vary';
      if (p.classBlocked > 0) text += `, ${p.classBlocked} blocked by the board or dead cards`;
      cell.setAttribute('aria-label', text);
      cell.title = text;
    });
    const share = (100 * k.n / 1326).toFixed(1);
    let line = `${k.n} combination${k.n === 1 ? '' : 's'} (${share}%)`;
    if (k.blocking) line = `${k.live} of ${k.n} combinations left by the board and dead cards`;
    const weighted = k.weight !== FULL * k.live;
    if (weighted) line += ` (weighted ${combosText(k.weight)})`;
    this.countEl.textContent = line;
    this.countEl.dataset.combos = String(k.n);
    this.countEl.dataset.live = String(k.live);
    this.countEl.dataset.weighted = combosText(k.weight);
    const top = /^\s*(\d+(?:\.\d+)?)%\s*$/.exec(this.input.value);
    if (this.slider && top) this.sliderOut.textContent = `${top[1]}% (${k.n} combinations)`;
  }

  // ---- saved ranges ---------------------------------------------------------------------------------

  listSaved() {
    const all = savedRanges();
    const names = Object.keys(all).sort((a, b) => a.localeCompare(b));
    const keep = this.savedList.value;
    this.savedList.replaceChildren(...(names.length ? names.map((n) => el('option', { value: n, text: n, title: all[n] }))
      : [el('option', { value: '', text: 'none saved' })]));
    if (names.includes(keep)) this.savedList.value = keep;
  }

  save() {
    const name = this.saveName.value.trim();
    if (!name) { this.say('give the range a name'); return; }
    const all = savedRanges();
    all[name] = this.input.value;
    try {
      storeRanges(all);
    } catch (e) {
      this.say('the browser does not keep it: ' + e.message);
      return;
    }
    this.savedList.value = name;
    this.say(`saved as '${name}'`);
  }

  load() {
    const name = this.savedList.value, all = savedRanges();
    if (!(name in all)) return;
    this.setText(all[name]);
    this.say(`loaded '${name}'`);
  }

  remove() {
    const name = this.savedList.value, all = savedRanges();
    if (!(name in all)) return;
    delete all[name];
    storeRanges(all);
    this.say(`deleted '${name}'`);
  }

  // ---- import and export -----------------------------------------------------------------------------

  say(msg, bad) {
    this.ioMsg.textContent = msg;
    this.ioMsg.classList.toggle('bad', !!bad);
  }

  // The server's 'holdem range' writes the range (the text box's, as the grid shows it) in the
  // notation asked for, normalised: the same text as 'handstat holdem range TEXT --to KIND'.
  async exportAs(kind) {
    const text = this.input.value.trim();
    if (text === '') {
      this.io.value = '';
      this.say('the range is empty', true);
      return;
    }
    const seq = ++this.exportSeq;
    try {
      const out = await rangeQuery(text, kind);
      if (seq !== this.exportSeq) return;
      this.io.value = out.range;
      this.say({ handstat: 'handstat text (AKs@50)', pio: 'PioSOLVER / GTO+ text (AKs:0.5)',
        equilab: 'Equilab text ([50]AKs[/50])' }[kind]);
    } catch (e) {
      if (seq === this.exportSeq) this.say(e.message, true);
    }
  }

  async copy() {
    if (this.io.value === '') await this.exportAs('handstat');
    try {
      await navigator.clipboard.writeText(this.io.value);
      this.say('copied');
    } catch (e) {
      this.io.select();
      this.say(document.execCommand && document.execCommand('copy') ? 'copied' : 'select and copy the text');
    }
  }

  // The text goes to the server as typed (lines joined): every notation the grammar reads
  // (AKs@12.5, AKs:0.125, [12.5]AKs[/12.5], suits, and/minus) is a range of the library as it is.
  async importNow() {
    const text = joinLines(this.io.value);
    if (text === '') { this.say('paste a range first', true); return; }
    // the server's grammar decides: a text it refuses does not replace the range, and says why
    let out;
    try {
      out = await rangeQuery(text);
    } catch (e) {
      this.say(e.message, true);
      return;
    }
    this.setText(text);
    this.say(`imported: ${out.combos} combination${out.combos === 1 ? '' : 's'} (${out.weighted} weighted)`);
  }
}
