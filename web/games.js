// handstat serve: the other games: a form for any command of the registry (GET /api/commands).
// Every field is made from the command's arguments (name, kind, min, max, choices, default, help)
// and filled with its worked example; nothing here is written for one command, only small hints
// keyed by an argument's kind or by well-known names (hand, board, dead, samples, query).
'use strict';

import { $, el, show, pct, cardTokens } from './util.js';
import { Runner } from './runner.js';
import { renderTable, renderNotes, SHARE } from './table.js';
import { CardPicker } from './picker.js';

// The menu's order: the games this tab is for first, then the registry's order.
const ORDER = ['query', 'omaha equity', 'stud equity', 'razz equity', 'shortdeck equity', 'poker rank',
  'poker compare', 'omaha rank', 'shortdeck rank', 'lowball rank', 'crib peg-line', 'crib hist'];

// Worked examples of the query language (README, "Query language"): a handful that answer in well
// under a second.
const QUERY_EXAMPLES = [
  ['AKs against QQ+ before the flop', 'select avg(riverEquity(hero))\nfrom hero=AKs, villain=QQ+'],
  ['The same on a K-high flop, with its flush draws',
    'select avg(riverEquity(hero)),\n       count(flopHandCategory(hero) = flushDraw)\nfrom game=holdem, hero=AKs, villain=QQ+, board=Kh7d2c'],
  ['The nut flush draw against a set when the turn is a heart',
    'select avg(riverEquity(hero))\nfrom hero=AhKh, villain=QsQd, board=Qh7d2c\nwhere turnSuit() = hearts'],
  ["A flush draw's outs against a set", 'select avg(outs(hero, flop))\nfrom hero=AhKh, villain=QsQd, board=Qh7h2c'],
  ['Three-way equity on a flop',
    'select avg(riverEquity(p1)), avg(riverEquity(p2)), avg(riverEquity(p3))\nfrom p1=AhAd, p2=KsKc, p3=8h9h, board=Th7c2h'],
  ['When QQ+ beats AKs on this flop, how often it holds KK',
    "select count(inRange(villain, 'KK'))\nfrom hero=AKs, villain=QQ+, board=Kh7d2c\nwhere winsHi(villain)"],
  ['Omaha: equity and how often the hero makes a flush or better',
    'select avg(riverEquity(hero)), count(handType(hero, river) >= flush)\nfrom game=omahahi, hero=AsKsQhJh, villain=7c7d2h2s, board=Kh7h2c'],
  ['Dead cards: three hearts out of play', 'select avg(riverEquity(hero))\nfrom hero=AhKh, villain=QsQd, dead=Qh2h3h'],
];

// Labels of well-known argument names; any other is its name in words ("straight-beats-trips").
const NAMES = { hand: 'Hand', board: 'Board', dead: 'Dead cards', samples: 'Samples', seed: 'Seed', query: 'Query' };
const WORDS = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const nameLabel = (a) => NAMES[a.name] || capital(a.name.replace(/-/g, ' '));

// The label of the k-th value of a repeated argument (k from 1): the players' hands, or "Hand 2"
// where the count is fixed (two hands compared, the pone's and the dealer's).
function label(a, k) {
  if (!k) return nameLabel(a);
  if (a.name === 'hand') return a.min === a.max ? `Hand ${k}` : `Player ${k} hand`;
  return `${nameLabel(a)} ${k}`;
}

// How many cards a card field takes at most, read from its help ("4 to 6 cards", "five cards:
// the four of the hand, then the starter", "0 to 5 known board cards"); null: no limit said.
export function cardLimit(help) {
  const num = '(\\d+|' + Object.keys(WORDS).join('|') + ')';
  const m = new RegExp(`${num}(?: to ${num})?(?: known| hole)?(?: board)? cards`, 'i').exec(help || '');
  if (!m) return null;
  const n = (t) => (t ? WORDS[t.toLowerCase()] || parseInt(t, 10) : 0);
  return Math.max(n(m[1]), n(m[2]));
}

