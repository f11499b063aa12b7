// handstat serve: the page. Plain JavaScript, no framework, nothing fetched from elsewhere; every
// number comes from the server's JSON API (README, "Web app"), which gives the exact cells of the
// command line's --csv. Long queries run as jobs: POST /api/jobs, then GET /api/jobs/ID for the
// progress and the result, DELETE /api/jobs/ID to stop.
'use strict';

const RANKS = 'AKQJT98765432';
const SUITS = [['s', '♠'], ['h', '♥'], ['d', '♦'], ['c', '♣']];

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('data-')) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (text != null) e.textContent = text;
  return e;
}

// ---- the 169 starting-hand classes, in the library's grid order --------------------------------
// index = 13 * row + column, rows and columns A K Q .. 2; the diagonal holds the pairs, suited
// hands above it (row = the higher rank), offsuit hands below it (column = the higher rank).

function className(i) {
  const r = Math.floor(i / 13), c = i % 13;
  if (r === c) return RANKS[r] + RANKS[r];
  return r < c ? RANKS[r] + RANKS[c] + 's' : RANKS[c] + RANKS[r] + 'o';
}
function classCombos(i) {
  const r = Math.floor(i / 13), c = i % 13;
  return r === c ? 6 : r < c ? 4 : 12;
}

// Compress a set of whole classes into range items: QQ+, JJ-99, AQs+, A5s-A2s, K9+, AK...
function compressClasses(has) {
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
function modelText(model) {
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

// ---- the range grid: the text box and the 13 x 13 grid agree both ways ---------------------------

class RangeGrid {
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

// ---- cards -------------------------------------------------------------------------------------

const SUIT_OF = { '♠': 's', '♥': 'h', '♦': 'd', '♣': 'c' };
function cardTokens(text) {
  const out = [];
  const re = /(10|[2-9tjqka])\s*([cdhs♣♦♥♠])/gi;
  let m;
  while ((m = re.exec(text)) !== null) {
    const rank = m[1] === '10' ? 'T' : m[1].toUpperCase();
    const s = m[2].toLowerCase();
    out.push(rank + (SUIT_OF[s] || s));
  }
  return out;
}

// A clickable deck: a click adds the card to the field last focused among the picker's targets,
// or takes it out again.
class CardPicker {
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

// ---- jobs: run a query with progress and a Stop button -------------------------------------------

const running = new Set();

class Runner {
  constructor(prefix) {
    this.prefix = prefix;
    this.button = $(prefix + '-compute');
    this.stopButton = $(prefix + '-stop');
    this.status = $(prefix + '-status');
    this.progress = $(prefix + '-progress');
    this.errorBox = $(prefix + '-error');
    this.result = $(prefix + '-result');
    this.id = null;
    this.token = 0;
    if (this.stopButton) this.stopButton.addEventListener('click', () => this.stop());
  }

  setBusy(busy) {
    this.button.disabled = busy;
    if (this.stopButton) this.stopButton.disabled = !busy;
    document.getElementById('tab-' + this.tab())?.classList.toggle('busy', busy);
  }
  tab() { return this.button.closest('.tab').dataset.tab; }

  showError(msg, extra) {
    this.errorBox.textContent = msg;
    if (extra) this.errorBox.append(' ', extra);
    this.errorBox.classList.toggle('hidden', !msg);
  }

  showProgress(job) {
    if (!this.progress) return;
    const bar = this.progress.querySelector('.bar');
    const total = job.total || 0, done = job.done || 0;
    this.progress.classList.remove('hidden');
    this.progress.classList.toggle('indeterminate', !(total > 0));
    bar.style.width = total > 0 ? `${(100 * done / total).toFixed(1)}%` : '30%';
    if (job.status === 'queued') this.status.textContent = `waiting for a free worker (position ${job.position})`;
    else {
      const pct = total > 0 ? ` — ${(100 * done / total).toFixed(0)}% (${done} of ${total} units)` : '';
      this.status.textContent = `running ${(job.seconds || 0).toFixed(1)} s${pct}`;
    }
  }

  async run(command, args, onResult) {
    const token = ++this.token;
    this.showError('');
    this.status.textContent = 'sending…';
    this.setBusy(true);
    // the previous answer stays, dimmed, until the new one replaces it
    this.result?.classList.add('stale');
    const started = performance.now();
    let job;
    try {
      const r = await fetch('/api/jobs', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ command, args }),
      });
      job = await r.json();
      if (!r.ok) throw new Error(job.error || `HTTP ${r.status}`);
      this.id = job.id;
      running.add(this);
      let wait = 20;
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((ok) => setTimeout(ok, wait));
        wait = Math.min(250, wait * 2);
        if (token !== this.token) return;
        const s = await fetch('/api/jobs/' + job.id);
        job = await s.json();
        if (!s.ok) throw new Error(job.error || `HTTP ${s.status}`);
        if (performance.now() - started > 300) this.showProgress(job);
      }
      if (token !== this.token) return;
      if (job.status === 'done') {
        this.status.textContent = `done in ${((performance.now() - started) / 1000).toFixed(2)} s`;
        this.result?.classList.remove('stale');
        onResult(job.result);
      } else {
        this.status.textContent = job.status === 'cancelled' ? 'stopped' : '';
        this.showError(job.error || job.status, this.hint(job));
      }
    } catch (e) {
      if (token !== this.token) return;
      this.status.textContent = '';
      this.showError(e instanceof TypeError ? 'the server does not answer (is handstat serve still running?)' : e.message);
    } finally {
      if (token === this.token) {
        running.delete(this);
        this.id = null;
        this.setBusy(false);
        if (this.progress) this.progress.classList.add('hidden');
      }
    }
  }

  // A query stopped by the server's time cap: offer the estimate where there is one.
  hint(job) {
    if (job.http_status !== 504 || this.prefix !== 'eq') return null;
    const b = el('button', { type: 'button', class: 'link', text: 'Estimate with 1,000,000 samples instead' });
    b.addEventListener('click', () => { $('eq-samples').value = '1000000'; $('eq-compute').click(); });
    return b;
  }

  stop() {
    if (!this.id) return;
    fetch('/api/jobs/' + this.id, { method: 'DELETE' }).catch(() => {});
    this.status.textContent = 'stopping…';
  }
}

