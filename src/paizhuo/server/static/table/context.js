// The table's client state and its context `ctx`: what every part of the table (./*.js) and
// every game's hooks (../games/<game>.js, listed in ../games/index.js) are handed.
//
//   ctx.s            the table's client state (table, seat, state, hand, selected, log …: newState)
//   ctx.h, ctx.t     the DOM builder (dom.js; text is always textContent) and the labels (i18n.js)
//   ctx.view         the page's root node (#table-page); ctx.key the table's code or id
//   ctx.obs(), ctx.details()   the seat's observation and its game details ({} when none)
//   ctx.game()       the table's game view (its hooks; {} for a game with no module)
//   ctx.seatName(i), ctx.lang(), ctx.fmt(x), ctx.myTurn(), ctx.deciding()
//   ctx.verbLabel(verb), ctx.phaseLabel(phase), ctx.describeAction(ev, bare), ctx.actionLabel(action)
//   ctx.isSelectVerb(verb), ctx.selectVerb(), ctx.buttonActions()   what the seat may do, and how
//   ctx.send(type, fields) -> ref, ctx.act(action), ctx.render(), ctx.addLog(kind, text, seat, name)
//                    (text: a function that writes the line, called each time the log is drawn,
//                    so a line is read in the language of the moment; a string stays as typed)
//   ctx.selectCards(cards) selects those cards of the hand; ctx.selectedCards(); ctx.runCheck()
//   ctx.ruleLink(rule) -> Node, ctx.timerNode(id) -> Node | null, ctx.lastTrick()
//   ctx.ringNode(cls) -> Node | null   the turn timer as a ring that empties (style.css)
//   ctx.setMessage(kind, text, rule) shows a notice ("info" or "error") until the next state
//   ctx.navigate(key) goes to another page of the app (app.js)
// `send` and `render` are wired by ./index.js once the socket and the page exist.
import { cardsText } from "../cards.js";
import { h } from "../dom.js";
import { gameView } from "../games/index.js";
import { currentLang, t } from "../i18n.js";
import { ruleHref } from "../links.js";
import { botName, seatLabel } from "../look.js";

// verbs whose cards the player picks from the hand (a game adds its own with `selectVerbs`);
// every other legal action is a button
const SELECT_VERBS = ["play"];
const LOG_LIMIT = 200;

/** A table page's client state, before the first message. */
export function newState() {
  return {
    ws: null, connected: false, everConnected: false, destroyed: false, retry: 0,
    table: null, seat: null, bound: false, awaitingJoin: false, planned: false,
    state: null, deal: null, hand: [], handKey: "", selected: new Set(),
    check: null, checkRef: null, hinted: null, message: null, busy: false,
    lastPlays: {}, clearPending: false, log: [], chat: [], dealOver: null, copied: false,
    prevTrick: null, showLast: false, chooser: null, chooserFilter: "", skew: 0, auto: null,
    autoMade: null,
  };
}

/** The context of a table page drawn in `view` for the table `key`. */
export function makeContext(view, key, navigate) {
  const s = newState();
  const ctx = {
    s, h, t, view, key, navigate,
    send: () => null,
    render: () => {},
    obs: () => (s.state && s.state.observation) || null,
    details: () => (s.state && s.state.observation && s.state.observation.details) || {},
    game: () => gameView(s.table ? s.table.game : ""),
    lang: () => currentLang(),
    fmt,
    setMessage: (kind, text, rule) => { s.message = { kind, text, rule }; },
  };
  Object.assign(ctx, {
    seatName: (i) => seatName(ctx, i),
    myTurn: () => myTurn(ctx),
    deciding: () => deciding(ctx),
    isSelectVerb: (verb) => SELECT_VERBS.includes(verb) || (ctx.game().selectVerbs || []).includes(verb),
    selectVerb: () => selectVerb(ctx),
    buttonActions: () => buttonActions(ctx),
    verbLabel: (verb) => ownLabel(ctx, "verb", verb),
    phaseLabel: (phase) => ownLabel(ctx, "phase", phase),
    describeAction: (ev, bare) => describeAction(ctx, ev, bare),
    actionLabel: (a) => actionLabel(ctx, a),
    addLog: (kind, text, seat, name) => addLog(ctx, kind, text, seat, name),
    selectCards: (cards) => selectCards(ctx, cards),
    selectedCards: () => selectedCards(ctx),
    runCheck: () => runCheck(ctx),
    act: (action) => act(ctx, action),
    ruleLink,
    timerNode: (id) => timerNode(ctx, id),
    ringNode: (cls) => ringNode(ctx, cls),
    lastTrick: () => lastTrick(ctx),
  });
  return ctx;
}

