// handstat serve: the board analysis tab (holdem hits): what a range makes on one board or over every
// flop (turn, river), the way a player reads it: the range's own shares per made hand and draw,
// grouped, with bars; a click on a category shows its classes in the grid; the per-class (per-
// combination) table one click below. Every share is exact: BigInt fractions of the API's cells.
'use strict';

import { $, el, col, show, pct, fraction } from './util.js';
import { ZERO, add, div, decimal, fracText, fracValue } from './exact.js';
import { Runner } from './runner.js';
import { renderTable, renderNotes, shareBar } from './table.js';
import { foldedRows, foldedHead } from './folded.js';

// ---- the categories as players name them --------------------------------------------------------

const NAMES = {
  straight_flush: 'straight flush', quads: 'four of a kind', full_house: 'full house', flush: 'flush',
  straight: 'straight', set: 'set', trips: 'trips (one hole card, a board pair)',
  two_pair: 'two pair (both hole cards)', two_pair_board: 'two pair (one hole card, a board pair)',
  overpair: 'overpair', top_pair: 'top pair', pocket_below_top: 'pocket pair below top pair',
  second_pair: 'second pair', weak_pair: 'weak pair', ace_high: 'ace high', nothing: 'no made hand',
  plays_board: 'plays the board', flush_draw: 'flush draw', nut_flush_draw: 'nut flush draw',
  oesd: 'open-ended straight draw (or double gutshot)', gutshot: 'gutshot',
  combo_draw: 'combo draw (flush + straight draw)', backdoor_flush: 'backdoor flush draw',
  overcards: 'two overcards',
};
export const human = (name) => NAMES[name] || name.replace(/_/g, ' ');

// Made hands are exclusive (each combination and board has exactly one), so a group of them is their
// sum. Flags are not (a combo draw is also a flush draw): their groups are headings, never summed.
const leaf = (c) => ({ cat: c });
const MADE_TREE = [
  { key: 'pair_or_better', name: 'pair or better', kids: [
    { key: 'two_pair_or_better', name: 'two pair or better', kids: [
      { key: 'trips_or_better', name: 'three of a kind or better', kids: [
        { key: 'straight_or_better', name: 'straight or better',
          kids: ['straight_flush', 'quads', 'full_house', 'flush', 'straight'].map(leaf) },
        leaf('set'), leaf('trips')] },
      leaf('two_pair'), leaf('two_pair_board')] },
    { key: 'one_pair', name: 'one pair',
      kids: ['overpair', 'top_pair', 'pocket_below_top', 'second_pair', 'weak_pair'].map(leaf) }] },
  { key: 'no_pair', name: 'no pair', kids: [leaf('ace_high'), leaf('nothing')] },
];
const FLAG_TREE = [
  { key: 'flush_draws', name: 'flush draws', heading: true,
    kids: [{ cat: 'flush_draw', kids: [leaf('nut_flush_draw')] }, leaf('backdoor_flush')] },
  { key: 'straight_draws', name: 'straight draws', heading: true, kids: [leaf('oesd'), leaf('gutshot')] },
  { key: 'both_draws', name: 'flush and straight draw', heading: true, kids: [leaf('combo_draw')] },
  { key: 'other_flags', name: 'other', heading: true, kids: [leaf('overcards'), leaf('plays_board')] },
];
const HEADLINE = ['trips_or_better', 'two_pair_or_better', 'pair_or_better'];

// The made categories a node of the made tree sums.
function members(node) {
  return node.cat ? [node.cat].concat((node.kids || []).flatMap(members)) : node.kids.flatMap(members);
}

// ---- the tab -------------------------------------------------------------------------------------

