// @ts-check
// The board: drawing the cards, moving the focus by keyboard, and the
// slide of cards between steps.

import { drawSide } from "./side.js";
import { S, pos, setDrawn, setFocusKey } from "./state.js";
import { $, RANKS, SUITS, SUIT_ORDER, cardName, locName, plural } from "./util.js";

// Every element of the board is an HTMLElement: where querySelectorAll
// says only Element, a JSDoc cast says so to the type checker.

// ---------- drawing ----------

// cardEl draws a card. A face-down card the page does not know ("??": the
// game worker keeps it until the player asks to see it) has no identity
// in the page at all, not even in its attributes.
/** @param {string} code @param {boolean} down */
export function cardEl(code, down) {
  const el = document.createElement("div");
  el.className = "card";
  if (down) el.dataset.down = "1";
  if (code === "??") {
    el.setAttribute("aria-label", "face-down card");
    const face = document.createElement("span");
    face.className = "face";
    el.appendChild(face);
    return el;
  }
  el.dataset.card = code;
  const rank = code[0] === "T" ? "10" : code[0];
  const suit = code[1];
  el.classList.add(suit === "H" || suit === "D" ? "red" : "black");
  if (down) el.setAttribute("aria-label", showDown() ? cardName(code) + " (face down)" : "face-down card");
  else {
    // The name a screen reader says, from the content: the face is for
    // the eye.
    const n = document.createElement("span");
    n.className = "sr-only";
    n.textContent = cardName(code);
    el.appendChild(n);
  }
  const face = document.createElement("span");
  face.className = "face";
  face.setAttribute("aria-hidden", "true");
  face.innerHTML = `<span class="corner">${rank}<span class="s">${SUITS[suit]}</span></span><span class="pip">${SUITS[suit]}</span><span class="corner br">${rank}<span class="s">${SUITS[suit]}</span></span>`;
  el.appendChild(face);
  return el;
}

export function showDown() { return $("show-down").checked; }

// slot draws a place of the board: a group (not itself interactive), with
// its place button (the name, "t3": Enter there puts the selected card on
// it) and its cards beside it, never inside it.
/** @param {"cell" | "foundation" | "pile"} kind @param {string} name @param {string} label */
export function slot(kind, name, label) {
  const el = document.createElement("div");
  el.className = "slot " + kind;
  el.dataset[kind] = name;
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", label);
  const l = document.createElement("span");
  l.className = "label place";
  l.textContent = name;
  l.setAttribute("role", "button");
  l.setAttribute("aria-label", name + ", " + label);
  l.tabIndex = -1;
  el.appendChild(l);
  return el;
}

// render draws the page's game from S: the board's cards afresh
// (drawBoard), its marks (mark), the side panel with the meter
// (drawSide); then the focus goes back to the button that had it (rove)
// and the cards that moved slide (within one deal). Each change of the
// position, the line or the step on screen ends in it. What changes only
// the side panel (the game over, won, given up, a finish found, a review)
// calls drawSide alone, what changes only the marks (a selection, a hint)
// mark alone, and the clock drawMeter each second (app.js): they leave the
// board's cards, and so the focus, as they are.
export function render() {
  const board = $("board");
  const before = S.drawn === S.start && !reducedMotion() ? cardRects() : null;
  const hadFocus = board.contains(document.activeElement);
  if (!drawBoard()) return;
  mark();
  drawSide();
  rove(hadFocus || focusLost());
  if (before) slide(before);
}