// A choice's words as the help explains them ("a5 (ace-to-five) or 27 (deuce-to-seven)": "27
// (deuce-to-seven)"), when it explains every choice so; else the choice itself.
function choiceText(a, v) {
  const explained = (c) => new RegExp(`(?:^|\\W)${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(([^)]*)\\)`).exec(a.help || '');
  const all = (a.choices || []).every((c) => explained(c));
  const m = all && explained(v);
  return (m ? `${v} (${m[1]})` : v) + (a.default === v ? ' (default)' : '');
}

// Several comma-separated values of a choice (holdem hits streets), as its help says.
// An argument the deck fills: cards and boards, and hands given as cards or a range whose help
// counts their cards (Omaha's "4 to 6 cards (every hand as many), or a range: ...").
const takesCards = (a) => a.kind === 'cards' || a.kind === 'board' ||
  (a.kind === 'text' && a.name === 'hand' && /\d+ (to \d+ )?cards/i.test(a.help || ''));
const takesSeveral = (a) => a.kind === 'choice' && /several|comma/i.test(a.help || '');

// ---- the form ------------------------------------------------------------------------------------

// One field of the form: arg, k (the value's number from 1 in a repeated argument, else 0),
// input (the element whose value is sent), box (the element marked invalid) and its label.
class Form {
  constructor(command, root, picker) {
    this.c = command;
    this.root = root;
    this.picker = picker;
    this.fields = [];
    root.replaceChildren();
    const ex = command.example || {};
    for (const a of command.args) root.append(this.argBox(a, ex[a.name]));
    this.pickTargets();
  }

  argBox(a, example) {
    if (a.max > 1) return this.repeated(a, Array.isArray(example) ? example : []);
    if (a.kind === 'flag') return this.flag(a, example);
    if (takesSeveral(a)) return this.several(a, example);
    const id = 'games-arg-' + a.name;
    const input = this.input(a, id, 0, example);
    const box = el('div', { class: 'field kind-' + a.kind + (a.name === 'query' ? ' wide' : '') },
      el('label', { htmlFor: id }, label(a), ' ', el('small', { text: a.help })));
    if (a.name === 'query') box.append(this.queryExamples(input));
    box.append(input);
    if (takesCards(a)) box.append(this.cardCount(a, input));
    this.fields.push({ arg: a, k: 0, input, box, label: label(a) });
    return box;
  }

