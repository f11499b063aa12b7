// handstat serve: jobs: run a query with progress and a Stop button (POST /api/jobs, GET /api/jobs/ID
// for the progress and the result, DELETE /api/jobs/ID to stop).
'use strict';

import { $, el } from './util.js';

export const running = new Set();

// A span of seconds as a player reads it: "under a second", "40 s", "12 min", "3 h 10 min",
// "5 days", "about 2,000 years".
export function duration(seconds) {
  const s = Number(seconds);
  if (!Number.isFinite(s) || s < 0) return '';
  if (s < 1) return 'under a second';
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) {
    const h = Math.floor(s / 3600), m = Math.round((s - 3600 * h) / 60);
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  if (s < 730 * 86400) return `${Math.round(s / 86400).toLocaleString('en-US')} days`;
  const years = s / (365.25 * 86400);
  return years < 1e9 ? `${Math.round(years).toLocaleString('en-US')} years` : 'longer than the universe has existed';
}

// The seconds left of a job from its progress: the units left at the pace of those done.
export function secondsLeft(job) {
  const done = job.done || 0, total = job.total || 0, elapsed = job.seconds || 0;
  if (!(done > 0 && total > done && elapsed > 0)) return null;
  return elapsed * (total - done) / done;
}

// An error message of the request layer names an argument ("hand 2: 'XX' is not ...", "board: ...");
// a tab names its fields for the page: fields maps an argument to its label on screen, a string
// (numbered arguments keep their number: "hand 2" -> "Player 2") or a function of the number.
export function fieldWords(msg, fields) {
  const m = /^([a-z][a-z-]*)(?: (\d+))?: /.exec(String(msg));
  const label = m && fields ? fields[m[1]] : null;
  if (label == null) return String(msg);
  const name = typeof label === 'function' ? label(m[2] && Number(m[2])) : label + (m[2] ? ' ' + m[2] : '');
  return name + ': ' + String(msg).slice(m[0].length);
}

export class Runner {
  // prefix: the ids of the tab's parts (PREFIX-compute, -stop, -status, -progress, -error,
  // -result); fields: the on-screen names of the arguments, for error messages (fieldWords).
  constructor(prefix, fields = {}) {
    this.prefix = prefix;
    this.fields = fields;
    this.button = $(prefix + '-compute');
    this.stopButton = $(prefix + '-stop');
    this.status = $(prefix + '-status');
    this.progress = $(prefix + '-progress');
    this.errorBox = $(prefix + '-error');
    this.result = $(prefix + '-result');
    this.id = null;
    this.token = 0;
    this.stopping = false;
    this.label = ''; // what the progress line calls the job under way ("round 3")
    // called with the job's status when a running job will not finish within the server's cap
    this.onOverCap = null;
    if (this.stopButton) this.stopButton.addEventListener('click', () => this.stop());
  }

  setBusy(busy) {
    this.button.disabled = busy;
    if (this.stopButton) this.stopButton.disabled = !busy;
    document.getElementById('tab-' + this.tab())?.classList.toggle('busy', busy);
  }
  tab() { return this.button.closest('.tab').dataset.tab; }

  // An error in the fields' words; the answer on screen no longer matches the fields, so it dims.
  showError(msg, extra) {
    this.errorBox.textContent = msg ? fieldWords(msg, this.fields) : '';
    if (extra) this.errorBox.append(' ', extra);
    this.errorBox.classList.toggle('hidden', !msg);
    if (msg) this.result?.classList.add('stale');
  }

  showProgress(job) {
    if (!this.progress) return;
    const bar = this.progress.querySelector('.bar');
    const total = job.total || 0, done = job.done || 0;
    this.progress.classList.remove('hidden');
    this.progress.classList.toggle('indeterminate', !(total > 0));
    bar.style.width = total > 0 ? `${(100 * done / total).toFixed(1)}%` : '30%';
    if (job.status === 'queued') {
      this.status.textContent = `waiting for a free worker (position ${job.position})`;
      return;
    }
    const elapsed = job.seconds || 0;
    let text = (this.label ? this.label + ': ' : '') + `running ${elapsed.toFixed(1)} s`;
    if (total > 0) text += ` — ${(100 * done / total).toFixed(0)}% (${done} of ${total} units)`;
    const left = secondsLeft(job);
    if (left != null) text += `, about ${duration(left)} left`;
    else if (total > 0 && elapsed > 1) text += ', timing the first units…';
    if (left != null && job.max_seconds > 0 && elapsed + left > job.max_seconds) {
      text += ` — past the server's ${job.max_seconds} s limit for one query`;
      if (this.onOverCap) this.onOverCap(job, left);
    }
    this.status.textContent = text;
  }