// drawBoard draws the cards of the position on screen afresh, and says
// whether there is one: with none, the board is left empty.
function drawBoard() {
  const p = pos();
  const board = $("board");
  board.innerHTML = "";
  if (!p) return false;
  setDrawn(S.start);
  board.className = S.game;
  // When the first board appeared, in ms since the page was opened.
  if (!document.body.dataset.firstBoard) document.body.dataset.firstBoard = performance.now().toFixed(0);
  document.body.classList.toggle("peek", showDown());
  const top = document.createElement("div");
  top.className = "top";
  const cells = document.createElement("div");
  cells.className = "cells";
  p.cells.forEach((c, i) => {
    const s = slot("cell", "c" + (i + 1), `cell ${i + 1}, ${c ? cardName(c) : "empty"}`);
    if (c) s.appendChild(cardEl(c, false));
    cells.appendChild(s);
  });
  const found = document.createElement("div");
  found.className = "foundations";
  for (const su of SUIT_ORDER) {
    const h = p.foundations[su];
    const s = slot("foundation", su, `${{ C: "clubs", S: "spades", H: "hearts", D: "diamonds" }[su]} foundation, ${h ? "up to " + cardName(RANKS[h - 1] + su) : "empty"}`);
    s.dataset.height = String(h);
    if (h > 0) s.appendChild(cardEl(RANKS[h - 1] + su, false));
    else { const m = document.createElement("span"); m.className = "mark " + (su === "H" || su === "D" ? "red" : "black"); m.textContent = SUITS[su]; s.appendChild(m); }
    found.appendChild(s);
  }
  top.appendChild(cells);
  top.appendChild(found);
  board.appendChild(top);

  const tab = document.createElement("div");
  tab.className = "tableau";
  p.tableau.forEach((pl, i) => {
    const name = "t" + (i + 1);
    const down = (pl.down || []).length, up = pl.up.length;
    const s = slot("pile", name, `column ${i + 1}: ` + (down + up === 0 ? "empty" :
      `${plural(down, "face-down card")}, ${plural(up, "face-up card")}` + (up ? `, top ${cardName(pl.up[up - 1])}` : "")));
    const stack = document.createElement("div");
    stack.className = "stack";
    for (const c of pl.down) stack.appendChild(cardEl(c, true));
    for (const c of pl.up) stack.appendChild(cardEl(c, false));
    s.appendChild(stack);
    tab.appendChild(s);
  });
  board.appendChild(tab);
  fit();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (board.querySelectorAll(".card"))) {
    if (el.dataset.down) { el.setAttribute("role", "img"); continue; }
    el.tabIndex = -1;
    el.setAttribute("role", "button");
  }
  return true;
}

// focusLost says the focus went nowhere, once the page has loaded: the
// control that had it is gone or hidden (the hint's Play button, Finish)
// and the page's body has it. The board takes it then.
function focusLost() {
  if (document.body.dataset.loaded !== "1") return false;
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected || !!a.closest("[hidden]");
}

