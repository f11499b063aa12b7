// handstat serve: the hold'em equity tab. Before a query runs the page asks the server what it
// would take (POST /api/estimate): exact, and how long, or out of reach. An exact answer shows its
// percentages from the exact counts; a query out of reach (or past the server's time cap) is
// estimated in rounds of random deals, pooled here, refining until Stop.
'use strict';

import { $, el, col, show, pct, fraction, cardTokens } from './util.js';
import { pctExact, frac, fracText } from './exact.js';
import { Runner, duration, fieldWords } from './runner.js';
import { renderTable, renderNotes } from './table.js';
import { foldedRows } from './folded.js';

export const PLAYER_COLORS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'];

// The arguments of holdem equity as this tab names its fields (error messages use these).
const FIELDS = { hand: (n) => `Player ${n}`, folded: (n) => `Folded ${n}`, board: 'Board', dead: 'Dead cards', samples: 'Samples', seed: 'Seed' };
// Estimate rounds: the first of ROUND_FIRST deals, each next twice the last up to ROUND_MAX, at
// most ROUNDS_MAX rounds (Stop ends them sooner).
const ROUND_FIRST = 20000, ROUND_MAX = 1280000, ROUNDS_MAX = 40;
// How long the page waits after a keystroke before it asks what the query would take.
const PLAN_DELAY_MS = 400;

// The stacked bar of the players' shares: a label that does not fit its segment is hidden (its
// tooltip keeps it), never cut.
function stackBar(shares, labels, titles) {
  const stack = el('div', { class: 'equity-stack' });
  shares.forEach((share, i) => {
    const seg = el('span', { class: 'seg ' + PLAYER_COLORS[i], title: titles[i] }, el('span', { class: 'label', text: labels[i] }));
    seg.style.setProperty('flex-grow', String(Math.max(0, share)));
    stack.append(seg);
  });
  const fit = () => {
    for (const seg of stack.children) seg.classList.toggle('tight', seg.firstChild.offsetWidth > seg.clientWidth - 6);
  };
  new ResizeObserver(fit).observe(stack);
  return stack;
}

// ---- the exact answer -------------------------------------------------------------------------

// A difference of two shares in percentage points, rounded half away from zero to two decimals
// from the exact fraction [n, d] (d > 0), signed: '+1.23 pp', '-0.40 pp', '0.00 pp' only when
// exactly zero (a tiny move keeps its sign).
export function ppExact(f) {
  const [n, d] = f;
  if (n === 0n) return '0.00 pp';
  const a = n < 0n ? -n : n;
  const q = ((a * 20000n + d) / (2n * d)).toString().padStart(3, '0'); // hundredths of a point
  return `${n < 0n ? '-' : '+'}${q.slice(0, -2)}.${q.slice(-2)} pp`;
}

