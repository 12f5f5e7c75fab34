// Shengji 升级: the end-of-deal summary (the `dealOver` hook) — who won, the attackers' points
// against their goal, the kitty and its multiplier, the friends, the next dealer and each
// seat's level change. Imported by ../shengji.js.
import { cardFace, cardsText, splitCards } from "../../cards.js";
import { t } from "../../i18n.js";
import { known, levelText, nthText, who } from "./common.js";
import { goalOf, pointsBar } from "./points.js";

/** The summary's lines and each seat's extra cells ({lines, extra(seat)}, ../index.js). */
export function dealSummary(ctx, m) {
  const h = ctx.h;
  const r = m.result || {};
  const lang = ctx.lang();
  const lines = [];
  if (r.redeal) {
    lines.push(h("p", { class: "sj-result-winner" }, t("sj.result.redeal")));
    return { lines, extra: () => [] };
  }
  if (r.winner) lines.push(h("p", { class: `sj-result-winner ${r.winner}`, id: "sj-result-winner" }, t(`sj.winner.${r.winner}`)));
  const known_ = goalOf(ctx, m.deal);
  const goal = typeof r.target === "number" ? r.target : known_.need;
  if (typeof r.attackers_points === "number") {
    lines.push(h("div", { class: "sj-result-points", id: "sj-result-points" },
      h("p", {}, t("sj.result.points", { points: r.attackers_points, need: goal ?? "?" }),
        typeof r.card_points === "number"
          ? h("span", { class: "muted" }, ` (${t("sj.result.breakdown", { cards: r.card_points, added: r.kitty_points_added ?? 0 })})`) : null),
      pointsBar(ctx, r.attackers_points, goal, known_.total, "sj-result-bar")));
  }
  const mult = r.kitty_multiplier ?? 0;
  if (r.kitty) {
    lines.push(h("div", { class: "sj-result-kitty", id: "sj-result-kitty" },
      h("p", {}, t(mult ? "sj.result.kitty" : "sj.result.kitty_kept", { points: r.kitty_points ?? 0, mult, added: r.kitty_points_added ?? 0 })),
      h("div", { class: "sj-kitty-cards" }, splitCards(r.kitty).map((c) => h("span", { class: "card small", dataset: { card: c } }, cardFace(c))))));
  } else {
    lines.push(h("p", { class: "sj-result-kitty", id: "sj-result-kitty" }, t("sj.result.kitty_hidden", { mult })));
  }
  if (Array.isArray(r.friends) && r.friends.length) {
    lines.push(h("p", {}, t("sj.result.friends", { list: r.friends.map((f) => `${cardsText(f.card, lang)} ${nthText(f.nth)} → ${known(f.found) ? who(ctx, f.found) : "—"}`).join(", ") })));
  }
  if (known(r.next_dealer)) lines.push(h("p", { id: "sj-next-dealer" }, t("sj.result.next", { name: who(ctx, r.next_dealer) })));
  if (Array.isArray(r.match_winners) && r.match_winners.length) {
    lines.push(h("p", { class: "sj-result-winner" }, t("sj.result.match", { names: r.match_winners.map((i) => who(ctx, i)).join(", ") })));
  }
  const changes = r.level_changes || {};
  const levels = r.new_levels || {};
  const ORDER = "23456789TJQKAN";
  return {
    lines,
    extra: (i) => {
      const to = levels[String(i)];
      if (!to) return [];
      const delta = Number(changes[String(i)] || 0);
      const partner = Array.isArray(r.friends) && r.friends.length ? t("sj.friend") : t("sj.defenders");
      const role = i === r.dealer ? t("sj.dealer") : (r.defenders || []).includes(i) ? partner : null;
      const from = ORDER[ORDER.indexOf(to) - delta] || "?";
      const text = delta ? `${t("sj.level")} ${t("sj.result.levels", { from: levelText(from), to: levelText(to) })} (${delta > 0 ? "+" : ""}${delta})`
        : `${t("sj.level")} ${levelText(to)}`;
      return [role, text];
    },
  };
}