// A page that goes away stops its jobs (the server also drops jobs nobody asks about).
window.addEventListener('pagehide', () => {
  for (const r of running) if (r.id) fetch('/api/jobs/' + r.id, { method: 'DELETE', keepalive: true }).catch(() => {});
});

// ---- tables --------------------------------------------------------------------------------------

const ROW_LIMIT = 300;
const pretty = (name) => name.replace(/_/g, ' ');

// The result table as the API gives it: every cell its exact text; data-col names the column.
function renderTable(result, opts = {}) {
  const cols = result.columns;
  const rows = opts.rows || result.rows;
  const table = el('table', { class: 'data' + (opts.className ? ' ' + opts.className : '') });
  const head = el('tr');
  cols.forEach((c, k) => {
    if (opts.hide && opts.hide.includes(c.name)) return;
    head.append(el('th', { class: 'k-' + c.kind, text: opts.titles?.[c.name] ?? pretty(c.name), 'data-col': c.name }));
    void k;
  });
  table.append(el('thead', {}, head));
  const body = el('tbody');
  const addRows = (from, to) => {
    for (let i = from; i < to; i++) {
      const tr = el('tr');
      cols.forEach((c, k) => {
        if (opts.hide && opts.hide.includes(c.name)) return;
        const td = el('td', { class: 'k-' + c.kind + (c.name.endsWith('_exact') ? ' exact' : ''), text: rows[i][k], 'data-col': c.name });
        if (opts.cell) opts.cell(td, c, rows[i], k, i);
        tr.append(td);
      });
      if (opts.row) opts.row(tr, rows[i], i);
      body.append(tr);
    }
  };
  addRows(0, Math.min(rows.length, ROW_LIMIT));
  table.append(body);
  const box = el('div', { class: 'table-box' }, table);
  if (rows.length > ROW_LIMIT) {
    const more = el('button', { type: 'button', class: 'link', text: `show all ${rows.length} rows` });
    more.addEventListener('click', () => { addRows(ROW_LIMIT, rows.length); more.remove(); });
    box.append(more);
  }
  return box;
}

function renderNotes(result) {
  const notes = Object.entries(result.notes || {});
  if (!notes.length) return null;
  const dl = el('dl', { class: 'notes' });
  for (const [k, v] of notes) dl.append(el('dt', { text: pretty(k) }), el('dd', { text: v === '' ? '(none)' : v }));
  return dl;
}