// The exact table with Equity %, Win % and Tie % from the exact counts (equity_exact; wins and
// ties of the deals); a percentage's exact fraction is its tooltip, and a click shows it in place.
// With folded players, beside Equity % the equity without the folds (equity_unfolded_exact) and
// how far the folds move it in percentage points, from the two exact fractions.
function renderExact(result) {
  const c = (name) => col(result, name);
  const deals = BigInt(result.notes?.deals ?? '0');
  const folded = c('equity_unfolded_exact') >= 0;
  const view = {
    columns: [
      { name: 'player', kind: 'int' }, { name: 'hand', kind: 'text' },
      { name: 'equity_pct', kind: 'decimal' }, { name: 'win_pct', kind: 'decimal' }, { name: 'tie_pct', kind: 'decimal' },
      { name: 'wins', kind: 'int' }, { name: 'ties', kind: 'int' }, { name: 'losses', kind: 'int' },
      { name: 'equity_exact', kind: 'fraction' },
    ],
    notes: result.notes,
  };
  if (folded) {
    view.columns.splice(3, 0, { name: 'unfolded_pct', kind: 'decimal' }, { name: 'fold_move', kind: 'decimal' });
    view.columns.push({ name: 'equity_unfolded_exact', kind: 'fraction' });
  }
  const shares = [];
  view.rows = result.rows.map((row) => {
    const f = fraction(row[c('equity_exact')]) || [0n, 1n];
    shares.push(Number(f[0]) / Number(f[1]));
    const wins = BigInt(row[c('wins')]), ties = BigInt(row[c('ties')]);
    const out = [row[c('player')], row[c('hand')], pctExact(f[0], f[1]), pctExact(wins, deals), pctExact(ties, deals),
      row[c('wins')], row[c('ties')], row[c('losses')], row[c('equity_exact')]];
    if (folded) {
      const u = fraction(row[c('equity_unfolded_exact')]) || [0n, 1n];
      const move = frac(f[0] * u[1] - u[0] * f[1], f[1] * u[1]);
      out.splice(3, 0, pctExact(u[0], u[1]), ppExact(move));
      out.push(row[c('equity_unfolded_exact')]);
      out.move = fracText(move);
    }
    return out;
  });
  // where each value sits in a row (the folded columns shift the others)
  const at = Object.fromEntries(view.columns.map((column, k) => [column.name, k]));
  const exactOf = {
    equity_pct: (row) => [`${row[at.equity_exact]} of the pot on average (exact)${folded ? ', with the folded hands out of play' : ''}`, row[at.equity_exact]],
    win_pct: (row) => [`won alone in ${row[at.wins]} of ${deals} deals (exact)`, `${row[at.wins]}/${deals}`],
    tie_pct: (row) => [`split the pot in ${row[at.ties]} of ${deals} deals (exact)`, `${row[at.ties]}/${deals}`],
    unfolded_pct: (row) => [`${row[at.equity_unfolded_exact]} of the pot on average without the folded players (exact)`, row[at.equity_unfolded_exact]],
    fold_move: (row) => [`Equity % minus the equity without the folds: ${row.move} of the pot (exact), in percentage points`, row.move],
  };
  const table = renderTable(view, {
    className: 'equity',
    source: result,
    titles: {
      equity_pct: folded ? 'Equity % (folds out)' : 'Equity %', win_pct: 'Win %', tie_pct: 'Tie %', equity_exact: 'equity (exact)',
      unfolded_pct: 'without the folds %', fold_move: 'the folds move it', equity_unfolded_exact: 'without the folds (exact)',
    },
    cell: (td, column, row, k, i) => {
      if (column.name === 'player') td.classList.add('player', PLAYER_COLORS[i]);
      if (column.name === 'fold_move') td.classList.add('fold-move', row.move.startsWith('-') ? 'down' : row.move.startsWith('0/') ? 'same' : 'up');
      const exact = exactOf[column.name];
      if (!exact) return;
      const [title, shown] = exact(row);
      td.title = title;
      td.classList.add('pct');
      td.addEventListener('click', () => {
        const showing = td.classList.toggle('as-fraction');
        td.textContent = showing ? shown : row[k];
      });
    },
  });
  const stack = stackBar(shares, view.rows.map((r) => r[2]), view.rows.map((r) => `Player ${r[0]}: ${r[1]} — ${r[2]} (exact ${r[at.equity_exact]})`));
  show($('eq-result'), stack, foldedHead(result), table, renderNotes(result));
}

// A line over a folded answer that says what its columns mean (none without folded players).
function foldedHead(result) {
  const names = result.notes?.folded;
  if (!names) return null;
  return el('p', { class: 'folded-head' },
    el('strong', { text: 'Folded: ' }), names,
    ' — those hands are out of play (card removal). "without the folds" is each equity as if nobody had folded; ' +
    '"the folds move it" is the difference, in percentage points.');
}

// ---- the estimate -----------------------------------------------------------------------------

