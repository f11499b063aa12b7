// handstat serve: exact arithmetic on the API's cells (counts, weighted counts and fractions as
// BigInt fractions [n, d], reduced), so that a figure the page adds up is exact, as the library's.
'use strict';

import { pct, fraction } from './util.js';

const gcd = (a, b) => { a = a < 0n ? -a : a; while (b) [a, b] = [b, a % b]; return a; };
export function frac(n, d = 1n) {
  if (d < 0n) { n = -n; d = -d; }
  const g = gcd(n, d) || 1n;
  return [n / g, d / g];
}
export const ZERO = [0n, 1n];
export const add = (a, b) => frac(a[0] * b[1] + b[0] * a[1], a[1] * b[1]);
export const mul = (a, b) => frac(a[0] * b[0], a[1] * b[1]);
export const div = (a, b) => (b[0] === 0n ? ZERO : frac(a[0] * b[1], a[1] * b[0]));
export const fracText = (f) => `${f[0]}/${f[1]}`;
export const fracValue = (f) => Number(f[0]) / Number(f[1]);

// A weighted count as the API writes it ('117600', '3801.6', '1.8'), exactly.
export function decimal(text) {
  const m = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(String(text));
  if (!m) return fraction(text) || ZERO;
  const digits = m[3] || '';
  const n = BigInt((m[2] || '0') + digits);
  return frac(m[1] ? -n : n, 10n ** BigInt(digits.length));
}

// n/d (BigInts, 0 <= n <= d) as a percentage, rounded half up from the exact value: two decimals
// from 0.01% up; below that util.js pct's significant digits (never an exponent).
export function pctExact(n, d) {
  if (d <= 0n) return '';
  if (n === 0n) return '0%';
  if (n * 10000n < d) return pct(Number(n) / Number(d));
  const q = ((n * 20000n + d) / (2n * d)).toString().padStart(3, '0'); // hundredths of a percent
  return `${q.slice(0, -2)}.${q.slice(-2)}%`;
}
