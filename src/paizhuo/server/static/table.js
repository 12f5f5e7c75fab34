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
import { clear, h } from "./dom.js";
import { gameView } from "./games/index.js";
import { currentLang, onLang, t } from "./i18n.js";
import { dropPlan, planFor, savedName } from "./lobby.js";
import { ruleHref } from "./links.js";

// verbs whose cards the player picks from the hand; every other legal action is a button
const SELECT_VERBS = ["play", "bury", "tribute", "return"];
const LOG_LIMIT = 200;

function tokenKey(id) {
  return `paizhuo.token.${id}`;
}

export function showTable(root, key, navigate) {
  const s = {
    ws: null, connected: false, everConnected: false, destroyed: false, retry: 0,
    table: null, seat: null, bound: false, awaitingJoin: false, planned: false,
    state: null, deal: null, hand: [], handKey: "", selected: new Set(),
    check: null, checkRef: null, hinted: null, message: null, busy: false,
    lastPlays: {}, clearPending: false, log: [], chat: [], dealOver: null, copied: false,
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

  // -- the socket ------------------------------------------------------------------------
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(key)}`);
    s.ws = ws;
    ws.onopen = () => {
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
      case "state": if (!s.awaitingJoin) onState(msg); break;
      case "events": onEvents(msg); break;
      case "deal_over": s.dealOver = msg; break;
      case "checked": onChecked(msg); break;
      case "hinted": onHinted(msg); break;
      case "chat": pushChat(msg); break;
      case "ok": s.busy = false; break;
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
    return seat.name;
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
    if (cards.length && SELECT_VERBS.includes(verb)) {
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

  function selectVerb() {
    const st = s.state;
    if (!st || !myTurn()) return null;
    if (st.legal) {
      const verbs = st.legal.filter((a) => a[2] && SELECT_VERBS.includes(a[1])).map((a) => a[1]);
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
      if (SELECT_VERBS.includes(a[1]) && a[2]) continue;
      const k = JSON.stringify(a);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(a);
      if (out.length >= 16) break;
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
    const items = [[t("table.deal", { n: (s.state.deal ?? 0) + 1 }), t(`phase.${obs.phase}`)]];
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
    const chatFocused = document.activeElement && document.activeElement.id === "chat-input";
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
    const input = view.querySelector("#chat-input");
    if (input) {
      input.value = chatValue;
      if (chatFocused) input.focus();
    }
  }

  function renderHeader() {
    const tb = s.table;
    return h("div", { class: "table-header" },
      h("button", { type: "button", class: "btn ghost", id: "to-lobby", onclick: () => navigate(null) },
        `← ${t("table.lobby")}`),
      h("span", { class: `game-chip game-${tb.game}` }, t(`game.${tb.game}`)),
      tb.options && tb.options.preset ? h("span", { class: "muted" }, tb.options.preset) : null,
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
      h("div", { class: "seat-name" }, seat.kind === "empty" ? t("table.empty") : seat.name || "?"),
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
          : h("button", { type: "button", class: "btn small", onclick: () => send("bot", { seat: i, bot: "greedy" }) },
            `${t("table.add_bot")} → ${t("table.seat")} ${i + 1}`)))));
      }
      return center;
    }
    if (tb.status === "over") {
      center.append(h("div", { class: "center-status" }, t("table.over")));
      return center;
    }
    if (!obs) return center;
    let line;
    if (myTurn()) line = t("table.your_turn");
    else if (obs.to_act && obs.to_act.length) line = t("table.wait", { name: obs.to_act.map(seatName).join(", ") });
    else line = t(`phase.${obs.phase}`);
    center.append(h("div", { class: `center-status ${myTurn() ? "mine" : ""}`, id: "turn-line" }, line));
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
      myTurn() ? h("span", { class: "tag turn" }, t("table.your_turn")) : null));
    const hand = h("div", { class: "hand", id: "hand" });
    const n = s.hand.length;
    hand.style.setProperty("--overlap", n > 36 ? "-46px" : n > 27 ? "-42px" : n > 18 ? "-36px" : "-28px");
    s.hand.forEach((c, i) => {
      const trump = !!(game().isTrump && game().isTrump(ctx, c));
      hand.append(h("button", {
        type: "button", class: `card ${s.selected.has(i) ? "selected" : ""}`,
        dataset: { card: c, index: String(i) }, onclick: () => toggleCard(i),
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
    const own = mine && game().decision ? game().decision(ctx, buttonActions()) : null;
    if (own) bar.append(own);
    for (const a of own ? [] : buttonActions()) {
      const k = JSON.stringify(a);
      bar.append(h("button", {
        type: "button", class: `btn action-button ${s.hinted === k ? "hinted" : ""}`,
        dataset: { verb: a[1] }, disabled: s.busy, onclick: () => act(a),
      }, actionLabel(a)));
    }
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
          m.record ? h("a", { class: "btn ghost", href: m.record, target: "_blank", rel: "noopener" }, t("table.record")) : null,
          h("button", { type: "button", class: "btn primary", id: "deal-over-close",
                        onclick: () => { s.dealOver = null; render(); } }, t("table.next")))));
  }

  const onDown = () => { s.pointerDown = true; };
  const onUp = () => {
    s.pointerDown = false;
    if (s.renderPending) {
      s.renderPending = false;
      setTimeout(render, 0);
    }
  };
  view.addEventListener("pointerdown", onDown, true);
  window.addEventListener("pointerup", onUp, true);
  window.addEventListener("pointercancel", onUp, true);
  const offLang = onLang(render);
  connect();
  render();
  return {
    destroy() {
      s.destroyed = true;
      offLang();
      window.removeEventListener("pointerup", onUp, true);
      window.removeEventListener("pointercancel", onUp, true);
      if (s.ws) s.ws.close();
    },
  };
}