export function setupHits() {
  const runner = new Runner('hits');
  // folded players (card removal), hits-folded-1..8 (folded.js)
  const foldedNow = foldedRows('hits', 'holdem hits');
  $('hits-compute').addEventListener('click', () => {
    const args = { hand: $('hits-range').value };
    const mode = document.querySelector('input[name="hits-mode"]:checked').value;
    if (mode === 'board') args.board = $('hits-board').value;
    else {
      const streets = ['flop', 'turn', 'river'].filter((s) => $('hits-' + s).checked);
      args.streets = streets.join(',') || 'flop';
    }
    if ($('hits-dead').value.trim()) args.dead = $('hits-dead').value;
    const folded = foldedNow();
    if (folded.length) args.folded = folded;
    const label = { range: args.hand, board: args.board, folded: folded.length > 0 };
    runner.run('holdem hits', args, (result) => {
      if (mode === 'board') renderBoard(result, args, label);
      else renderStreets(result, label);
    });
  });
  // Over every flop (turn, river) the board field plays no part: it is marked so (the range grid's
  // count then ignores its cards, as the analysis does) and shown faded.
  const markBoard = () => {
    const board = $('hits-board');
    const streets = document.querySelector('input[name="hits-mode"]:checked').value === 'streets';
    if (board.classList.contains('ignored') === streets) return;
    board.classList.toggle('ignored', streets);
    board.dispatchEvent(new Event('change'));
  };
  const select = (mode) => {
    document.querySelector(`input[name="hits-mode"][value="${mode}"]`).checked = true;
    markBoard();
  };
  document.querySelectorAll('input[name="hits-mode"]').forEach((r) => r.addEventListener('change', markBoard));
  markBoard();
  $('hits-board').addEventListener('focus', () => select('board'));
  $('hits-by-combo').addEventListener('change', () => select('board'));
  for (const s of ['flop', 'turn', 'river']) $('hits-' + s).addEventListener('change', () => select('streets'));
  // a new range makes the highlighted classes meaningless
  $('hits-range').addEventListener('input', () => highlight(null));
  $('hits-range').addEventListener('change', () => highlight(null));
}

// ---- the grid overlay ---------------------------------------------------------------------------

const gridCells = () => document.querySelectorAll('.grid[data-for="hits-range"] .cell');
let activeRow = null;

// Show the classes of `shares` (class -> exact fraction > 0) on the range grid, darker the more often
// they make the category; null clears. Classes only: the range grid owns its own selection marks.
export function highlight(shares, title) {
  const grid = document.querySelector('.grid[data-for="hits-range"]');
  if (!grid) return;
  grid.classList.toggle('highlighting', !!shares);
  for (const cell of gridCells()) {
    const f = shares && shares.get(cell.dataset.class);
    const on = !!f && f[0] > 0n;
    cell.classList.toggle('hit', on);
    if (on) {
      cell.style.setProperty('--hit', String(fracValue(f)));
      cell.dataset.hitExact = fracText(f);
      cell.dataset.hitTitle = `${cell.dataset.class}: ${title} ${pct(fracValue(f))} (${fracText(f)})`;
    } else {
      cell.style.removeProperty('--hit');
      // the range grid's own title back, unless it has written a newer one since
      if (cell.dataset.hitTitle && cell.title === cell.dataset.hitTitle) cell.title = cell.dataset.gridTitle || '';
      delete cell.dataset.hitExact;
      delete cell.dataset.hitTitle;
    }
  }
  for (const legend of document.querySelectorAll('#hits-result .hv-legend')) {
    legend.textContent = shares ? `Highlighted in the grid: the classes that make ${title}, darker the more often (hover a cell for its share).` : '';
    legend.classList.toggle('hidden', !shares);
  }
  if (!shares && activeRow) { activeRow.classList.remove('active'); activeRow = null; }
}

// The grid's cells keep the range grid's own title; ours shows while a category is highlighted.
document.addEventListener('pointerover', (e) => {
  const cell = e.target.closest?.('.grid[data-for="hits-range"] .cell.hit');
  if (!cell || !cell.dataset.hitTitle || cell.title === cell.dataset.hitTitle) return;
  cell.dataset.gridTitle = cell.title;
  cell.title = cell.dataset.hitTitle;
});

// ---- the view: one tree of rows, made hands then draws -------------------------------------------

