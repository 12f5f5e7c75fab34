// Card notation ("AS", "TH", "SJ", "BJ", "BJ*") and SVG card faces drawn by code.
import { currentLang } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const SUIT_SYMBOL = { S: "♠", H: "♥", C: "♣", D: "♦" };
const RANK_ORDER = "3456789TJQKA2"; // climbing games: 2s above aces
const RANK_LABEL = { T: "10" };

export function isJoker(card) {
  return card === "SJ" || card === "BJ" || card === "BJ*";
}

export function suitOf(card) {
  return isJoker(card) ? null : card[1];
}

export function rankOf(card) {
  return isJoker(card) ? card : card[0];
}

export function isRed(card) {
  return card === "BJ" || card === "BJ*" || card[1] === "H" || card[1] === "D";
}

/** Short text for a card, with its suit symbol ("10♥", "大王"). */
export function cardText(card, lang = "en") {
  if (card === "SJ") return lang === "zh" ? "小王" : "SJ";
  if (card === "BJ") return lang === "zh" ? "大王" : "BJ";
  if (card === "BJ*") return lang === "zh" ? "大王★" : "BJ★";
  return (RANK_LABEL[card[0]] || card[0]) + SUIT_SYMBOL[card[1]];
}

export function cardsText(cards, lang) {
  return splitCards(cards).map((c) => cardText(c, lang)).join(" ");
}

export function splitCards(cards) {
  if (!cards) return [];
  return Array.isArray(cards) ? cards : cards.split(/\s+/).filter(Boolean);
}

export function suitSymbol(s) {
  return SUIT_SYMBOL[s] || s;
}

/** A climbing game's order of cards: by rank, 2s above aces, jokers on top (highest last). */
export function climbingKey(card) {
  if (card === "SJ") return 100;
  if (card === "BJ") return 101;
  if (card === "BJ*") return 102;
  return RANK_ORDER.indexOf(card[0]) * 4 + "SHCD".indexOf(card[1]);
}

/** Cards sorted by `climbingKey` (a copy): a climbing game's `sortHand` (games/index.js). */
export function sortClimbing(cards) {
  return cards.slice().sort((a, b) => climbingKey(a) - climbingKey(b));
}

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

const FACE = { J: "J", Q: "Q", K: "K" };

/** An SVG face for `card` (a 60×84 viewBox, scaled by CSS). */
export function cardFace(card, { trump = false } = {}) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-face", role: "img" });
  // what a screen reader says: the card as people write it ("10♥", "大王"), not its notation
  svg.setAttribute("aria-label", cardText(card, currentLang()));
  svg.dataset.card = card;
  const color = isRed(card) ? "#c8102e" : "#1b1b1f";
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "card-bg" }));
  if (trump) svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5,
                                     class: "card-trump" }));
  if (isJoker(card)) {
    const big = card !== "SJ";
    svg.append(el("text", { x: 6, y: 14, class: "card-joker-side", fill: color }, "J"));
    const word = el("text", { x: 30, y: 47, "text-anchor": "middle", class: "card-joker",
                              fill: color }, big ? "★" : "☆");
    svg.append(word);
    svg.append(el("text", { x: 30, y: 66, "text-anchor": "middle", class: "card-joker-word",
                            fill: color }, "JOKER"));
    if (card === "BJ*") {
      svg.append(el("circle", { cx: 48, cy: 12, r: 6, fill: "#d4a017" }));
      svg.append(el("text", { x: 48, y: 15.5, "text-anchor": "middle", class: "card-crown",
                              fill: "#fff" }, "皇"));
    }
    return svg;
  }
  const rank = RANK_LABEL[card[0]] || card[0];
  const suit = SUIT_SYMBOL[card[1]];
  svg.append(el("text", { x: 5, y: 15, class: "card-rank", fill: color }, rank));
  svg.append(el("text", { x: 5, y: 27, class: "card-suit-small", fill: color }, suit));
  const corner = el("g", { transform: "rotate(180 30 42)" });
  corner.append(el("text", { x: 5, y: 15, class: "card-rank", fill: color }, rank));
  corner.append(el("text", { x: 5, y: 27, class: "card-suit-small", fill: color }, suit));
  svg.append(corner);
  if (FACE[card[0]]) {
    svg.append(el("rect", { x: 15, y: 18, width: 30, height: 48, rx: 3, class: "card-court",
                            stroke: color }));
    svg.append(el("text", { x: 30, y: 47, "text-anchor": "middle", class: "card-court-letter",
                            fill: color }, rank));
    svg.append(el("text", { x: 30, y: 61, "text-anchor": "middle", class: "card-suit-mid",
                            fill: color }, suit));
  } else {
    svg.append(el("text", { x: 30, y: 53, "text-anchor": "middle", class: "card-suit-big",
                            fill: color }, suit));
  }
  return svg;
}

/** The back of a card (for other seats' hands). */
export function cardBack() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-face card-back-face" });
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "card-back" }));
  svg.append(el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "card-back-inner" }));
  svg.append(el("text", { x: 30, y: 49, "text-anchor": "middle", class: "card-back-mark" }, "牌"));
  return svg;
}