  // Post a job and poll it to its end, showing its progress. Returns its final status (done,
  // error or cancelled), or null when a newer run took over (token no longer current).
  async job(command, args, token) {
    const started = performance.now();
    const r = await fetch('/api/jobs', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ command, args }),
    });
    let job = await r.json();
    if (!r.ok) throw new Error(job.error || `HTTP ${r.status}`);
    this.id = job.id;
    running.add(this);
    let wait = 20;
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((ok) => setTimeout(ok, wait));
      wait = Math.min(250, wait * 2);
      if (token !== this.token) return null;
      const s = await fetch('/api/jobs/' + job.id);
      job = await s.json();
      if (!s.ok) throw new Error(job.error || `HTTP ${s.status}`);
      if (token === this.token && performance.now() - started > 300) this.showProgress(job);
    }
    return token === this.token ? job : null;
  }

  // Start a run: busy, the old answer dimmed until the new one replaces it.
  begin() {
    const token = ++this.token;
    this.stopping = false;
    this.showError('');
    this.status.textContent = 'sending…';
    this.setBusy(true);
    this.result?.classList.add('stale');
    return token;
  }

  end(token) {
    if (token !== this.token) return;
    running.delete(this);
    this.id = null;
    this.setBusy(false);
    if (this.progress) this.progress.classList.add('hidden');
  }

  failed(e) {
    this.status.textContent = '';
    this.showError(e instanceof TypeError ? 'the server does not answer (is handstat serve still running?)' : e.message);
  }

  // One query: onResult(table) when it is done; onError(job) may show a failed job its own way
  // (returns true when it did).
  async run(command, args, onResult, onError) {
    const token = this.begin();
    const started = performance.now();
    try {
      const job = await this.job(command, args, token);
      if (job == null) return;
      if (job.status === 'done') {
        this.status.textContent = `done in ${((performance.now() - started) / 1000).toFixed(2)} s`;
        this.result?.classList.remove('stale');
        onResult(job.result);
      } else {
        this.status.textContent = job.status === 'cancelled' ? 'stopped' : '';
        if (!(onError && onError(job))) this.showError(job.error || job.status);
      }
    } catch (e) {
      if (token === this.token) this.failed(e);
    } finally {
      this.end(token);
    }
  }

  // Queries in rounds, one job each, until Stop or more() says enough: argsOf(k) the arguments of
  // round k, onRound(table, k) as each finishes. Stop ends the round under way and keeps what the
  // finished rounds gave; onEnd(rounds done, why: 'stopped', 'done' or 'error') then.
  async rounds(command, argsOf, onRound, more, onEnd) {
    const token = this.begin();
    let k = 0, why = 'done';
    try {
      for (; ; k++) {
        this.label = `round ${k + 1}`;
        const job = await this.job(command, argsOf(k), token);
        if (job == null) return;
        if (job.status !== 'done') {
          why = job.status === 'cancelled' ? 'stopped' : 'error';
          if (why === 'error') this.showError(job.error || job.status);
          break;
        }
        this.result?.classList.remove('stale');
        onRound(job.result, k);
        if (this.stopping) { why = 'stopped'; k++; break; }
        if (!more(k + 1)) { k++; break; }
      }
    } catch (e) {
      why = 'error';
      if (token === this.token) this.failed(e);
    } finally {
      if (token === this.token) this.label = '';
      if (token === this.token && onEnd) onEnd(k, why);
      this.end(token);
    }
  }

  stop() {
    this.stopping = true;
    if (!this.id) return;
    fetch('/api/jobs/' + this.id, { method: 'DELETE' }).catch(() => {});
    this.status.textContent = 'stopping…';
  }
}

// A page that goes away stops its jobs (the server also drops jobs nobody asks about).
window.addEventListener('pagehide', () => {
  for (const r of running) if (r.id) fetch('/api/jobs/' + r.id, { method: 'DELETE', keepalive: true }).catch(() => {});
});