// stats: { share(cat) -> exact | null, classShares(cats) -> Map class -> exact, count(cat) -> text? }
function renderTree(stats, kind) {
  const box = el('div', { class: 'hv-tree' + (stats.count ? ' with-counts' : ''), 'data-kind': kind });
  const walk = (node, level, parent) => {
    const cats = kind === 'made' ? members(node) : node.cat ? [node.cat] : [];
    const key = node.cat || node.key;
    const present = cats.some((c) => stats.has(c));
    if (!present && !node.heading) return null;
    const row = el('div', { class: 'hv-row' + (node.heading ? ' heading' : '') + (node.kids && !node.heading ? ' group' : ''),
      'data-category': key, 'data-kind': kind, 'data-level': String(level) });
    const name = node.cat ? human(node.cat) : node.name;
    let share = null;
    if (!node.heading) {
      share = kind === 'made' ? cats.reduce((s, c) => add(s, stats.share(c) || ZERO), ZERO) : stats.share(node.cat);
      row.dataset.exact = fracText(share);
      if (share[0] === 0n) row.classList.add('zero');
    }
    const label = node.heading ? el('span', { class: 'hv-name', text: name })
      : el('button', { type: 'button', class: 'hv-name', text: name, title: 'show these classes in the grid' });
    const count = !node.heading && stats.count ? el('span', { class: 'hv-count', text: stats.count(cats) }) : null;
    row.append(label, el('span', { class: 'hv-pct', text: share ? pct(fracValue(share)) : '', title: share ? fracText(share) : '' }),
      share ? shareBar(fracValue(share), kind === 'made' ? 'made' : 'flag') : el('span'));
    if (count) row.append(count);
    if (!node.heading) {
      label.addEventListener('click', () => {
        if (activeRow === row) { highlight(null); return; }
        highlight(null);
        highlight(stats.classShares(cats), name);
        activeRow = row;
        row.classList.add('active');
      });
    }
    parent.append(row);
    let any = share ? share[0] > 0n : false;
    for (const k of node.kids || []) {
      const child = walk(k, level + 1, parent);
      if (child && !child.classList.contains('zero')) any = true;
    }
    // a heading of draws that never occur hides with them
    if (node.heading && !any) row.classList.add('zero');
    return row;
  };
  for (const node of kind === 'made' ? MADE_TREE : FLAG_TREE) walk(node, 0, box);
  // categories the page does not know (a newer server) as plain rows at the end
  const known = new Set((kind === 'made' ? MADE_TREE : FLAG_TREE).flatMap(function all(n) {
    return (n.cat ? [n.cat] : []).concat((n.kids || []).flatMap(all));
  }));
  for (const c of stats.categories(kind)) if (!known.has(c)) walk(leaf(c), 0, box);
  return box;
}

function zeroToggle(root) {
  const input = el('input', { type: 'checkbox', class: 'hv-show-zero' });
  input.addEventListener('change', () => root.classList.toggle('hide-zero', !input.checked));
  root.classList.add('hide-zero');
  return el('label', { class: 'check hv-toggle' }, input, ' show the categories that never occur');
}

function headline(stats, lead) {
  const parts = HEADLINE.map((key) => {
    const node = findNode(MADE_TREE, key);
    const share = members(node).reduce((s, c) => add(s, stats.share(c) || ZERO), ZERO);
    return el('span', { class: 'hv-head-item', 'data-group': key },
      `${node.name} `, el('b', { text: pct(fracValue(share)), title: fracText(share) }));
  });
  const p = el('p', { class: 'hv-headline' }, lead);
  parts.forEach((s, i) => p.append(i ? ', ' : ': ', s));
  return p;
}
function findNode(tree, key) {
  for (const n of tree) {
    if (n.key === key) return n;
    const k = n.kids && findNode(n.kids.filter((x) => x.kids), key);
    if (k) return k;
  }
  return null;
}

function view(stats, lead, details) {
  highlight(null);
  const root = el('div', { class: 'hits-view' });
  root.append(headline(stats, lead), zeroToggle(root),
    el('p', { class: 'help hidden hv-legend' }),
    el('div', { class: 'hv-columns' },
      el('div', {}, el('h3', { text: 'Made hands' }), renderTree(stats, 'made')),
      el('div', {}, el('h3', { text: 'Draws' }), renderTree(stats, 'flag'))),
    details);
  return root;
}