const col = (result, name) => result.columns.findIndex((c) => c.name === name);

function show(container, ...nodes) {
  container.replaceChildren(...nodes.filter((n) => n != null));
}

// A bar of a share 0..1 in a cell (width through CSSOM).
function shareBar(share, cls) {
  const bar = el('span', { class: 'share-bar ' + (cls || '') });
  bar.style.width = `${Math.max(0, Math.min(1, share)) * 100}%`;
  return el('span', { class: 'share' }, bar);
}

// ---- Hold'em equity ------------------------------------------------------------------------------

const PLAYER_COLORS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'];

function setupEquity() {
  const runner = new Runner('eq');
  const more = $('eq-more-players');
  $('eq-add-player').addEventListener('click', () => {
    const n = 3 + more.children.length;
    if (n > 9) return;
    const input = el('input', { type: 'text', class: 'range-text', value: 'random', spellcheck: false, id: 'eq-range-' + n });
    const remove = el('button', { type: 'button', class: 'link', text: 'remove' });
    const row = el('div', { class: 'field player-row' }, el('label', { htmlFor: input.id, text: `Player ${n}` }), input, remove);
    remove.addEventListener('click', () => { row.remove(); renumber(); });
    more.append(row);
    if (n === 9) $('eq-add-player').disabled = true;
  });
  const renumber = () => {
    [...more.children].forEach((row, k) => {
      const n = 3 + k;
      row.querySelector('label').textContent = `Player ${n}`;
      row.querySelector('input').id = 'eq-range-' + n;
      row.querySelector('label').htmlFor = 'eq-range-' + n;
    });
    $('eq-add-player').disabled = false;
  };
  $('eq-compute').addEventListener('click', () => {
    const hands = [$('eq-range-1').value, $('eq-range-2').value, ...[...more.querySelectorAll('input')].map((i) => i.value)];
    const args = { hand: hands };
    if ($('eq-board').value.trim()) args.board = $('eq-board').value;
    if ($('eq-dead').value.trim()) args.dead = $('eq-dead').value;
    if ($('eq-samples').value.trim()) args.samples = $('eq-samples').value.trim();
    runner.run('holdem equity', args, (result) => {
      const eq = col(result, 'equity');
      const stack = el('div', { class: 'equity-stack' });
      result.rows.forEach((row, i) => {
        const part = el('span', { class: 'seg ' + PLAYER_COLORS[i], text: `${(100 * Number(row[eq])).toFixed(2)}%` });
        part.style.flexGrow = String(Number(row[eq]));
        part.title = `player ${i + 1}: ${row[col(result, 'hand')]}`;
        stack.append(part);
      });
      const table = renderTable(result, {
        className: 'equity',
        cell: (td, c, row, k, i) => {
          if (c.name === 'player') td.classList.add('player', PLAYER_COLORS[i]);
        },
      });
      show($('eq-result'), stack, table, renderNotes(result));
    });
  });
}

// ---- Board analysis (holdem hits) -----------------------------------------------------------------

function setupHits() {
  const runner = new Runner('hits');
  $('hits-compute').addEventListener('click', () => {
    const args = { hand: $('hits-range').value };
    const mode = document.querySelector('input[name="hits-mode"]:checked').value;
    if (mode === 'board') {
      args.board = $('hits-board').value;
      if ($('hits-by-combo').checked) args['by-combo'] = true;
    } else {
      const streets = ['flop', 'turn', 'river'].filter((s) => $('hits-' + s).checked);
      args.streets = streets.join(',') || 'flop';
    }
    if ($('hits-dead').value.trim()) args.dead = $('hits-dead').value;
    runner.run('holdem hits', args, (result) => renderHits(result));
  });
  const select = (mode) => { document.querySelector(`input[name="hits-mode"][value="${mode}"]`).checked = true; };
  $('hits-board').addEventListener('focus', () => select('board'));
  $('hits-by-combo').addEventListener('change', () => select('board'));
  for (const s of ['flop', 'turn', 'river']) $('hits-' + s).addEventListener('change', () => select('streets'));
}

