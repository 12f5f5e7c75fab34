// The lobby: open a table (game, rules, bots), list open tables, join by code or link.
import { clear, h, keepFocus } from "./dom.js";
import { defaultGame } from "./games/index.js";
import { howtoLink } from "./howto.js";
import { addStrings, onLang, t } from "./i18n.js";
import { UPLOAD_KEY, UPLOAD_REPLAY } from "./links.js";
import { optionsForm, presetLabel } from "./lobby_options.js";
import { heldTables, historyTable, myTablesCard, openTableRow } from "./lobby_tables.js";

addStrings({
  en: {
    "lobby.history": "History / replays",
    "lobby.history_none": "No finished deals yet.",
    "lobby.replay": "Replay",
    "lobby.deal_n": "deal {n}",
    "lobby.upload": "Open a record file",
    "lobby.upload_hint": "A record (.json) from a table, the judge or another program: step through it with every hand shown.",
    "lobby.upload_big": "That file is too big for a record ({size} bytes).",
    "lobby.rules": "Rules",
    "lobby.ago.s": "just now",
    "lobby.ago.m": "{n} min ago",
    "lobby.ago.h": "{n} h ago",
    "lobby.ago.d": "{n} d ago",
  },
  zh: {
    "lobby.history": "历史牌局 / 回放",
    "lobby.history_none": "还没有打完的牌局。",
    "lobby.replay": "回放",
    "lobby.deal_n": "第 {n} 局",
    "lobby.upload": "打开牌谱文件",
    "lobby.upload_hint": "牌桌、裁判或其他程序保存的牌谱文件：逐步回放，所有手牌都亮出。",
    "lobby.upload_big": "这个文件太大，不像牌谱（{size} 字节）。",
    "lobby.rules": "规则",
    "lobby.ago.s": "刚刚",
    "lobby.ago.m": "{n} 分钟前",
    "lobby.ago.h": "{n} 小时前",
    "lobby.ago.d": "{n} 天前",
  },
});

const MAX_UPLOAD = 2_000_000; // the server's cap on a record (paizhuo.server.replay)

function ago(when) {
  const secs = Math.max(0, Date.now() / 1000 - (when || 0));
  if (secs < 60) return t("lobby.ago.s");
  if (secs < 3600) return t("lobby.ago.m", { n: Math.floor(secs / 60) });
  if (secs < 86400) return t("lobby.ago.h", { n: Math.floor(secs / 3600) });
  return t("lobby.ago.d", { n: Math.floor(secs / 86400) });
}

const DELAYS = { quick: 0.3, normal: 0.8, slow: 1.5 };
// the turn timer's choices (seconds; "" none): a table that waits for friends has 30 s unless
// the host chose, one of a person and bots none (a bot table waits for its one player)
const TIMERS = ["", "15", "30", "60"];

/** The timer the form stands at: the host's choice, else the default of the seats chosen. */
function timerOf(form) {
  return form.timer ?? (form.who === "friends" ? "30" : "");
}

export function savedName() {
  return localStorage.getItem("paizhuo.name") || "";
}

/** What the table page does once it is open: sit at seat 0 and fill the rest with bots. */
export function planFor(tableId) {
  const raw = sessionStorage.getItem(`paizhuo.plan.${tableId}`);
  return raw ? JSON.parse(raw) : null;
}

export function dropPlan(tableId) {
  sessionStorage.removeItem(`paizhuo.plan.${tableId}`);
}

/** "ABC123", "/?t=ABC123", "http://host/?t=ABC123" or "…/#ABC123" → "ABC123". */
export function parseCode(text) {
  const s = (text || "").trim();
  if (!s) return null;
  try {
    const url = new URL(s, location.href);
    if (s.includes("/") || s.includes("?") || s.includes("#")) {
      const q = url.searchParams.get("t");
      if (q) return q;
      if (url.hash.length > 1) return url.hash.slice(1);
    }
  } catch {
    // not a URL: a code
  }
  return s.replace(/^#/, "");
}

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.message || data.error || res.statusText);
  return data;
}

