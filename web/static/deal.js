// @ts-check
// The dealer in JavaScript: deal numbers and starting positions exactly as
// the Go package dealgen makes them (PySolFC's numbering), so that the page
// can show the first board before patience.wasm has loaded. It is an ES
// module with no dependencies. web/dealer_browser_test.go deals thousands
// of deals of each game with it in Chromium and compares every one, and
// parseNumber on good and bad input, with the Go code.
//
//   deal(game, number)  the starting position of a deal, in the JSON shape
//                       of Go's rules.NewPositionDoc: {game, number,
//                       tableau: [{down, up}], cells, foundations}
//   parseNumber(text)   the canonical deal number, as dealgen.ParseNumber
//                       reads it, or an Error saying what is wrong

// ---------- deal numbers ----------

// LCG_LIMIT is the first plain number dealt by MT19937 instead of the LCG.
const LCG_LIMIT = 32000;
// MS_MAX is the largest N of an "ms" number: the LCG keeps 33 bits.
const MS_MAX = 2 ** 33 - 1;

const WANT_DIGITS = "want digits such as 617, #12,345 or ms3000000000";

// isSpace is Go's unicode.IsSpace.
/** @param {number} r a code point */
function isSpace(r) {
  if (r <= 0xff) {
    return (r >= 0x09 && r <= 0x0d) || r === 0x20 || r === 0x85 || r === 0xa0;
  }
  return r === 0x1680 || (r >= 0x2000 && r <= 0x200a) || r === 0x2028 || r === 0x2029 ||
    r === 0x202f || r === 0x205f || r === 0x3000;
}

// isSeparator: what ParseNumber deletes from a plain number.
/** @param {number} r */
function isSeparator(r) {
  return r === 0x23 || r === 0x2d || r === 0x5f || r === 0x2e || r === 0x2c || isSpace(r); // # - _ . ,
}

// msDigits returns the digits of a text that is exactly "ms" and one or
// more ASCII digits, else null.
/** @param {string} s */
function msDigits(s) {
  return /^ms[0-9]+$/.test(s) ? s.slice(2) : null;
}

// PRINTABLE is Go's unicode.IsPrint apart from the ASCII space: letters,
// marks, numbers, punctuation and symbols.
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

// goQuote quotes a text as Go's strconv.Quote does.
/** @param {string} s */
function goQuote(s) {
  let out = '"';
  for (const ch of s) {
    const r = ch.codePointAt(0);
    switch (ch) {
      case '"': out += '\\"'; continue;
      case "\\": out += "\\\\"; continue;
      case "\x07": out += "\\a"; continue;
      case "\b": out += "\\b"; continue;
      case "\f": out += "\\f"; continue;
      case "\n": out += "\\n"; continue;
      case "\r": out += "\\r"; continue;
      case "\t": out += "\\t"; continue;
      case "\v": out += "\\v"; continue;
    }
    if (r === 0x20 || PRINTABLE.test(ch)) {
      out += ch;
    } else if (r < 0x20 || r === 0x7f) {
      out += "\\x" + r.toString(16).padStart(2, "0");
    } else if (r < 0x10000) {
      out += "\\u" + r.toString(16).padStart(4, "0");
    } else {
      out += "\\U" + r.toString(16).padStart(8, "0");
    }
  }
  return out + '"';
}

// quote quotes the input for an error message, shortened as Go's is.
/** @param {string} s */
function quote(s) {
  const runes = [...s];
  return runes.length > 40 ? goQuote(runes.slice(0, 40).join("")) + "..." : goQuote(s);
}

// numberError is dealgen's NumberError, with the same message; plain
// writes the input unquoted, as it is a number.
/** @param {string} input @param {string} problem @param {boolean} [plain] */
function numberError(input, problem, plain = false) {
  let msg = "bad deal number " + (plain ? input : quote(input)) + ": " + problem;
  if (input === "") msg = "empty deal number: " + problem;
  const e = /** @type {Error & { input: string, problem: string }} */ (new Error(msg));
  e.name = "NumberError";
  e.input = input;
  e.problem = problem;
  return e;
}

// looksLikeMS: an ms number spelt in a way that is not accepted ("MS5",
// "#ms5", "ms1,000"), to give a better hint.
/** @param {string} s */
function looksLikeMS(s) {
  let b = "";
  for (const ch of s) {
    const r = ch.codePointAt(0);
    if (isSeparator(r)) continue;
    if (r >= 0x80) return false;
    b += ch.toLowerCase();
  }
  return msDigits(b) !== null;
}

/** @param {string} s */
function syntaxError(s) {
  if (looksLikeMS(s)) {
    return numberError(s, "write an ms deal as lowercase ms and digits only, such as ms3000000000");
  }
  return numberError(s, WANT_DIGITS);
}

// parse reads a deal number as dealgen.ParseNumber does and returns
// {text, lcg, value}: the canonical form; whether the LCG deals it; its N,
// a Number for the LCG, else a BigInt.
/**
 * @typedef {{ text: string, lcg: true, value: number } | { text: string, lcg: false, value: bigint }} Parsed
 * @param {unknown} s
 * @returns {Parsed}
 */