// Rounds of independent random deals pooled per player. The library's std_error of a round is
// s / sqrt(n), s^2 = (sum x^2 - n e^2) / (n - 1), from the exact integer sums of the pot share x
// and x^2 over its deals; those sums come back from a round's samples, equity and std_error and
// add across rounds with distinct seeds, as the library merges runs itself. So the pooled equity
// is the samples-weighted mean of the rounds' equities (win and tie shares), and its standard
// error is that of all the deals together: it shrinks as 1/sqrt(deals), unlike an average of
// the rounds' errors.
class Pool {
  constructor() { this.samples = 0; this.players = []; this.rounds = []; }

  add(result, seed) {
    const c = (name) => col(result, name);
    const round = { seed, samples: 0, players: [] };
    // with folded players, the equity without the folds pools the same way, beside
    this.folded = c('equity_unfolded') >= 0 ? result.notes?.folded || 'yes' : '';
    result.rows.forEach((row, i) => {
      const n = Number(row[c('samples')]), e = Number(row[c('equity')]), se = Number(row[c('std_error')]) || 0;
      const p = this.players[i] || (this.players[i] = { hand: row[c('hand')], wins: 0, ties: 0, sum: 0, sumSq: 0, u: { sum: 0, sumSq: 0 } });
      p.wins += Number(row[c('wins')]);
      p.ties += Number(row[c('ties')]);
      p.sum += n * e;
      p.sumSq += (n - 1) * n * se * se + n * e * e;
      if (this.folded) {
        const ue = Number(row[c('equity_unfolded')]), use = Number(row[c('std_error_unfolded')]) || 0;
        p.u.sum += n * ue;
        p.u.sumSq += (n - 1) * n * use * use + n * ue * ue;
      }
      round.samples = n;
      round.players.push({ equity: e, se });
    });
    this.samples += round.samples;
    this.rounds.push(round);
  }

  equity(i, unfolded = false) { return (unfolded ? this.players[i].u : this.players[i]).sum / this.samples; }
  stdError(i, unfolded = false) {
    const n = this.samples, m = this.equity(i, unfolded);
    if (n < 2) return NaN;
    return Math.sqrt(Math.max(0, ((unfolded ? this.players[i].u : this.players[i]).sumSq - n * m * m) / (n - 1)) / n);
  }
}

const count = (n) => Number(n).toLocaleString('en-US');
const plusMinus = (e, se) => `${pct(e)} ± ${Number.isFinite(se) ? pct(se, 3) : '?'}`;

