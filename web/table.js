// handstat serve: result tables as the API gives them: every cell its exact text.
'use strict';

import { el, pct } from './util.js';

export const ROW_LIMIT = 300;
export const pretty = (name) => name.replace(/_/g, ' ');

// The decimal columns that are shares of 1 (equities, shares, probabilities), shown as percentages.
export const SHARE = /(^|_)(equity|share|probability|cumulative)(_|$)/;

// The result table as the API gives it: every cell its exact text; data-col names the column and
// data-label holds its title (a phone shows each row as a card of label: value lines). Above it a
// toolbar copies the table as text or downloads it as CSV: the answer itself, or opts.source when
// the table shown is a view made from an answer (the equity tab's percent columns), so that the
// file is always the command line's --csv.
export function renderTable(result, opts = {}) {
  const cols = result.columns;
  const rows = opts.rows || result.rows;
  const title = (c) => opts.titles?.[c.name] ?? pretty(c.name);
  const table = el('table', { class: 'data' + (opts.className ? ' ' + opts.className : '') });
  const head = el('tr');
  cols.forEach((c) => {
    if (opts.hide && opts.hide.includes(c.name)) return;
    head.append(el('th', { class: 'k-' + c.kind, text: title(c), 'data-col': c.name }));
  });
  table.append(el('thead', {}, head));
  const body = el('tbody');
  const addRows = (from, to) => {
    for (let i = from; i < to; i++) {
      const tr = el('tr');
      cols.forEach((c, k) => {
        if (opts.hide && opts.hide.includes(c.name)) return;
        const td = el('td', { class: 'k-' + c.kind + (c.name.endsWith('_exact') ? ' exact' : ''), text: rows[i][k], 'data-col': c.name, 'data-label': title(c) });
        if (opts.percent !== false && c.kind === 'decimal' && SHARE.test(c.name) && /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(td.textContent)) {
          // a share reads as a percentage; its decimal (the CSV's cell) on hover
          td.title = td.textContent;
          td.textContent = pct(td.textContent);
          td.classList.add('pct');
        }
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
  return el('div', { class: 'table-wrap' }, (opts.source ? tools(opts.source, opts.source.rows) : tools(result, rows)), box);
}

// ---- copy and download ---------------------------------------------------------------------------

// A cell as the command line's --csv writes it (src/cli/cli_table.c): quoted only when it holds a
// comma, a quote or a line break, a quote doubled (RFC 4180); lines end in \n like the CLI's, so
// the file equals `handstat ... --csv` byte for byte.
const csvCell = (text) => /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;

// Every column and every row (not only the rows shown), the exact cells, the CLI's header names.
export function tableCsv(result, rows = result.rows) {
  return [result.columns.map((c) => c.name), ...rows].map((r) => r.map(csvCell).join(',') + '\n').join('');
}

// The same cells tab-separated, for pasting into a spreadsheet (a tab or line break in a cell
// becomes a space: it would split the cell).
export function tableText(result, rows = result.rows) {
  const clean = (t) => String(t).replace(/[\t\r\n]+/g, ' ');
  return [result.columns.map((c) => c.name), ...rows].map((r) => r.map(clean).join('\t')).join('\n') + '\n';
}

export const csvName = (result) => 'handstat-' + String(result.command || 'table').trim().replace(/[^A-Za-z0-9]+/g, '-') + '.csv';

// Text to the clipboard: the Clipboard API where the page may use it, else a selected text area
// and the old copy command. True when one of them took it.
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (e) {
    // refused (no permission, the page not focused): the fallback below
  }
  const area = el('textarea', { class: 'clip-area', value: text, readOnly: true });
  document.body.append(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
  area.remove();
  return ok;
}

function tools(result, rows) {
  const copy = el('button', { type: 'button', class: 'tool copy', text: 'Copy', title: 'copy the table as tab-separated text' });
  // a real link with a download name: the Blob URL is made on the click (and the last one freed),
  // so a table nobody downloads costs nothing
  const csv = el('a', { class: 'tool csv', text: 'CSV', download: csvName(result), href: '#', title: 'download the exact cells as CSV' });
  copy.addEventListener('click', async () => {
    const text = tableText(result, rows);
    const ok = await copyText(text);
    copy.dataset.copied = text;
    copy.textContent = ok ? 'Copied' : 'Copy failed';
    setTimeout(() => { copy.textContent = 'Copy'; }, 1500);
  });
  csv.addEventListener('click', () => {
    if (csv.dataset.url) URL.revokeObjectURL(csv.dataset.url);
    csv.dataset.url = URL.createObjectURL(new Blob([tableCsv(result, rows)], { type: 'text/csv' }));
    csv.href = csv.dataset.url;
  });
  return el('div', { class: 'table-tools' }, copy, csv);
}

export function renderNotes(result) {
  const notes = Object.entries(result.notes || {});
  if (!notes.length) return null;
  const dl = el('dl', { class: 'notes' });
  for (const [k, v] of notes) {
    // a note that is a share (the range's equity) reads as a percentage, its decimal on hover
    const share = /(^|_)(equity|share)$/.test(k) && /^\d+(\.\d+)?$/.test(v);
    const dd = el('dd', { text: v === '' ? '(none)' : share ? pct(v) : v });
    if (share) dd.title = v;
    dl.append(el('dt', { text: pretty(k) }), dd);
  }
  return dl;
}

// A bar of a share 0..1 in a cell (width through CSSOM).
export function shareBar(share, cls) {
  const bar = el('span', { class: 'share-bar ' + (cls || '') });
  bar.style.width = `${Math.max(0, Math.min(1, share)) * 100}%`;
  return el('span', { class: 'share' }, bar);
}