function renderHits(result) {
  const kind = col(result, 'kind'), category = col(result, 'category'), share = col(result, 'share');
  if (kind < 0 || category < 0 || share < 0 || col(result, 'class') >= 0) {
    // by combination, or per class over every board: the table as it is
    show($('hits-result'), renderTable(result), renderNotes(result));
    return;
  }
  const showZero = el('label', { class: 'check' }, el('input', { type: 'checkbox' }), ' show the categories that do not occur');
  const box = el('div', { class: 'hits-tables' });
  const draw = () => {
    const all = showZero.querySelector('input').checked;
    const part = (k, title) => {
      const rows = result.rows.filter((r) => r[kind] === k && (all || Number(r[share]) > 0));
      return el('div', {}, el('h3', { text: title }), rows.length ? renderTable(result, {
        rows, hide: ['kind'],
        cell: (td, c, row) => {
          if (c.name === 'category') td.textContent = pretty(row[category]);
          if (c.name === 'share') td.append(shareBar(Number(row[share]), k));
        },
      }) : el('p', { class: 'help', text: 'none' }));
    };
    box.replaceChildren(part('made', 'Made hands'), part('flag', 'Draws and flags'));
  };
  showZero.querySelector('input').addEventListener('change', draw);
  draw();
  show($('hits-result'), showZero, box, renderNotes(result));
}

// ---- Equity distribution -------------------------------------------------------------------------

function setupDist() {
  const runner = new Runner('dist');
  $('dist-compute').addEventListener('click', () => {
    const args = { hand: [$('dist-range-1').value, $('dist-range-2').value] };
    if ($('dist-board').value.trim()) args.board = $('dist-board').value;
    if ($('dist-dead').value.trim()) args.dead = $('dist-dead').value;
    if ($('dist-bins').value.trim()) args.bins = $('dist-bins').value.trim();
    runner.run('holdem equity-dist', args, (result) => {
      const chart = col(result, 'bin') >= 0 ? histogram(result) : equityGraph(result);
      show($('dist-chart'), chart);
      const details = el('details', {}, el('summary', { text: `the table (${result.rows.length} rows)` }), renderTable(result));
      show($('dist-result'), details, renderNotes(result));
    });
  });
}

const W = 720, H = 400, X0 = 60, Y0 = 24, PW = 630, PH = 320;

function axes(root, xLabel, yLabel) {
  for (let i = 0; i <= 4; i++) {
    const gy = Y0 + PH - PH * i / 4, gx = X0 + PW * i / 4;
    root.append(svg('line', { x1: X0, y1: gy, x2: X0 + PW, y2: gy, class: 'gridline' }));
    root.append(svg('text', { x: X0 - 6, y: gy + 4, 'text-anchor': 'end' }, `${25 * i}%`));
    root.append(svg('line', { x1: gx, y1: Y0, x2: gx, y2: Y0 + PH, class: 'gridline' }));
    root.append(svg('text', { x: gx, y: Y0 + PH + 16, 'text-anchor': 'middle' }, `${25 * i}%`));
  }
  root.append(svg('rect', { x: X0, y: Y0, width: PW, height: PH, class: 'frame' }));
  root.append(svg('text', { x: X0 + PW / 2, y: Y0 + PH + 36, 'text-anchor': 'middle' }, xLabel));
  root.append(svg('text', { x: 14, y: Y0 + PH / 2, 'text-anchor': 'middle', transform: `rotate(-90 14 ${Y0 + PH / 2})` }, yLabel));
}

// The equity graph: the hero's combinations best first along x (by weight), equity up.
function equityGraph(result) {
  const eq = col(result, 'equity'), cum = col(result, 'cumulative');
  const weight = col(result, 'weight'), deals = col(result, 'deals');
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'graph', role: 'img' });
  root.append(svg('title', {}, 'equity of each hero combination, the best first'));
  axes(root, "share of the hero's range (by weight), the best first", 'equity');
  let x = 0, points = [], num = 0, den = 0;
  for (const row of result.rows) {
    const e = Number(row[eq]), x1 = Number(row[cum]);
    const y = Y0 + PH - PH * e;
    points.push(`${(X0 + PW * x).toFixed(2)},${y.toFixed(2)}`, `${(X0 + PW * x1).toFixed(2)},${y.toFixed(2)}`);
    x = x1;
    const w = Number(row[weight]) * Number(row[deals]);
    num += w * e;
    den += w;
  }
  root.append(svg('polyline', { points: points.join(' '), class: 'curve' }));
  // the range's equity: the library's (a note), else weighed here by weight times deals
  const noted = Number(result.notes?.equity);
  if (den > 0 || Number.isFinite(noted)) {
    const mean = Number.isFinite(noted) && result.notes.equity !== '' ? noted : num / den;
    const my = Y0 + PH - PH * mean;
    root.append(svg('line', { x1: X0, y1: my, x2: X0 + PW, y2: my, class: 'mean' }));
    root.append(svg('text', { x: X0 + PW - 4, y: my - 5, 'text-anchor': 'end', class: 'mean-label' }, `range equity ${(100 * mean).toFixed(2)}%`));
  }
  return root;
}

