// handstat serve: the page's small shared helpers: DOM building, the card and class names, result-table
// access.
'use strict';

export const RANKS = 'AKQJT98765432';
export const SUITS = [['s', '♠'], ['h', '♥'], ['d', '♦'], ['c', '♣']];

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('data-')) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}


export const SVG_NS = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (text != null) e.textContent = text;
  return e;
}

// The 169 starting-hand classes in the library's grid order:
// index = 13 * row + column, rows and columns A K Q .. 2; the diagonal holds the pairs, suited
// hands above it (row = the higher rank), offsuit hands below it (column = the higher rank).

export function className(i) {
  const r = Math.floor(i / 13), c = i % 13;
  if (r === c) return RANKS[r] + RANKS[r];
  return r < c ? RANKS[r] + RANKS[c] + 's' : RANKS[c] + RANKS[r] + 'o';
}
export function classCombos(i) {
  const r = Math.floor(i / 13), c = i % 13;
  return r === c ? 6 : r < c ? 4 : 12;
}

// Card tokens of a field's text: 'Kh 7d', 'kh7d', '10♥' -> ['Kh', '7d', 'Th'].
export const SUIT_OF = { '♠': 's', '♥': 'h', '♦': 'd', '♣': 'c' };
export function cardTokens(text) {
  const out = [];
  const re = /(10|[2-9tjqka])\s*([cdhs♣♦♥♠])/gi;
  let m;
  while ((m = re.exec(text)) !== null) {
    const rank = m[1] === '10' ? 'T' : m[1].toUpperCase();
    const s = m[2].toLowerCase();
    out.push(rank + (SUIT_OF[s] || s));
  }
  return out;
}

export const col = (result, name) => result.columns.findIndex((c) => c.name === name);

export function show(container, ...nodes) {
  container.replaceChildren(...nodes.filter((n) => n != null));
}

// ---- numbers as players read them ----------------------------------------------------------------

// A share 0..1 as a percentage with sensible digits and never an exponent: 88.39%, 0.0051%, 0%.
// Two decimals from 0.01% up; below, two significant digits (the exact fraction is a hover away).
export function pct(share, decimals = 2) {
  const p = 100 * Number(share);
  if (!Number.isFinite(p)) return '';
  if (p === 0) return '0%';
  if (Math.abs(p) >= 10 ** -decimals) return p.toFixed(decimals) + '%';
  const digits = Math.min(20, 1 - Math.floor(Math.log10(Math.abs(p))));
  return p.toFixed(digits) + '%';
}

// An exact fraction 'n/d' (the API's *_exact cells) as BigInts, or null.
export function fraction(text) {
  const m = /^\s*(-?\d+)\s*\/\s*(\d+)\s*$/.exec(String(text));
  return m && BigInt(m[2]) !== 0n ? [BigInt(m[1]), BigInt(m[2])] : null;
}
