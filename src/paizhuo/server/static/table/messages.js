// What the table does with each server message (docs/protocol.md): the table and its seats,
// being seated, the state, events for the log and the felt, the answers to `check` and `hint`,
// chat and errors. Each handler only changes `ctx.s`; the page is drawn again after each.
import { splitCards } from "../cards.js";
import { gameView, handOrder } from "../games/index.js";
import { t } from "../i18n.js";
import { tokenKey } from "../links.js";
import { dropPlan, planFor } from "../lobby.js";
import { planAuto } from "./auto.js";
import { noteLeavers, onLeft, rememberSeat } from "./leave.js";
import { soundsFor, turnSound } from "./motion.js";

const CHAT_LIMIT = 200;

/** Take one message from the server into the state, then draw the page. */
export function handle(ctx, msg) {
  const { s } = ctx;
  switch (msg.type) {
    case "table": onTable(ctx, msg.table); break;
    case "seated": onSeated(ctx, msg); break;
    case "unseated": onUnseated(ctx, msg); break;
    case "left": onLeft(ctx, msg); break;
    case "state": if (!s.awaitingJoin) stateAndSound(ctx, msg); break;
    case "log": onLog(ctx, msg); break;
    case "events": onEvents(ctx, msg); soundsFor(ctx, msg.events); break;
    case "deal_over": s.dealOver = msg; break;
    case "checked": onChecked(ctx, msg); break;
    case "hinted": onHinted(ctx, msg); break;
    case "chat": pushChat(ctx, msg); break;
    case "ok": s.busy = false; break;
    case "pong": if (typeof msg.time === "number") s.skew = msg.time - Date.now() / 1000; return;
    case "error": onError(ctx, msg); break;
    default: break;
  }
  // what the table makes by itself for the player (./auto.js) follows every change
  planAuto(ctx);
  ctx.render();
}

/** A new state, and the turn sound where the player's turn begins with it. */
function stateAndSound(ctx, msg) {
  const was = ctx.myTurn() && ctx.deciding();
  onState(ctx, msg);
  turnSound(ctx, was);
}

function onTable(ctx, table) {
  const { s } = ctx;
  const first = !s.table;
  noteLeavers(ctx, s.table, table);
  s.table = table;
  if (first) history.replaceState(null, "", `/?t=${encodeURIComponent(table.code)}`);
  if (s.seat === null || !s.bound) {
    const token = localStorage.getItem(tokenKey(table.id));
    if (token && !s.awaitingJoin && !s.bound) {
      s.awaitingJoin = true;
      ctx.send("join", { token });
      return;
    }
    const plan = planFor(table.id);
    if (plan && !s.planned && s.seat === null) {
      s.planned = true;
      const seat = table.seats.findIndex((x) => x.kind === "empty");
      if (seat >= 0) ctx.send("sit", { seat, name: plan.name });
    }
  }
}

function onSeated(ctx, msg) {
  const { s } = ctx;
  s.seat = msg.seat;
  s.bound = true;
  s.awaitingJoin = false;
  if (msg.token && s.table) localStorage.setItem(tokenKey(s.table.id), msg.token);
  rememberSeat(ctx, msg.seat);
  const plan = s.table ? planFor(s.table.id) : null;
  if (plan && msg.token) {
    if (plan.bots) {
      s.table.seats.forEach((x, i) => {
        if (x.kind === "empty" && i !== msg.seat) ctx.send("bot", { seat: i, bot: plan.bots });
      });
    }
    dropPlan(s.table.id);
  }
}

function onUnseated(ctx, msg) {
  const { s } = ctx;
  // the seat changed hands (given up, a bot, another person): its token is dead
  if (s.table) localStorage.removeItem(tokenKey(s.table.id));
  s.bound = false;
  s.seat = null;
  s.awaitingJoin = false;
  s.message = { kind: "info", text: t(`table.unseated_${msg.reason}`, { seat: msg.seat + 1 }) };
}

function onState(ctx, msg) {
  const { s } = ctx;
  const prev = s.state;
  if (s.deal !== msg.deal) {
    const n = msg.deal + 1;
    if (s.deal !== null) ctx.addLog("divider", () => t("table.deal", { n }));
    s.deal = msg.deal;
    s.lastPlays = {};
    s.clearPending = false;
  }
  s.state = msg;
  s.busy = false;
  const obs = msg.observation;
  const gameName = s.table ? s.table.game : obs && obs.game;
  const game = gameView(gameName);
  // the plays lying on the table as the observation tells them (after a reload or a
  // reconnect, before any new event): only a game's own view knows where they are
  if (!Object.keys(s.lastPlays).length && !s.clearPending && game.playsOnTable) {
    s.lastPlays = game.playsOnTable(ctx, obs) || {};
  }
  if (game.onState) game.onState(ctx);
  if (!s.chooser || !ctx.buttonActions().some((a) => a[1] === s.chooser)) s.chooser = null;
  const hand = obs && obs.hand ? handOrder(gameName, splitCards(obs.hand)) : [];
  const handKey = hand.join(" ");
  if (handKey !== s.handKey) {
    s.hand = hand;
    s.handKey = handKey;
    s.selected = new Set();
  }
  if (!prev || prev.state_id !== msg.state_id) {
    // a new state may be only a message to this seat (a Gouji teammate's advice, GJ-12): a
    // hinted action still legal stays marked, with its note; anything else is cleared
    const kept = s.hinted !== null
      && ctx.buttonActions().some((a) => JSON.stringify(a) === s.hinted);
    if (!kept) s.hinted = null;
    s.check = null;
    if (s.message && s.message.kind !== "error" && !kept) s.message = null;
  }
  ctx.runCheck();
}

