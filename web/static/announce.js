// @ts-check
// Messages: the line under the board, and announcements for screen
// readers.

import { $, SUITS, tens } from "./util.js";

// say shows text in the message line, kind "error", "ok" or none. Card
// codes in it are written as the moves list writes cards: "7C" as 7♣,
// "TH" as 10♥.
/** @param {string} text @param {"error" | "ok"} [kind] */
export function say(text, kind) {
  const m = $("message");
  m.textContent = cardWords(text);
  m.className = kind || "";
  delete m.dataset.finish;
}

// sayFinish says what Finish does (decides: it makes choices, and the game
// then counts as assisted). The message goes with the button: drawSide
// takes it away at a step where Finish is not offered, and says it again
// at the step where it is.
/** @param {boolean} decides */
export function sayFinish(decides) {
  say(decides ? "Every card is face up and the game can be won. Finish plays it out for you, and the game then counts as assisted: play it out yourself to count a win."
    : "Every card is face up: Finish puts them on their foundations.", "ok");
  $("message").dataset.finish = "1";
}

// cardWords writes the card codes of s (rank and suit letter, as in 7C or
// TH) with the suit's symbol and 10 for T.
/** @param {string} s */
export function cardWords(s) {
  return tens(s).replace(/\b(10|[A2-9JQK])([CSHD])\b/g, (_, r, su) => r + SUITS[su]);
}
// clearError takes an old error away, on the player's next move or undo.
export function clearError() { if ($("message").className === "error") say(""); }
/** @param {string} text */
export function fail(text) { say(text, "error"); }
// announce says text in the live region, for a screen reader: moves,
// automatic moves, verdicts.
// append adds text to what it said last (the check after a move, to the
// move).
/** @param {string} text @param {boolean} [append] */
export function announce(text, append) {
  const l = $("live");
  if (l) l.textContent = (append && l.textContent ? l.textContent + " " : "") + tens(text);
}

// prompt shows what the player may do once a game ends (won, or over):
// text and buttons, each [label, action]; null takes it away. The focus
// goes to its first button when it was nowhere (on the page's body, as
// after the Finish button went away).
/** @param {string | null} text @param {[string, () => void][]} [buttons] */
export function prompt(text, buttons) {
  const box = $("prompt"), row = $("prompt-actions");
  box.hidden = !text;
  $("prompt-text").textContent = text ? cardWords(text) : "";
  row.textContent = "";
  for (const p of box.querySelectorAll("p:not(#prompt-text)")) p.remove();
  if (!text) return;
  for (const [label, action] of buttons || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", action);
    row.appendChild(b);
  }
  const a = document.activeElement;
  if (row.firstChild && (!a || a === document.body)) /** @type {HTMLElement} */ (row.firstChild).focus();
}
