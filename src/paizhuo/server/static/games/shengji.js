// Shengji 升级 / 拖拉机 at the table: roles, trump and level, points, the end-of-deal summary.
// The table core (../table.js) calls these hooks with its context `ctx` (see table.js).
import { cardsText, suitSymbol } from "../cards.js";
import { t } from "../i18n.js";

export function trumpText(trump) {
  if (!trump) return "—";
  if (trump === "NT") return t("sj.nt");
  return suitSymbol(trump);
}

export const shengji = {
  badges(ctx, i) {
    const d = ctx.details();
    const badges = [];
    if (d.dealer === i) badges.push(["dealer", t("sj.dealer")]);
    else if (d.defenders && d.defenders.includes(i)) badges.push(["side", t("sj.defenders")]);
    if (d.levels && d.levels[String(i)]) badges.push(["level", `${t("sj.level")} ${d.levels[String(i)]}`]);
    return badges;
  },

  info(ctx) {
    const d = ctx.details();
    const lang = ctx.lang();
    const items = [];
    items.push([t("sj.level"), d.level || "—"]);
    items.push([t("sj.trump"), trumpText(d.trump)]);
    if (d.dealer !== null && d.dealer !== undefined) items.push([t("sj.dealer"), ctx.seatName(d.dealer)]);
    if (d.standing_bid && !d.trump) {
      items.push([t("sj.bid"), `${ctx.seatName(d.standing_bid.seat)} ${cardsText(d.standing_bid.cards, lang)}`]);
    }
    if (typeof d.attackers_points === "number") items.push([t("sj.points"), String(d.attackers_points)]);
    if (d.friends && d.friends.length) {
      items.push([t("sj.friends"), d.friends.map((f) => `${cardsText(f.card, lang)} ${t("nth", { n: f.nth })}` +
        (f.found !== null && f.found !== undefined ? ` = ${ctx.seatName(f.found)}` : "")).join(", ")]);
    }
    if (d.kitty) items.push([t("sj.kitty"), cardsText(d.kitty, lang)]);
    return items;
  },

  center(ctx) {
    const d = ctx.details();
    return ctx.h("div", { class: "center-info" },
      ctx.h("span", { class: `trump-chip ${d.trump === "H" || d.trump === "D" ? "red" : ""}` },
        `${t("sj.trump")} ${trumpText(d.trump)}`),
      ctx.h("span", {}, `${t("sj.level")} ${d.level || "—"}`),
      typeof d.attackers_points === "number" ? ctx.h("span", {}, `${t("sj.points")} ${d.attackers_points}`) : null);
  },

  event(ctx, ev) {
    if (ev.type === "trump") {
      ctx.addLog("event", t("event.trump", { trump: trumpText(ev.trump), name: ctx.seatName(ev.dealer) }));
      return true;
    }
    if (ev.type === "kitty") {
      ctx.addLog("event", `${t("event.kitty", { points: ev.points })} · ${cardsText(ev.cards, ctx.lang())}`);
      return true;
    }
    return false;
  },

  dealOver(ctx, m) {
    const r = m.result || {};
    const lang = ctx.lang();
    const lines = [];
    if (r.winner) lines.push(t(`sj.winner.${r.winner}`));
    if (typeof r.attackers_points === "number") lines.push(`${t("sj.points")}: ${r.attackers_points}`);
    if (r.kitty) lines.push(`${t("sj.kitty")}: ${cardsText(r.kitty, lang)} (${r.kitty_points ?? 0})`);
    return {
      lines,
      extra: (i) => (r.new_levels ? [`${t("sj.level")} ${r.new_levels[String(i)]}`] : []),
    };
  },

  isTrump(ctx, card) {
    const d = ctx.details();
    return d.trump !== undefined && d.trump !== null && ctx.cardIsTrump(card, d.trump, d.level);
  },
};