function histogram(result) {
  const low = col(result, 'low'), high = col(result, 'high'), share = col(result, 'share');
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'graph', role: 'img' });
  root.append(svg('title', {}, 'the hero range by equity'));
  const top = Math.max(1e-9, ...result.rows.map((r) => Number(r[share])));
  axes(root, 'equity', `share of the range (top: ${(100 * top).toFixed(1)}%)`);
  for (const row of result.rows) {
    const x0 = X0 + PW * Number(row[low]), x1 = X0 + PW * Number(row[high]);
    const h = PH * Number(row[share]) / top;
    const bar = svg('rect', { x: x0 + 1, y: Y0 + PH - h, width: Math.max(0, x1 - x0 - 2), height: h, class: 'bar' });
    bar.append(svg('title', {}, `${(100 * Number(row[low])).toFixed(1)}–${(100 * Number(row[high])).toFixed(1)}%: ${(100 * Number(row[share])).toFixed(2)}%`));
    root.append(bar);
  }
  return root;
}

// ---- Cribbage ------------------------------------------------------------------------------------

function setupCrib() {
  const runner = new Runner('crib');
  $('crib-compute').addEventListener('click', () => {
    const args = { hand: `${$('crib-hand').value} ${$('crib-starter').value}`.trim() };
    if ($('crib-crib').checked) args.crib = true;
    runner.run('crib explain', args, (result) => {
      // the items of the breakdown; the totals are notes (fifteens, pairs, runs, flush, nobs, total)
      const points = col(result, 'points');
      const notes = result.notes || {};
      const total = notes.total ?? String(result.rows.reduce((a, r) => a + (Number(r[points]) || 0), 0));
      $('crib-total').textContent = total;
      $('crib-total-box').classList.remove('hidden');
      const parts = ['fifteens', 'pairs', 'runs', 'flush', 'nobs'].filter((k) => k in notes).map((k) => `${k} ${notes[k]}`);
      show($('crib-result'),
        parts.length ? el('p', { class: 'help', id: 'crib-parts', text: parts.join(' · ') }) : null,
        result.rows.length ? renderTable(result) : el('p', { class: 'help', text: 'nothing scores: a "nineteen", as players say' }));
    });
  });
  for (const id of ['crib-hand', 'crib-starter']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') $('crib-compute').click(); });
  }
}

function setupDiscard(commands) {
  const runner = new Runner('discard');
  if (commands && !commands.some((c) => c.name === 'crib discard')) {
    // the request layer of this build does not offer it (yet): say so rather than fail later
    $('discard-compute').disabled = true;
    runner.showError('This server does not offer crib discard: its request layer has no such command in this build. The command line has it: handstat crib discard 2C 3H 4D 5D 5S JS');
    return;
  }
  $('discard-compute').addEventListener('click', () => {
    const args = { hand: $('discard-hand').value, role: $('discard-role').value };
    if ($('discard-pegging').checked) args.pegging = true;
    runner.run('crib discard', args, (result) => {
      show($('discard-result'), renderTable(result, {
        className: 'discard',
        row: (tr, row, i) => { if (i === 0) tr.classList.add('best'); },
      }), renderNotes(result));
    });
  });
}

// ---- any command: a form made from GET /api/commands -------------------------------------------

