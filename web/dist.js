// handstat serve: the equity distribution tab (holdem equity-dist): the graph and the histogram.
'use strict';

import { $, el, svg, col, show } from './util.js';
import { Runner } from './runner.js';
import { renderTable, renderNotes } from './table.js';

export function setupDist() {
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