function renderEstimate(pool, running) {
  const n = pool.players.length;
  const head = el('p', { class: 'estimate-head' },
    el('strong', { text: 'Estimate' }),
    ` from ${count(pool.samples)} random deals in ${pool.rounds.length} round${pool.rounds.length === 1 ? '' : 's'} — not exact; ± one standard error (the exact equity lies within two of them in about 95% of runs)${running ? '; refining…' : ''}`);
  const equities = pool.players.map((_, i) => pool.equity(i));
  const stack = stackBar(equities, equities.map((e) => pct(e)),
    pool.players.map((p, i) => `Player ${i + 1}: ${p.hand} — estimate ${plusMinus(equities[i], pool.stdError(i))}`));
  stack.classList.add('estimate');

  const table = el('table', { class: 'data equity estimate' });
  const th = (text, name) => el('th', { text, 'data-col': name });
  const folded = !!pool.folded;
  table.append(el('thead', {}, el('tr', {}, th('player', 'player'), th('hand', 'hand'), th(folded ? 'Equity % (folds out, estimate)' : 'Equity % (estimate)', 'equity_pct'),
    ...(folded ? [th('without the folds % (estimate)', 'unfolded_pct'), th('the folds move it (estimate)', 'fold_move')] : []),
    th('Win %', 'win_pct'), th('Tie %', 'tie_pct'), th('deals', 'samples'))));
  const body = el('tbody');
  pool.players.forEach((p, i) => {
    const se = pool.stdError(i);
    const eq = el('td', { class: 'k-decimal', text: plusMinus(equities[i], se), 'data-col': 'equity_pct', 'data-equity': String(equities[i]), 'data-se': String(se) });
    eq.title = `${equities[i]} ± ${se} (pot share, standard error) from ${count(pool.samples)} deals`;
    const unfolded = [];
    if (folded) {
      // the same deals with and without the folded hands: the difference is estimated too
      const u = pool.equity(i, true), use = pool.stdError(i, true), move = (equities[i] - u) * 100;
      unfolded.push(el('td', { class: 'k-decimal', text: plusMinus(u, use), 'data-col': 'unfolded_pct', title: `${u} ± ${use} without the folded players` }),
        el('td', { class: 'k-decimal fold-move ' + (move < 0 ? 'down' : 'up'), text: `${move < 0 ? '-' : '+'}${Math.abs(move).toFixed(2)} pp`, 'data-col': 'fold_move' }));
    }
    body.append(el('tr', {},
      el('td', { class: 'k-int player ' + PLAYER_COLORS[i], text: String(i + 1), 'data-col': 'player' }),
      el('td', { class: 'k-text', text: p.hand, 'data-col': 'hand' }),
      eq, ...unfolded,
      el('td', { class: 'k-decimal', text: pct(p.wins / pool.samples), 'data-col': 'win_pct', title: `${count(p.wins)} of ${count(pool.samples)} deals` }),
      el('td', { class: 'k-decimal', text: pct(p.ties / pool.samples), 'data-col': 'tie_pct', title: `${count(p.ties)} of ${count(pool.samples)} deals` }),
      el('td', { class: 'k-int', text: count(pool.samples), 'data-col': 'samples' })));
  });
  table.append(body);

  // each round as it came: its own equity ± standard error per player
  const rounds = el('table', { class: 'data rounds' });
  const headRow = el('tr', {}, el('th', { text: 'round' }), el('th', { text: 'deals' }));
  for (let i = 0; i < n; i++) headRow.append(el('th', { class: 'player ' + PLAYER_COLORS[i], text: `Player ${i + 1}` }));
  rounds.append(el('thead', {}, headRow));
  const rbody = el('tbody');
  pool.rounds.forEach((r, k) => {
    const tr = el('tr', { class: 'round' }, el('td', { class: 'k-int', text: String(k + 1), title: `seed ${r.seed}` }), el('td', { class: 'k-int', text: count(r.samples) }));
    for (const p of r.players) tr.append(el('td', { class: 'k-decimal', text: plusMinus(p.equity, p.se) }));
    rbody.append(tr);
  });
  rounds.append(rbody);
  const details = el('details', { class: 'rounds-box', open: true }, el('summary', { text: `Rounds (${pool.rounds.length}): each an independent estimate, pooled above` }), el('div', { class: 'table-box' }, rounds));
  const foldedLine = folded ? foldedHead({ notes: { folded: pool.folded } }) : null;
  if (foldedLine && pool.refused) foldedLine.append(` Exact is out of reach here (${pool.refused}).`);
  show($('eq-result'), head, stack, foldedLine, el('div', { class: 'table-box' }, table), details);
}

// ---- the tab ----------------------------------------------------------------------------------

// An answer of the exact path: exact, or (folded ranges past the exact bound) the server's estimate.
function renderAnswer(result) {
  if (col(result, 'equity_exact') >= 0) { renderExact(result); return; }
  const pool = new Pool();
  pool.add(result, Number(result.notes?.seed ?? 1));
  pool.refused = result.notes?.exact_refused || '';
  renderEstimate(pool, false);
}