function botLabel(name) {
  const key = `bot.${name}`;
  const label = t(key);
  return label === key ? name : label;
}

export function showLobby(root, navigate) {
  let kinds = null;
  let tables = [];
  let history = [];
  // rules: the changed options only (lobby_options.js); `open`: "more rules" unfolded
  const first = defaultGame();
  const rules = { preset: first.preset, options: {}, open: false };
  let form = { game: first.game, preset: first.preset, who: "bots", bot: "normal", pace: "normal",
               name: savedName(), code: "", timer: null };
  let error = "";
  let alive = true;

  const view = h("div", { class: "lobby" });
  clear(root).append(view);

  function gameKind() {
    return kinds ? kinds.games.find((g) => g.name === form.game) : null;
  }

  async function create(ev) {
    ev.preventDefault();
    const name = form.name.trim();
    if (name) localStorage.setItem("paizhuo.name", name);
    const body = { game: form.game, settings: { bot_delay: DELAYS[form.pace] } };
    if (timerOf(form)) body.settings.timer = Number(timerOf(form));
    const kind = gameKind();
    if (form.preset && kind && kind.presets.length) body.preset = form.preset;
    if (Object.keys(rules.options).length) body.options = { ...rules.options };
    try {
      const made = await api("/api/tables", body);
      // the host token: whoever holds it may seat bots and close the table (docs/protocol.md)
      localStorage.setItem(`paizhuo.host.${made.id}`, made.host_token);
      sessionStorage.setItem(`paizhuo.plan.${made.id}`, JSON.stringify({
        name: name || "me", bots: form.who === "bots" ? form.bot : null,
      }));
      navigate(made.code);
    } catch (err) {
      error = err.message;
      render();
    }
  }

  function join(ev) {
    ev.preventDefault();
    const code = parseCode(form.code);
    if (code) navigate(code);
  }

  function field(label, control) {
    return h("label", { class: "field" }, h("span", { class: "field-label" }, label), control);
  }

  function select(id, value, options, onchange) {
    const s = h("select", { id, onchange: (e) => onchange(e.target.value) },
      options.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
    s.value = value;
    return s;
  }

  function createCard() {
    const kind = gameKind();
    const games = kinds ? kinds.games.map((g) => [g.name, t(`game.${g.name}`)]) : [];
    const presets = kind ? kind.presets.map((p) => [p, presetLabel(form.game, p)]) : [];
    rules.preset = form.preset;
    // the named strengths first, then every other bot by its name
    const named = ["easy", "normal", "hard"];
    const bots = kind ? [...named.filter((b) => kind.bots.includes(b)),
      ...kind.bots.filter((b) => !named.includes(b))].map((b) => [b, botLabel(b)]) : [];
    return h("form", { class: "panel create", onsubmit: create },
      h("h2", {}, t("lobby.create")),
      field(t("lobby.game"), select("lobby-game", form.game, games, (v) => {
        form.game = v;
        const k = gameKind();
        form.preset = k && k.presets.length ? k.presets[0] : "";
        rules.options = {};
        render();
      })),
      howtoLink(form.game, { id: "lobby-howto" }),
      presets.length ? field(t("lobby.preset"), select("lobby-preset", form.preset, presets,
        (v) => { form.preset = v; rules.options = {}; render(); })) : null,
      optionsForm(kind, rules, () => render()),
      field(t("lobby.seats"), select("lobby-who", form.who,
        [["bots", t("lobby.me_bots")], ["friends", t("lobby.friends")]],
        (v) => { form.who = v; render(); })),
      form.who === "bots" ? field(t("lobby.bot"), select("lobby-bot", form.bot, bots,
        (v) => { form.bot = v; })) : null,
      field(t("lobby.delay"), select("lobby-pace", form.pace,
        Object.keys(DELAYS).map((k) => [k, t(`lobby.delay.${k}`)]), (v) => { form.pace = v; })),
      field(t("timer.label"), select("lobby-timer", timerOf(form),
        TIMERS.map((v) => [v, v ? t("timer.seconds", { n: v }) : t("timer.none")]),
        (v) => { form.timer = v; })),
      field(t("lobby.name"), h("input", { id: "lobby-name", maxlength: 24, autocomplete: "nickname",
                                          value: form.name, placeholder: t("lobby.name"),
                                          oninput: (e) => { form.name = e.target.value; } })),
      error ? h("p", { class: "error-line" }, error) : null,
      h("button", { type: "submit", class: "btn primary", id: "lobby-create" }, t("lobby.start")));
  }

  function openRecord(ev) {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    if (file.size > MAX_UPLOAD) {
      error = t("lobby.upload_big", { size: file.size });
      render();
      return;
    }
    file.text().then((text) => {
      sessionStorage.setItem(UPLOAD_KEY, text);
      navigate(UPLOAD_REPLAY);
    }).catch((e) => {
      error = e.message;
      render();
    });
  }

  function historyCard() {
    return h("section", { class: "panel history", id: "lobby-history" },
      h("div", { class: "panel-head" },
        h("h2", {}, t("lobby.history")),
        h("a", { class: "btn small ghost", href: "/?rules=README", id: "lobby-rules",
                 onclick: (e) => { e.preventDefault(); navigate("/?rules=README"); } }, t("lobby.rules"))),
      history.length ? h("ul", { class: "table-list history-list", id: "history-list" },
        history.map((entry) => historyTable(entry, navigate, ago)))
        : h("p", { class: "muted" }, t("lobby.history_none")),
      h("label", { class: "upload", for: "record-file" },
        h("span", { class: "btn upload-button" }, t("lobby.upload")),
        h("input", { type: "file", id: "record-file", accept: ".json,application/json,text/plain",
                     class: "upload-input", onchange: openRecord })),
      h("p", { class: "muted upload-hint" }, t("lobby.upload_hint")));
  }

  function render() {
    if (!alive) return;
    const focused = keepFocus(view);
    const held = heldTables(); // this browser's own tables are listed apart, to return to
    const others = tables.filter((tb) => !held.has(tb.id));
    clear(view).append(
      h("section", { class: "hero" },
        h("h1", {}, t("app.title")),
        h("p", { class: "muted" }, t("app.tagline"))),
      // (append writes a null as the text "null")
      myTablesCard(tables, navigate) || "",
      h("div", { class: "lobby-grid" },
        createCard(),
        h("div", { class: "lobby-side" },
          h("form", { class: "panel join", onsubmit: join },
            h("h2", {}, t("lobby.join")),
            h("div", { class: "join-line" },
              h("input", { id: "lobby-code", placeholder: t("lobby.code"), autocomplete: "off",
                           value: form.code, oninput: (e) => { form.code = e.target.value; } }),
              h("button", { type: "submit", class: "btn" }, t("lobby.go")))),
          h("section", { class: "panel open-tables" },
            h("div", { class: "panel-head" },
              h("h2", {}, t("lobby.open")),
              h("button", { type: "button", class: "btn small", id: "lobby-refresh", onclick: refresh },
                t("lobby.refresh"))),
            others.length ? h("ul", { class: "table-list", id: "open-list" },
              others.map((tb) => openTableRow(tb, navigate)))
              : h("p", { class: "muted" }, t("lobby.none"))),
          historyCard())));
    focused();
  }

  async function refresh() {
    try {
      tables = (await api("/api/tables")).tables;
      history = (await api("/api/history?limit=20")).tables;
    } catch (err) {
      error = err.message;
    }
    render();
  }

  const offLang = onLang(render);
  render();
  api("/api/games/kinds").then((k) => { kinds = k; render(); }).catch((e) => {
    error = e.message;
    render();
  });
  refresh();
  const timer = setInterval(refresh, 5000);
  return {
    destroy() {
      alive = false;
      offLang();
      clearInterval(timer);
    },
  };
}
