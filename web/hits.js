// handstat serve: the board analysis tab (holdem hits).
'use strict';

import { $, el, col, show } from './util.js';
import { Runner } from './runner.js';
import { renderTable, renderNotes, shareBar, pretty } from './table.js';

export function setupHits() {
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