function fmt(x) {
  const n = Number(x);
  return (n > 0 ? "+" : "") + (Number.isInteger(n) ? String(n) : n.toFixed(1));
}

function seatName(ctx, i) {
  const { s } = ctx;
  if (i === null || i === undefined) return t("table.spectator");
  const seat = s.table && s.table.seats[i];
  // a bot's name for people (机器人·小张（普通）), the same for its seat all the table long
  if (seat && seat.kind === "bot") return botName(s.table.id, i, seat.bot, currentLang());
  if (!seat || !seat.name) return seatLabel(i, null, 0);
  // several people of one name: the seat number tells them apart
  const same = s.table.seats.some((x, j) => j !== i && x.kind !== "bot" && x.name === seat.name);
  return same ? `${seat.name} #${i + 1}` : seat.name;
}

function addLog(ctx, kind, text, seat, name) {
  const { s } = ctx;
  // a line is kept as what writes it, not as words: switching the language writes it again
  s.log.push({ kind, text, seat, name, deal: s.deal });  // (the deal: a log sent anew replaces it)
  if (s.log.length > LOG_LIMIT) s.log.shift();
}

// -- what the seat may do --------------------------------------------------------------------

function myTurn(ctx) {
  const { s } = ctx;
  const obs = s.state && s.state.observation;
  return !!(obs && obs.your_turn && s.seat !== null && s.bound);
}

/** Whether the seat has something to decide, not only an optional interruption while others
 * decide (a game's `optionalVerbs`: Baohuang's seize 抢皇; the server's bots wait there too). */
function deciding(ctx) {
  const { s } = ctx;
  const st = s.state;
  const optional = ctx.game().optionalVerbs || [];
  if (!st || !st.legal || !optional.length) return true;
  const others = ((st.observation && st.observation.to_act) || []).filter((i) => i !== s.seat);
  return !(others.length && st.legal.every((a) => optional.includes(a[1])));
}

function selectVerb(ctx) {
  const st = ctx.s.state;
  if (!st || !myTurn(ctx)) return null;
  if (st.legal) {
    const verbs = st.legal.filter((a) => a[2] && ctx.isSelectVerb(a[1])).map((a) => a[1]);
    return verbs.length ? verbs[0] : null;
  }
  if (st.legal_count) return st.hint ? st.hint[1] : "play";
  return null;
}

function buttonActions(ctx) {
  const { s } = ctx;
  const st = s.state;
  if (!st || !st.legal || s.seat === null) return [];
  const seen = new Set();
  const out = [];
  for (const a of st.legal) {
    if (ctx.isSelectVerb(a[1]) && a[2]) continue;
    const k = JSON.stringify(a);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(a);
  }
  return out;
}

/** Select exactly these cards of the hand (each card string once per copy) and check. */
function selectCards(ctx, cards) {
  const { s } = ctx;
  const chosen = new Set();
  for (const c of cards) {
    const i = s.hand.findIndex((x, j) => x === c && !chosen.has(j));
    if (i >= 0) chosen.add(i);
  }
  s.selected = chosen;
  s.hinted = null;
  runCheck(ctx);
}

function selectedCards(ctx) {
  const { s } = ctx;
  return [...s.selected].sort((a, b) => a - b).map((i) => s.hand[i]);
}

/** Ask the server whether the selected cards make a legal action (the `check` message): the
 * browser knows no rule, the engine answers with its rule id and words (`checked`). */
function runCheck(ctx) {
  const { s } = ctx;
  const verb = selectVerb(ctx);
  if (!verb || !s.selected.size) {
    s.check = null;
    s.checkRef = null;
    return;
  }
  s.check = null;
  s.checkRef = ctx.send("check", {
    state_id: s.state.state_id, action: [s.seat, verb, selectedCards(ctx).join(" ")],
  });
}

function act(ctx, action) {
  const { s } = ctx;
  if (!s.state || s.busy) return;
  s.busy = true;
  s.message = null;
  if (!action[2]) {
    // a pass, a yield, a claim …: the cards picked before it are not kept for the next turn
    // (a play's cards leave the hand anyway; a refused play keeps them, to show what was refused)
    s.selected = new Set();
    s.check = null;
    s.checkRef = null;
  }
  ctx.send("action", { state_id: s.state.state_id, action });
}

