// handstat serve: result tables as the API gives them: every cell its exact text.
'use strict';

import { el } from './util.js';

export const ROW_LIMIT = 300;
export const pretty = (name) => name.replace(/_/g, ' ');

// The result table as the API gives it: every cell its exact text; data-col names the column.
export function renderTable(result, opts = {}) {
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

export function renderNotes(result) {
  const notes = Object.entries(result.notes || {});
  if (!notes.length) return null;
  const dl = el('dl', { class: 'notes' });
  for (const [k, v] of notes) dl.append(el('dt', { text: pretty(k) }), el('dd', { text: v === '' ? '(none)' : v }));
  return dl;
}

// A bar of a share 0..1 in a cell (width through CSSOM).
export function shareBar(share, cls) {
  const bar = el('span', { class: 'share-bar ' + (cls || '') });
  bar.style.width = `${Math.max(0, Math.min(1, share)) * 100}%`;
  return el('span', { class: 'share' }, bar);
}