function parse(s) {
  if (typeof s !== "string") {
    throw new TypeError("a deal number is a string or a positive integer, not " + String(s));
  }
  // 1. "ms" and digits, nothing stripped: the LCG, 1 <= N <= 2^33-1.
  const ms = msDigits(s);
  if (ms !== null) {
    const digits = ms.replace(/^0+/, "");
    if (digits.length === 0 || digits.length > 10 || Number(digits) > MS_MAX) {
      throw numberError(s, "ms deals run from ms1 to ms" + MS_MAX);
    }
    const v = Number(digits);
    // Below 32000 the ms deal is the plain deal, so it gets the plain form.
    return { text: v >= LCG_LIMIT ? "ms" + digits : digits, lcg: true, value: v };
  }
  // 2. One trailing "L" dropped, separators and spaces deleted, digits.
  const t = s.endsWith("L") ? s.slice(0, -1) : s;
  let digits = "";
  let sawDigit = false;
  for (const ch of t) {
    const r = ch.codePointAt(0);
    if (r >= 0x30 && r <= 0x39) {
      sawDigit = true;
      if (r !== 0x30 || digits.length > 0) digits += ch;
    } else if (!isSeparator(r)) {
      throw syntaxError(s);
    }
  }
  if (!sawDigit) throw syntaxError(s);
  if (digits.length === 0) throw numberError(s, "deals start at 1, 0 is not a deal");
  if (digits.length <= 5 && Number(digits) < LCG_LIMIT) {
    return { text: digits, lcg: true, value: Number(digits) };
  }
  return { text: digits, lcg: false, value: BigInt(digits) };
}

/**
 * parseNumber reads a deal number the way PySolFC (and dealgen.ParseNumber)
 * does: "617", "#12,345", "ms3000000000", digits of any size. It returns
 * the canonical form, or throws an Error whose message says what is wrong.
 * @param {string} text
 * @returns {string}
 */
export function parseNumber(text) {
  return parse(text).text;
}

// ---------- the generators ----------

// lcgShuffle shuffles the deck with the Microsoft-compatible LCG that
// PySolFC calls LCRandom31. Its state is below 2^33 and x*214013 below
// 2^51, so plain doubles are exact.
/** @param {number[]} deck @param {number} n */
function lcgShuffle(deck, n) {
  const TWO33 = 2 ** 33;
  let x = n;
  let mode = 0; // N < 2^31: the 15-bit Microsoft outputs
  if (n >= 2 ** 32) {
    x = n - 2 ** 32;
    mode = 2; // 16 bits, plus one
  } else if (n >= 2 ** 31) {
    mode = 1; // the same with bit 15 set
  }
  for (let k = deck.length - 1; k > 0; k--) {
    x = (x * 214013 + 2531011) % TWO33;
    const hi = Math.floor(x / 65536);
    let r;
    if (mode === 0) r = hi % 32768;
    else if (mode === 1) r = (hi % 32768) + 32768;
    else r = (hi % 65536) + 1;
    const j = r % (k + 1);
    const c = deck[k];
    deck[k] = deck[j];
    deck[j] = c;
  }
}

// MT19937 as CPython's random module uses it.
const MT_N = 624;
const MT_M = 397;

// MT_INIT is init_genrand(19650218), the state init_by_array starts from.
const MT_INIT = (() => {
  const s = new Uint32Array(MT_N);
  s[0] = 19650218;
  for (let i = 1; i < MT_N; i++) {
    const p = s[i - 1];
    s[i] = Math.imul(1812433253, p ^ (p >>> 30)) + i;
  }
  return s;
})();

// The generator's state, reused for every deal.
const mt = new Uint32Array(MT_N);
let mtIdx = 0;

