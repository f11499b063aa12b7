// handstat serve: the page's state in its address: the current tab's fields as #tab?key=value&...,
// so a reload, the back button or a link sent to someone shows the same query. Generic on purpose:
// every input, select and textarea with an id inside section.tab is a field (radios by their name),
// so fields other parts of the page add later are kept without a word here.
'use strict';

import { $ } from './util.js';
import { copyText } from './table.js';

// Fields that exist only after a click: the extra players of the equity tab (equity.js makes
// eq-range-3..9 on a click of #eq-add-player, and removes one with the row's own button).
const GROWERS = [
  { re: /^eq-range-([3-9])$/, add: 'eq-add-player', rows: 'eq-more-players', remove: 'button' },
  // the folded players of the equity tab, eq-folded-1..8, the same way (#eq-add-folded)
  { re: /^eq-folded-([1-8])$/, add: 'eq-add-folded', rows: 'eq-folded', remove: 'button' },
  // the folded players of the distribution tab, dist-folded-1..8 (#dist-add-folded)
  { re: /^dist-folded-([1-8])$/, add: 'dist-add-folded', rows: 'dist-folded', remove: 'button' },
  // and of the board analysis tab, hits-folded-1..8 (#hits-add-folded)
  { re: /^hits-folded-([1-8])$/, add: 'hits-add-folded', rows: 'hits-folded', remove: 'button' },
];

// A list of id-less inputs that stands for one argument (games.js: div.multi[data-arg], grown by the
// "+ another" button after it): its key is TAB-arg-NAME, its values repeat the key.
const LIST = '.multi[data-arg]';

let restoring = false;

export const tabName = () => {
  const name = location.hash.slice(1).split('?')[0];
  return document.querySelector(`section.tab[data-tab="${CSS.escape(name || 'equity')}"]`) ? (name || 'equity') : 'equity';
};
const section = (tab) => document.querySelector(`section.tab[data-tab="${CSS.escape(tab)}"]`);
const hashParams = () => {
  const at = location.hash.indexOf('?');
  return at < 0 ? null : new URLSearchParams(location.hash.slice(at + 1));
};
const listKey = (tab, list) => `${tab}-arg-${list.dataset.arg}`;

// The fields of a tab as [key, value] pairs, in the order of the page (so a select that rebuilds
// a form comes before the form's fields).
export function tabState(tab) {
  const root = section(tab);
  const pairs = [];
  if (!root) return pairs;
  const radios = new Set();
  for (const e of root.querySelectorAll('input, select, textarea, ' + LIST)) {
    if (e.matches(LIST)) {
      for (const i of e.querySelectorAll('input')) pairs.push([listKey(tab, e), i.value]);
    } else if (e.type === 'radio') {
      if (!e.name || radios.has(e.name)) continue;
      radios.add(e.name);
      const on = root.querySelector(`input[type="radio"][name="${CSS.escape(e.name)}"]:checked`);
      if (on) pairs.push([e.name, on.value]);
    } else if (e.id && !e.closest(LIST) && !['button', 'submit', 'reset', 'file'].includes(e.type)) {
      pairs.push([e.id, e.type === 'checkbox' ? (e.checked ? '1' : '0') : e.value]);
    }
  }
  return pairs;
}

// The address of the current tab with its fields; replaceState, not a new history entry per key.
export function writeState() {
  if (restoring) return;
  const tab = tabName();
  // commas, @ and colons need no escape in a fragment: a range reads as itself (QQ+ keeps %2B: a
  // plus would read back as a space)
  const q = new URLSearchParams(tabState(tab)).toString().replace(/%2C/gi, ',').replace(/%40/gi, '@').replace(/%3A/gi, ':');
  const hash = '#' + tab + (q ? '?' + q : '');
  if (location.hash !== hash) history.replaceState(history.state, '', hash);
}

// Set one element to a value; true when it changed (the caller fires the events).
function assign(e, value) {
  if (e.type === 'checkbox') {
    const on = value === '1' || value === 'true' || value === 'on';
    if (e.checked === on) return false;
    e.checked = on;
    return true;
  }
  if (e.value === value) return false;
  e.value = value;
  return true;
}

const fire = (e) => {
  e.dispatchEvent(new Event('input', { bubbles: true }));
  e.dispatchEvent(new Event('change', { bubbles: true }));
};