// ---- every flop (turn, river): class, combos, street, kind, category, hits, boards, share ---------

function renderStreets(result, label) {
  const c = Object.fromEntries(['class', 'combos', 'street', 'kind', 'category', 'hits', 'boards', 'share', 'share_exact']
    .map((n) => [n, col(result, n)]));
  if (c.class < 0 || c.hits < 0 || c.boards < 0) {
    show($('hits-result'), renderTable(result), renderNotes(result));
    return;
  }
  const streets = [...new Set(result.rows.map((r) => r[c.street]))];
  const views = streets.map((street) => {
    const rows = result.rows.filter((r) => r[c.street] === street);
    const stats = streetStats(rows, c);
    const each = stats.boardsEach();
    // with folded players the counts are sums over the folded hands, times their weights (the
    // shares are what a player reads): no count then
    const lead = el('span', {}, el('b', { text: label.range }), ` over every ${street}` + (label.folded
      ? ', by weight, the folded hands out of play'
      : (each ? ` (${each.toLocaleString('en-US')} per combination)` : '') +
        `, ${stats.pairs().toLocaleString('en-US')} (combination, ${street}) pairs by weight`));
    const details = el('details', { class: 'hv-details' },
      el('summary', { text: `per class (${stats.classes.size} classes)` }), classTable(result, rows, c, streets.length > 1));
    const v = view(stats, lead, details);
    v.dataset.street = street;
    return v;
  });
  show($('hits-result'), foldedHead(result, 'each (combination, board) pair counts with the weights of the folded hands off both, exactly.'), ...views, renderNotes(result));
}

// The range-level figures of one street: per category the sum of the weighted hits over the sum of
// the weighted boards of every class (each combination's boards weighed alike: Flopzilla's count).
function streetStats(rows, c) {
  const classes = new Map(); // class -> { boards, combos, hits: Map cat -> exact }
  const kinds = { made: [], flag: [] };
  for (const r of rows) {
    let k = classes.get(r[c.class]);
    if (!k) classes.set(r[c.class], k = { boards: decimal(r[c.boards]), combos: r[c.combos], hits: new Map() });
    k.hits.set(r[c.category], decimal(r[c.hits]));
    const list = kinds[r[c.kind]] || (kinds[r[c.kind]] = []);
    if (!list.includes(r[c.category])) list.push(r[c.category]);
  }
  let boards = ZERO;
  for (const k of classes.values()) boards = add(boards, k.boards);
  const total = new Map();
  for (const k of classes.values()) for (const [cat, h] of k.hits) total.set(cat, add(total.get(cat) || ZERO, h));
  return {
    classes,
    has: (cat) => total.has(cat),
    categories: (kind) => kinds[kind] || [],
    share: (cat) => (total.has(cat) ? div(total.get(cat), boards) : null),
    classShares: (cats) => {
      const m = new Map();
      for (const [name, k] of classes) m.set(name, div(cats.reduce((s, cat) => add(s, k.hits.get(cat) || ZERO), ZERO), k.boards));
      return m;
    },
    pairs: () => fracValue(boards),
    // the boards of each combination when every combination has as many (no dead card)
    boardsEach: () => {
      const each = new Set([...classes.values()].map((k) => fracText(div(k.boards, decimal(k.combos)))));
      if (each.size !== 1) return 0;
      const f = fraction([...each][0]);
      return f && f[1] === 1n ? Number(f[0]) : 0;
    },
  };
}

function classTable(result, rows, c, withStreet) {
  const shown = rows.filter((r) => decimal(r[c.hits])[0] !== 0n);
  const hide = ['kind', 'share_exact'].concat(withStreet ? [] : ['street']);
  return renderTable(result, {
    rows: shown, hide, className: 'hv-class-table',
    cell: (td, col, row) => {
      if (col.name === 'category') td.textContent = human(row[c.category]);
      if (col.name === 'share') {
        td.textContent = pct(row[c.share]);
        td.title = row[c.share_exact];
        td.dataset.exact = row[c.share_exact];
        td.append(shareBar(Number(row[c.share]), row[c.kind] === 'made' ? 'made' : 'flag'));
      }
    },
  });
}

