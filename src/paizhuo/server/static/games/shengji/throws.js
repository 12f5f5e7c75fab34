// Shengji 升级: a failed throw 甩牌失败 (SJ-7) — the notice on the felt, remembered from its
// event or read from the observation after a reload, and its line in the log. Imported by
// ../shengji.js.
import { cardsText } from "../../cards.js";
import { t } from "../../i18n.js";
import { memory, who } from "./common.js";

export const NOTICE_MS = 6000; // a failed throw's notice stays at least this long

export function trickCount(d) {
  return Array.isArray(d.tricks) ? d.tricks.length : 0;
}

/** The failed throw to show now: remembered from its event, or read from the observation
 * (after a reload) — shown until the next trick starts. */
export function throwNotice(ctx) {
  const m = memory(ctx);
  const d = ctx.details();
  const n = m.throwNotice;
  if (n && n.deal === ctx.s.deal) {
    const count = trickCount(d);
    const trick = d.current_trick || [];
    if (count === n.trick || (count === n.trick + 1 && !trick.length)) return n;
    // quick players start the next trick at once: it still stays a few seconds
    if (Date.now() < n.until) return n;
  }
  if (d.throw_attempted && d.current_trick && d.current_trick.length) {
    const lead = d.current_trick[0];
    return { deal: ctx.s.deal, trick: trickCount(d), seat: lead.seat, attempted: d.throw_attempted,
             blocked_by: d.throw_blocked_by, played: lead.cards };
  }
  return null;
}

export function throwText(ctx, n) {
  const lang = ctx.lang();
  return t("sj.throw_failed", {
    name: who(ctx, n.seat), tried: cardsText(n.attempted, lang),
    by: who(ctx, n.blocked_by), played: cardsText(n.played, lang),
  });
}