// fit narrows the fan of the columns so that the longest ends above the
// bottom of the window, as solitaire sites do, rather than growing the
// page, and keeps every card readable: first the strips of face-down
// cards (down to a quarter), then the strips of face-up cards of the
// columns too long for the window, each column on its own (the others
// keep their fan), down to the strip that still shows a card's corner,
// its rank and suit; then the cards themselves, but never to a corner
// under 12 px (a card 48 px wide, or as dealt if smaller; 10 px in a
// small window, 9 px on a phone 320 px wide). A column too
// long for that makes the page scroll. On Ripple Fan, whose columns lie in
// two rows, the rows share the room.
export function fit() {
  fitSide();
  const board = $("board");
  for (const v of ["--down-k", "--up-strip", "--cw"]) board.style.removeProperty(v);
  const stacks = /** @type {HTMLElement[]} */ ([...board.querySelectorAll(".tableau .stack")]);
  for (const s of stacks) s.style.removeProperty("--up-strip");
  const card = board.querySelector(".tableau .card");
  if (!card) return;
  const r = card.getBoundingClientRect();
  const rf = board.classList.contains("ripple-fan");
  const boxes = stacks.map((s) => s.getBoundingClientRect());
  const top = Math.min(...boxes.map((b) => b.top)) + window.scrollY;
  // The room below the columns' tops, with slack for a message line; on
  // a phone, where the panel follows the board, less the room that the
  // main controls and the verdict take below it (their distance from the
  // board's bottom does not depend on the board's height).
  const avail = window.innerHeight - top - Math.max(40, phone.matches ? belowBoard() + 8 : 0);
  // The rows of columns (one, or Ripple Fan's two), and the room between
  // them: from the bottom of a row's tallest column to the next row's top.
  /** @type {number[][]} */
  const rows = [];
  let between = 0;
  boxes.forEach((b, i) => {
    const last = rows[rows.length - 1];
    if (last && Math.abs(boxes[last[0]].top - b.top) < 2) last.push(i);
    else {
      if (last) between += b.top - Math.max(...last.map((j) => boxes[j].top + Math.max(boxes[j].height, r.height)));
      rows.push([i]);
    }
  });
  // Each column's strips: how many of face-up cards (each u px), and the
  // share of the card's height that those of face-down cards take.
  const strips = stacks.map((s) => {
    const cs = [.../** @type {HTMLCollectionOf<HTMLElement>} */ (s.children)];
    let up = 0, down = 0;
    for (let i = 1; i < cs.length; i++) {
      if (!cs[i - 1].dataset.down) up++;
      else down += cs[i].dataset.down ? 0.12 : 0.16;
    }
    return { up, down };
  });
  // The strip of face-up cards as drawn, and the least that shows a
  // card's corner (the card's edge, 1 px, the corner's top, 0.1 em, and
  // its line, 1 em, in a font a quarter of the card's width, and 1 px to
  // spare), for cards cw wide.
  /** @param {number} cw */
  const full = (cw) => Math.max(cw * 1.4 * (rf ? 0.22 : 0.26), 25);
  /** @param {number} cw */
  const least = (cw) => Math.min(full(cw), Math.ceil(cw * 0.25 * 1.1 + 2));
  // The strips of each column, with cards cw wide and face-down strips
  // scaled by k, when no column is to be taller than most: those of a
  // column narrowed as far as it must, and no further than least.
  /** @param {number} cw @param {number} k @param {number} most */
  const fan = (cw, k, most) => strips.map((st) => {
    const ch = cw * 1.4, f = full(cw);
    if (!st.up || ch + ch * k * st.down + f * st.up <= most) return f;
    return Math.max(least(cw), Math.floor((most - ch - ch * k * st.down) / st.up * 10) / 10);
  });
  // The height of the board's columns, row on row.
  /** @param {number} cw @param {number} k @param {number[]} u */
  const height = (cw, k, u) => between + rows.reduce((sum, row) => sum + Math.max(...row.map((i) =>
    cw * 1.4 * (1 + k * strips[i].down) + u[i] * strips[i].up)), 0);
  // The fan of cards cw wide that fits the board in the room, if one
  // does: with the tallest column allowed less and less room.
  /** @param {number} cw @param {number} k */
  const fitting = (cw, k) => {
    let u = fan(cw, k, avail);
    for (let most = avail; most > 0; most -= 4) {
      u = fan(cw, k, most);
      if (height(cw, k, u) <= avail) return { u, fits: true };
      if (u.every((x, i) => x <= least(cw) || !strips[i].up)) break;
    }
    return { u, fits: false };
  };
  let k = 1, cw = r.width;
  let u = fan(cw, k, Infinity);
  if (height(cw, k, u) <= avail) return;
  for (; k > 0.25 && height(cw, k, u) > avail; k -= 0.05);
  let got = fitting(cw, k);
  // The least font of a corner: 12 px, 10 in a small window (a laptop
  // zoomed, a phone), 9 on a phone 320 px wide.
  const font = window.innerWidth >= 1200 && window.innerHeight >= 600 ? 12 : window.innerWidth > 360 ? 10 : 9;
  const narrowest = Math.min(cw, font * 4);
  while (!got.fits && cw > narrowest) {
    cw = Math.max(narrowest, Math.ceil(cw) - 1);
    got = fitting(cw, k);
  }
  // Too long a column for the window even so: the page scrolls.
  u = got.u;
  board.style.setProperty("--down-k", k.toFixed(2));
  if (cw < r.width) board.style.setProperty("--cw", cw.toFixed(2) + "px");
  const f = full(cw);
  stacks.forEach((s, i) => { if (u[i] < f) s.style.setProperty("--up-strip", u[i].toFixed(1) + "px"); });
}

// phone is the layout in which the side panel follows the board
// (style.css, "a phone").
const phone = window.matchMedia("(max-width: 600px)");

// belowBoard is how far below the board the last verdict line ends (of
// Solve, of a hint or a check, of a review), or the status line when there
// is none.
function belowBoard() {
  const lines = document.querySelectorAll("#verdict .head, #hint .head + p, #review .head");
  const last = lines.length ? lines[lines.length - 1] : $("status");
  return last.getBoundingClientRect().bottom - $("board").getBoundingClientRect().bottom;
}

// fitLater fits the board again once the elements whose height it depends
// on change size: the message line, the status line and the verdicts.
export function fitLater() {
  let queued = false;
  const o = new ResizeObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fit(); });
  });
  for (const id of ["message", "status", "verdict", "hint", "review"]) o.observe($(id));
  let scrolled = false;
  window.addEventListener("scroll", () => {
    if (scrolled) return;
    scrolled = true;
    requestAnimationFrame(() => { scrolled = false; fitSide(); });
  }, { passive: true });
}

