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
    runner.run('crib discard', args, (result) => {
      show($('discard-result'), renderTable(result, {
        className: 'discard',
        row: (tr, row, i) => { if (i === 0) tr.classList.add('best'); },
      }), renderNotes(result));
    });
  });
}
