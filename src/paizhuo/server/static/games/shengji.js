// Shengji 升级 / 拖拉机 at the table: the deal arriving with its bids, the kitty, the friend call,
// failed throws, the attackers' points against their goal, and the end-of-deal summary.
// The table core (../table/) calls these hooks with its context `ctx` (../table/context.js);
// the rules are docs/rules/shengji.md (SJ-n).
import { cardFace, cardsText, isJoker, splitCards, suitSymbol } from "../cards.js";
import { t } from "../i18n.js";
import "./shengji/strings.js";
import "./shengji/options.js";

/** Whether a card is a trump for a trump suit (or "NT") and a level rank: jokers, the level
 * rank, the trump suit (SJ-2). The observation names the trump and the level, not the cards. */
function isTrump(card, trump, level) {
  if (isJoker(card)) return true;
  if (level && card[0] === level) return true;
  return !!trump && trump !== "NT" && card[1] === trump;
}

export function trumpText(trump) {
  if (!trump) return "—";
  if (trump === "NT") return t("sj.nt");
  return suitSymbol(trump);
}

/** The trump as a player says it: "Trump: ♥", "No trump", "Trump: ♥ so far" while a bid
 * stands, "Trump: none yet". */
function trumpLine(d) {
  if (d.trump) return d.trump === "NT" ? t("sj.nt") : t("words.trump", { trump: trumpText(d.trump) });
  const bid = d.standing_bid && d.standing_bid.trump;
  if (!bid) return t("words.trump_none");
  return bid === "NT" ? t("words.nt_so_far") : t("words.trump_so_far", { trump: trumpText(bid) });
}

const RED = new Set(["H", "D"]);
const NOTICE_MS = 6000; // a failed throw's notice stays at least this long
const SUITS = ["S", "H", "C", "D"];

function nthText(n) {
  const own = t(`sj.nth${n}`);
  return own === `sj.nth${n}` ? t("nth", { n }) : own;
}

/** A level's name as players say it ("T" is 10). */
function levelText(lv) {
  return lv === "T" ? "10" : lv || "—";
}

function known(x) {
  return x !== null && x !== undefined;
}

/** A seat's name (the core tells seats of one name apart by their numbers). */
function who(ctx, i) {
  return known(i) ? ctx.seatName(i) : "?";
}

// -- this page's own memory of the deal (the core clears its notices on every state) ---------
const MEMORY = new WeakMap();

function memory(ctx) {
  let m = MEMORY.get(ctx.s);
  if (!m) {
    m = { throwNotice: null, callCard: null, callKey: "", handBefore: null, handDeal: null };
    MEMORY.set(ctx.s, m);
  }
  return m;
}

function trickCount(d) {
  return Array.isArray(d.tricks) ? d.tricks.length : 0;
}

/** The failed throw to show now: remembered from its event, or read from the observation
 * (after a reload) — shown until the next trick starts. */