// ---- one board: kind, category, combos, share, share_exact; the classes from --by-combo --------

async function renderBoard(result, args, label) {
  const c = Object.fromEntries(['kind', 'category', 'combos', 'share', 'share_exact'].map((n) => [n, col(result, n)]));
  if (c.category < 0 || c.share_exact < 0) {
    show($('hits-result'), renderTable(result), renderNotes(result));
    return;
  }
  const byCat = new Map(), kinds = { made: [], flag: [] };
  let combos = ZERO;
  for (const r of result.rows) {
    byCat.set(r[c.category], { share: fraction(r[c.share_exact]) || ZERO, combos: decimal(r[c.combos]) });
    (kinds[r[c.kind]] || (kinds[r[c.kind]] = [])).push(r[c.category]);
    if (r[c.kind] === 'made') combos = add(combos, decimal(r[c.combos]));
  }
  let perClass = new Map(); // class -> { weight, cats: Map cat -> weight } (from --by-combo)
  const stats = {
    has: (cat) => byCat.has(cat),
    categories: (kind) => kinds[kind] || [],
    share: (cat) => (byCat.has(cat) ? byCat.get(cat).share : null),
    count: (cats) => {
      const n = cats.reduce((s, cat) => add(s, byCat.get(cat)?.combos || ZERO), ZERO);
      return `${n[1] === 1n ? n[0] : fracValue(n)} combo${n[0] === 1n && n[1] === 1n ? '' : 's'}`;
    },
    classShares: (cats) => {
      const m = new Map();
      for (const [name, k] of perClass) m.set(name, div(cats.reduce((s, cat) => add(s, k.cats.get(cat) || ZERO), ZERO), k.weight));
      return m;
    },
  };
  const n = fracValue(combos);
  if (label.folded) delete stats.count; // sums over the folded hands: the shares only
  const lead = el('span', {}, el('b', { text: label.range }), label.folded
    ? ` on ${label.board} (by weight, the folded hands out of play)`
    : ` on ${label.board} (${n} combination${n === 1 ? '' : 's'} on the board, by weight)`);
  const details = el('details', { class: 'hv-details', open: $('hits-by-combo').checked },
    el('summary', { text: 'per combination' }), el('p', { class: 'help', text: 'loading…' }));
  show($('hits-result'), foldedHead(result, 'each (combination, board) pair counts with the weights of the folded hands off both, exactly.'), view(stats, lead, details), renderNotes(result));
  // the classes behind the shares: the same board, each combination (a fast query)
  try {
    const r = await fetch('/api/query', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: 'holdem hits', args: { ...args, 'by-combo': true } }) });
    const combosResult = await r.json();
    if (!r.ok) throw new Error(combosResult.error || `HTTP ${r.status}`);
    perClass = comboClasses(combosResult);
    details.replaceChildren(details.firstChild, comboTable(combosResult));
  } catch (e) {
    details.replaceChildren(details.firstChild, el('p', { class: 'error', text: e.message }));
  }
}

function comboClasses(result) {
  const cls = col(result, 'class'), w = col(result, 'weight'), cat = col(result, 'category'), flags = col(result, 'flags');
  const m = new Map();
  for (const r of result.rows) {
    let k = m.get(r[cls]);
    if (!k) m.set(r[cls], k = { weight: ZERO, cats: new Map() });
    const wt = decimal(r[w]);
    k.weight = add(k.weight, wt);
    for (const name of [r[cat]].concat((r[flags] || '').split(/\s+/).filter(Boolean)))
      k.cats.set(name, add(k.cats.get(name) || ZERO, wt));
  }
  return m;
}

function comboTable(result) {
  const cat = col(result, 'category'), flags = col(result, 'flags');
  return renderTable(result, {
    className: 'hv-class-table',
    cell: (td, c, row) => {
      if (c.name === 'category') td.textContent = human(row[cat]);
      if (c.name === 'flags') td.textContent = (row[flags] || '').split(/\s+/).filter(Boolean).map(human).join(', ');
    },
  });
}