export function setupEquity() {
  const runner = new Runner('eq', FIELDS);
  const section = $('tab-equity');
  const planBox = $('eq-plan');
  const more = $('eq-more-players');

  $('eq-add-player').addEventListener('click', () => {
    const n = 3 + more.children.length;
    if (n > 9) return;
    const input = el('input', { type: 'text', class: 'range-text', value: 'random', spellcheck: false, id: 'eq-range-' + n });
    const remove = el('button', { type: 'button', class: 'link', text: 'remove' });
    const row = el('div', { class: 'field player-row' }, el('label', { htmlFor: input.id, text: `Player ${n}` }), input, remove);
    remove.addEventListener('click', () => { row.remove(); renumber(); schedule(); });
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') $('eq-compute').click(); });
    more.append(row);
    if (n === 9) $('eq-add-player').disabled = true;
    schedule();
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

  // Folded players: a range each, eq-folded-1..8 (folded.js; state.js restores them).
  const foldedNow = foldedRows('eq', 'holdem equity', () => schedule());

  const argsNow = () => {
    const hands = [$('eq-range-1').value, $('eq-range-2').value, ...[...more.querySelectorAll('input')].map((i) => i.value)];
    const args = { hand: hands };
    const folded = foldedNow();
    if (folded.length) args.folded = folded;
    if ($('eq-board').value.trim()) args.board = $('eq-board').value;
    if ($('eq-dead').value.trim()) args.dead = $('eq-dead').value;
    if ($('eq-samples').value.trim()) args.samples = $('eq-samples').value.trim();
    return args;
  };

  // ---- what the query would take, asked as the fields change ----
  let plan = null, planKey = '', planSeq = 0, timer = 0;
  const fetchPlan = async (args) => {
    const r = await fetch('/api/estimate', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ command: 'holdem equity', args }),
    });
    return { ok: r.ok, ...(await r.json()) };
  };
  const estimateButton = (text) => {
    const b = el('button', { type: 'button', class: 'link estimate-offer', text });
    b.addEventListener('click', () => estimate(argsNow()));
    return b;
  };
  const showPlan = (p, args) => {
    planBox.className = 'eq-plan';
    planBox.title = p?.work || '';
    if (!p) { planBox.replaceChildren(); return; }
    if (!p.ok) {
      planBox.classList.add('warn');
      planBox.replaceChildren(fieldWords(p.error || 'this query cannot run', FIELDS));
      runner.result.classList.add('stale');
      return;
    }
    if (args.samples) {
      planBox.replaceChildren(`An estimate from ${count(args.samples)} random deals (blank Samples: exact).`);
      return;
    }
    if (p.exact === false) {
      planBox.classList.add('out-of-reach');
      planBox.replaceChildren(el('strong', { text: 'Exact is out of reach: ' }),
        'these hands have too many deals to count exactly (the counts would not fit in 128 bits). ',
        $('eq-auto').checked ? 'Compute estimates the equity from random deals instead, refining until you stop it. '
          : estimateButton('Estimate from random deals instead'));
      return;
    }
    // folded ranges past the exact bound: the server answers with its own estimate
    if (args.folded && /^over the exact bound/.test(p.work || '')) {
      planBox.classList.add('out-of-reach');
      planBox.replaceChildren(el('strong', { text: 'Exact is out of reach with these folded ranges: ' }),
        'too many folded hands to count each exactly. Compute gives an estimate from 1,000,000 random deals.');
      return;
    }
    if (p.seconds != null && p.seconds >= 1) {
      // a probe times the first units only, and later ones may cost more: a floor, not a forecast
      const probed = p.seconds_from === 'probe';
      const about = `Exact: about ${duration(p.seconds)}${probed ? ' or more' : ''} on this server${probed ? ' (timed from its first units)' : ''}`;
      if (p.over_cap) {
        planBox.classList.add('over-cap');
        planBox.replaceChildren(el('strong', { text: about }),
          ` — more than its ${p.max_seconds} s limit for one query, so the exact count would be stopped. `,
          estimateButton('Estimate from random deals instead'));
      } else planBox.replaceChildren(about + '.');
      return;
    }
    planBox.replaceChildren();
  };
  // Fields half typed (a hand blank, a card without its suit, a board of 1 or 2 cards) are not
  // asked about yet: Compute still reports them, in the fields' words.
  const complete = (args) => {
    const cardsDone = (text) => !text || text.replace(/(10|[2-9tjqka])\s*([cdhs♣♦♥♠])/gi, '').replace(/[\s,]/g, '') === '';
    return args.hand.every((h) => h.trim() !== '') && (args.folded || []).every((f) => f.trim() !== '') && cardsDone(args.board) && cardsDone(args.dead) &&
      [0, 3, 4, 5].includes(cardTokens(args.board || '').length) && (!args.samples || /^\d+$/.test(args.samples));
  };
  const refreshPlan = async () => {
    const args = argsNow(), key = JSON.stringify(args);
    if (!complete(args)) { ++planSeq; plan = null; planKey = ''; showPlan(null, args); return null; }
    if (key === planKey && plan) return plan;
    const seq = ++planSeq;
    let p = null;
    try { p = await fetchPlan(args); } catch { return null; }
    if (seq !== planSeq) return null;
    plan = p;
    planKey = key;
    showPlan(p, args);
    return p;
  };
  function schedule() {
    clearTimeout(timer);
    planKey = '';
    timer = setTimeout(refreshPlan, PLAN_DELAY_MS);
  }
  section.addEventListener('input', (e) => { if (e.target.id !== 'eq-auto') schedule(); });
  section.addEventListener('change', (e) => { if (e.target.id === 'eq-auto') showPlan(plan, argsNow()); else schedule(); });

  // ---- running ----
  // A running exact query that will not finish within the cap: the estimate is offered at once.
  runner.onOverCap = (job, left) => {
    if (planBox.classList.contains('over-cap')) return;
    planBox.className = 'eq-plan over-cap';
    planBox.replaceChildren(el('strong', { text: `Exact: about ${duration((job.seconds || 0) + left)} here` }),
      ` — more than the server's ${job.max_seconds} s limit for one query. `,
      estimateButton('Stop it and estimate from random deals instead'));
  };
  const timeCap = (job) => {
    if (job.http_status !== 504) return false;
    runner.showError(`Stopped at the server's limit of ${job.max_seconds} s for one query before the exact count finished.`,
      estimateButton('Estimate from random deals instead'));
    return true;
  };

  function estimate(args) {
    delete args.samples;
    const base = 1 + Math.floor(Math.random() * 2 ** 31);
    const seeds = [];
    const pool = new Pool();
    runner.rounds('holdem equity',
      (k) => {
        seeds[k] = base + k;
        return { ...args, samples: String(Math.min(ROUND_MAX, ROUND_FIRST * 2 ** k)), seed: String(seeds[k]) };
      },
      (result, k) => { pool.add(result, seeds[k]); renderEstimate(pool, true); },
      (k) => k < ROUNDS_MAX,
      (k, why) => {
        if (pool.rounds.length) renderEstimate(pool, false);
        runner.status.textContent = why === 'stopped'
          ? `stopped — keeping the estimate from ${count(pool.samples)} deals (${pool.rounds.length} rounds)`
          : why === 'done' ? `estimate done: ${count(pool.samples)} deals in ${pool.rounds.length} rounds` : '';
      });
  }

  $('eq-compute').addEventListener('click', async () => {
    const args = argsNow();
    if (args.samples) {
      runner.run('holdem equity', args, (result) => {
        const pool = new Pool();
        pool.add(result, Number(result.notes?.seed ?? 1));
        renderEstimate(pool, false);
      });
      return;
    }
    clearTimeout(timer);
    runner.status.textContent = 'checking…';
    const p = await refreshPlan();
    runner.status.textContent = '';
    if (p && !p.ok) { runner.showError(p.error); return; }
    if (p && p.exact === false) {
      if ($('eq-auto').checked) estimate(args);
      else runner.result.classList.add('stale');
      return;
    }
    runner.run('holdem equity', args, renderAnswer, timeCap);
  });
  // A query's estimate button while an exact one runs: stop that first.
  section.addEventListener('click', (e) => {
    if (e.target.classList?.contains('estimate-offer') && runner.id) runner.stop();
  }, true);

  refreshPlan();
}