function throwNotice(ctx) {
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

function throwText(ctx, n) {
  const lang = ctx.lang();
  return t("sj.throw_failed", {
    name: who(ctx, n.seat), tried: cardsText(n.attempted, lang),
    by: who(ctx, n.blocked_by), played: cardsText(n.played, lang),
  });
}

// -- the side's goal --------------------------------------------------------------------------

/** The points the attackers need this deal: the engine's `attackers_need`, else two steps. */
function need(d) {
  if (typeof d.attackers_need === "number") return d.attackers_need;
  if (d.attackers_need === null) return null;
  return typeof d.step === "number" ? 2 * d.step : null;
}

/** The goal and the deck's points of the deal, remembered from its last observation (the
 * summary may come when the table's state has moved on, or the table is over). */
function goalOf(ctx, deal) {
  const m = memory(ctx);
  const d = ctx.details();
  if (!m.goals) m.goals = new Map();
  if (typeof d.points_total === "number" && ctx.s.deal === deal) {
    m.goals.set(deal, { need: need(d), total: d.points_total });
    if (m.goals.size > 4) m.goals.delete(m.goals.keys().next().value);
  }
  return m.goals.get(deal) || { need: null, total: 200 };
}

function pointsBar(ctx, points, goal, total, id) {
  const h = ctx.h;
  const pct = (x) => `${Math.max(0, Math.min(100, (100 * x) / (total || 1)))}%`;
  const reached = typeof points === "number" && typeof goal === "number" && points >= goal;
  return h("div", { class: `sj-bar ${reached ? "reached" : ""}`, id },
    h("div", { class: "sj-bar-fill", style: `width:${pct(points || 0)}` }),
    typeof goal === "number" ? h("div", { class: "sj-bar-goal", style: `left:${pct(goal)}` }) : null);
}

function pointsText(d) {
  const goal = need(d);
  if (d.attackers_points === null) return t("sj.points_hidden");
  const pts = typeof d.attackers_points === "number" ? d.attackers_points : 0;
  return goal === null ? `${pts} · ${t("sj.need_unknown")}` : t("sj.points_of", { points: pts, need: goal });
}

/** Fixed partners: the levels of the two sides (seats alternate around the table). */
function teamLevels(ctx) {
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

// -- bids ------------------------------------------------------------------------------------

function bidLabel(ctx, a) {
  const d = ctx.details();
  const lang = ctx.lang();
  const cards = splitCards(a[2]);
  const extra = a[3] || {};
  const first = cards[0] || "";
  const trump = extra.trump || (first === "SJ" || first === "BJ" ? "NT" : first[1]);
  const standing = d.standing_bid;
  let key = "sj.bid_button";
  if (standing && standing.seat === ctx.s.seat) key = "sj.reinforce";
  else if (standing) key = "sj.bid_over";
  return t(key, { trump: trumpText(trump), cards: cardsText(cards, lang) });
}

function bidButtons(ctx, actions) {
  const h = ctx.h;
  const s = ctx.s;
  const bids = actions.filter((a) => a[1] === "bid");
  const passes = actions.filter((a) => a[1] === "pass");
  const button = (a, label, cls) => {
    const k = JSON.stringify(a);
    const trump = (a[3] && a[3].trump) || (splitCards(a[2])[0] || "")[1];
    return h("button", {
      type: "button", class: `btn action-button sj-bid ${cls} ${RED.has(trump) ? "red" : ""} ${s.hinted === k ? "hinted" : ""}`,
      dataset: { verb: a[1], cards: a[2] || "" }, disabled: s.busy, onclick: () => ctx.act(a),
    }, label);
  };
  return h("span", { class: "sj-bids", id: "sj-bid-buttons" },
    bids.map((a) => button(a, bidLabel(ctx, a), "primary")),
    passes.map((a) => button(a, t("sj.pass_button"), "")));
}

function bidLine(ctx, b) {
  const lang = ctx.lang();
  return t("sj.bid_by", { name: who(ctx, b.seat), cards: cardsText(b.cards, lang), trump: trumpText(b.trump) });
}

function dealProgress(ctx) {
  const h = ctx.h;
  const d = ctx.details();
  const total = d.cards_to_deal || 0;
  const dealt = d.dealt || 0;
  const standing = d.standing_bid;
  const bids = (d.bids || []).filter((b) => b.kind === "trump" || b.kind === undefined || b.kind === "overcall");
  const earlier = standing ? bids.slice(0, -1) : bids;
  return h("div", { class: "sj-deal", id: "sj-deal" },
    h("div", { class: "sj-deal-head" },
      h("span", { class: "sj-deal-count", id: "sj-dealt" },
        dealt < total ? t("sj.deal_progress", { dealt, total }) : t("sj.dealt_done", { total })),
      h("div", { class: "sj-bar deal" }, h("div", { class: "sj-bar-fill", style: `width:${(100 * dealt) / (total || 1)}%` }))),
    h("div", { class: "sj-standing", id: "sj-standing" },
      h("span", { class: "muted" }, `${t("sj.standing")}: `),
      standing ? [
        h("span", { class: `trump-chip ${RED.has(standing.trump) ? "red" : ""}` }, trumpText(standing.trump)),
        h("span", { class: "sj-bidder", dataset: { seat: String(standing.seat) } }, who(ctx, standing.seat)),
        h("span", { class: "sj-mini-cards" }, splitCards(standing.cards).map((c) => h("span", { class: "card tiny" }, cardFace(c)))),
      ] : h("span", {}, t("sj.no_bid"))),
    earlier.length ? h("div", { class: "sj-bid-history muted" },
      `${t("sj.bids")}: ${earlier.map((b) => bidLine(ctx, b)).join(" · ")}`) : null);
}

// -- the friend call -------------------------------------------------------------------------

function callChooser(ctx, actions) {
  const h = ctx.h;
  const m = memory(ctx);
  const lang = ctx.lang();
  const calls = actions.filter((a) => a[1] === "call" && a[3] && a[3].card);
  const key = `${ctx.s.deal}:${ctx.s.state ? ctx.s.state.state_id : ""}`;
  if (m.callKey !== key) {
    m.callKey = key;
    m.callCard = null;
  }
  const byCard = new Map();
  for (const a of calls) {
    const c = a[3].card;
    if (!byCard.has(c)) byCard.set(c, []);
    byCard.get(c).push(a);
  }
  let hinted = null;
  try { hinted = ctx.s.hinted ? JSON.parse(ctx.s.hinted) : null; } catch { hinted = null; }
  const hintCard = hinted && hinted[1] === "call" ? hinted[3].card : null;
  const held = (c) => ctx.s.hand.filter((x) => x === c).length;
  const rows = [...SUITS.map((su) => [suitSymbol(su), [...byCard.keys()].filter((c) => c[1] === su && c.length === 2)]),
                [lang === "zh" ? "王" : "J", [...byCard.keys()].filter((c) => c === "SJ" || c === "BJ")]].filter(([, cs]) => cs.length);
  const pick = m.callCard && byCard.has(m.callCard) ? m.callCard : null;
  const cell = (c) => h("button", {
    type: "button", class: `sj-call-card ${pick === c ? "on" : ""} ${hintCard === c ? "hinted" : ""}`,
    dataset: { card: c }, title: cardsText(c, lang), "aria-pressed": pick === c ? "true" : "false",
    onclick: () => { m.callCard = c; ctx.render(); },
  }, cardFace(c), held(c) ? h("span", { class: "sj-held" }, String(held(c))) : null);
  return h("div", { class: "sj-call", id: "sj-call" },
    h("div", { class: "sj-call-head" }, h("b", {}, t("sj.call_title")), h("span", { class: "muted" }, t("sj.call_pick"))),
    h("div", { class: "sj-call-grid" }, rows.map(([label, cs]) => h("div", { class: "sj-call-row" },
      h("span", { class: "sj-call-suit" }, label), cs.map(cell)))),
    pick ? h("div", { class: "sj-call-nth", id: "sj-call-nth" },
      h("span", {}, t("sj.call_which", { card: cardsText(pick, lang) })),
      byCard.get(pick).map((a) => h("button", {
        type: "button", class: "btn primary sj-nth", dataset: { verb: "call", card: pick, nth: String(a[3].nth) },
        disabled: ctx.s.busy, onclick: () => ctx.act(a),
      }, nthText(a[3].nth))),
      held(pick) ? h("span", { class: "muted" }, t("sj.call_hold", { n: held(pick) })) : null) : null);
}

function friendsList(ctx) {
  const d = ctx.details();
  const lang = ctx.lang();
  return (d.friends || []).map((f) => ({
    card: f.card, nth: f.nth, found: f.found, resolved: f.resolved,
    text: `${cardsText(f.card, lang)} ${nthText(f.nth)}`,
    who: known(f.found) ? who(ctx, f.found) : f.resolved ? t("sj.friend_none") : t("sj.friend_unknown"),
  }));
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
