// Constants and helpers every module of the page shares: pure functions
// of their arguments, with no state of the page and no other module's.

export const $ = (id) => document.getElementById(id);
export const SUITS = { C: "♣", S: "♠", H: "♥", D: "♦" };
export const SUIT_ORDER = ["C", "S", "H", "D"];
export const RANKS = "A23456789TJQK";

// DIFFICULTIES are the labels a Random deal may be asked for, as the
// random-kind choice names them. Only Russian Cell deals have one: in
// Ripple Fan every card is face up.
export const DIFFICULTIES = ["easy", "medium", "hard", "very-hard"];

// tens writes the rank T as 10, for the eye: links, files and the move
// parser keep T.
export function tens(s) { return s.replace(/\bT(?=[CSHD♣♠♥♦])/g, "10"); }

export function esc(s) { return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

export function plural(n, what) { return `${n} ${what}${n === 1 ? "" : "s"}`; }

export function cardName(code) {
  const r = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" }[code[0]] || code[0];
  const s = { C: "clubs", S: "spades", H: "hearts", D: "diamonds" }[code[1]];
  return `${r} of ${s}`;
}

// locName is the name of the place of the board that el is: a column
// ("t3"), a cell ("c1"), or the foundations ("f").
export function locName(el) {
  if (el.dataset.pile) return el.dataset.pile;
  if (el.dataset.cell) return el.dataset.cell;
  return "f";
}
