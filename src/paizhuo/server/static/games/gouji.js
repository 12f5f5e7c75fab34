// Gouji 够级 at the table: teams and the 对头, ranks as players go out, the series.
// The table core (../table.js) calls these hooks with its context `ctx` (see table.js).
import { cardsText } from "../cards.js";
import { t } from "../i18n.js";

export const gouji = {
  badges(ctx, i) {
    const d = ctx.details();
    const me = ctx.s.seat;
    const badges = [];
    if (me !== null && i !== me) {
      if ((me + 3) % 6 === i) badges.push(["duitou", t("gj.duitou")]);
      else if ((me - i) % 2 === 0) badges.push(["side", t("gj.team")]);
    }
    if (d.ranks && d.ranks[String(i)]) badges.push(["rank", d.ranks[String(i)]]);
    if (d.revolution && d.revolution.includes(i)) badges.push(["rank", t("verb.revolution")]);
    return badges;
  },

  info(ctx) {
    const d = ctx.details();
    const items = [];
    if (d.series_game) items.push(["够级", t("gj.series", { n: d.series_game })]);
    if (d.round && d.round.play) {
      items.push([t("gj.round"), `${ctx.seatName(d.round.maker)}: ${cardsText(d.round.play, ctx.lang())}`]);
    }
    return items;
  },

  dealOver(ctx, m) {
    const r = m.result || {};
    return { lines: [], extra: (i) => (r.ranks ? [r.ranks[i]] : []) };
  },
};
