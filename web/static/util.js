// @ts-check
// Constants and helpers every module of the page shares: pure functions
// of their arguments, with no state of the page and no other module's.

/**
 * Controls are the elements of index.html, by id, that the script uses as
 * more than an HTMLElement: $ gives each its type.
 * @typedef {object} Controls
 * @property {HTMLSelectElement} game
 * @property {HTMLInputElement} number
 * @property {HTMLSelectElement} random-kind
 * @property {HTMLSelectElement} budget
 * @property {HTMLSelectElement} samples
 * @property {HTMLInputElement} speed
 * @property {HTMLInputElement} auto-moves
 * @property {HTMLInputElement} auto-check
 * @property {HTMLInputElement} show-down
 * @property {HTMLInputElement} story-step
 * @property {HTMLTextAreaElement} paste-text
 * @property {HTMLButtonElement} first-btn
 * @property {HTMLButtonElement} prev-btn
 * @property {HTMLButtonElement} next-btn
 * @property {HTMLButtonElement} last-btn
 * @property {HTMLButtonElement} play-btn
 * @property {HTMLButtonElement} restart-btn
 */

// $ is the element of index.html with the id: of its type in Controls,
// else an HTMLElement.
export const $ = /** @type {<K extends string>(id: K) => K extends keyof Controls ? Controls[K] : HTMLElement} */ (
  (id) => document.getElementById(id));
/** @typedef {"C" | "S" | "H" | "D"} Suit */
/** @type {Record<string, string>} */
export const SUITS = { C: "♣", S: "♠", H: "♥", D: "♦" };
/** @type {Suit[]} */
export const SUIT_ORDER = ["C", "S", "H", "D"];
export const RANKS = "A23456789TJQK";

// DIFFICULTIES are the labels a Random deal may be asked for, as the
// random-kind choice names them. Only Russian Cell deals have one: in
// Ripple Fan every card is face up.
export const DIFFICULTIES = ["easy", "medium", "hard", "very-hard"];

// tens writes the rank T as 10, for the eye: links, files and the move
// parser keep T.
/** @param {string} s */
export function tens(s) { return s.replace(/\bT(?=[CSHD♣♠♥♦])/g, "10"); }

/** @param {string} s */
export function esc(s) { return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

/** @param {number} n @param {string} what */
export function plural(n, what) { return `${n} ${what}${n === 1 ? "" : "s"}`; }

/** @param {string} code a card, as "TH" */
export function cardName(code) {
  const r = /** @type {Record<string, string>} */ ({ A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" })[code[0]] || code[0];
  const s = /** @type {Record<string, string>} */ ({ C: "clubs", S: "spades", H: "hearts", D: "diamonds" })[code[1]];
  return `${r} of ${s}`;
}

// locName is the name of the place of the board that el is: a column
// ("t3"), a cell ("c1"), or the foundations ("f").
/** @param {HTMLElement} el */
export function locName(el) {
  if (el.dataset.pile) return el.dataset.pile;
  if (el.dataset.cell) return el.dataset.cell;
  return "f";
}
