// handstat serve: the other games: a form for any command of the registry (GET /api/commands).
'use strict';

import { $, el, show } from './util.js';
import { Runner } from './runner.js';
import { renderTable, renderNotes } from './table.js';

export function setupGames(commands) {
  const runner = new Runner('games');
  const select = $('games-command');
  const form = $('games-form');
  if (!commands) {
    runner.showError('the server does not answer');
    return;
  }
  commands = [...commands];
  const order = ['query', 'omaha equity', 'stud equity', 'razz equity', 'poker rank', 'poker compare',
    'omaha rank', 'shortdeck rank', 'lowball rank', 'crib peg-line', 'crib hist'];
  commands.sort((a, b) => ((order.indexOf(a.name) + 1) || 99) - ((order.indexOf(b.name) + 1) || 99));
  for (const c of commands) select.append(el('option', { value: c.name, text: c.title || c.name }));
  const build = () => {
    const c = commands.find((x) => x.name === select.value);
    $('games-help').textContent = c.help;
    // the registry's worked example fills the form (GET /api/commands: example)
    const ex = c.example || {};
    form.replaceChildren();
    for (const a of c.args) {
      const id = 'games-arg-' + a.name;
      if (a.kind === 'flag') {
        form.append(el('div', { class: 'field' }, el('label', { class: 'check' }, el('input', { type: 'checkbox', id, 'data-arg': a.name }), ` ${a.name}: ${a.help}`)));
        continue;
      }
      const field = el('div', { class: 'field' }, el('label', { htmlFor: id, text: `${a.name}` }, ' ', el('small', { text: a.help })));
      if (a.max > 1) {
        const list = el('div', { class: 'multi', 'data-arg': a.name });
        const values = Array.isArray(ex[a.name]) ? ex[a.name] : [];
        const add = (v) => {
          if (list.children.length >= a.max) return;
          list.append(el('input', { type: 'text', value: v || '', spellcheck: false, placeholder: `${a.name} ${list.children.length + 1}` }));
        };
        for (let k = 0; k < Math.max(a.min, values.length); k++) add(values[k]);
        const more = el('button', { type: 'button', class: 'link', text: `+ another ${a.name}` });
        more.addEventListener('click', () => add(''));
        field.append(list, more);
      } else {
        const input = el('input', { type: 'text', id, 'data-arg': a.name, value: typeof ex[a.name] === 'string' ? ex[a.name] : '', spellcheck: false });
        if (a.default !== undefined) input.placeholder = `default: ${a.default}`;
        field.append(input);
        if (a.choices) {
          // the choices as suggestions (a field such as streets takes several, comma-separated)
          const list = el('datalist', { id: id + '-choices' });
          for (const v of a.choices) list.append(el('option', { value: v }));
          input.setAttribute('list', list.id);
          field.append(list);
        }
      }
      form.append(field);
    }
  };
  select.addEventListener('change', build);
  build();
  $('games-compute').addEventListener('click', () => {
    const args = {};
    form.querySelectorAll('[data-arg]').forEach((e) => {
      const name = e.dataset.arg;
      if (e.classList.contains('multi')) args[name] = [...e.querySelectorAll('input')].map((i) => i.value).filter((v) => v.trim());
      else if (e.type === 'checkbox') { if (e.checked) args[name] = true; }
      else if (e.value.trim()) args[name] = e.value;
    });
    runner.run(select.value, args, (result) => show($('games-result'), renderTable(result), renderNotes(result)));
  });
}