  // The input of one value, by its kind.
  input(a, id, k, value) {
    const v = value == null ? '' : String(value);
    let input;
    if (a.name === 'query') {
      // the query language: several lines, monospace; Ctrl+Enter computes
      input = el('textarea', { id, rows: 6, spellcheck: false, value: v, 'data-arg': a.name, class: 'query-text' });
      input.setAttribute('autocomplete', 'off');
      input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) $('games-compute').click(); });
      return input;
    }
    if (a.kind === 'choice') {
      input = el('select', { id, 'data-arg': a.name });
      if (a.min === 0 && a.default === undefined) input.append(el('option', { value: '', text: '(none)' }));
      for (const c of a.choices || []) input.append(el('option', { value: c, text: choiceText(a, c) }));
      input.value = v || a.default || (a.min === 0 ? '' : a.choices[0]);
      return input;
    }
    const attrs = { id, value: v, spellcheck: false };
    if (a.kind === 'count') Object.assign(attrs, { type: 'number', min: '0', step: '1', inputMode: 'numeric' });
    else if (a.kind === 'number') Object.assign(attrs, { type: 'text', inputMode: 'decimal' });
    else attrs.type = 'text';
    if (takesCards(a)) attrs.class = 'cards-text';
    if (a.kind === 'range') attrs.class = 'range-text';
    input = el('input', attrs);
    input.setAttribute('autocomplete', 'off');
    if (!k) input.setAttribute('data-arg', a.name);
    input.placeholder = a.name === 'samples' ? 'exact' : a.default !== undefined ? `default: ${a.default}` :
      takesCards(a) ? (a.min > 0 ? 'cards' : 'none') : '';
    // Enter in a one-line field computes, as on the other tabs
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') $('games-compute').click(); });
    return input;
  }

  // A small line under a card field: how many it holds (its help says how many it takes).
  cardCount(a, input) {
    const out = el('span', { class: 'card-count' });
    const update = () => {
      const n = cardTokens(input.value).length;
      out.textContent = n ? `${n} card${n === 1 ? '' : 's'}` : '';
    };
    input.addEventListener('input', update);
    update();
    return out;
  }

  flag(a, example) {
    const id = 'games-arg-' + a.name;
    const input = el('input', { type: 'checkbox', id, 'data-arg': a.name, checked: example === true || example === '1' || example === 'true' });
    const box = el('div', { class: 'field kind-flag' }, el('label', { class: 'check' }, input, ' ', capital(a.help || nameLabel(a))));
    this.fields.push({ arg: a, k: 0, input, box, label: capital(a.help || nameLabel(a)) });
    return box;
  }

  // A choice that takes several values: one checkbox each, sent comma-separated.
  several(a, example) {
    const chosen = new Set(String(example || a.default || '').split(',').map((s) => s.trim()));
    const set = el('fieldset', { class: 'field kind-choice several', 'data-arg': a.name, id: 'games-arg-' + a.name },
      el('legend', {}, label(a), ' ', el('small', { text: a.help })));
    for (const c of a.choices || []) {
      set.append(el('label', { class: 'check inline' },
        el('input', { type: 'checkbox', value: c, checked: chosen.has(c) }), ' ' + choiceText(a, c)));
    }
    this.fields.push({ arg: a, k: 0, input: set, box: set, label: label(a), several: true });
    return set;
  }

  // A repeated argument (the players' hands): min..max rows, "+ add" and a remove button on each
  // row beyond the minimum.
  repeated(a, values) {
    const list = el('div', { class: 'multi', 'data-arg': a.name });
    const box = el('div', { class: 'field repeated kind-' + a.kind },
      el('div', { class: 'field-head' }, el('span', { class: 'label', text: a.name === 'hand' ? (a.min === a.max ? 'Hands' : 'Players') : nameLabel(a) }),
        ' ', el('small', { text: a.help })), list);
    const more = el('button', { type: 'button', class: 'add-value', text: a.name === 'hand' && a.min !== a.max ? '+ add a player' : `+ add another ${a.name}` });
    box.append(more);
    const rows = () => this.fields.filter((f) => f.arg === a);
    const renumber = () => {
      rows().forEach((f, i) => {
        f.k = i + 1;
        f.label = label(a, i + 1);
        f.input.id = `games-arg-${a.name}-${i + 1}`;
        f.labelEl.htmlFor = f.input.id;
        f.labelEl.textContent = f.label;
        f.remove.classList.toggle('hidden', i < a.min); // the rows beyond the minimum
      });
      more.classList.toggle('hidden', rows().length >= a.max);
    };
    const add = (v) => {
      if (rows().length >= a.max) return null;
      const k = rows().length + 1;
      const input = this.input(a, `games-arg-${a.name}-${k}`, k, v);
      const labelEl = el('label', { htmlFor: input.id, text: label(a, k) });
      const remove = el('button', { type: 'button', class: 'remove-value', text: '×', title: 'remove' });
      const row = el('div', { class: 'value-row' }, labelEl, input, remove);
      list.append(row);
      const f = { arg: a, k, input, box: row, label: label(a, k), labelEl, remove };
      // the new row goes after the argument's last row, so that the fields keep their order
      const last = rows().pop();
      this.fields.splice(last ? this.fields.indexOf(last) + 1 : this.fields.length, 0, f);
      remove.addEventListener('click', () => {
        if (rows().length <= a.min || f.k <= a.min) return;
        row.remove();
        this.fields.splice(this.fields.indexOf(f), 1);
        renumber();
        this.pickTargets();
      });
      if (takesCards(a)) row.append(this.cardCount(a, input));
      renumber();
      return input;
    };
    for (let k = 0; k < Math.max(a.min, values.length); k++) add(values[k]);
    more.addEventListener('click', () => {
      const input = add('');
      this.pickTargets();
      if (input) input.focus();
    });
    return box;
  }

  queryExamples(textarea) {
    const menu = el('select', { id: 'games-query-examples', class: 'query-examples' },
      el('option', { value: '', text: 'Worked examples…' }));
    QUERY_EXAMPLES.forEach(([title], i) => menu.append(el('option', { value: String(i), text: title })));
    menu.setAttribute('aria-label', 'Worked examples');
    menu.addEventListener('change', () => {
      if (menu.value === '') return;
      textarea.value = QUERY_EXAMPLES[+menu.value][1];
      textarea.dispatchEvent(new Event('input'));
      menu.value = '';
      textarea.focus();
    });
    return menu;
  }

  // The deck fills the card fields (a field given several cards: as many as its help says).
  pickTargets() {
    const cardFields = this.fields.filter((f) => takesCards(f.arg));
    const limits = new Map(cardFields.map((f) => [f.input, cardLimit(f.arg.help)]));
    this.picker.opts.limit = (field) => limits.get(field) ?? null;
    this.picker.opts.shared = /may share/i.test(cardFields.map((f) => f.arg.help).join(' '));
    this.picker.setTargets(cardFields.map((f) => f.input));
    $('games-picker').classList.toggle('hidden', cardFields.length === 0);
  }

  // The request's args: repeated values as a list (blank ones left out), a flag only when set.
  args() {
    const args = {};
    for (const f of this.fields) {
      const a = f.arg;
      let v;
      if (f.several) v = [...f.input.querySelectorAll('input:checked')].map((i) => i.value).join(',');
      else if (a.kind === 'flag') v = f.input.checked ? true : '';
      else v = f.input.value.trim();
      if (a.max > 1) {
        if (v !== '') (args[a.name] ||= []).push(v);
      } else if (v !== '') args[a.name] = v;
    }
    return args;
  }

  field(name, k = 0) {
    return this.fields.find((f) => f.arg.name === name && (f.k === k || (!k && f.k === 1)));
  }

  clearMarks() {
    for (const f of this.fields) f.box.classList.remove('invalid');
  }
}