function setupGames(commands) {
  const runner = new Runner('games');
  const select = $('games-command');
  const form = $('games-form');
  if (!commands) {
    runner.showError('the server does not answer');
    return;
  }
  commands = [...commands];
  const order = ['query', 'omaha equity', 'stud equity', 'razz equity', 'poker rank', 'poker compare',
    'omaha rank', 'shortdeck rank', 'lowball rank', 'crib peg-line', 'crib hist'];
  commands.sort((a, b) => ((order.indexOf(a.name) + 1) || 99) - ((order.indexOf(b.name) + 1) || 99));
  for (const c of commands) select.append(el('option', { value: c.name, text: c.title || c.name }));
  const build = () => {
    const c = commands.find((x) => x.name === select.value);
    $('games-help').textContent = c.help;
    // the registry's worked example fills the form (GET /api/commands: example)
    const ex = c.example || {};
    form.replaceChildren();
    for (const a of c.args) {
      const id = 'games-arg-' + a.name;
      if (a.kind === 'flag') {
        form.append(el('div', { class: 'field' }, el('label', { class: 'check' }, el('input', { type: 'checkbox', id, 'data-arg': a.name }), ` ${a.name}: ${a.help}`)));
        continue;
      }
      const field = el('div', { class: 'field' }, el('label', { htmlFor: id, text: `${a.name}` }, ' ', el('small', { text: a.help })));
      if (a.max > 1) {
        const list = el('div', { class: 'multi', 'data-arg': a.name });
        const values = Array.isArray(ex[a.name]) ? ex[a.name] : [];
        const add = (v) => {
          if (list.children.length >= a.max) return;
          list.append(el('input', { type: 'text', value: v || '', spellcheck: false, placeholder: `${a.name} ${list.children.length + 1}` }));
        };
        for (let k = 0; k < Math.max(a.min, values.length); k++) add(values[k]);
        const more = el('button', { type: 'button', class: 'link', text: `+ another ${a.name}` });
        more.addEventListener('click', () => add(''));
        field.append(list, more);
      } else {
        const input = el('input', { type: 'text', id, 'data-arg': a.name, value: typeof ex[a.name] === 'string' ? ex[a.name] : '', spellcheck: false });
        if (a.default !== undefined) input.placeholder = `default: ${a.default}`;
        field.append(input);
        if (a.choices) {
          // the choices as suggestions (a field such as streets takes several, comma-separated)
          const list = el('datalist', { id: id + '-choices' });
          for (const v of a.choices) list.append(el('option', { value: v }));
          input.setAttribute('list', list.id);
          field.append(list);
        }
      }
      form.append(field);
    }
  };
  select.addEventListener('change', build);
  build();
  $('games-compute').addEventListener('click', () => {
    const args = {};
    form.querySelectorAll('[data-arg]').forEach((e) => {
      const name = e.dataset.arg;
      if (e.classList.contains('multi')) args[name] = [...e.querySelectorAll('input')].map((i) => i.value).filter((v) => v.trim());
      else if (e.type === 'checkbox') { if (e.checked) args[name] = true; }
      else if (e.value.trim()) args[name] = e.value;
    });
    runner.run(select.value, args, (result) => show($('games-result'), renderTable(result), renderNotes(result)));
  });
}

// ---- tabs ----------------------------------------------------------------------------------------

function showTab() {
  const name = (location.hash || '#equity').slice(1);
  const tabs = document.querySelectorAll('section.tab');
  const known = [...tabs].some((t) => t.dataset.tab === name);
  for (const t of tabs) t.hidden = t.dataset.tab !== (known ? name : 'equity');
  for (const a of document.querySelectorAll('#tabs a')) a.classList.toggle('current', a.dataset.tab === (known ? name : 'equity'));
}

document.addEventListener('DOMContentLoaded', () => {
  window.addEventListener('hashchange', showTab);
  showTab();
  document.querySelectorAll('.range-panel').forEach((p) => { if (p.querySelector('.grid')) p.grid = new RangeGrid(p); });
  document.querySelectorAll('.picker').forEach((p) => new CardPicker(p));
  setupEquity();
  setupHits();
  setupDist();
  setupCrib();
  fetch('/api/commands').then((r) => r.json()).then((j) => j.commands).catch(() => null).then((commands) => {
    setupDiscard(commands);
    setupGames(commands);
  });
  // Enter in a text field computes
  for (const [prefix, ids] of Object.entries({ eq: ['eq-range-1', 'eq-range-2', 'eq-board', 'eq-dead', 'eq-samples'], hits: ['hits-range', 'hits-board', 'hits-dead'], dist: ['dist-range-1', 'dist-range-2', 'dist-board', 'dist-dead', 'dist-bins'], discard: ['discard-hand'] })) {
    for (const id of ids) $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') $(prefix + '-compute').click(); });
  }
  document.body.classList.add('ready');
});
