// handstat serve: the hold'em equity tab.
'use strict';

import { $, el, col, show } from './util.js';
import { Runner } from './runner.js';
import { renderTable, renderNotes } from './table.js';

export const PLAYER_COLORS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'];

export function setupEquity() {
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
