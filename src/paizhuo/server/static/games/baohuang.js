// Baohuang 保皇 at the table: the emperor and the guard as they become known, places, scores.
// The table core (../table.js) calls these hooks with its context `ctx` (see table.js).
import { cardsText } from "../cards.js";
import { t } from "../i18n.js";

export function roleText(role) {
  if (role === "emperor") return t("bh.emperor");
  if (role === "guard") return t("bh.guard");
  if (role === "revolutionary") return t("bh.rebel");
  return role;
}

export const baohuang = {
  badges(ctx, i) {
    const d = ctx.details();
    const badges = [];
    if (d.emperor === i) badges.push(["dealer", t("bh.emperor")]);
    if (d.guard === i && d.guard !== d.emperor) badges.push(["side", t("bh.guard")]);
    if (d.finished && d.finished.includes(i)) badges.push(["rank", `#${d.finished.indexOf(i) + 1}`]);
    return badges;
  },

  myBadges(ctx) {
    const d = ctx.details();
    return d.role && d.role !== "emperor" ? [["side", roleText(d.role)]] : [];
  },

  info(ctx) {
    const d = ctx.details();
    const lang = ctx.lang();
    const items = [];
    if (d.emperor !== null && d.emperor !== undefined) items.push([t("bh.emperor"), ctx.seatName(d.emperor)]);
    if (d.guard !== null && d.guard !== undefined && d.guard !== d.emperor) items.push([t("bh.guard"), ctx.seatName(d.guard)]);
    if (d.called) items.push([t("bh.called"), cardsText(d.called, lang)]);
    if (d.role) items.push([t("bh.role"), roleText(d.role) + (d.alone ? ` · ${t("bh.alone")}` : "") +
      (d.open ? ` · ${t("bh.open")}` : "")]);
    return items;
  },

  dealOver(ctx, m) {
    const r = m.result || {};
    return {
      lines: [],
      extra: (i) => {
        const out = [];
        if (r.rank_names) out.push(r.rank_names[i]);
        if (r.roles) {
          if (r.roles.emperor === i) out.push(t("bh.emperor"));
          if (r.roles.guard === i && r.roles.guard !== r.roles.emperor) out.push(t("bh.guard"));
        }
        return out;
      },
    };
  },
};