// mtSeed is init_by_array with the key's 32-bit words (not empty), as
// CPython's random.seed does for an integer.
/** @param {number[]} key */
function mtSeed(key) {
  const n = key.length;
  let prev = MT_INIT[0];
  let j = 0;
  let i = 1;
  // The first mixing loop: max(624, n) steps over i = 1..623, wrapping to
  // 1 and setting mt[0] = mt[623] each time round. Its first 623 steps
  // read the initial state, which is the same for every seed.
  const steps = Math.max(MT_N, n);
  for (let k = steps; k > 0; k--) {
    const base = k > steps - (MT_N - 1) ? MT_INIT[i] : mt[i];
    prev = ((base ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + key[j] + j) >>> 0;
    mt[i] = prev;
    if (++i >= MT_N) {
      mt[0] = prev;
      i = 1;
    }
    if (++j >= n) j = 0;
  }
  // The second: 623 more steps.
  for (let k = MT_N - 1; k > 0; k--) {
    prev = ((mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i) >>> 0;
    mt[i] = prev;
    if (++i >= MT_N) {
      mt[0] = prev;
      i = 1;
    }
  }
  mt[0] = 0x80000000;
  mtIdx = 0;
}

// mtNext returns the next 32-bit output. Each state word is twisted just
// before it is used, as dealgen does: a deal needs only 102 outputs.
function mtNext() {
  const i = mtIdx;
  const next = i + 1 === MT_N ? 0 : i + 1;
  const far = i + MT_M >= MT_N ? i + MT_M - MT_N : i + MT_M;
  const y = (mt[i] & 0x80000000) | (mt[next] & 0x7fffffff);
  let v = mt[far] ^ (y >>> 1);
  if (y & 1) v ^= 0x9908b0df;
  mt[i] = v;
  mtIdx = next;
  v ^= v >>> 11;
  v ^= (v << 7) & 0x9d2c5680;
  v ^= (v << 15) & 0xefc60000;
  v ^= v >>> 18;
  return v >>> 0;
}

// mtShuffle shuffles the deck with MT19937 seeded by n (a BigInt): random()
// from 27 and 26 bits, randint(k) = floor(random() * (k+1)), in doubles as
// CPython computes them.
/** @param {number[]} deck @param {bigint} n */
function mtShuffle(deck, n) {
  const key = [];
  for (let v = n; v > 0n; v >>= 32n) key.push(Number(v & 0xffffffffn));
  mtSeed(key);
  for (let k = deck.length - 1; k > 0; k--) {
    const a = mtNext() >>> 5;
    const b = mtNext() >>> 6;
    const j = Math.floor(((a * 67108864 + b) / 9007199254740992) * (k + 1));
    const c = deck[k];
    deck[k] = deck[j];
    deck[j] = c;
  }
}

// ---------- the deck and the deal ----------

// A card's id is suit*13 + rank, suits C S H D, ranks A..K: PySolFC's
// order before shuffling.
const RANKS = "A23456789TJQK";
const SUITS = "CSHD";
const CARD = Array.from({ length: 52 }, (_, id) => RANKS[id % 13] + SUITS[Math.floor(id / 13)]);

// LCG_DECK is the deck an LCG deal shuffles: rank-major, suits C D H S, so
// that the numbers match the Microsoft FreeCell deals.
const LCG_DECK = (() => {
  const d = [];
  for (let r = 0; r < 13; r++) {
    for (const s of [0, 3, 2, 1]) d.push(s * 13 + r);
  }
  return d;
})();

const MT_DECK = Array.from({ length: 52 }, (_, id) => id);

// talon returns the shuffled deck of a parsed number; its top is the last
// element, the first card dealt.
/** @param {Parsed} n */
function talon(n) {
  if (n.lcg) {
    const deck = LCG_DECK.slice();
    lcgShuffle(deck, n.value);
    return deck;
  }
  const deck = MT_DECK.slice();
  mtShuffle(deck, /** @type {bigint} */ (n.value)); // not the LCG's: a BigInt
  return deck;
}

/**
 * deal returns the starting position of deal number of game, numbered as
 * in PySolFC, in the JSON shape of Go's rules.NewPositionDoc.
 * @param {string} game "russian-cell" or "ripple-fan" (another throws)
 * @param {string|number|bigint} number a deal number as parseNumber reads
 *   it, or a positive integer
 */
export function deal(game, number) {
  let text = number;
  if (typeof number === "bigint" || (typeof number === "number" && Number.isSafeInteger(number))) {
    if (number < 1) throw numberError(String(number), "deals start at 1", true);
    text = String(number);
  }
  const n = parse(text);
  const deck = talon(n);
  let top = deck.length;
  const pop = () => CARD[deck[--top]];
  /** @typedef {{ down: string[], up: string[] }} Pile */
  /** @type {Pile[]} */
  let tableau;
  /** @type {(string | null)[]} */
  let cells;
  switch (game) {
    case "russian-cell":
      tableau = Array.from({ length: 7 }, () => /** @type {Pile} */ ({ down: [], up: [] }));
      // Face down: row i puts one card on each column from i to 6, so
      // column c gets c face-down cards.
      for (let i = 1; i <= 6; i++) {
        for (let c = i; c <= 6; c++) tableau[c].down.push(pop());
      }
      // Four face-up rows on columns 1 to 6, then one on every column.
      for (let row = 0; row < 4; row++) {
        for (let c = 1; c <= 6; c++) tableau[c].up.push(pop());
      }
      for (let c = 0; c <= 6; c++) tableau[c].up.push(pop());
      cells = [null, null];
      break;
    case "ripple-fan":
      tableau = Array.from({ length: 13 }, () => /** @type {Pile} */ ({ down: [], up: [] }));
      for (let row = 0; row < 4; row++) {
        for (let c = 0; c <= 12; c++) tableau[c].up.push(pop());
      }
      cells = [];
      break;
    default:
      throw new Error(`unknown game ${JSON.stringify(String(game))}: use russian-cell or ripple-fan`);
  }
  return { game, number: n.text, tableau, cells, foundations: { C: 0, S: 0, H: 0, D: 0 } };
}
