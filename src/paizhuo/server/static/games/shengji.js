// Shengji 升级 / 拖拉机 at the table: the deal arriving with its bids, the kitty, the friend call,
// failed throws, the attackers' points against their goal, and the end-of-deal summary.
// The table core (../table/) calls these hooks with its context `ctx` (../table/context.js);
// the rules are docs/rules/shengji.md (SJ-n). The hooks are here; their parts in ./shengji/:
// common.js (how trumps, levels and seats are said; this page's memory of the deal),
// bidding.js, friends.js, points.js, throws.js and summary.js (the end-of-deal summary).
import { cardFace, cardsText, isJoker, splitCards } from "../cards.js";
import { t } from "../i18n.js";
import "./shengji/strings.js";
import "./shengji/options.js";
import { bidButtons, dealProgress } from "./shengji/bidding.js";
import { RED, known, levelText, memory, nthText, trumpLine, trumpText, who } from "./shengji/common.js";
import { callChooser, friendsList } from "./shengji/friends.js";
import { goalOf, pointsBar, pointsText, teamLevels } from "./shengji/points.js";
import { dealSummary } from "./shengji/summary.js";
import { NOTICE_MS, throwNotice, throwText, trickCount } from "./shengji/throws.js";

export { trumpText };

/** Whether a card is a trump for a trump suit (or "NT") and a level rank: jokers, the level
 * rank, the trump suit (SJ-2). The observation names the trump and the level, not the cards. */
function isTrump(card, trump, level) {
  if (isJoker(card)) return true;
  if (level && card[0] === level) return true;
  return !!trump && trump !== "NT" && card[1] === trump;
}

// -- marking cards in the hand after the core drew it ----------------------------------------

function markHand(ctx) {
  const d = ctx.details();
  const obs = ctx.obs();
  const m = memory(ctx);
  const hand = ctx.s.hand;
  // cards just dealt to this seat (the hand grows while the deal goes on)
  let fresh = [];
  if (obs && obs.phase === "bid" && m.handDeal === ctx.s.deal && m.handBefore) {
    const left = new Map();
    for (const c of m.handBefore) left.set(c, (left.get(c) || 0) + 1);
    fresh = hand.map((c) => {
      const k = left.get(c) || 0;
      if (k) { left.set(c, k - 1); return false; }
      return true;
    });
  }
  const kitty = obs && obs.phase === "bury" && d.kitty && ctx.s.seat !== null ? splitCards(d.kitty) : [];
  queueMicrotask(() => {
    const nodes = document.querySelectorAll("#hand .card");
    if (nodes.length !== hand.length) return;
    nodes.forEach((el, i) => { if (fresh[i]) el.classList.add("sj-fresh"); });
    // the kitty's cards: the last copies of each in the hand's order are marked
    const want = new Map();
    for (const c of kitty) want.set(c, (want.get(c) || 0) + 1);
    for (let i = nodes.length - 1; i >= 0; i--) {
      const c = hand[i];
      const k = want.get(c) || 0;
      if (!k) continue;
      want.set(c, k - 1);
      nodes[i].classList.add("sj-kitty");
      nodes[i].title = t("sj.kitty_mark");
    }
  });
  if (m.handKey !== ctx.s.handKey) {
    m.handKey = ctx.s.handKey;
    m.handBefore = hand.slice();
    m.handDeal = ctx.s.deal;
  }
}

// -- the hooks -------------------------------------------------------------------------------

