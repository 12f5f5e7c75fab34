// The seats around the felt (name, bot, trustee, offline, roles, card count, timer, whose
// turn) and the play in front of each (its cards, or its verb in words).
import { cardBack, cardFace, splitCards } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { botNameParts } from "../look.js";
import { seatBadges } from "./hand.js";
import { trusteeLabel } from "./leave.js";
import { markPlay, seatAvatar, seatWhereLine } from "./motion.js";

/** The seat's name; a bot's in two parts (who, then its strength), so that a phone shows the
 * name on one line and the strength in the bot's tag instead (layout.css). */
function seatNameNode(ctx, i) {
  const { s } = ctx;
  const seat = s.table.seats[i];
  if (seat.kind === "empty") return h("div", { class: "seat-name" }, t("table.empty"));
  if (seat.kind !== "bot") return h("div", { class: "seat-name" }, ctx.seatName(i));
  const { who, strength } = botNameParts(s.table.id, i, seat.bot, ctx.lang());
  return h("div", { class: "seat-name", title: who + strength },
    h("span", { class: "bot-who" }, who), h("span", { class: "bot-strength" }, strength));
}

/** A bot's tag: "bot", and its strength where the name leaves it out (a phone). */
function botTag(ctx, i) {
  const { s } = ctx;
  const { word } = botNameParts(s.table.id, i, s.table.seats[i].bot, ctx.lang());
  return h("span", { class: "tag bot" }, h("span", { class: "bot-word" }, t("table.bot")),
    h("span", { class: "bot-kind" }, word));
}

/** Seat `i`'s box at (`x`%, `y`%) of the felt. */
export function renderSeat(ctx, i, x, y, obs) {
  const { s } = ctx;
  const game = ctx.game();
  const seat = s.table.seats[i];
  const toAct = obs && obs.to_act && obs.to_act.includes(i);
  const size = obs && obs.hand_sizes ? obs.hand_sizes[i] : null;
  const timed = !!(s.state && s.state.deadline && (s.state.deadline.seats || []).includes(i));
  const cls = ["seat", toAct ? "acting" : "", seat.kind === "empty" ? "empty" : "",
               i === s.seat ? "mine" : ""].join(" ");
  return h("div", { class: cls, style: `left:${x}%;top:${y}%`, dataset: { seat: String(i) } },
    h("div", { class: "seat-head" }, seatAvatar(ctx, i), seatNameNode(ctx, i)),
    seatWhereLine(ctx, i),
    h("div", { class: "seat-tags" },
      seat.kind === "bot" ? botTag(ctx, i) : null,
      seat.trustee ? h("span", { class: `tag trustee trustee-${seat.trustee}` }, trusteeLabel(seat)) : null,
      seat.kind === "person" && !seat.connected ? h("span", { class: "tag off" }, t("table.offline")) : null,
      seatBadges(ctx, i).map(([k, label]) => h("span", { class: `tag role-${k}` }, label))),
    size !== null && size !== undefined && s.table.status === "playing"
      ? h("div", { class: "seat-count" }, h("span", { class: "mini-back" }, cardBack()),
        t("table.cards", { n: size })) : null,
    game.seatExtra ? game.seatExtra(ctx, i) : null,
    timed ? ctx.timerNode(null) : null,
    timed ? ctx.ringNode("seat-ring") : null,
    toAct ? h("div", { class: "seat-turn" }, t("table.to_act")) : null);
}

/** Seat `i`'s last play of the trick or round at (`x`%, `y`%): its cards face up (with the
 * game's `playMark`), or the action in words (a pass, a game's `playsInWords` such as a bury). */
export function renderPlay(ctx, i, x, y) {
  const game = ctx.game();
  const ev = ctx.s.lastPlays[i];
  const spot = h("div", { class: "play-spot", style: `left:${x}%;top:${y}%`, dataset: { seat: String(i) } });
  if (!ev) return spot;
  const cards = splitCards(ev.cards);
  if (cards.length && !(game.playsInWords || []).includes(ev.verb)) {
    spot.append(h("div", { class: "played-cards" }, cards.map((c) => h("span", { class: "card small" }, cardFace(c)))));
    if (ev.verb !== "play") spot.append(h("div", { class: "played-verb" }, ctx.verbLabel(ev.verb)));
    const mark = game.playMark ? game.playMark(ctx, ev) : null;
    if (mark) spot.append(h("div", { class: "played-mark" }, mark));
  } else {
    spot.append(h("div", { class: "played-verb" }, ctx.describeAction(ev, true)));
  }
  markPlay(ctx, spot, i, ev, (x - 50) / 24, (y - 50) / 22);
  return spot;
}
