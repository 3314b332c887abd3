// Constants and helpers every module of the page shares.

export const $ = (id) => document.getElementById(id);
export const SUITS = { C: "♣", S: "♠", H: "♥", D: "♦" };
export const SUIT_ORDER = ["C", "S", "H", "D"];
export const RANKS = "A23456789TJQK";
