// handstat serve: the equity distribution tab (holdem equity-dist): the graph and the histogram.
'use strict';

import { $, el, svg, col, show, pct, fraction, className } from './util.js';
import { Runner } from './runner.js';
import { renderTable, renderNotes } from './table.js';
import { ZERO, add, mul, div, decimal, fracText, fracValue } from './exact.js';
import { foldedRows, foldedHead } from './folded.js';

export function setupDist() {
  const runner = new Runner('dist');
  // folded players (card removal), dist-folded-1..8 (folded.js)
  const foldedNow = foldedRows('dist', 'holdem equity-dist');
  $('dist-compute').addEventListener('click', () => {
    const args = { hand: [$('dist-range-1').value, $('dist-range-2').value] };
    const folded = foldedNow();
    if (folded.length) args.folded = folded;
    if ($('dist-board').value.trim()) args.board = $('dist-board').value;
    if ($('dist-dead').value.trim()) args.dead = $('dist-dead').value;
    if ($('dist-bins').value.trim()) args.bins = $('dist-bins').value.trim();
    runner.run('holdem equity-dist', args, (result) => {
      const binned = col(result, 'bin') >= 0;
      show($('dist-chart'), binned ? histogram(result) : equityGraph(result));
      const details = el('details', {}, el('summary', { text: `the table (${result.rows.length} rows)` }), renderTable(result));
      const foldedLine = foldedHead(result, "each combination's counts are summed over the folded hands off it, exactly.");
      show($('dist-result'), foldedLine, details, renderNotes(result));
      if (!binned) show($('dist-heat'), heatMap(result, args));
      else heatFromCombos(args);
    });
  });
}

// The histogram has no combinations: the heat map asks for them (the same query without bins).
async function heatFromCombos(args) {
  const box = $('dist-heat');
  show(box, el('p', { class: 'help', text: 'the heat map: loading the combinations…' }));
  const { bins, ...rest } = args;
  void bins;
  try {
    const r = await fetch('/api/query', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: 'holdem equity-dist', args: rest }) });
    const result = await r.json();
    if (!r.ok) throw new Error(result.error || `HTTP ${r.status}`);
    show(box, heatMap(result, rest));
  } catch (e) {
    show(box, el('p', { class: 'error', text: e.message }));
  }
}

// Each hero class's equity: its combinations' equities weighed by weight times deals, exactly (the
// way 'holdem equity CLASS RANGE' counts: the sum of the wins and half the ties over the deals).
export function classEquities(result) {
  const cls = col(result, 'class'), w = col(result, 'weight'), deals = col(result, 'deals'), eq = col(result, 'equity_exact');
  const sums = new Map(); // class -> [sum of w * deals * equity, sum of w * deals]
  for (const row of result.rows) {
    const e = fraction(row[eq]);
    if (!e) continue;
    const wd = mul(decimal(row[w]), decimal(row[deals]));
    const s = sums.get(row[cls]) || [ZERO, ZERO];
    sums.set(row[cls], [add(s[0], mul(wd, e)), add(s[1], wd)]);
  }
  const out = new Map();
  for (const [name, [num, den]] of sums) if (den[0] > 0n) out.set(name, div(num, den));
  return out;
}

// An equity's colour: red at 0, yellow at 1/2, green at 1 (the legend's gradient).
const RED = [231, 111, 97], YELLOW = [240, 200, 80], GREEN = [99, 178, 110];
function heatColour(e) {
  const [a, b, t] = e < 0.5 ? [RED, YELLOW, 2 * e] : [YELLOW, GREEN, 2 * e - 1];
  return `rgb(${a.map((x, i) => Math.round(x + (b[i] - x) * t)).join(', ')})`;
}

// The 13 x 13 hand-against-range heat map: each class of the hero's range by its exact equity.
function heatMap(result, args) {
  const equities = classEquities(result);
  const grid = el('div', { class: 'heat-grid', role: 'img', 'aria-label': "each hero class's equity against the villain's range" });
  for (let i = 0; i < 169; i++) {
    const name = className(i), r = Math.floor(i / 13), c = i % 13;
    const e = equities.get(name);
    const cell = el('div', { class: 'heat-cell ' + (r === c ? 'pair' : r < c ? 'suited' : 'offsuit') + (e ? '' : ' out'), 'data-class': name },
      el('span', { class: 'heat-name', text: name }), e ? el('span', { class: 'heat-value', text: (100 * fracValue(e)).toFixed(0) }) : null);
    if (e) {
      cell.dataset.exact = fracText(e);
      cell.dataset.equity = String(fracValue(e));
      cell.style.setProperty('--heat', heatColour(fracValue(e)));
      cell.title = `${name} against ${args.hand[1]}: ${pct(fracValue(e))} (${fracText(e)})`;
    } else cell.title = `${name}: not in the hero's range (or every combination meets the board)`;
    grid.append(cell);
  }
  const legend = el('div', { class: 'heat-legend' },
    el('span', { text: '0%' }), el('span', { class: 'heat-scale' }), el('span', { text: '100%' }),
    el('span', { class: 'heat-out-key' }), el('span', { text: 'not in the range' }));
  return el('div', { class: 'heat' },
    el('h3', { text: `Each hero class against ${args.hand[1]}${args.board ? ' on ' + args.board : ''}` }),
    el('p', { class: 'help', text: 'Equity in percent; hover a class for its exact fraction.' }), grid, legend);
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
    root.append(svg('text', { x: X0 + PW - 4, y: my - 5, 'text-anchor': 'end', class: 'mean-label' }, `range equity ${pct(mean)}`));
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
