// The table view, driven only by the server's websocket messages (docs/protocol.md).
//
// Each game's own part (roles, summaries, its decisions) lives in games/<game>.js and is called
// through the hooks listed in games/index.js with this context `ctx`:
//   ctx.s            the table's client state (table, seat, state, hand, selected, log …)
//   ctx.h            the DOM builder (dom.js); text is always textContent
//   ctx.obs(), ctx.details()   the seat's observation and its game details ({} when none)
//   ctx.seatName(i), ctx.lang(), ctx.fmt(x), ctx.myTurn(), ctx.verbLabel(verb)
//   ctx.describeAction(ev, bare), ctx.actionLabel(action)
//   ctx.send(type, fields) -> ref, ctx.act(action), ctx.render(), ctx.addLog(kind, text, seat)
//   ctx.selectCards(cards) selects those cards of the hand; ctx.selectedCards()
//   ctx.cardIsTrump(card, trump, level), ctx.ruleLink(rule) -> Node
import { cardBack, cardFace, cardsText, isTrump, sortHand, splitCards } from "./cards.js";
import { clear, h, keepFocus } from "./dom.js";
import { gameView } from "./games/index.js";
import { currentLang, onLang, t } from "./i18n.js";
import { dropPlan, planFor, savedName } from "./lobby.js";
import { presetLabel } from "./lobby_options.js";
import { replayHref, ruleHref, tokenKey } from "./links.js";

// verbs whose cards the player picks from the hand (a game adds its own with `selectVerbs`);
// every other legal action is a button
const SELECT_VERBS = ["play", "bury", "tribute", "return"];
const LOG_LIMIT = 200;
const BUTTONS_SHOWN = 12; // more button actions than this are grouped by verb into choosers
const GROUP_SHOWN = 4; // a verb with more options than this opens a chooser

