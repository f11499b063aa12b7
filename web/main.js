// handstat serve: the page. Plain JavaScript modules, no framework, nothing fetched from elsewhere;
// every number comes from the server's JSON API (README, "Web app"), which gives the exact cells of
// the command line's --csv. Each tab is its own module; this one starts them.
'use strict';

import { $ } from './util.js';
import { RangeGrid } from './range.js';
import { CardPicker } from './picker.js';
import { setupEquity } from './equity.js';
import { setupHits } from './hits.js';
import { setupDist } from './dist.js';
import { setupFolded } from './folded.js';
import { setupFilter } from './filter.js';
import { setupCrib, setupDiscard } from './crib.js';
import { setupGames } from './games.js';
import { tabName, restoreState, writeState, setupState } from './state.js';

// The address is #tab or #tab?field=value&... (state.js); an unknown tab shows the equity tab.
function showTab() {
  const name = tabName();
  for (const t of document.querySelectorAll('section.tab')) t.hidden = t.dataset.tab !== name;
  for (const a of document.querySelectorAll('#tabs a')) a.classList.toggle('current', a.dataset.tab === name);
}

document.addEventListener('DOMContentLoaded', () => {
  window.addEventListener('hashchange', showTab);
  showTab();
  // the fields from the address before the grids and tabs read them; those made by a click (extra
  // players) once their tab is set up, those of a form built from the registry once it arrives
  restoreState(false);
  document.querySelectorAll('.range-panel').forEach((p) => { if (p.querySelector('.grid')) p.grid = new RangeGrid(p); });
  document.querySelectorAll('.picker').forEach((p) => new CardPicker(p));
  setupEquity();
  setupHits();
  setupDist();
  setupFilter();
  setupCrib();
  restoreState();
  const commands = fetch('/api/commands').then((r) => r.json()).then((j) => j.commands).catch(() => null).then((commands) => {
    setupDiscard(commands);
    setupGames(commands);
    setupFolded(commands);
  });
  // Enter in a text field computes
  for (const [prefix, ids] of Object.entries({ eq: ['eq-range-1', 'eq-range-2', 'eq-board', 'eq-dead', 'eq-samples'], hits: ['hits-range', 'hits-board', 'hits-dead'], dist: ['dist-range-1', 'dist-range-2', 'dist-board', 'dist-dead', 'dist-bins'], discard: ['discard-hand'] })) {
    for (const id of ids) $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter') $(prefix + '-compute').click(); });
  }
  // the address follows the fields only once every field is back (a form still on its way would
  // otherwise drop its part of the address)
  commands.then(() => {
    restoreState();
    setupState();
    writeState();
    document.body.classList.add('ready');
  });
});