function onEvents(ctx, msg) {
  const { s } = ctx;
  if (s.deal !== null && msg.deal !== s.deal) return;
  const game = ctx.game();
  for (const ev of msg.events) {
    if (ev.type === "action") {
      if (s.clearPending) {
        s.lastPlays = {};
        s.clearPending = false;
      }
      s.lastPlays[ev.seat] = ev;
      ctx.addLog("action", () => ctx.describeAction(ev), ev.seat);
      if (game.logAction) game.logAction(ctx, ev);
    } else if (ev.type === "trick" || ev.type === "round_won") {
      s.clearPending = true;
      s.prevTrick = { plays: { ...s.lastPlays }, winner: ev.type === "trick" ? ev.winner : ev.seat,
                      points: ev.points };
      const seat = ev.type === "trick" ? ev.winner : ev.seat;
      // a trick whose points the table hides (Shengji's hide_points, hide_defender_points)
      const key = ev.type === "trick" && ev.points === undefined ? "event.trick_hidden" : `event.${ev.type}`;
      ctx.addLog("event", () => t(key, { name: ctx.seatName(seat), points: ev.points ?? 0 }));
    } else if (ev.type === "out") {
      ctx.addLog("event", () => t("event.out", { name: ctx.seatName(ev.seat) }) +
        (ev.rank ? ` · ${ev.rank}` : ""));
    } else if (game.event && game.event(ctx, ev)) {
      continue;
    } else if (ev.type === "over") {
      ctx.addLog("event", () => t("event.over"));
    }
  }
}

/** The deal's log so far, sent when the page comes (a reload, a reconnect) or sits down
 * mid-deal: the deal's lines are written again from its events, each chat line where it was
 * said (after the events of the state it was said at). */
function onLog(ctx, msg) {
  const { s } = ctx;
  if (s.deal !== null && msg.deal !== s.deal) return;
  s.log = s.log.filter((e) => e.deal !== msg.deal || e.kind === "divider");
  s.chat = [];
  const chat = (msg.chat || []).slice();
  const said = (before) => {
    while (chat.length && (before === null || (chat[0].state_id ?? 0) < before)) pushChat(ctx, chat.shift());
  };
  s.deal = msg.deal;
  for (const ev of msg.events || []) {
    said(ev.state_id);
    onEvents(ctx, { deal: msg.deal, events: [ev] });
  }
  said(null);
}

function onChecked(ctx, msg) {
  const { s } = ctx;
  if (msg.ref !== s.checkRef) return;
  s.check = msg;
  s.checkRef = null;
}

function onHinted(ctx, msg) {
  const { s } = ctx;
  const hint = msg.hint;
  if (!hint) {
    s.message = { kind: "info", text: t("table.hint_none") };
    return;
  }
  const action = hint.action;
  const verb = action[1];
  const cards = splitCards(action[2]);
  if (cards.length && ctx.isSelectVerb(verb)) {
    ctx.selectCards(cards);
  } else {
    s.hinted = JSON.stringify(action);
  }
  s.message = { kind: "info", text: `${t("table.hint")}: ${ctx.describeAction(
    { seat: action[0], verb, cards: action[2], ...(action[3] || {}) }, true)}` };
}

function onError(ctx, msg) {
  const { s } = ctx;
  if (msg.code === "bad_token") {
    if (s.table) localStorage.removeItem(tokenKey(s.table.id));
    s.awaitingJoin = false;
    s.bound = false;
    s.seat = null;
    ctx.send("sync");
    return;
  }
  if (msg.code === "stale" && msg.state) {
    if (msg.ref && msg.ref === s.checkRef) s.checkRef = null;
    onState(ctx, msg.state);
    return;
  }
  if (msg.ref && msg.ref === s.checkRef) {
    s.checkRef = null;
    s.check = { ok: false, code: msg.code, rule: msg.rule, message: msg.message,
      message_zh: msg.message_zh };
    return;
  }
  s.busy = false;
  // both languages kept: the note is drawn in the language shown then (errorText)
  s.message = { kind: "error", text: msg.message, message: msg.message,
    message_zh: msg.message_zh, code: msg.code, rule: msg.rule };
}

function pushChat(ctx, msg) {
  const { s } = ctx;
  s.chat.push(msg);
  if (s.chat.length > CHAT_LIMIT) s.chat.shift();
  ctx.addLog("chat", msg.text, msg.seat, msg.name);
}