// fitSide keeps the side panel, where it lies beside the board, within the
// window: it starts below the header until the page scrolls (then it
// sticks to the window's top), and its height is what is left below that
// (style.css), so nothing of it lies below the window; what does not fit
// scrolls within it.
function fitSide() {
  const side = $("side");
  side.style.setProperty("--side-top", Math.max(8, side.getBoundingClientRect().top).toFixed(1) + "px");
}

// ANSWERS are the boxes of the side panel that answer the player: Solve's
// verdict, a hint or "Can I still win?", and the review.
const ANSWERS = ["verdict", "hint", "review"];

// keepAnswersInSight shows each new answer where the player sees it: its
// box goes first of the answers, right under the controls (the older ones
// follow it), and the panel, if it scrolls, scrolls as little as shows it
// (its head first, when the panel is too short for all of it). The page
// stays where it is, and so does the focus.
export function keepAnswersInSight() {
  const o = new MutationObserver((records) => {
    const changed = ANSWERS.map((id) => $(id)).filter((el) => el.firstChild && records.some((r) => r.target === el));
    const el = changed[changed.length - 1];
    if (!el) return;
    const first = /** @type {HTMLElement} */ ([...el.parentElement.children].find((c) => ANSWERS.includes(c.id)));
    if (first !== el) {
      const a = document.activeElement;
      el.parentElement.insertBefore(el, first);
      if (a instanceof HTMLElement && a !== document.activeElement) a.focus({ preventScroll: true });
    }
    const side = $("side"), s = side.getBoundingClientRect(), r = el.getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(side).paddingTop) || 0;
    if (r.top < s.top + pad) side.scrollTop -= s.top + pad - r.top;
    else if (r.bottom > s.bottom - pad) side.scrollTop += Math.min(r.bottom - s.bottom + pad, r.top - s.top - pad);
  });
  for (const id of ANSWERS) o.observe($(id), { childList: true });
}

// ---------- the board by keyboard ----------

// The board is one stop of the Tab key: one of its buttons (a card or a
// place) has tabindex 0, the others -1, and the arrow keys move between
// them (a roving tabindex). S.focus names the one that has it: a card by
// its code, else a place; it survives every redraw, so that focus follows
// the card that moved.

/** @param {HTMLElement} el */
export function focusKey(el) {
  if (el.dataset.card) return "card:" + el.dataset.card;
  /** @type {HTMLElement | null} */
  const s = el.closest(".slot");
  return s ? "place:" + locName(s) + ":" + (s.dataset.foundation || "") : "";
}

/** @returns {HTMLElement[]} */
export function slots() { return [.../** @type {NodeListOf<HTMLElement>} */ ($("board").querySelectorAll(".slot"))]; }
/** @param {Element} slot @returns {HTMLElement[]} */
export function itemsOf(slot) { return [.../** @type {NodeListOf<HTMLElement>} */ (slot.querySelectorAll('[role="button"]'))]; }

/** @param {string} key @returns {HTMLElement | null} */
export function findFocus(key) {
  if (!key) return null;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ ($("board").querySelectorAll('[role="button"]'))) if (focusKey(el) === key) return el;
  return null;
}

// rove gives tabindex 0 to the board's focused button (or the place it
// was in, or the first), and focuses it when the board had the focus.
/** @param {boolean} focus */
export function rove(focus) {
  const board = $("board");
  let el = findFocus(S.focus && S.focus.key);
  if (!el && S.focus && S.focus.loc) {
    const s = locEl(S.focus.loc);
    const slot = s && (s.classList.contains("slot") ? s : s.querySelector(".slot"));
    if (slot) { const it = itemsOf(slot); el = it[it.length - 1]; }
  }
  if (!el) el = board.querySelector('[role="button"]');
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (board.querySelectorAll('[tabindex="0"]'))) b.tabIndex = -1;
  if (!el) return;
  el.tabIndex = 0;
  if (focus) el.focus({ preventScroll: false });
}

/** @param {HTMLElement} el */
export function setFocus(el) {
  /** @type {HTMLElement | null} */
  const s = el.closest(".slot");
  setFocusKey({ key: focusKey(el), loc: s ? locName(s) : "" });
}