// ---- errors on the field they are about ----------------------------------------------------------

// The server's message names the argument ("hand 2: expected 4, 5 or 6 cards, got 2"); the page
// says the label of that field instead ("Player 2 hand: ...") and marks it. A query's message
// names its line and column: the line is shown with the spot marked, and the textarea's selection
// moves there.
function explain(form, msg) {
  const q = /^line (\d+), column (\d+): ([\s\S]*)$/.exec(msg);
  const query = form.field('query');
  if (q && query) return queryError(query, +q[1], +q[2], q[3]);
  const m = /^([a-z][a-z0-9-]*)(?: (\d+))?: ([\s\S]*)$/.exec(msg);
  const f = m && form.field(m[1], m[2] ? +m[2] : 0);
  // other hands a message names ("already in hand 1") by their labels too
  const rename = (text) => text.replace(/\bhand (\d+)\b/g, (all, k) => form.field('hand', +k)?.label.toLowerCase() ?? all);
  if (f) {
    f.box.classList.add('invalid');
    return { text: `${f.label}: ${rename(m[3])}` };
  }
  // "2H is both a board card and a dead card"
  const both = /is both a board card and a dead card/.test(msg);
  if (both) for (const n of ['board', 'dead']) form.field(n)?.box.classList.add('invalid');
  return { text: rename(msg) };
}

