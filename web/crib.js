// handstat serve: the cribbage tabs: the hand score and the discard.
'use strict';

import { $, el, col, show } from './util.js';
import { Runner } from './runner.js';
import { renderTable, renderNotes } from './table.js';

export function setupCrib() {
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

export function setupDiscard(commands) {
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
    runner.run('crib discard', args, (result) => show($('discard-result'), discardTable(result), renderNotes(result)));
  });
}

// The discard table has up to 16 columns; all of them do not fit even 1400 px, and the one it is
// sorted by (total ev with pegging, else combined ev) is the last but two. So the table shows the
// keep, the throw, each part's expectation and the sorted column with its exact fraction; the
// rest (the other exact fractions, the hand's min, max and spread, the role) open under a row on
// a click of its "more" button. Copy and CSV still give every column.
const DISCARD_SHOWN = ['keep', 'throw', 'hand_ev', 'crib_ev', 'combined_ev', 'peg_ev', 'total_ev'];
const DISCARD_TITLES = { hand_ev: 'hand ev', crib_ev: 'crib ev', combined_ev: 'hand + crib', peg_ev: 'pegging ev', total_ev: 'total ev' };

function discardTable(result) {
  const names = result.columns.map((c) => c.name);
  const sorted = names.includes('total_ev') ? 'total_ev' : 'combined_ev';
  const shown = new Set([...DISCARD_SHOWN, sorted + '_exact']);
  const hide = names.filter((n) => !shown.has(n));
  const titles = { ...DISCARD_TITLES, [sorted + '_exact']: DISCARD_TITLES[sorted] + ' (exact)' };
  const span = names.length - hide.length;
  const box = renderTable(result, {
    className: 'discard', hide, titles,
    cell: (td, c) => { if (c.name === sorted || c.name === sorted + '_exact') td.classList.add('sorted'); },
    row: (tr, row, i) => {
      if (i === 0) tr.classList.add('best');
      // the button in a cell of its own (no data-col): the cells stay the exact text of the CSV
      const more = el('button', { type: 'button', class: 'link more', text: 'more' });
      more.setAttribute('aria-expanded', 'false');
      more.addEventListener('click', () => toggleDetails(more, result, row, hide, span + 1));
      tr.append(el('td', { class: 'more-cell', 'data-label': '' }, more));
    },
  });
  box.querySelector('thead tr').append(el('th', { class: 'more-cell' }));
  for (const th of box.querySelectorAll(`th[data-col="${sorted}"], th[data-col="${sorted}_exact"]`)) {
    th.classList.add('sorted');
    th.title = 'the table is sorted by this column, best first';
  }
  return box;
}

// The hidden columns of one row, in a row of their own under it (again: closed).
function toggleDetails(button, result, row, hide, span) {
  const tr = button.closest('tr');
  const open = tr.nextElementSibling?.classList.contains('details');
  button.setAttribute('aria-expanded', String(!open));
  button.textContent = open ? 'more' : 'less';
  if (open) { tr.nextElementSibling.remove(); return; }
  const dl = el('dl', { class: 'notes row-details' });
  for (const name of hide) {
    const k = col(result, name);
    dl.append(el('dt', { text: name.replace(/_/g, ' ') }), el('dd', { text: row[k] }));
  }
  const td = el('td', { colSpan: span, 'data-label': 'the other columns' }, dl);
  tr.after(el('tr', { class: 'details' }, td));
}
