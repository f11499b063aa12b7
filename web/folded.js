// handstat serve: folded players (card removal) on a tab: rows PREFIX-folded-1..N, made by the
// tab's "+ add a folded player" button (#PREFIX-add-folded) into #PREFIX-folded, each a range as
// text with its own remove button; Enter in one computes (#PREFIX-compute). As many rows as the
// registry's 'folded' argument of the tab's command takes, its help the button's title, once
// /api/commands arrives (until then the registry's documented 8). state.js restores the rows of an
// address by clicking the button.
'use strict';

import { $, el } from './util.js';

const tabs = new Map(); // prefix -> { command, max }

// Sets up the rows of one tab; onChange() after a row is added or removed. Returns a function
// that gives the rows' ranges, in order.
export function foldedRows(prefix, command, onChange = () => {}) {
  const folds = $(prefix + '-folded'), button = $(prefix + '-add-folded');
  const tab = { command, max: 8 };
  tabs.set(prefix, tab);
  const renumber = () => {
    [...folds.children].forEach((row, k) => {
      const id = `${prefix}-folded-${k + 1}`;
      row.querySelector('label').textContent = `Folded ${k + 1}`;
      row.querySelector('input').id = id;
      row.querySelector('label').htmlFor = id;
    });
    button.disabled = folds.children.length >= tab.max;
  };
  button.addEventListener('click', () => {
    const n = 1 + folds.children.length;
    if (n > tab.max) return;
    const input = el('input', { type: 'text', class: 'range-text', value: 'random', spellcheck: false, id: `${prefix}-folded-${n}` });
    const remove = el('button', { type: 'button', class: 'link', text: 'remove' });
    const row = el('div', { class: 'field player-row folded-row' },
      el('label', { htmlFor: input.id, text: `Folded ${n}`, title: 'a player who folded a hand of this range' }), input, remove);
    remove.addEventListener('click', () => { row.remove(); renumber(); onChange(); });
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') $(prefix + '-compute').click(); });
    folds.append(row);
    button.disabled = n >= tab.max;
    onChange();
  });
  return () => [...folds.querySelectorAll('input')].map((i) => i.value);
}

// The registry's word on each tab's folded players: how many, and the help. A server whose
// command takes none hides the button; without the registry (it did not load) the rows stay as
// they are, up to the documented 8.
export function setupFolded(commands) {
  if (!Array.isArray(commands)) return;
  for (const [prefix, tab] of tabs) {
    const arg = (commands || []).find((c) => c.name === tab.command)?.args?.find((a) => a.name === 'folded');
    const button = $(prefix + '-add-folded');
    if (!arg) {
      button.hidden = true;
      continue;
    }
    tab.max = arg.max || tab.max;
    button.title = arg.help || '';
    button.disabled = $(prefix + '-folded').children.length >= tab.max;
  }
}

// The line over an answer with folded players (null without): their ranges as the server names
// them (the answer's 'folded' note), then `how` the counts take them in.
export function foldedHead(result, how) {
  const names = result.notes?.folded;
  if (!names) return null;
  return el('p', { class: 'folded-head' }, el('strong', { text: 'Folded: ' }), names,
    ` — those hands are out of play (card removal); ${how}`);
}