export const shengji = {
  rulePrefix: "SJ",
  defaultPreset: "tractor",
  // the bury 扣底 is picked from the hand, and told in words on the felt (its cards are hidden)
  selectVerbs: ["bury"],
  playsInWords: ["bury"],
  // a forced follow (or the last card): the table plays the one legal play (a toggle)
  autoPlay: { key: "follow", verbs: ["play"] },
  // no `sortHand`: the engine's order (suits, then trumps) is the hand's

  badges(ctx, i) {
    const d = ctx.details();
    const badges = [];
    if (d.dealer === i) badges.push(["dealer", t("sj.dealer")]);
    else if ((d.friends || []).some((f) => f.found === i)) badges.push(["friend", t("sj.friend")]);
    else if (d.defenders && d.defenders.includes(i)) badges.push(["side", t("sj.defenders")]);
    if (!known(d.dealer) && d.standing_bid && d.standing_bid.seat === i) {
      badges.push(["bid", `${t("sj.standing")} ${trumpText(d.standing_bid.trump)}`]);
    }
    if (d.levels && d.levels[String(i)]) badges.push(["level", `${t("sj.level")} ${levelText(d.levels[String(i)])}`]);
    return badges;
  },

  info(ctx) {
    const d = ctx.details();
    const lang = ctx.lang();
    const items = [];
    items.push([t("sj.level"), levelText(d.level)]);
    items.push([t("sj.trump"), trumpText(d.trump)]);
    // the kitty cards everyone saw turned up: nobody bid (SJ-4, SJ-14.3), or bidding-3 (SJ-12)
    const turned = d.kitty_turned_up || d.kitty_third_card;
    if (turned) items.push([t("sj.turned_up"), cardsText(turned, lang)]);
    if (known(d.dealer)) items.push([t("sj.dealer"), who(ctx, d.dealer)]);
    if (d.standing_bid && !d.trump) {
      items.push([t("sj.bid"), `${who(ctx, d.standing_bid.seat)} ${cardsText(d.standing_bid.cards, lang)}`]);
    }
    const teams = teamLevels(ctx);
    if (teams) items.push([t("sj.team_levels"), teams.map(([k, , lv]) => `${k} ${levelText(lv)}`).join(" · ")]);
    if (Array.isArray(d.tricks)) {
      items.push([t("sj.points"), pointsText(d)]);
    }
    if (d.kitty) items.push([t("sj.kitty"), cardsText(d.kitty, lang)]);
    return items;
  },

  panels(ctx) {
    const h = ctx.h;
    const d = ctx.details();
    const obs = ctx.obs();
    if (!Array.isArray(d.friends) || (!d.friends.length && !(obs && obs.phase === "call"))) return [];
    const list = friendsList(ctx);
    return [h("section", { class: "panel sj-friends", id: "sj-friends" },
      h("h3", {}, t("sj.call_title")),
      list.length ? h("ul", {}, list.map((f) => h("li", { class: known(f.found) ? "found" : "", dataset: { card: f.card, nth: String(f.nth) } },
        h("span", { class: "card tiny" }, cardFace(f.card)),
        h("span", { class: "sj-friend-call" }, f.text),
        h("span", { class: "sj-friend-who" }, `→ ${f.who}`))))
        : h("p", { class: "muted" }, ctx.myTurn() ? `${t("sj.call_pick")} ←` : t("sj.call_wait", { name: who(ctx, d.dealer) })))];
  },

  center(ctx) {
    const h = ctx.h;
    const d = ctx.details();
    const obs = ctx.obs();
    if (obs && obs.phase === "bury" && !ctx.myTurn() && known(d.dealer)) {
      return h("div", { class: "center-info" }, t("sj.bury_wait", { name: who(ctx, d.dealer) }));
    }
    if (obs && obs.phase === "call" && !ctx.myTurn() && known(d.dealer)) {
      return h("div", { class: "center-info" }, t("sj.call_wait", { name: who(ctx, d.dealer) }));
    }
    if (obs && obs.phase === "bid" && d.stage === "deal") {
      const total = d.cards_to_deal || 0;
      return h("div", { class: "center-info" }, t("sj.deal_progress", { dealt: d.dealt || 0, total }));
    }
    return null;
  },

  /** The scoreboard in the felt's corner (trump, level, dealer, the sides' levels, the
   * attackers' points against their goal) and a failed throw's notice. */
  felt(ctx) {
    const h = ctx.h;
    const d = ctx.details();
    const obs = ctx.obs();
    if (!obs) return null;
    const teams = teamLevels(ctx);
    const goal = goalOf(ctx, ctx.s.deal).need;
    const inPlay = obs.phase === "play" || Array.isArray(d.tricks);
    const board = h("div", { class: "sj-board", id: "sj-board" },
      h("div", { class: "sj-board-row" },
        h("span", { class: `trump-chip sj-trump ${RED.has(d.trump) ? "red" : ""}`, id: "sj-trump" },
          trumpLine(d)),
        h("span", { class: "sj-level" }, `${t("sj.level")} ${levelText(d.level)}`)),
      h("div", { class: "sj-board-row", id: "sj-dealer" },
        h("span", { class: "muted" }, t("sj.dealer")),
        h("b", {}, known(d.dealer) ? who(ctx, d.dealer) : d.standing_bid ? who(ctx, d.standing_bid.seat) + "?" : "—")),
      teams ? h("div", { class: "sj-board-row sj-teams" },
        teams.map(([k, seats, lv]) => h("span", { title: seats.map((i) => who(ctx, i)).join(", ") }, `${k} ${levelText(lv)}`))) : null,
      inPlay ? h("div", { class: "sj-points", id: "sj-points" },
        h("div", { class: "sj-board-row" }, h("span", {}, t("sj.attackers_short")),
          h("b", { id: "sj-points-text" }, pointsText(d))),
        pointsBar(ctx, d.attackers_points, goal, d.points_total || 200, "sj-points-bar")) : null);
    const out = [board];
    const calls = ctx.myTurn() && ctx.s.state && Array.isArray(ctx.s.state.legal)
      ? ctx.s.state.legal.filter((a) => a[1] === "call") : [];
    if (calls.length) out.push(callChooser(ctx, calls));
    const n = throwNotice(ctx);
    if (n) out.push(h("div", { class: "sj-throw-notice", id: "sj-throw-notice", role: "status" }, throwText(ctx, n)));
    return h("div", { class: "sj-felt" }, out);
  },

  handArea(ctx) {
    const h = ctx.h;
    const d = ctx.details();
    const obs = ctx.obs();
    markHand(ctx);
    if (!obs) return null;
    // the deal and the chance after it (bidding-3 bids a target instead: the core's buttons)
    if (obs.phase === "bid" && !("target_bidder" in d)) return dealProgress(ctx);
    if (obs.phase === "bury" && ctx.myTurn()) {
      const n = d.kitty_size || 0;
      const k = ctx.s.selected.size;
      return h("div", { class: `sj-bury ${k === n ? "ready" : ""}`, id: "sj-bury-prompt" },
        t("sj.bury_prompt", { n, k }));
    }
    return null;
  },

  note(ctx, verb) {
    if (verb !== "bury") return null;
    return t("sj.bury_prompt", { n: ctx.details().kitty_size || 0, k: ctx.s.selected.size });
  },

  decision(ctx, actions) {
    if (!actions.length) return null;
    const verbs = new Set(actions.map((a) => a[1]));
    if (verbs.has("call") && [...verbs].every((v) => v === "call")) {
      // the chooser itself lies on the felt (see `felt`), where there is room for it
      return ctx.h("span", { class: "sj-call-bar", id: "sj-call-bar" }, `↑ ${t("sj.call_pick")}`);
    }
    if ((verbs.has("bid") || verbs.has("pass")) && [...verbs].every((v) => v === "bid" || v === "pass")) {
      const obs = ctx.obs();
      if (obs && (obs.phase === "bid" || obs.phase === "kitty_fight")) return bidButtons(ctx, actions);
    }
    return null;
  },

  playMark(ctx, ev) {
    const n = throwNotice(ctx);
    if (n && ev.seat === n.seat && ev.cards === n.played) return t("sj.throw_mark");
    return null;
  },

  event(ctx, ev) {
    // the log's lines are functions: written again in the language of the moment
    if (ev.type === "trump") {
      ctx.addLog("event", () => t("event.trump", { trump: trumpText(ev.trump), name: who(ctx, ev.dealer) }));
      return true;
    }
    if (ev.type === "kitty") {
      ctx.addLog("event", () => `${t("event.kitty", { points: ev.points })} · ${cardsText(ev.cards, ctx.lang())}`);
      return true;
    }
    if (ev.type === "kitty_taken") {
      ctx.addLog("event", () => t("sj.kitty_taken", { name: who(ctx, ev.seat), n: ev.count }));
      ctx.s.lastPlays = {}; // the bids' marks leave the felt for the bury
      return true;
    }
    if (ev.type === "throw_failed") {
      // the events come before the state they lead to: this trick is the state's next one
      const n = { deal: ctx.s.deal, trick: trickCount(ctx.details()), seat: ev.seat, attempted: ev.attempted,
                  blocked_by: ev.blocked_by, played: ev.played };
      n.until = Date.now() + NOTICE_MS;
      memory(ctx).throwNotice = n;
      setTimeout(() => ctx.render(), NOTICE_MS + 50);
      // the felt shows what was played, not the attempt
      ctx.s.lastPlays[ev.seat] = { type: "action", seat: ev.seat, verb: "play", cards: ev.played };
      ctx.addLog("event sj-throw", () => throwText(ctx, n));
      return true;
    }
    if (ev.type === "friend_found") {
      ctx.addLog("event", () => t("sj.friend_found", { name: who(ctx, ev.seat), card: cardsText(ev.card, ctx.lang()), nth: nthText(ev.nth) }));
      return true;
    }
    return false;
  },

  dealOver(ctx, m) {
    return dealSummary(ctx, m);
  },

  isTrump(ctx, card) {
    const d = ctx.details();
    return d.trump !== undefined && d.trump !== null && isTrump(card, d.trump, d.level);
  },

  /** The current trick (after a reload: the observation's `current_trick`). */
  playsOnTable(ctx, obs) {
    const d = (obs && obs.details) || {};
    const out = {};
    for (const p of Array.isArray(d.current_trick) ? d.current_trick : []) {
      out[p.seat] = { seat: p.seat, verb: "play", cards: p.cards };
    }
    return out;
  },

  /** The trick before the current one, from the observation's `tricks` (before play: the
   * one this page saw end, if any). */
  lastTrick(ctx) {
    const d = ctx.details();
    if (!Array.isArray(d.tricks)) return ctx.s.prevTrick;
    if (!d.tricks.length) return null;
    const tr = d.tricks[d.tricks.length - 1];
    const plays = {};
    for (const p of tr.plays) plays[p.seat] = { seat: p.seat, verb: "play", cards: p.cards };
    return { plays, winner: tr.winner, points: tr.points };
  },

  /** The replay's result line: who won the deal and the attackers' points. */
  resultLine(ctx, r) {
    if (!r.winner) return null;
    return `${t(`sj.winner.${r.winner}`)} · ${t("sj.points")} ${r.attackers_points ?? r.card_points ?? 0}`;
  },
};
