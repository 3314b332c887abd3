// @ts-check
// The side panel: the title, the verdict, the line of moves.

import { say, sayFinish } from "./announce.js";
import { S, wonOnScreen } from "./state.js";
import { meterText } from "./stats.js";
import { $, esc, tens } from "./util.js";

export function drawSide() {
  const had = document.activeElement;
  $("step").textContent = `${S.cur} / ${S.line.length}`;
  const ol = $("moves");
  if (ol.dataset.for !== lineKey()) {
    ol.innerHTML = "";
    S.line.forEach((m, i) => {
      const li = document.createElement("li");
      if (i < S.fixed) li.classList.add("hand");
      if (m.auto) li.classList.add("auto");
      const b = document.createElement("button");
      b.dataset.step = String(i + 1);
      b.innerHTML = `<span class="n">${i + 1}.</span> <span class="mv">${esc(tens(m.move))}</span>`;
      b.title = tens(m.text);
      const t = document.createElement("span");
      t.className = "what";
      t.textContent = tens(m.text);
      b.appendChild(t);
      const tag = m.auto ? "auto" : i < S.fixed ? "by hand" : "";
      if (tag) {
        const a = document.createElement("span");
        a.className = "tag";
        a.textContent = tag;
        a.title = m.auto ? (i < S.fixed ? "an automatic foundation move, safe to make" : "an automatic foundation move of the solver") : "a move played by hand";
        b.appendChild(a);
      }
      li.appendChild(b);
      ol.appendChild(li);
    });
    ol.dataset.for = lineKey();
  }
  for (const li of ol.children) li.removeAttribute("aria-current");
  for (const t of ol.querySelectorAll(".lost-tag")) t.remove();
  [...ol.children].forEach((li, i) => {
    const lost = !!S.review && S.review.lostAt === i + 1;
    li.classList.toggle("lost", lost);
    if (lost) {
      const t = document.createElement("span");
      t.className = "tag lost-tag";
      t.textContent = "lost here: " + S.review.judgement;
      li.firstChild.appendChild(t);
    }
  });
  if (S.cur > 0 && ol.children[S.cur - 1]) {
    const li = ol.children[S.cur - 1];
    li.setAttribute("aria-current", "step");
    const r = li.getBoundingClientRect(), o = ol.getBoundingClientRect();
    if (r.top < o.top || r.bottom > o.bottom) ol.scrollTop += r.top - o.top - o.height / 2;
  }
  $("first-btn").disabled = $("prev-btn").disabled = S.cur === 0;
  $("next-btn").disabled = $("last-btn").disabled = S.cur >= S.line.length;
  $("play-btn").disabled = S.line.length === 0;
  const won = wonOnScreen();
  $("board").classList.toggle("won", won);
  $("title").textContent = titleText() + (won ? " — won!" : "");
  const k = $("known"), words = knownWords();
  k.hidden = !words;
  k.textContent = words;
  k.className = "known " + (S.known && S.known.verdict === "solvable" ? "win" : "lose");
  if (S.known) {
    k.title = `The deal as dealt, with every card known: from the catalogue of ${S.known.from}, before any search`;
    if (S.known.difficulty) k.title += `. The difficulty is for a player who cannot see the face-down cards: how often players who see only what you see win this deal`;
  }
  document.title = titleText() + (words ? ` (${words.toLowerCase()})` : "") + " — Patience";
  $("rules-game").textContent = S.game === "ripple-fan" ? "Ripple Fan" : "Russian Cell";
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-rules]"))) el.hidden = el.dataset.rules !== S.game;
  // What one game has and the other not (Ripple Fan: no face-down cards,
  // no cells).
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-game-only]"))) el.hidden = el.dataset.gameOnly !== S.game;
  const finish = S.finish && S.finish.from === S.cur && !won ? S.finish : null;
  $("finish-btn").hidden = !finish;
  // Finish's message comes and goes with it.
  const m = $("message");
  if (!finish && m.dataset.finish) say("");
  else if (finish && !m.textContent) sayFinish(!!finish.decides);
  // "Where did I go wrong?" answers from the true cards: in a game that
  // counts, only once it is over for the player (no move to a new
  // position left, or given up); before that, "Can I still win?" answers
  // from the player's view.
  const t = S.tally;
  const over = !t || t.over || (S.over && S.over.at === S.cur);
  $("review-btn").hidden = !(S.fixed > 0 && S.cur > 0 && S.cur <= S.fixed && !won && over);
  $("giveup-btn").hidden = !(t && S.fixed > 0 && !t.won && !t.over && !won);
  $("restart-btn").disabled = S.cur === 0;
  $("assisted").hidden = !(t && t.assisted);
  drawMeter();
  refocus(had);
}

// AFTER names, for each control of the side panel that disables or hides
// itself once used, where the focus goes on: after Restart, ⇤ and ← at the
// start, to → (which plays the moves again); after → and ⇥ at the end, to
// ←; after Give up, to the first button of what the page offers then.
/** @type {Record<string, string[]>} */
const AFTER = {
  "restart-btn": ["#next-btn"], "first-btn": ["#next-btn"], "prev-btn": ["#next-btn"],
  "next-btn": ["#prev-btn"], "last-btn": ["#prev-btn"], "giveup-btn": ["#prompt-actions button", "#review-btn"],
};

// refocus moves the focus on when drawSide disabled or hid the control of
// the side panel that had it (had), which would leave it on the page's
// body: to the control AFTER names, else to the board's stop.
/** @param {Element | null} had */
function refocus(had) {
  const a = document.activeElement;
  if (!(had instanceof HTMLElement) || (a !== had && a && a !== document.body) || !$("side").contains(had) || usable(had)) return;
  for (const sel of (AFTER[had.id] || []).concat(['#board [tabindex="0"]'])) {
    /** @type {HTMLElement | null} */
    const el = document.querySelector(sel);
    if (el && usable(el)) { el.focus(); return; }
  }
}

// usable says el can have the focus: it is neither disabled nor hidden.
/** @param {HTMLElement} el */
function usable(el) {
  return !/** @type {HTMLButtonElement} */ (el).disabled && !el.closest("[hidden]") && el.getClientRects().length > 0;
}

// drawMeter writes the game's move count and clock.
export function drawMeter() { $("meter").textContent = meterText(); }

export function lineKey() { return S.fixed + ":" + S.line.map((m) => m.move).join(","); }

// knownWords is what the catalogue knows of the deal on screen: "Winnable",
// "Winnable · hard" (a deal with a difficulty), "Cannot be won", or "" (a
// deal outside the catalogue, or a position).
export function knownWords() {
  if (!S.known) return "";
  if (S.known.verdict !== "solvable") return "Cannot be won";
  return S.known.difficulty ? `Winnable · ${S.known.difficulty}` : "Winnable";
}

export function titleText() {
  const g = S.game === "ripple-fan" ? "Ripple Fan" : "Russian Cell";
  return S.number ? `${g}, deal ${S.number}` : `${g}, a position`;
}