// boardKey moves the focus with the arrow keys: left and right to the
// place before or after (its top card), up and down within a place's
// cards, Home and End to the first and last place.
/** @param {KeyboardEvent} e */
export function boardKey(e) {
  /** @type {HTMLElement | null} */
  const el = /** @type {HTMLElement} */ (e.target).closest('[role="button"]');
  if (!el) return false;
  const all = slots();
  /** @type {HTMLElement} */
  const slot = el.closest(".slot");
  const i = all.indexOf(slot);
  const items = itemsOf(slot);
  const j = items.indexOf(el);
  let to = null;
  const top = (/** @type {number} */ k) => { const it = itemsOf(all[k]); return it[it.length - 1]; };
  switch (e.key) {
    case "ArrowLeft": to = top((i - 1 + all.length) % all.length); break;
    case "ArrowRight": to = top((i + 1) % all.length); break;
    case "ArrowUp": to = items[Math.max(0, j - 1)]; break;
    case "ArrowDown": to = items[Math.min(items.length - 1, j + 1)]; break;
    case "Home": to = top(0); break;
    case "End": to = top(all.length - 1); break;
    default: return false;
  }
  e.preventDefault();
  e.stopPropagation();
  if (to) {
    setFocus(to);
    for (const b of /** @type {NodeListOf<HTMLElement>} */ ($("board").querySelectorAll('[tabindex="0"]'))) b.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }
  return true;
}

// ---------- animation ----------

export function reducedMotion() { return window.matchMedia("(prefers-reduced-motion: reduce)").matches; }

// cardRects is where each card of the board is on screen.
/** @returns {Map<string, DOMRect>} */
export function cardRects() {
  const r = new Map();
  for (const el of /** @type {NodeListOf<HTMLElement>} */ ($("board").querySelectorAll(".card[data-card]"))) r.set(el.dataset.card, el.getBoundingClientRect());
  return r;
}

// slide makes every card that moved since before glide from its old place
// to its new one (through the CSSOM: the page's CSP allows no inline
// styles in markup).
/** @param {Map<string, DOMRect>} before */
export function slide(before) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ ($("board").querySelectorAll(".card[data-card]"))) {
    const old = before.get(el.dataset.card);
    if (!old) continue;
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left, dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.style.zIndex = "10";
    const a = el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: 200, easing: "ease-out" });
    a.onfinish = a.oncancel = () => { el.style.zIndex = ""; };
  }
}

// mark highlights the move just played, the selection, the legal
// destinations of the selection, and the hint.
export function mark() {
  const board = $("board");
  for (const el of board.querySelectorAll(".moved,.from,.dest,.selected,.target,.hinted,.hint-dest")) {
    el.classList.remove("moved", "from", "dest", "selected", "target", "hinted", "hint-dest");
  }
  if (S.cur > 0) {
    const m = S.line[S.cur - 1];
    const d = locEl(m.to);
    if (d) d.classList.add("dest");
    const f = locEl(m.from);
    if (f) f.classList.add("from");
    for (const c of m.cards) { const el = cardAt(c); if (el) el.classList.add("moved"); }
  }
  for (const el of board.querySelectorAll("[aria-pressed]")) el.removeAttribute("aria-pressed");
  if (S.selected) {
    for (const c of S.selected.cards) { const el = cardAt(c); if (el) { el.classList.add("selected"); el.setAttribute("aria-pressed", "true"); } }
    for (const m of S.legal || []) {
      if (m.card === S.selected.card && m.from === S.selected.from) { const el = locEl(m.to); if (el) el.classList.add("target"); }
    }
  }
  for (const el of board.querySelectorAll(".lost")) el.classList.remove("lost");
  if (S.review && S.review.move && S.cur < S.review.lostAt) {
    for (const c of S.review.move.cards) { const el = cardAt(c); if (el) el.classList.add("lost"); }
    const el = locEl(S.review.move.to);
    if (el) el.classList.add("lost");
  }
  if (S.hintMove) {
    for (const c of S.hintMove.cards) { const el = cardAt(c); if (el) el.classList.add("hinted"); }
    const el = locEl(S.hintMove.to);
    if (el) el.classList.add("hint-dest");
  }
}

/** @param {string} code @returns {HTMLElement | null} */
export function cardAt(code) { return $("board").querySelector(`.card[data-card="${code}"]`); }

// locEl is the element of a place of the board: a column ("t3"), a cell
// ("c1") or the foundations ("f").
/** @param {string} loc @returns {HTMLElement | null} */
export function locEl(loc) {
  const b = $("board");
  if (loc === "f") return b.querySelector(".foundations");
  if (loc[0] === "t") return b.querySelector(`[data-pile="${loc}"]`);
  if (loc[0] === "c") return b.querySelector(`[data-cell="${loc}"]`);
  return null;
}
