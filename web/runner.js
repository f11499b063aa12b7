// handstat serve: jobs: run a query with progress and a Stop button (POST /api/jobs, GET /api/jobs/ID
// for the progress and the result, DELETE /api/jobs/ID to stop).
'use strict';

import { $, el } from './util.js';

export const running = new Set();

export class Runner {
  constructor(prefix) {
    this.prefix = prefix;
    this.button = $(prefix + '-compute');
    this.stopButton = $(prefix + '-stop');
    this.status = $(prefix + '-status');
    this.progress = $(prefix + '-progress');
    this.errorBox = $(prefix + '-error');
    this.result = $(prefix + '-result');
    this.id = null;
    this.token = 0;
    if (this.stopButton) this.stopButton.addEventListener('click', () => this.stop());
  }

  setBusy(busy) {
    this.button.disabled = busy;
    if (this.stopButton) this.stopButton.disabled = !busy;
    document.getElementById('tab-' + this.tab())?.classList.toggle('busy', busy);
  }
  tab() { return this.button.closest('.tab').dataset.tab; }

  showError(msg, extra) {
    this.errorBox.textContent = msg;
    if (extra) this.errorBox.append(' ', extra);
    this.errorBox.classList.toggle('hidden', !msg);
  }

  showProgress(job) {
    if (!this.progress) return;
    const bar = this.progress.querySelector('.bar');
    const total = job.total || 0, done = job.done || 0;
    this.progress.classList.remove('hidden');
    this.progress.classList.toggle('indeterminate', !(total > 0));
    bar.style.width = total > 0 ? `${(100 * done / total).toFixed(1)}%` : '30%';
    if (job.status === 'queued') this.status.textContent = `waiting for a free worker (position ${job.position})`;
    else {
      const pct = total > 0 ? ` — ${(100 * done / total).toFixed(0)}% (${done} of ${total} units)` : '';
      this.status.textContent = `running ${(job.seconds || 0).toFixed(1)} s${pct}`;
    }
  }

  async run(command, args, onResult) {
    const token = ++this.token;
    this.showError('');
    this.status.textContent = 'sending…';
    this.setBusy(true);
    // the previous answer stays, dimmed, until the new one replaces it
    this.result?.classList.add('stale');
    const started = performance.now();
    let job;
    try {
      const r = await fetch('/api/jobs', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ command, args }),
      });
      job = await r.json();
      if (!r.ok) throw new Error(job.error || `HTTP ${r.status}`);
      this.id = job.id;
      running.add(this);
      let wait = 20;
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((ok) => setTimeout(ok, wait));
        wait = Math.min(250, wait * 2);
        if (token !== this.token) return;
        const s = await fetch('/api/jobs/' + job.id);
        job = await s.json();
        if (!s.ok) throw new Error(job.error || `HTTP ${s.status}`);
        if (performance.now() - started > 300) this.showProgress(job);
      }
      if (token !== this.token) return;
      if (job.status === 'done') {
        this.status.textContent = `done in ${((performance.now() - started) / 1000).toFixed(2)} s`;
        this.result?.classList.remove('stale');
        onResult(job.result);
      } else {
        this.status.textContent = job.status === 'cancelled' ? 'stopped' : '';
        this.showError(job.error || job.status, this.hint(job));
      }
    } catch (e) {
      if (token !== this.token) return;
      this.status.textContent = '';
      this.showError(e instanceof TypeError ? 'the server does not answer (is handstat serve still running?)' : e.message);
    } finally {
      if (token === this.token) {
        running.delete(this);
        this.id = null;
        this.setBusy(false);
        if (this.progress) this.progress.classList.add('hidden');
      }
    }
  }

  // A query stopped by the server's time cap: offer the estimate where there is one.
  hint(job) {
    if (job.http_status !== 504 || this.prefix !== 'eq') return null;
    const b = el('button', { type: 'button', class: 'link', text: 'Estimate with 1,000,000 samples instead' });
    b.addEventListener('click', () => { $('eq-samples').value = '1000000'; $('eq-compute').click(); });
    return b;
  }

  stop() {
    if (!this.id) return;
    fetch('/api/jobs/' + this.id, { method: 'DELETE' }).catch(() => {});
    this.status.textContent = 'stopping…';
  }
}

// A page that goes away stops its jobs (the server also drops jobs nobody asks about).
window.addEventListener('pagehide', () => {
  for (const r of running) if (r.id) fetch('/api/jobs/' + r.id, { method: 'DELETE', keepalive: true }).catch(() => {});
});
