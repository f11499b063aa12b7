// handstat serve: the equity filter on the equity-distribution tab (holdem filter): the part of the
// hero's range whose combinations each meet an exact equity bound against the villain's range, or
// its best X%, as range text the hero's grid can take.
'use strict';

import { $, el, col, show, pct } from './util.js';
import { Runner } from './runner.js';
import { renderTable, copyText } from './table.js';

// the API's argument names as the fields on screen call them
const FIELDS = {
  hand: "Hero's range", vs: "Villain's range", board: 'Board', dead: 'Dead cards',
  'min-equity': 'At least', 'max-equity': 'At most', top: 'Or the best',
};

// A percentage field's value as the command takes it ("50" -> "50%"), or '' when blank.
const percent = (id) => {
  const v = $(id).value.trim().replace(/%$/, '');
  return v === '' ? '' : v + '%';
};

const heroGrid = () => $('dist-range-1').closest('.range-panel').grid;

export function setupFilter() {
  const runner = new Runner('filter', FIELDS);
  $('filter-compute').addEventListener('click', () => {
    const args = { hand: $('dist-range-1').value, vs: $('dist-range-2').value };
    if ($('dist-board').value.trim()) args.board = $('dist-board').value;
    if ($('dist-dead').value.trim()) args.dead = $('dist-dead').value;
    if (percent('filter-top')) args.top = percent('filter-top');
    else {
      if (percent('filter-min')) args['min-equity'] = percent('filter-min');
      if (percent('filter-max')) args['max-equity'] = percent('filter-max');
    }
    runner.run('holdem filter', args, (result) => show($('filter-result'), renderFilter(result, args)));
  });
  // the best X% and the bounds exclude each other: typing one dims the other
  const mode = () => $('filter-result').closest('section').classList.toggle('filter-top', $('filter-top').value.trim() !== '');
  $('filter-top').addEventListener('input', mode);
  mode();
  for (const id of ['filter-min', 'filter-max', 'filter-top'])
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') $('filter-compute').click(); });
}

function renderFilter(result, args) {
  const row = result.rows[0] || [];
  const cell = (name) => row[col(result, name)] ?? '';
  const text = cell('range');
  const rule = args.top ? `the best ${args.top} of the hero's range`
    : `each combination with at least ${args['min-equity'] || '0%'}` +
      (args['max-equity'] ? ` and at most ${args['max-equity']}` : '') + ' equity';
  const use = el('button', { type: 'button', text: "Use as the hero's range" });
  use.addEventListener('click', () => heroGrid().setText(text));
  const copy = el('button', { type: 'button', text: 'Copy the range' });
  copy.addEventListener('click', async () => {
    copy.dataset.copied = text;
    copy.textContent = (await copyText(text)) ? 'Copied' : 'Copy failed';
    setTimeout(() => { copy.textContent = 'Copy the range'; }, 1500);
  });
  const equity = el('strong', { text: pct(cell('equity')), title: cell('equity_exact') + ' (exact)' });
  return el('div', { class: 'filter-answer' },
    el('p', {}, `${rule}: ${cell('combos')} combinations (${pct(cell('share'))} of the range), equity `,
      equity, ` against ${args.vs} (exact `, el('span', { class: 'exact', id: 'filter-exact', text: cell('equity_exact') }), ').'),
    el('pre', { class: 'filter-range', id: 'filter-range', text }),
    el('div', { class: 'range-buttons' }, use, copy),
    renderTable(result));
}