// -- labels ----------------------------------------------------------------------------------

function describeAction(ctx, a, bare = false) {
  const lang = currentLang();
  const parts = [];
  if (!bare) parts.push(`${seatName(ctx, a.seat)}:`);
  parts.push(ctx.verbLabel(a.verb));
  if (a.cards) parts.push(cardsText(a.cards, lang));
  else if (typeof a.count === "number") parts.push(t("event.buried", { n: a.count }));
  if (a.card) parts.push(`${cardsText(a.card, lang)} ${t("nth", { n: a.nth || 1 })}`);
  if (a.target !== undefined) parts.push(String(a.target));
  if (a.to !== undefined) parts.push(`→ ${seatName(ctx, a.to)}`);
  return parts.join(" ");
}

/** A verb's or a phase's name: the game's own (`verb.<game>.<verb>`) where two games share a
 * name, else the common one (`verb.<verb>`). */
function ownLabel(ctx, kind, name) {
  const game = ctx.s.table ? ctx.s.table.game : "";
  const own = t(`${kind}.${game}.${name}`);
  return own === `${kind}.${game}.${name}` ? t(`${kind}.${name}`) : own;
}

function actionLabel(ctx, a) {
  const extra = a[3] || {};
  return describeAction(ctx, { seat: a[0], verb: a[1], cards: a[2], ...extra, count: undefined }, true);
}

function ruleLink(rule) {
  const href = ruleHref(rule);
  const label = t("rule", { rule });
  return href ? h("a", { class: "rule-id rule-link", href, target: "_blank", rel: "noopener" }, label)
    : h("span", { class: "rule-id" }, label);
}

// -- the turn timer --------------------------------------------------------------------------

/** Seconds until the turn timer hands the seats to act to a bot (null: no timer). */
function secondsLeft(ctx) {
  const { s } = ctx;
  const dl = s.state && s.state.deadline;
  if (!dl || typeof dl.at !== "number") return null;
  return Math.max(0, Math.ceil(dl.at - (Date.now() / 1000 + s.skew)));
}

function timerNode(ctx, id) {
  const left = secondsLeft(ctx);
  if (left === null) return null;
  return h("span", { class: `timer ${left <= 5 ? "low" : ""}`, id, dataset: { timer: "1" } },
    `◷ ${t("zh1.secs", { n: left })}`);
}

/** The part of the turn timer still left, from 1 down to 0 (null: no timer). */
function partLeft(ctx) {
  const { s } = ctx;
  const dl = s.state && s.state.deadline;
  const limit = s.table && s.table.settings && Number(s.table.settings.timer);
  if (!dl || typeof dl.at !== "number" || !limit) return null;
  return Math.min(1, Math.max(0, (dl.at - (Date.now() / 1000 + s.skew)) / limit));
}

/** The turn timer as a ring (`--left`: the part left) that a conic gradient draws emptying;
 * with reduced motion the ring stays whole and the seconds beside it count down. */
function ringNode(ctx, cls) {
  const part = partLeft(ctx);
  if (part === null) return null;
  const ring = h("span", { class: `turn-ring ${cls || ""}`, dataset: { ring: "1" }, "aria-hidden": "true" });
  ring.style.setProperty("--left", part.toFixed(3));
  ring.classList.toggle("low", (secondsLeft(ctx) ?? 99) <= 5);
  return ring;
}

/** Count every timer and ring on the page down (four times a second, between messages). */
export function tickTimers(ctx) {
  const left = secondsLeft(ctx);
  if (left === null) return;
  for (const el of ctx.view.querySelectorAll("[data-timer]")) {
    el.textContent = `◷ ${t("zh1.secs", { n: left })}`;
    el.classList.toggle("low", left <= 5);
  }
  const part = partLeft(ctx);
  for (const el of ctx.view.querySelectorAll("[data-ring]")) {
    if (part !== null) el.style.setProperty("--left", part.toFixed(3));
    el.classList.toggle("low", left <= 5);
  }
}

/** The trick (or round) before the current one: the game's own where its observation keeps it
 * (`lastTrick`), else as this page saw it end. */
function lastTrick(ctx) {
  const own = ctx.game().lastTrick;
  return own ? own(ctx) : ctx.s.prevTrick;
}