export function showTable(root, key, navigate) {
  const s = {
    ws: null, connected: false, everConnected: false, destroyed: false, retry: 0,
    table: null, seat: null, bound: false, awaitingJoin: false, planned: false,
    state: null, deal: null, hand: [], handKey: "", selected: new Set(),
    check: null, checkRef: null, hinted: null, message: null, busy: false,
    lastPlays: {}, clearPending: false, log: [], chat: [], dealOver: null, copied: false,
    prevTrick: null, showLast: false, chooser: null, chooserFilter: "", skew: 0,
  };
  let refCount = 0;
  const view = h("div", { class: "table-page", id: "table-page" });
  clear(root).append(view);
  const ctx = {
    s, h, t,
    obs: () => (s.state && s.state.observation) || null,
    details: () => (s.state && s.state.observation && s.state.observation.details) || {},
    seatName: (i) => seatName(i),
    lang: () => currentLang(),
    fmt: (x) => fmt(x),
    myTurn: () => myTurn(),
    verbLabel: (v) => verbLabel(v),
    describeAction: (ev, bare) => describeAction(ev, bare),
    actionLabel: (a) => actionLabel(a),
    send: (type, fields) => send(type, fields),
    act: (a) => act(a),
    render: () => render(),
    addLog: (kind, text, seat) => addLog(kind, text, seat),
    selectCards: (cards) => selectCards(cards),
    selectedCards: () => selectedCards(),
    cardIsTrump: (card, trump, level) => isTrump(card, trump, level),
    ruleLink: (rule) => ruleLink(rule),
    setMessage: (kind, text, rule) => { s.message = { kind, text, rule }; },
  };
  const game = () => gameView(s.table ? s.table.game : "");
  const isSelectVerb = (verb) => SELECT_VERBS.includes(verb) || (game().selectVerbs || []).includes(verb);

  // -- the socket ------------------------------------------------------------------------
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(key)}`);
    s.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "ping", ref: "clock" }));
      s.connected = true;
      s.everConnected = true;
      s.retry = 0;
      s.awaitingJoin = false;
      s.bound = false;
      render();
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      handle(msg);
    };
    ws.onclose = (ev) => {
      if (s.ws !== ws) return;
      s.connected = false;
      if (s.destroyed) return;
      if (ev.code === 4404) {
        s.message = { kind: "error", text: t("error", { message: ev.reason || "not found" }) };
        render();
        return;
      }
      render();
      const wait = Math.min(5000, 300 * 2 ** s.retry++);
      setTimeout(() => { if (!s.destroyed) connect(); }, wait);
    };
  }

  function send(type, fields = {}) {
    if (!s.ws || s.ws.readyState !== WebSocket.OPEN) return null;
    const ref = `r${++refCount}`;
    s.ws.send(JSON.stringify({ type, ref, ...fields }));
    return ref;
  }

  // -- messages --------------------------------------------------------------------------
  function handle(msg) {
    switch (msg.type) {
      case "table": onTable(msg.table); break;
      case "seated": onSeated(msg); break;
      case "unseated": onUnseated(msg); break;
      case "state": if (!s.awaitingJoin) onState(msg); break;
      case "events": onEvents(msg); break;
      case "deal_over": s.dealOver = msg; break;
      case "checked": onChecked(msg); break;
      case "hinted": onHinted(msg); break;
      case "chat": pushChat(msg); break;
      case "ok": s.busy = false; break;
      case "pong": if (typeof msg.time === "number") s.skew = msg.time - Date.now() / 1000; return;
      case "error": onError(msg); break;
      default: break;
    }
    render();
  }

  function onTable(table) {
    const first = !s.table;
    s.table = table;
    if (first) history.replaceState(null, "", `/?t=${encodeURIComponent(table.code)}`);
    if (s.seat === null || !s.bound) {
      const token = localStorage.getItem(tokenKey(table.id));
      if (token && !s.awaitingJoin && !s.bound) {
        s.awaitingJoin = true;
        send("join", { token });
        return;
      }
      const plan = planFor(table.id);
      if (plan && !s.planned && s.seat === null) {
        s.planned = true;
        const seat = table.seats.findIndex((x) => x.kind === "empty");
        if (seat >= 0) send("sit", { seat, name: plan.name });
      }
    }
  }

  function onSeated(msg) {
    s.seat = msg.seat;
    s.bound = true;
    s.awaitingJoin = false;
    if (msg.token && s.table) localStorage.setItem(tokenKey(s.table.id), msg.token);
    const plan = s.table ? planFor(s.table.id) : null;
    if (plan && msg.token) {
      if (plan.bots) {
        s.table.seats.forEach((x, i) => {
          if (x.kind === "empty" && i !== msg.seat) send("bot", { seat: i, bot: plan.bots });
        });
      }
      dropPlan(s.table.id);
    }
  }

  function onUnseated(msg) {
    // the seat changed hands (given up, a bot, another person): its token is dead
    if (s.table) localStorage.removeItem(tokenKey(s.table.id));
    s.bound = false;
    s.seat = null;
    s.awaitingJoin = false;
    s.message = { kind: "info", text: t(`table.unseated_${msg.reason}`, { seat: msg.seat + 1 }) };
  }

  function onState(msg) {
    const prev = s.state;
    if (s.deal !== msg.deal) {
      if (s.deal !== null) addLog("divider", t("table.deal", { n: msg.deal + 1 }));
      s.deal = msg.deal;
      s.lastPlays = {};
      s.clearPending = false;
    }
    s.state = msg;
    s.busy = false;
    const obs = msg.observation;
    if (!Object.keys(s.lastPlays).length && !s.clearPending) s.lastPlays = playsOnTable(obs);
    if (!s.chooser || !buttonActions().some((a) => a[1] === s.chooser)) s.chooser = null;
    const gameName = s.table ? s.table.game : obs && obs.game;
    const hand = obs && obs.hand ? sortHand(gameName, splitCards(obs.hand)) : [];
    const handKey = hand.join(" ");
    if (handKey !== s.handKey) {
      s.hand = hand;
      s.handKey = handKey;
      s.selected = new Set();
    }
    if (!prev || prev.state_id !== msg.state_id) {
      s.hinted = null;
      s.check = null;
      if (s.message && s.message.kind !== "error") s.message = null;
    }
    runCheck();
  }

  function seatName(i) {
    if (i === null || i === undefined) return t("table.spectator");
    const seat = s.table && s.table.seats[i];
    if (!seat || !seat.name) return `${t("table.seat")} ${i + 1}`;
    // several seats of one name (bots are all "greedy bot"): the seat number tells them apart
    const same = s.table.seats.some((x, j) => j !== i && x.name === seat.name);
    return same ? `${seat.name} #${i + 1}` : seat.name;
  }

  function onEvents(msg) {
    if (s.deal !== null && msg.deal !== s.deal) return;
    for (const ev of msg.events) {
      if (ev.type === "action") {
        if (s.clearPending) {
          s.lastPlays = {};
          s.clearPending = false;
        }
        s.lastPlays[ev.seat] = ev;
        addLog("action", describeAction(ev), ev.seat);
      } else if (ev.type === "trick" || ev.type === "round_won") {
        s.clearPending = true;
        s.prevTrick = { plays: { ...s.lastPlays }, winner: ev.type === "trick" ? ev.winner : ev.seat,
                        points: ev.points };
        const name = seatName(ev.type === "trick" ? ev.winner : ev.seat);
        addLog("event", t(`event.${ev.type}`, { name, points: ev.points ?? 0 }));
      } else if (ev.type === "out") {
        addLog("event", t("event.out", { name: seatName(ev.seat) }) +
          (ev.rank ? ` · ${ev.rank}` : ""));
      } else if (game().event && game().event(ctx, ev)) {
        continue;
      } else if (ev.type === "over") {
        addLog("event", t("event.over"));
      }
    }
  }

  /** The plays lying on the table as the observation tells them (after a reload or a
   * reconnect, before any new event): a Shengji trick, a Gouji round, a Baohuang play. */
  function playsOnTable(obs) {
    const d = (obs && obs.details) || {};
    const out = {};
    if (Array.isArray(d.current_trick)) {
      for (const p of d.current_trick) out[p.seat] = { seat: p.seat, verb: "play", cards: p.cards };
    } else if (d.round && d.round.play && d.round.maker !== null && d.round.maker !== undefined) {
      out[d.round.maker] = { seat: d.round.maker, verb: "play", cards: d.round.play };
      for (const i of d.round.passed || []) out[i] = { seat: i, verb: "pass" };
    } else if (d.current && d.current.cards && d.current.seat !== null && d.current.seat !== undefined) {
      out[d.current.seat] = { seat: d.current.seat, verb: "play", cards: d.current.cards };
    }
    return out;
  }

  /** The trick (or round) before the current one: Shengji's from the observation, the
   * others' as this page saw it end. */
  function lastTrick() {
    const d = (s.state && s.state.observation && s.state.observation.details) || {};
    if (Array.isArray(d.tricks)) {
      if (!d.tricks.length) return null;
      const tr = d.tricks[d.tricks.length - 1];
      const plays = {};
      for (const p of tr.plays) plays[p.seat] = { seat: p.seat, verb: "play", cards: p.cards };
      return { plays, winner: tr.winner, points: tr.points };
    }
    return s.prevTrick;
  }

  /** Seconds until the turn timer hands the seats to act to a bot (null: no timer). */
  function secondsLeft() {
    const dl = s.state && s.state.deadline;
    if (!dl || typeof dl.at !== "number") return null;
    return Math.max(0, Math.ceil(dl.at - (Date.now() / 1000 + s.skew)));
  }

  function timerNode(id) {
    const left = secondsLeft();
    if (left === null) return null;
    return h("span", { class: `timer ${left <= 5 ? "low" : ""}`, id, dataset: { timer: "1" } },
      `⏱ ${left}s`);
  }

  function tickTimers() {
    const left = secondsLeft();
    for (const el of view.querySelectorAll("[data-timer]")) {
      if (left === null) continue;
      el.textContent = `⏱ ${left}s`;
      el.classList.toggle("low", left <= 5);
    }
  }

  function onChecked(msg) {
    if (msg.ref !== s.checkRef) return;
    s.check = msg;
    s.checkRef = null;
  }

  function onHinted(msg) {
    const hint = msg.hint;
    if (!hint) {
      s.message = { kind: "info", text: t("table.hint_none") };
      return;
    }
    const action = hint.action;
    const verb = action[1];
    const cards = splitCards(action[2]);
    if (cards.length && isSelectVerb(verb)) {
      selectCards(cards);
    } else {
      s.hinted = JSON.stringify(action);
    }
    s.message = { kind: "info", text: `${t("table.hint")}: ${describeAction(
      { seat: action[0], verb, cards: action[2], ...(action[3] || {}) }, true)}` };
  }

  function onError(msg) {
    if (msg.code === "bad_token") {
      if (s.table) localStorage.removeItem(tokenKey(s.table.id));
      s.awaitingJoin = false;
      s.bound = false;
      s.seat = null;
      send("sync");
      return;
    }
    if (msg.code === "stale" && msg.state) {
      if (msg.ref && msg.ref === s.checkRef) s.checkRef = null;
      onState(msg.state);
      return;
    }
    if (msg.ref && msg.ref === s.checkRef) {
      s.checkRef = null;
      s.check = { ok: false, code: msg.code, rule: msg.rule, message: msg.message };
      return;
    }
    s.busy = false;
    s.message = { kind: "error", text: msg.message, rule: msg.rule };
  }

  function pushChat(msg) {
    s.chat.push(msg);
    if (s.chat.length > LOG_LIMIT) s.chat.shift();
    addLog("chat", msg.text, msg.seat, msg.name);
  }

  function addLog(kind, text, seat, name) {
    s.log.push({ kind, text, seat, name });
    if (s.log.length > LOG_LIMIT) s.log.shift();
  }

  // -- what the seat may do --------------------------------------------------------------
  function myTurn() {
    const obs = s.state && s.state.observation;
    return !!(obs && obs.your_turn && s.seat !== null && s.bound);
  }

  /** Whether the seat has something to decide, not only an optional interruption while others
   * decide (a game's `optionalVerbs`: Baohuang's seize 抢皇; the server's bots wait there too). */
  function deciding() {
    const st = s.state;
    const optional = game().optionalVerbs || [];
    if (!st || !st.legal || !optional.length) return true;
    const others = ((st.observation && st.observation.to_act) || []).filter((i) => i !== s.seat);
    return !(others.length && st.legal.every((a) => optional.includes(a[1])));
  }

  function selectVerb() {
    const st = s.state;
    if (!st || !myTurn()) return null;
    if (st.legal) {
      const verbs = st.legal.filter((a) => a[2] && isSelectVerb(a[1])).map((a) => a[1]);
      return verbs.length ? verbs[0] : null;
    }
    if (st.legal_count) return st.hint ? st.hint[1] : "play";
    return null;
  }

  function buttonActions() {
    const st = s.state;
    if (!st || !st.legal || s.seat === null) return [];
    const seen = new Set();
    const out = [];
    for (const a of st.legal) {
      if (isSelectVerb(a[1]) && a[2]) continue;
      const k = JSON.stringify(a);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(a);
    }
    return out;
  }

  /** Select exactly these cards of the hand (each card string once per copy) and check. */
  function selectCards(cards) {
    const chosen = new Set();
    for (const c of cards) {
      const i = s.hand.findIndex((x, j) => x === c && !chosen.has(j));
      if (i >= 0) chosen.add(i);
    }
    s.selected = chosen;
    s.hinted = null;
    runCheck();
  }

  function ruleLink(rule) {
    const href = ruleHref(rule);
    const label = t("rule", { rule });
    return href ? h("a", { class: "rule-id rule-link", href, target: "_blank", rel: "noopener" }, label)
      : h("span", { class: "rule-id" }, label);
  }

  function selectedCards() {
    return [...s.selected].sort((a, b) => a - b).map((i) => s.hand[i]);
  }

  function runCheck() {
    const verb = selectVerb();
    if (!verb || !s.selected.size) {
      s.check = null;
      s.checkRef = null;
      return;
    }
    s.check = null;
    s.checkRef = send("check", {
      state_id: s.state.state_id, action: [s.seat, verb, selectedCards().join(" ")],
    });
  }

  function act(action) {
    if (!s.state || s.busy) return;
    s.busy = true;
    s.message = null;
    send("action", { state_id: s.state.state_id, action });
  }

  function playSelection() {
    const verb = selectVerb();
    if (!verb || !s.check || !s.check.ok) return;
    act([s.seat, verb, selectedCards().join(" ")]);
  }

  function toggleCard(i) {
    if (s.selected.has(i)) s.selected.delete(i);
    else s.selected.add(i);
    s.hinted = null;
    runCheck();
    render();
  }

  function setSelected(i, on) {
    if (on) s.selected.add(i);
    else s.selected.delete(i);
    const el = view.querySelector(`#hand .card[data-index="${i}"]`);
    if (el) {
      el.classList.toggle("selected", on);
      el.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function startDrag(i, ev) {
    if (ev.button !== 0 || s.seat === null) return;
    if (ev.pointerType === "touch") {
      // a finger may be starting to scroll the hand: the card is taken when it lifts
      s.drag = { touch: true, start: i };
      return;
    }
    s.drag = { mode: !s.selected.has(i), last: i };
    setSelected(i, s.drag.mode);
  }

  function cardIndexAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const card = el && el.closest && el.closest("#hand .card");
    return card ? Number(card.dataset.index) : null;
  }

  function onDragMove(ev) {
    if (!s.drag || s.drag.touch) return;
    const j = cardIndexAt(ev.clientX, ev.clientY);
    if (j === null || j === s.drag.last) return;
    const [a, b] = j > s.drag.last ? [s.drag.last, j] : [j, s.drag.last];
    for (let k = a; k <= b; k++) setSelected(k, s.drag.mode);
    s.drag.last = j;
  }

  function endDrag(cancelled) {
    if (!s.drag) return;
    const { touch, start } = s.drag;
    s.drag = null;
    if (touch) {
      if (cancelled) return;
      setSelected(start, !s.selected.has(start));
    }
    s.hinted = null;
    runCheck();
    s.renderPending = true;
  }

  // -- labels ----------------------------------------------------------------------------
  function describeAction(a, bare = false) {
    const lang = currentLang();
    const parts = [];
    if (!bare) parts.push(`${seatName(a.seat)}:`);
    parts.push(verbLabel(a.verb));
    if (a.cards) parts.push(cardsText(a.cards, lang));
    else if (typeof a.count === "number") parts.push(t("event.buried", { n: a.count }));
    if (a.card) parts.push(`${cardsText(a.card, lang)} ${t("nth", { n: a.nth || 1 })}`);
    if (a.target !== undefined) parts.push(String(a.target));
    if (a.to !== undefined) parts.push(`→ ${seatName(a.to)}`);
    return parts.join(" ");
  }

  /** A phase's name: the game's own (`phase.<game>.<phase>`) where two games share a name. */
  function phaseLabel(phase) {
    const game = s.table ? s.table.game : "";
    const own = t(`phase.${game}.${phase}`);
    return own === `phase.${game}.${phase}` ? t(`phase.${phase}`) : own;
  }

  function verbLabel(verb) {
    const game = s.table ? s.table.game : "";
    const own = t(`verb.${game}.${verb}`);
    return own === `verb.${game}.${verb}` ? t(`verb.${verb}`) : own;
  }

  function actionLabel(a) {
    const extra = a[3] || {};
    return describeAction({ seat: a[0], verb: a[1], cards: a[2], ...extra,
                            count: undefined }, true);
  }

  // -- roles and game details ------------------------------------------------------------
  function seatBadges(i) {
    return game().badges ? game().badges(ctx, i) : [];
  }

  function infoItems() {
    const obs = s.state && s.state.observation;
    if (!obs) return [];
    const items = [[t("table.deal", { n: (s.state.deal ?? 0) + 1 }), phaseLabel(obs.phase)]];
    if (game().info) items.push(...game().info(ctx));
    if (s.table && s.table.totals && s.table.deals_played) {
      items.push([t("table.totals"), s.table.totals.map((x, i) => `${seatName(i)} ${fmt(x)}`).join(" · ")]);
    }
    return items;
  }

  function fmt(x) {
    const n = Number(x);
    return (n > 0 ? "+" : "") + (Number.isInteger(n) ? String(n) : n.toFixed(1));
  }

  // -- rendering -------------------------------------------------------------------------
  function render() {
    if (s.destroyed) return;
    if (s.pointerDown) {
      // a message came between a press and its release: redraw after the click lands,
      // so that the pressed button is still the one released
      s.renderPending = true;
      return;
    }
    const obs = s.state && s.state.observation;
    view.dataset.seat = s.seat === null || !s.bound ? "" : String(s.seat);
    view.dataset.stateId = s.state && s.state.state_id !== null ? String(s.state.state_id) : "";
    view.dataset.yourTurn = myTurn() ? "1" : "0";
    view.dataset.phase = obs ? obs.phase : "";
    view.dataset.check = s.check ? (s.check.ok ? "ok" : "bad") : s.checkRef ? "pending" : "";
    view.dataset.dealOver = s.dealOver ? String(s.dealOver.deal) : "";
    view.dataset.busy = s.busy ? "1" : "0";
    view.dataset.selectVerb = selectVerb() || "";
    // the table is drawn anew on every message: the text fields keep what is being typed, the
    // focus and the caret (a message arriving mid-word must not send the keys nowhere)
    const typing = keepFocus(view);
    const chatValue = view.querySelector("#chat-input")?.value || "";
    const nameValue = view.querySelector("#seat-name")?.value;
    clear(view);
    if (!s.table) {
      view.append(h("div", { class: "panel center-note" },
        s.message ? s.message.text : t("table.connecting")));
      return;
    }
    view.append(renderHeader());
    if (!s.connected && s.everConnected) {
      view.append(h("div", { class: "banner", id: "reconnecting" }, t("table.reconnecting")));
    }
    const main = h("div", { class: "table-main" }, renderFelt(nameValue), renderHandArea());
    view.append(h("div", { class: "table-layout" }, main, renderSide()));
    if (s.dealOver) view.append(renderDealOver());
    else if (s.chooser && myTurn()) view.append(renderChooser());
    const input = view.querySelector("#chat-input");
    if (input) input.value = chatValue;
    typing();
  }

  function renderHeader() {
    const tb = s.table;
    return h("div", { class: "table-header" },
      h("button", { type: "button", class: "btn ghost", id: "to-lobby", onclick: () => navigate(null) },
        `← ${t("table.lobby")}`),
      h("span", { class: `game-chip game-${tb.game}` }, t(`game.${tb.game}`)),
      tb.options && tb.options.preset ? h("span", { class: "muted" }, presetLabel(tb.game, tb.options.preset)) : null,
      h("span", { class: "table-code", id: "table-code" }, t("table.code", { code: tb.code })),
      h("button", { type: "button", class: "btn small", id: "copy-link", onclick: copyLink },
        s.copied ? t("table.copied") : t("table.copy")),
      h("span", { class: `status status-${tb.status}` }, t(`status.${tb.status}`)),
      s.seat === null ? h("span", { class: "muted", id: "spectating" }, t("table.spectating")) : null);
  }

  function copyLink() {
    const url = `${location.origin}/?t=${encodeURIComponent(s.table.code)}`;
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    s.copied = true;
    render();
    setTimeout(() => { s.copied = false; render(); }, 1500);
  }

  function renderFelt(nameValue) {
    const tb = s.table;
    const n = tb.seats.length;
    const me = s.seat ?? 0;
    const obs = s.state && s.state.observation;
    const felt = h("div", { class: `felt seats-${n}`, id: "felt" });
    for (let k = 0; k < n; k++) {
      const i = (me + k) % n;
      const angle = Math.PI / 2 - (k * 2 * Math.PI) / n;
      const x = 50 + 44 * Math.cos(angle);
      const y = 50 + 41 * Math.sin(angle);
      const px = 50 + 24 * Math.cos(angle);
      const py = 50 + 22 * Math.sin(angle);
      if (k !== 0 || s.seat === null) felt.append(renderSeat(i, x, y, obs));
      felt.append(renderPlay(i, px, py));
    }
    felt.append(renderCenter(obs, nameValue));
    if (tb.status === "playing" && lastTrick()) {
      felt.append(h("button", { type: "button", class: `btn small last-trick-button ${s.showLast ? "on" : ""}`,
                                id: "last-trick-button", "aria-pressed": s.showLast ? "true" : "false",
                                onclick: () => { s.showLast = !s.showLast; render(); } }, t("table.last_trick")));
      if (s.showLast) felt.append(renderLastTrick() || "");
    }
    if (game().felt && s.table.status === "playing") felt.append(game().felt(ctx) || "");
    return felt;
  }

  function renderSeat(i, x, y, obs) {
    const seat = s.table.seats[i];
    const toAct = obs && obs.to_act && obs.to_act.includes(i);
    const size = obs && obs.hand_sizes ? obs.hand_sizes[i] : null;
    const cls = ["seat", toAct ? "acting" : "", seat.kind === "empty" ? "empty" : "",
                 i === s.seat ? "mine" : ""].join(" ");
    const teammate = obs && obs.details && obs.details.teammate_hands
      ? obs.details.teammate_hands[String(i)] : null;
    return h("div", { class: cls, style: `left:${x}%;top:${y}%`, dataset: { seat: String(i) } },
      h("div", { class: "seat-name" }, seat.kind === "empty" ? t("table.empty") : seatName(i)),
      h("div", { class: "seat-tags" },
        seat.kind === "bot" ? h("span", { class: "tag bot" }, t("table.bot")) : null,
        seat.trustee ? h("span", { class: "tag trustee" }, t("table.trustee_on")) : null,
        seat.kind === "person" && !seat.connected ? h("span", { class: "tag off" }, t("table.offline")) : null,
        seatBadges(i).map(([k, label]) => h("span", { class: `tag role-${k}` }, label))),
      size !== null && size !== undefined && s.table.status === "playing"
        ? h("div", { class: "seat-count" }, h("span", { class: "mini-back" }, cardBack()),
          t("table.cards", { n: size })) : null,
      teammate ? h("div", { class: "seat-teammate" }, cardsText(teammate, currentLang())) : null,
      game().seatExtra ? game().seatExtra(ctx, i) : null,
      s.state && s.state.deadline && (s.state.deadline.seats || []).includes(i) ? timerNode(null) : null,
      toAct ? h("div", { class: "seat-turn" }, t("table.to_act")) : null);
  }

  function renderPlay(i, x, y) {
    const ev = s.lastPlays[i];
    const spot = h("div", { class: "play-spot", style: `left:${x}%;top:${y}%`, dataset: { seat: String(i) } });
    if (!ev) return spot;
    const cards = splitCards(ev.cards);
    if (cards.length && ev.verb !== "bury") {
      spot.append(h("div", { class: "played-cards" }, cards.map((c) => h("span", { class: "card small" }, cardFace(c)))));
      if (ev.verb !== "play") spot.append(h("div", { class: "played-verb" }, verbLabel(ev.verb)));
      const mark = game().playMark ? game().playMark(ctx, ev) : null;
      if (mark) spot.append(h("div", { class: "played-mark" }, mark));
    } else {
      spot.append(h("div", { class: "played-verb" }, describeAction(ev, true)));
    }
    return spot;
  }

  function renderCenter(obs, nameValue) {
    const tb = s.table;
    const center = h("div", { class: "felt-center" });
    if (s.seat === null && tb.seats.some((x) => x.kind === "empty")) {
      center.append(h("div", { class: "seat-picker", id: "seat-picker" },
        h("h3", {}, t("table.pick_seat")),
        h("input", { id: "seat-name", maxlength: 24, placeholder: t("lobby.name"),
                     value: nameValue ?? savedName() }),
        h("div", { class: "seat-picker-buttons" }, tb.seats.map((x, i) => (x.kind !== "empty" ? null
          : h("button", { type: "button", class: "btn primary sit-button", dataset: { seat: String(i) },
                          onclick: () => sit(i) }, `${t("table.sit")} · ${t("table.seat")} ${i + 1}`))))));
      return center;
    }
    if (tb.status === "waiting") {
      center.append(h("div", { class: "center-status" }, t("table.waiting_players")));
      if (s.seat !== null) {
        center.append(h("div", { class: "seat-picker-buttons" }, tb.seats.map((x, i) => (x.kind !== "empty" ? null
          : h("button", { type: "button", class: "btn small", onclick: () => send("bot", { seat: i, bot: "normal" }) },
            `${t("table.add_bot")} → ${t("table.seat")} ${i + 1}`)))));
      }
      return center;
    }
    if (tb.status === "paused") {
      center.append(h("div", { class: "center-status" }, t("table.paused")));
    }
    if (tb.status === "over") {
      center.append(h("div", { class: "center-status" }, t("table.over")));
      return center;
    }
    if (!obs) return center;
    let line;
    if (myTurn() && deciding()) line = t("table.your_turn");
    else if (obs.to_act && obs.to_act.length) line = t("table.wait", { name: obs.to_act.map(seatName).join(", ") });
    else line = phaseLabel(obs.phase);
    center.append(h("div", { class: `center-status ${myTurn() && deciding() ? "mine" : ""}`, id: "turn-line" }, line));
    if (game().center) center.append(game().center(ctx) || "");
    return center;
  }

  function sit(i) {
    const input = view.querySelector("#seat-name");
    const name = (input && input.value.trim()) || savedName() || "player";
    localStorage.setItem("paizhuo.name", name);
    send("sit", { seat: i, name });
  }

  function renderHandArea() {
    const area = h("div", { class: "hand-area" });
    if (s.seat === null || !s.bound) return area;
    const obs = s.state && s.state.observation;
    const seat = s.table.seats[s.seat];
    const mine = [...seatBadges(s.seat), ...(game().myBadges ? game().myBadges(ctx) : [])];
    area.append(h("div", { class: "me-line" },
      h("span", { class: "seat-name" }, `${seat.name || ""} (${t("table.you")})`),
      mine.map(([k, label]) => h("span", { class: `tag role-${k}` }, label)),
      myTurn() && deciding() ? h("span", { class: "tag turn" }, t("table.your_turn")) : null));
    const hand = h("div", { class: "hand", id: "hand" });
    const n = s.hand.length;
    // how much of each card the next one covers: more cards, more covered; style.css keeps a
    // strip wide enough to click or tap
    hand.style.setProperty("--cover", n > 36 ? "0.72" : n > 27 ? "0.66" : n > 18 ? "0.56" : "0.44");
    s.hand.forEach((c, i) => {
      const trump = !!(game().isTrump && game().isTrump(ctx, c));
      hand.append(h("button", {
        type: "button", class: `card ${s.selected.has(i) ? "selected" : ""}`,
        dataset: { card: c, index: String(i) },
        // a mouse or a finger selects on press, and a press dragged across the hand selects
        // (or unselects) every card it passes; a keyboard's Enter or Space is a click
        onpointerdown: (ev) => startDrag(i, ev),
        onclick: (ev) => { if (ev.detail === 0) toggleCard(i); },
        "aria-pressed": s.selected.has(i) ? "true" : "false",
      }, cardFace(c, { trump })));
    });
    if (game().handArea) area.append(game().handArea(ctx) || "");
    area.append(hand);
    area.append(renderActions());
    return area;
  }

  function renderActions() {
    const verb = selectVerb();
    const st = s.state;
    const bar = h("div", { class: "action-bar", id: "action-bar" });
    const mine = myTurn();
    const canPlay = !!(verb && s.check && s.check.ok && !s.busy);
    bar.append(h("button", { type: "button", class: "btn", id: "hint-button", disabled: !mine,
                             onclick: () => send("hint") }, t("table.hint")));
    bar.append(h("button", { type: "button", class: "btn", id: "clear-button", disabled: !s.selected.size,
                             onclick: () => { s.selected = new Set(); runCheck(); render(); } }, t("table.clear")));
    bar.append(h("button", { type: "button", class: "btn primary play", id: "play-button", disabled: !canPlay,
                             onclick: playSelection }, verbLabel(verb || "play")));
    const actions = buttonActions();
    const own = mine && game().decision ? game().decision(ctx, actions) : null;
    if (own) bar.append(own);
    else bar.append(...actionButtons(actions));
    if (mine && deciding()) bar.append(timerNode("my-timer") || "");
    const seat = s.table.seats[s.seat];
    const on = !!(seat && seat.trustee);
    bar.append(h("button", { type: "button", class: `btn toggle ${on ? "on" : ""}`, id: "trustee-button",
                             "aria-pressed": on ? "true" : "false",
                             onclick: () => send("trustee", { on: !on }) }, on ? t("table.trustee_on") : t("table.trustee")));
    const wrap = h("div", { class: "actions" }, bar);
    const note = h("div", { class: "action-note", id: "action-note" });
    if (s.check && !s.check.ok && s.selected.size) {
      note.classList.add("bad");
      const rid = s.check.rule ? ruleLink(s.check.rule)
        : h("span", { class: "rule-id" }, t("rule", { rule: s.check.field || s.check.code }));
      rid.id = "rule-id";
      note.append(rid,
        h("span", { class: "rule-message", id: "rule-message" }, s.check.message));
    } else if (s.message) {
      if (s.message.kind === "error") note.classList.add("bad");
      if (s.message.rule) note.append(ruleLink(s.message.rule));
      note.append(h("span", {}, s.message.text));
    } else if (mine && verb && game().note && game().note(ctx, verb)) {
      note.append(h("span", { class: "muted" }, game().note(ctx, verb)));
    } else if (mine && verb) {
      note.append(h("span", { class: "muted" }, t("table.select", { verb: verbLabel(verb) })));
      if (st && st.legal_count) note.append(h("span", { class: "muted" }, ` · ${t("table.legal_many", { n: st.legal_count })}`));
    }
    wrap.append(note);
    return wrap;
  }

  function actionButton(a) {
    const k = JSON.stringify(a);
    return h("button", {
      type: "button", class: `btn action-button ${s.hinted === k ? "hinted" : ""}`,
      dataset: { verb: a[1] }, disabled: s.busy, onclick: () => { s.chooser = null; act(a); },
    }, actionLabel(a));
  }

  /** A button per legal action; when there are many, a verb with many options gets one
   * button that opens a chooser listing them all (a hinted action is still marked there). */
  function actionButtons(actions) {
    if (actions.length <= BUTTONS_SHOWN) return actions.map(actionButton);
    const groups = new Map();
    for (const a of actions) {
      if (!groups.has(a[1])) groups.set(a[1], []);
      groups.get(a[1]).push(a);
    }
    const out = [];
    for (const [verb, list] of groups) {
      if (list.length <= GROUP_SHOWN) out.push(...list.map(actionButton));
      else {
        const hinted = list.some((a) => JSON.stringify(a) === s.hinted);
        out.push(h("button", {
          type: "button", class: `btn chooser-open ${hinted ? "hinted" : ""}`, dataset: { verb },
          disabled: s.busy, onclick: () => { s.chooser = verb; s.chooserFilter = ""; render(); },
        }, `${verbLabel(verb)} … (${list.length})`));
      }
    }
    return out;
  }

  function renderChooser() {
    const verb = s.chooser;
    const all = buttonActions().filter((a) => a[1] === verb);
    const filter = s.chooserFilter.trim().toLowerCase();
    const shown = filter ? all.filter((a) => actionLabel(a).toLowerCase().includes(filter)) : all;
    const close = () => { s.chooser = null; render(); };
    return h("div", { class: "overlay", id: "chooser", onclick: (ev) => { if (ev.target.id === "chooser") close(); } },
      h("div", { class: "panel chooser" },
        h("div", { class: "panel-head" }, h("h2", {}, verbLabel(verb)),
          h("button", { type: "button", class: "btn ghost small", id: "chooser-close", onclick: close }, "✕")),
        h("input", { id: "chooser-filter", placeholder: t("table.filter"), value: s.chooserFilter,
                     autocomplete: "off",
                     oninput: (ev) => { s.chooserFilter = ev.target.value; render();
                                        const i = view.querySelector("#chooser-filter");
                                        if (i) { i.focus(); i.setSelectionRange(i.value.length, i.value.length); } } }),
        h("div", { class: "chooser-list" }, shown.map(actionButton)),
        h("p", { class: "muted" }, t("table.choices", { n: shown.length, all: all.length }))));
  }

  function renderLastTrick() {
    const tr = lastTrick();
    if (!tr) return null;
    const order = s.table.seats.map((_, i) => i).filter((i) => tr.plays[i]);
    return h("div", { class: "last-trick panel", id: "last-trick", onclick: () => { s.showLast = false; render(); } },
      h("h3", {}, t("table.last_trick")),
      h("ol", {}, order.map((i) => {
        const p = tr.plays[i];
        const cards = splitCards(p.cards);
        return h("li", { class: i === tr.winner ? "winner" : "", dataset: { seat: String(i) } },
          h("span", { class: "last-name" }, seatName(i)),
          cards.length ? h("span", { class: "played-cards" }, cards.map((c) => h("span", { class: "card small" }, cardFace(c))))
            : h("span", { class: "played-verb" }, verbLabel(p.verb)));
      })),
      tr.winner !== null && tr.winner !== undefined
        ? h("p", { class: "muted" }, t("event.trick", { name: seatName(tr.winner), points: tr.points ?? 0 })) : null);
  }

  function renderSide() {
    const info = infoItems();
    const log = h("ol", { class: "log", id: "log" }, s.log.slice(-80).map((e) => {
      if (e.kind === "divider") return h("li", { class: "log-divider" }, e.text);
      if (e.kind === "chat") {
        return h("li", { class: "log-chat" }, h("b", {}, `${e.name ?? t("table.spectator")}: `), e.text);
      }
      return h("li", { class: `log-${e.kind}` }, e.text);
    }));
    const side = h("aside", { class: "side" },
      info.length ? h("section", { class: "panel info", id: "info" },
        h("dl", {}, info.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]))) : null,
      game().panels ? game().panels(ctx) : null,
      h("section", { class: "panel log-panel" }, h("h3", {}, t("table.log")), log),
      h("form", { class: "chat-form", onsubmit: (ev) => {
        ev.preventDefault();
        const input = view.querySelector("#chat-input");
        const text = input.value.trim();
        if (text) send("chat", { text });
        input.value = "";
      } },
        h("input", { id: "chat-input", maxlength: 300, placeholder: t("table.say"), autocomplete: "off" }),
        h("button", { type: "submit", class: "btn small" }, t("table.send"))));
    queueMicrotask(() => { log.scrollTop = log.scrollHeight; });
    return side;
  }

  /** The deal's id from its record link ("/api/games/<id>/record"). */
  function dealIdOf(record) {
    const m = /\/api\/games\/([^/]+)\/record$/.exec(record || "");
    return m ? decodeURIComponent(m[1]) : null;
  }

  function renderDealOver() {
    const m = s.dealOver;
    const own = game().dealOver ? game().dealOver(ctx, m) : { lines: [], extra: () => [] };
    const lines = own.lines;
    const rows = s.table.seats.map((_, i) => {
      const extra = own.extra(i);
      return h("tr", { class: i === s.seat ? "mine" : "" },
        h("td", {}, seatName(i)), h("td", {}, extra.filter(Boolean).join(" · ")),
        h("td", { class: "num" }, fmt(m.returns ? m.returns[i] : 0)),
        h("td", { class: "num" }, fmt(s.table.totals ? s.table.totals[i] : 0)));
    });
    return h("div", { class: "overlay", id: "deal-over" },
      h("div", { class: "panel deal-over" },
        h("h2", {}, `${t("table.deal_over")} · ${t("table.deal", { n: m.deal + 1 })}`),
        lines.map((l) => (l instanceof Node ? l : h("p", {}, l))),
        h("table", { class: "results" },
          h("thead", {}, h("tr", {}, h("th", {}, t("table.seat")), h("th", {}, ""),
            h("th", { class: "num" }, t("table.returns")), h("th", { class: "num" }, t("table.totals")))),
          h("tbody", {}, rows)),
        h("div", { class: "deal-over-actions" },
          // a restricted record (SJ-13) needs the seat's token, which a link cannot send: the
          // replay page fetches it with the token
          m.record && !m.restricted ? h("a", { class: "btn ghost", href: m.record, target: "_blank", rel: "noopener" }, t("table.record")) : null,
          dealIdOf(m.record) ? h("a", { class: "btn ghost", id: "deal-over-replay", href: replayHref(dealIdOf(m.record)),
                                        target: "_blank", rel: "noopener" }, t("table.replay")) : null,
          h("button", { type: "button", class: "btn primary", id: "deal-over-close",
                        onclick: () => { s.dealOver = null; render(); } }, t("table.next")))));
  }

  const onDown = () => { s.pointerDown = true; };
  const onUp = (ev) => {
    s.pointerDown = false;
    endDrag(ev.type === "pointercancel");
    if (s.renderPending) {
      s.renderPending = false;
      setTimeout(render, 0);
    }
  };
  view.addEventListener("pointerdown", onDown, true);
  window.addEventListener("pointerup", onUp, true);
  window.addEventListener("pointercancel", onUp, true);
  window.addEventListener("pointermove", onDragMove, true);
  const offLang = onLang(render);
  const ticker = setInterval(tickTimers, 250);
  connect();
  render();
  return {
    destroy() {
      s.destroyed = true;
      offLang();
      clearInterval(ticker);
      window.removeEventListener("pointerup", onUp, true);
      window.removeEventListener("pointercancel", onUp, true);
      window.removeEventListener("pointermove", onDragMove, true);
      if (s.ws) s.ws.close();
    },
  };
}
