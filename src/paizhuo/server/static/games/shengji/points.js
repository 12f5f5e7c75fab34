// Shengji 升级: the sides — the points the attackers need this deal and how far they came (the
// scoreboard's and the summary's bar), and the levels of fixed partners. Imported by
// ../shengji.js and ./summary.js.
import { t } from "../../i18n.js";
import { memory } from "./common.js";

/** The points the attackers need this deal: the engine's `attackers_need`, else two steps. */
function need(d) {
  if (typeof d.attackers_need === "number") return d.attackers_need;
  if (d.attackers_need === null) return null;
  return typeof d.step === "number" ? 2 * d.step : null;
}

/** The goal and the deck's points of the deal, remembered from its last observation (the
 * summary may come when the table's state has moved on, or the table is over). */
export function goalOf(ctx, deal) {
  const m = memory(ctx);
  const d = ctx.details();
  if (!m.goals) m.goals = new Map();
  if (typeof d.points_total === "number" && ctx.s.deal === deal) {
    m.goals.set(deal, { need: need(d), total: d.points_total });
    if (m.goals.size > 4) m.goals.delete(m.goals.keys().next().value);
  }
  return m.goals.get(deal) || { need: null, total: 200 };
}

export function pointsBar(ctx, points, goal, total, id) {
  const h = ctx.h;
  const pct = (x) => `${Math.max(0, Math.min(100, (100 * x) / (total || 1)))}%`;
  const reached = typeof points === "number" && typeof goal === "number" && points >= goal;
  return h("div", { class: `sj-bar ${reached ? "reached" : ""}`, id },
    h("div", { class: "sj-bar-fill", style: `width:${pct(points || 0)}` }),
    typeof goal === "number" ? h("div", { class: "sj-bar-goal", style: `left:${pct(goal)}` }) : null);
}

export function pointsText(d) {
  const goal = need(d);
  if (d.attackers_points === null) return t("sj.points_hidden");
  const pts = typeof d.attackers_points === "number" ? d.attackers_points : 0;
  return goal === null ? `${pts} · ${t("sj.need_unknown")}` : t("sj.points_of", { points: pts, need: goal });
}

/** Fixed partners: the levels of the two sides (seats alternate around the table). */
export function teamLevels(ctx) {
  const d = ctx.details();
  const opts = d.options || {};
  const levels = d.levels || {};
  const seats = Object.keys(levels).map(Number);
  const teams = opts.teams || (String(opts.preset || "").startsWith("friends") ? "friends"
    : opts.preset === "bidding-3" ? "bidding" : "fixed");
  if (teams !== "fixed" || seats.length < 4 || seats.length % 2) return null;
  const me = ctx.s.seat ?? 0;
  const side = (p) => seats.filter((i) => i % 2 === p);
  const mine = side(me % 2);
  const theirs = side((me + 1) % 2);
  return [[t("sj.team_us"), mine, levels[String(mine[0])]], [t("sj.team_them"), theirs, levels[String(theirs[0])]]];
}
