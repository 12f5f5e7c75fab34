// Shengji 升级: what every part of its table says alike — the trump, a level, the n-th copy
// of a card, a seat's name — and this page's own memory of the deal. Imported by ../shengji.js
// and its other parts here.
import { suitSymbol } from "../../cards.js";
import { t } from "../../i18n.js";

export const RED = new Set(["H", "D"]);
export const SUITS = ["S", "H", "C", "D"];

export function trumpText(trump) {
  if (!trump) return "—";
  if (trump === "NT") return t("sj.nt");
  return suitSymbol(trump);
}

/** The trump as a player says it: "Trump: ♥", "No trump", "Trump: ♥ so far" while a bid
 * stands, "Trump: none yet". */
export function trumpLine(d) {
  if (d.trump) return d.trump === "NT" ? t("sj.nt") : t("words.trump", { trump: trumpText(d.trump) });
  const bid = d.standing_bid && d.standing_bid.trump;
  if (!bid) return t("words.trump_none");
  return bid === "NT" ? t("words.nt_so_far") : t("words.trump_so_far", { trump: trumpText(bid) });
}

export function nthText(n) {
  const own = t(`sj.nth${n}`);
  return own === `sj.nth${n}` ? t("nth", { n }) : own;
}

/** A level's name as players say it ("T" is 10). */
export function levelText(lv) {
  return lv === "T" ? "10" : lv || "—";
}

export function known(x) {
  return x !== null && x !== undefined;
}

/** A seat's name (the core tells seats of one name apart by their numbers). */
export function who(ctx, i) {
  return known(i) ? ctx.seatName(i) : "?";
}

// -- this page's own memory of the deal (the core clears its notices on every state) ---------
const MEMORY = new WeakMap();

export function memory(ctx) {
  let m = MEMORY.get(ctx.s);
  if (!m) {
    m = { throwNotice: null, callCard: null, callKey: "", handBefore: null, handDeal: null };
    MEMORY.set(ctx.s, m);
  }
  return m;
}