// The element of a key in a tab, making it first where a click makes it.
function find(root, key, grow) {
  const byId = root.querySelector('#' + CSS.escape(key));
  if (byId) return byId;
  if (!grow) return null;
  for (const g of GROWERS) {
    const m = g.re.exec(key);
    const add = m && root.querySelector('#' + g.add);
    if (!add) continue;
    // the rows are numbered in order: click until this one exists (or the button gives up)
    for (let k = 0; k < 9 && !root.querySelector('#' + CSS.escape(key)) && !add.disabled; k++) add.click();
    return root.querySelector('#' + CSS.escape(key));
  }
  return null;
}

// Rows a grower made that the state does not name: remove them with their own button.
function shrink(root, keys) {
  for (const g of GROWERS) {
    const rows = root.querySelector('#' + g.rows);
    if (!rows) continue;
    for (const row of [...rows.children].reverse()) {
      const input = row.querySelector('input[id]');
      if (input && g.re.test(input.id) && !keys.has(input.id)) row.querySelector(g.remove)?.click();
    }
  }
}

// A list's values: grow it with the button after it, blank the inputs beyond (they count as absent).
function fillList(list, values) {
  const more = list.nextElementSibling;
  for (let k = 0; k < 16 && list.querySelectorAll('input').length < values.length && more?.tagName === 'BUTTON'; k++) {
    const before = list.querySelectorAll('input').length;
    more.click();
    if (list.querySelectorAll('input').length === before) break;
  }
  [...list.querySelectorAll('input')].forEach((i, k) => { if (assign(i, values[k] ?? '')) fire(i); });
}

// Restore the tab's fields from the address. Selects first (a select may rebuild a form), then the
// rest in order; a key whose element does not exist yet (a form built once the registry arrives)
// stays pending and is tried again on the next call. Returns the keys still pending.
export function restoreState(grow = true) {
  const params = hashParams();
  const root = section(tabName());
  if (!params || !root) return [];
  restoring = true;
  const keys = new Set(params.keys());
  const pending = [];
  try {
    if (grow) shrink(root, keys);
    const selects = [...keys].filter((k) => root.querySelector('#' + CSS.escape(k))?.tagName === 'SELECT');
    const rest = [...keys].filter((k) => !selects.includes(k));
    const set = [];
    for (const key of [...selects, ...rest]) {
      const values = params.getAll(key);
      const list = [...root.querySelectorAll(LIST)].find((l) => listKey(root.dataset.tab, l) === key);
      if (list) { fillList(list, values); continue; }
      const radio = root.querySelector(`input[type="radio"][name="${CSS.escape(key)}"][value="${CSS.escape(values[0])}"]`);
      const e = radio || find(root, key, grow);
      if (!e) { pending.push(key); continue; }
      if (radio) {
        if (!radio.checked) { radio.checked = true; fire(radio); }
      } else if (assign(e, values[0])) {
        // a select without the option keeps its value: not there yet
        if (e.tagName === 'SELECT' && e.value !== values[0]) { pending.push(key); continue; }
        fire(e);
      }
      set.push([e, values[0], !!radio]);
    }
    // a listener may have moved another field (board analysis: a street box picks "every"): the
    // address wins, silently
    for (const [e, v, radio] of set) {
      if (radio) e.checked = true;
      else assign(e, v);
    }
  } finally {
    restoring = false;
  }
  return pending;
}

// The address follows the fields as the user works; the fields follow the address on the back
// button or an edited address.
export function setupState() {
  let timer = 0;
  const later = (ev) => {
    if (restoring || !ev.target.closest?.('section.tab')) return;
    clearTimeout(timer);
    timer = setTimeout(writeState, 0);
  };
  for (const type of ['input', 'change', 'click']) document.addEventListener(type, later, true);
  // (main.js shows the tab on the same event, before this)
  window.addEventListener('hashchange', () => {
    restoreState();
    writeState();
  });
  const link = $('copy-link');
  if (link) {
    link.addEventListener('click', async () => {
      writeState();
      const ok = await copyText(location.href);
      link.dataset.copied = location.href;
      flash(link, ok ? 'link copied' : 'copy the address bar');
    });
  }
}

// A short word on a button, then its own text again.
export function flash(button, text) {
  const was = button.dataset.label ?? button.textContent;
  button.dataset.label = was;
  button.textContent = text;
  clearTimeout(button.flashTimer);
  button.flashTimer = setTimeout(() => { button.textContent = was; delete button.dataset.label; }, 1500);
}