// The byte column of the server (UTF-8) as an index into the line's characters.
function columnIndex(line, column) {
  let bytes = 0, i = 0;
  while (i < line.length && bytes < column - 1) {
    const cp = line.codePointAt(i);
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp >= 0x10000 ? 2 : 1;
  }
  return i;
}

function queryError(f, lineNo, column, body) {
  const textarea = f.input;
  const lines = textarea.value.split('\n');
  const line = lines[lineNo - 1] ?? '';
  const at = columnIndex(line, column);
  // the token the message quotes, when it starts there; else the word there (at least one character)
  const quoted = /'([^']+)'/.exec(body);
  let len = quoted && line.startsWith(quoted[1], at) ? quoted[1].length : (/^\w+/.exec(line.slice(at)) || [''])[0].length;
  len = Math.max(1, Math.min(len, line.length - at || 1));
  const start = lines.slice(0, lineNo - 1).reduce((s, l) => s + l.length + 1, 0) + at;
  textarea.focus();
  textarea.setSelectionRange(start, Math.min(start + len, textarea.value.length));
  f.box.classList.add('invalid');
  const gutter = `${lineNo} | `;
  const view = el('pre', { class: 'query-error-line', 'data-line': String(lineNo), 'data-column': String(column) },
    el('span', { class: 'gutter', text: gutter }), line.slice(0, at),
    el('mark', { text: line.slice(at, at + len) || ' ' }), line.slice(at + len), '\n',
    el('span', { class: 'caret', text: ' '.repeat(gutter.length + at) + '^'.repeat(len) }));
  return { text: `Query, line ${lineNo}, column ${column}: ${body}`, extra: view };
}

class GamesRunner extends Runner {
  showError(msg, extra) {
    if (!msg || !this.form) {
      this.form?.clearMarks();
      return super.showError(msg, extra);
    }
    const e = explain(this.form, msg);
    super.showError(e.text, e.extra || extra);
  }
}

// ---- the result ----------------------------------------------------------------------------------

// A decimal column that is a share (an equity, a probability) reads as a percentage (the exact
// fraction stays in its own column, the decimal in the cell's title); the query's value column
// where its item is a count, a histogram's bucket or an equity.
function isShare(result, c, row) {
  if (c.kind !== 'decimal') return false;
  if (SHARE.test(c.name)) return true;
  if (c.name !== 'value' || !result.columns.some((x) => x.name === 'item')) return false;
  const item = row[result.columns.findIndex((x) => x.name === 'item')] || '';
  const bucket = row[result.columns.findIndex((x) => x.name === 'bucket')] || '';
  return bucket !== '' || /^count\(|^histogram\(|^avg\((riverEquity|equity|hvhEquity)\(/i.test(item);
}

function renderResult(result) {
  return renderTable(result, {
    cell: (td, c, row) => {
      // renderTable shows the share columns as percentages; here the query's values too
      if (td.classList.contains('pct') || !isShare(result, c, row) || td.textContent === '') return;
      td.title = td.textContent;
      td.textContent = pct(td.textContent);
      td.classList.add('pct');
    },
  });
}

export function setupGames(commands) {
  const runner = new GamesRunner('games');
  const select = $('games-command');
  const formRoot = $('games-form');
  if (!commands) {
    runner.showError('the server does not answer');
    return;
  }
  commands = [...commands];
  commands.sort((a, b) => ((ORDER.indexOf(a.name) + 1) || 99) - ((ORDER.indexOf(b.name) + 1) || 99));
  for (const c of commands) select.append(el('option', { value: c.name, text: c.title || c.name }));
  const picker = new CardPicker($('games-picker'));
  const build = () => {
    const c = commands.find((x) => x.name === select.value);
    $('games-help').textContent = c.help;
    runner.showError('');
    runner.form = new Form(c, formRoot, picker);
  };
  select.addEventListener('change', build);
  build();
  $('games-compute').addEventListener('click', () => {
    runner.run(select.value, runner.form.args(), (result) => show($('games-result'), renderResult(result), renderNotes(result)));
  });
}
