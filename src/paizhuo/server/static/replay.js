// The replay page: a finished deal ("/?replay=<deal id>", from GET /api/games/<id>/replay) or
// an uploaded record ("/?replay=file", POST /api/replay) stepped through with every hand shown
// face up: seats around the felt, the plays of the current trick or round, a step slider,
// ◀ ▶ buttons and the arrow keys, play/pause, the action log with the current step marked,
// and the result at the end.
import { cardFace, cardsText, splitCards, suitSymbol } from "./cards.js";
import { clear, h } from "./dom.js";
import { gameView, handOrder } from "./games/index.js";
import { addStrings, currentLang, onLang, serverError, t } from "./i18n.js";
import { ruleHref, tokenKey, UPLOAD_KEY } from "./links.js";
import { avatar, botName, botWho, seatLabel } from "./look.js";
import { presetLabel } from "./lobby_options.js";

addStrings({
  en: {
    "replay.title": "Replay",
    "replay.loading": "Loading the replay…",
    "replay.deal": "Deal {id}",
    "replay.upload": "Uploaded record",
    "replay.no_upload": "No uploaded record in this tab: open one from the lobby.",
    "replay.step": "Step {k} / {n}",
    "replay.start": "The deal",
    "replay.first": "First step",
    "replay.prev": "Back one step",
    "replay.next": "Forward one step",
    "replay.last": "Last step",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.speed": "Speed",
    "replay.keys": "← → step · Home End · Space plays",
    "replay.log": "Actions",
    "replay.dealt": "Cards dealt",
    "replay.result": "Result",
    "replay.unfinished": "The record ends before the deal is over (phase: {phase}).",
    "replay.seat": "Seat {n}",
    "replay.cards": "{n} cards",
    "replay.cards.one": "{n} card",
    "replay.phase": "Phase",
    "replay.returns": "Score",
    "replay.rank": "Place",
    "replay.to_act": "to act",
    "replay.error": "This record cannot be replayed: {message}",
    "replay.where.field": "at {field}",
    "replay.where.top": "the record as a whole",
    "replay.where.index": "at actions[{n}], seat {seat}",
    "replay.lobby": "Lobby",
    "replay.rules": "Rules",
    "replay.record": "Record (JSON)",
    "replay.winner": "Winner",
  },
  zh: {
    "replay.title": "回放",
    "replay.loading": "正在加载回放…",
    "replay.deal": "牌局 {id}",
    "replay.upload": "上传的牌谱",
    "replay.no_upload": "此标签页没有上传的牌谱：请从大厅打开一个。",
    "replay.step": "第 {k} / {n} 步",
    "replay.start": "发牌",
    "replay.first": "第一步",
    "replay.prev": "后退一步",
    "replay.next": "前进一步",
    "replay.last": "最后一步",
    "replay.play": "播放",
    "replay.pause": "暂停",
    "replay.speed": "速度",
    "replay.keys": "← → 单步 · Home / End 键 到开头或结尾 · 空格 播放",
    "replay.log": "出牌记录",
    "replay.dealt": "发牌完毕",
    "replay.result": "结果",
    "replay.unfinished": "牌谱在本局结束前就停止了（阶段：{phase}）。",
    "replay.seat": "{n} 号位",
    "replay.cards": "{n} 张",
    "replay.phase": "阶段",
    "replay.returns": "得分",
    "replay.rank": "名次",
    "replay.to_act": "出牌中",
    "replay.error": "无法回放此牌谱：{message}",
    "replay.where.field": "位置 {field}",
    "replay.where.top": "整个牌谱",
    "replay.where.index": "位置 actions[{n}]，{seat} 号位",
    "replay.lobby": "大厅",
    "replay.rules": "规则",
    "replay.record": "牌谱文件",
    "replay.winner": "胜方",
  },
});

const SPEEDS = { "0.5×": 1600, "1×": 800, "2×": 400, "4×": 200 };

/** Where each seat sits around the felt, as the table draws it (seat 0 at the bottom, then
 * on round the ring): its side of the grid (top, left, right, bottom), in order along it. */
function layout(n) {
  const places = { top: [], left: [], right: [], bottom: [] };
  for (let i = 0; i < n; i++) {
    const a = Math.PI / 2 - (i * 2 * Math.PI) / n;
    const x = Math.cos(a);
    const y = Math.sin(a);
    const where = y > 0.7 ? "bottom" : y < -0.7 ? "top" : x > 0 ? "right" : "left";
    places[where].push({ i, x, y });
  }
  places.top.sort((p, q) => p.x - q.x);
  places.bottom.sort((p, q) => p.x - q.x);
  places.left.sort((p, q) => p.y - q.y);
  places.right.sort((p, q) => p.y - q.y);
  return { places };
}

export function showReplay(root, key, navigate) {
  const upload = key === "file";
  const tableId = upload ? null : key.replace(/-\d+$/, "");
  const s = { data: null, error: null, step: 0, playing: false, speed: "1×", seats: null,
              timer: null, recordUrl: null };
  let alive = true;
  const view = h("div", { class: "replay-page", id: "replay-page",
                          dataset: { ready: "0", step: "0", steps: "0" } });
  clear(root).append(view);

  const frames = () => (s.data ? s.data.frames : []);
  const last = () => Math.max(0, frames().length - 1);
  const game = () => (s.data ? s.data.game : "");

  function seatName(i) {
    const seat = s.seats && s.seats[i];
    // a bot by its name for people (机器人·小张（普通）), as the table showed it
    if (seat && seat.kind === "bot") return botName(tableId, i, seat.bot, currentLang());
    const name = seat && seat.name;
    if (!name) return t("replay.seat", { n: i + 1 });
    // people of one name: their seat numbers tell them apart
    return s.seats.filter((x) => x.name === name && x.kind !== "bot").length > 1 ? `${name} ${i + 1}` : name;
  }

  /** Seat `i`'s avatar, as the table drew it (none for a record with no table). */
  function seatAvatar(i) {
    const seat = s.seats && s.seats[i];
    if (!seat || seat.kind === "empty") return null;
    return seat.kind === "bot" ? avatar(`bot:${botWho(tableId, i)}`, { bot: true }) : avatar(seat.name || "?");
  }

  function verbLabel(verb) {
    const own = t(`verb.${game()}.${verb}`);
    if (own !== `verb.${game()}.${verb}`) return own;
    const plain = t(`verb.${verb}`);
    return plain === `verb.${verb}` ? verb : plain;
  }

  function describe(a) {
    const lang = currentLang();
    const parts = [verbLabel(a[1])];
    if (a[2]) parts.push(cardsText(a[2], lang));
    const extra = a[3] || {};
    if (extra.card) parts.push(`${cardsText(extra.card, lang)} ${t("nth", { n: extra.nth || 1 })}`);
    if (extra.target !== undefined) parts.push(String(extra.target));
    if (extra.to !== undefined) parts.push(`→ ${seatName(extra.to)}`);
    return parts.join(" ");
  }

  function eventText(ev) {
    switch (ev.type) {
      case "trick": return t(ev.points === undefined ? "event.trick_hidden" : "event.trick",
                             { name: seatName(ev.winner), points: ev.points ?? 0 });
      case "round_won": return t("event.round_won", { name: seatName(ev.seat) });
      case "out": return t("event.out", { name: seatName(ev.seat) });
      case "trump": return t("event.trump", { trump: ev.trump === "NT" ? t("sj.nt") : suitSymbol(ev.trump),
                                              name: seatName(ev.dealer) });
      case "kitty": return t("event.kitty", { points: ev.points ?? 0 });
      case "over": return t("event.over");
      default: return null;
    }
  }

  function fmt(x) {
    const n = Number(x);
    return (n > 0 ? "+" : "") + (Number.isInteger(n) ? String(n) : n.toFixed(1));
  }

  /** The games' own hooks (roles, summaries) fed with a spectator's view of this frame. */
  function gameCtx(frame) {
    return {
      s: { seat: null, table: { game: game(), seats: [] }, state: { observation: frame.public } },
      h, t,
      obs: () => frame.public,
      details: () => (frame.public && frame.public.details) || {},
      seatName, lang: () => currentLang(), fmt,
      verbLabel, ruleLink: (rule) => h("a", { href: ruleHref(rule) || "#" }, rule),
    };
  }

  function hook(name, frame, ...args) {
    const view = gameView(game());
    if (!view || typeof view[name] !== "function") return null;
    try {
      return view[name](gameCtx(frame), ...args);
    } catch {
      return null; // a hook written for the live table that wants more than a replay has
    }
  }

  // -- moving -------------------------------------------------------------------------
  function go(step) {
    const next = Math.max(0, Math.min(last(), step));
    if (next === s.step && s.data) return;
    s.step = next;
    if (s.step >= last()) stop();
    render();
  }

  function stop() {
    s.playing = false;
    if (s.timer) clearInterval(s.timer);
    s.timer = null;
  }

  function toggle() {
    if (s.playing) {
      stop();
    } else {
      if (s.step >= last()) s.step = 0;
      s.playing = true;
      s.timer = setInterval(() => go(s.step + 1), SPEEDS[s.speed]);
    }
    render();
  }

  function onKey(e) {
    if (!s.data || !alive) return;
    const tag = e.target && e.target.tagName;
    if (e.target && e.target.id === "replay-slider") return; // the slider steps by itself
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (e.key === "ArrowRight") go(s.step + 1);
    else if (e.key === "ArrowLeft") go(s.step - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(last());
    else if (e.key === " " && tag !== "BUTTON") toggle();
    else return;
    e.preventDefault();
  }

  // -- drawing ------------------------------------------------------------------------
  function render() {
    if (!alive) return;
    view.dataset.step = String(s.step);
    view.dataset.steps = String(last());
    view.dataset.playing = s.playing ? "1" : "0";
    clear(view);
    view.append(header());
    if (s.error) {
      view.append(h("div", { class: "panel replay-error", id: "replay-error" },
        typeof s.error === "string" ? s.error : failed(s.error.data, s.error.status)));
      return;
    }
    if (!s.data) {
      view.append(h("p", { class: "muted" }, t("replay.loading")));
      return;
    }
    const frame = frames()[s.step];
    view.append(h("div", { class: "replay-layout" },
      h("div", { class: "replay-main" }, ring(frame), controls()),
      h("div", { class: "replay-side" }, infoPanel(frame), logPanel())));
    if (s.step === last()) view.append(resultPanel(frame));
    const cur = view.querySelector("#replay-log .current");
    const log = view.querySelector("#replay-log");
    if (cur && log) log.scrollTop = cur.offsetTop - log.clientHeight / 2;
    view.dataset.ready = "1";
  }

  function header() {
    // the deal by its number, as the table said it (the deal's id stays in the address)
    const dealNo = Number((/-(\d+)$/.exec(key) || [])[1]);
    const title = upload ? t("replay.upload")
      : Number.isInteger(dealNo) ? t("table.deal", { n: dealNo + 1 }) : t("replay.deal", { id: key });
    return h("div", { class: "replay-header" },
      h("button", { type: "button", class: "btn ghost", id: "replay-lobby", onclick: () => navigate(null) },
        `← ${t("replay.lobby")}`),
      h("h1", {}, t("replay.title")),
      s.data ? h("span", { class: `game-chip game-${game()}` }, t(`game.${game()}`)) : null,
      s.data && s.data.options && s.data.options.preset
        ? h("span", { class: "muted" }, presetLabel(game(), s.data.options.preset)) : null,
      h("span", { class: "muted", id: "replay-what" }, title),
      s.data ? h("a", { class: "btn small ghost", href: `/?rules=${game()}`,
                        onclick: (e) => { e.preventDefault(); navigate(`/?rules=${game()}`); } },
        t("replay.rules")) : null,
      !upload && s.data ? h("a", { class: "btn small ghost", href: s.recordUrl || `/api/games/${encodeURIComponent(key)}/record`,
                                   target: "_blank", rel: "noopener" }, t("replay.record")) : null);
  }

  function ring(frame) {
    const n = s.data.seats;
    const { places } = layout(n);
    const grid = h("div", { class: `replay-ring seats-${n}`, id: "replay-ring" });
    for (const where of ["top", "left", "right", "bottom"]) {
      grid.append(h("div", { class: `ring-${where}` }, places[where].map((p) => seatBox(frame, p.i))));
    }
    const felt = h("div", { class: "felt replay-felt", id: "replay-felt" });
    // each seat's plays on the felt's side facing its box
    for (const [where, list] of Object.entries(places)) {
      list.forEach((p, j) => {
        const f = (j + 1) / (list.length + 1);
        const [x, y] = where === "top" ? [22 + 56 * f, 24] : where === "bottom" ? [22 + 56 * f, 76]
          : where === "left" ? [21, 22 + 56 * f] : [79, 22 + 56 * f];
        felt.append(playSpot(frame, p.i, x, y));
      });
    }
    felt.append(h("div", { class: "felt-center replay-center" },
      h("div", { class: "center-info" }, t(`phase.${frame.phase}`) !== `phase.${frame.phase}`
        ? t(`phase.${frame.phase}`) : frame.phase)));
    grid.append(h("div", { class: "ring-felt" }, felt));
    return grid;
  }

  function seatBox(frame, i) {
    const cards = handOrder(game(), splitCards(frame.hands[i]));
    const acting = (frame.to_act || []).includes(i);
    const badges = hook("badges", frame, i) || [];
    const justPlayed = frame.action && frame.action[0] === i;
    // the game's marks in a hand (Shengji's trumps), as a spectator of this frame would see them
    const trumpOf = (c) => !!hook("isTrump", frame, c);
    return h("div", { class: `replay-seat ${acting ? "acting" : ""} ${justPlayed ? "just" : ""}`,
                      dataset: { seat: String(i) } },
      h("div", { class: "replay-seat-head" },
        seatAvatar(i),
        h("span", { class: "seat-name" }, seatName(i)),
        // numbers and directions as people say them, seen from seat 1 (drawn at the bottom)
        h("span", { class: "seat-where" }, seatLabel(i, i === 0 ? null : 0, s.data.seats)),
        badges.map(([k, label]) => h("span", { class: `tag role-${k}` }, label)),
        h("span", { class: "muted replay-count" }, t("replay.cards", { n: cards.length })),
        acting ? h("span", { class: "tag turn" }, t("replay.to_act")) : null),
      h("div", { class: "replay-hand", dataset: { seat: String(i) } },
        cards.map((c) => h("span", { class: "card mini", dataset: { card: c } },
          cardFace(c, { trump: trumpOf(c) })))));
  }

  function playSpot(frame, i, x, y) {
    const shown = frame.felt ? frame.felt[i] : null;
    const spot = h("div", { class: "play-spot", style: `left:${x}%;top:${y}%`, dataset: { seat: String(i) } });
    if (!shown) return spot;
    const cards = splitCards(shown.cards);
    if (cards.length) {
      spot.append(h("div", { class: "played-cards" },
        cards.map((c) => h("span", { class: "card small", dataset: { card: c } }, cardFace(c)))));
      if (shown.verb !== "play") spot.append(h("div", { class: "played-verb" }, verbLabel(shown.verb)));
    } else {
      spot.append(h("div", { class: "played-verb" }, verbLabel(shown.verb)));
    }
    return spot;
  }

  function now() {
    const act = frames()[s.step].action;
    return act ? `${seatName(act[0])}: ${describe(act)}` : t("replay.start");
  }

  function controls() {
    const n = last();
    const slider = h("input", {
      type: "range", id: "replay-slider", min: 0, max: n, step: 1, value: String(s.step),
      "aria-label": t("replay.step", { k: s.step, n }),
      oninput: (e) => go(Number(e.target.value)),
    });
    slider.value = String(s.step);
    const btn = (id, label, title, onclick, disabled) => h("button", {
      type: "button", class: "btn", id, title, "aria-label": title, onclick, disabled,
    }, label);
    return h("div", { class: "replay-controls panel" },
      h("div", { class: "replay-buttons" },
        btn("replay-first", "|◀", t("replay.first"), () => go(0), s.step === 0),
        btn("replay-prev", "◀", t("replay.prev"), () => go(s.step - 1), s.step === 0),
        h("button", { type: "button", class: "btn primary", id: "replay-play",
                      "aria-pressed": s.playing ? "true" : "false", onclick: toggle },
          s.playing ? `❚❚ ${t("replay.pause")}` : `▶ ${t("replay.play")}`),
        btn("replay-next", "▶", t("replay.next"), () => go(s.step + 1), s.step >= n),
        btn("replay-last", "▶|", t("replay.last"), () => go(n), s.step >= n),
        h("span", { class: "replay-step", id: "replay-step" }, t("replay.step", { k: s.step, n })),
        h("span", { class: "replay-now", id: "replay-now" }, now()),
        h("label", { class: "replay-speed" }, t("replay.speed"),
          h("select", { id: "replay-speed", onchange: (e) => {
            s.speed = e.target.value;
            if (s.playing) {
              stop();
              toggle();
            }
          } }, Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: k === s.speed }, k))))),
      slider,
      h("div", { class: "muted replay-keys" }, t("replay.keys")));
  }

  function infoPanel(frame) {
    const items = [[t("replay.phase"), t(`phase.${frame.phase}`) !== `phase.${frame.phase}`
      ? t(`phase.${frame.phase}`) : frame.phase]];
    const more = hook("info", frame);
    if (Array.isArray(more)) items.push(...more);
    return h("section", { class: "panel info", id: "replay-info" },
      h("dl", {}, items.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v instanceof Node ? v : String(v ?? "—"))])));
  }

  function logPanel() {
    const entries = frames().map((f, k) => {
      const label = k === 0 ? t("replay.dealt")
        : `${seatName(f.action[0])}: ${describe(f.action)}`;
      const notes = (f.events || []).map(eventText).filter(Boolean);
      return h("li", { class: `replay-log-entry ${k === s.step ? "current" : ""} ${k > s.step ? "later" : ""}`,
                       dataset: { step: String(k) }, "aria-current": k === s.step ? "step" : null },
        h("button", { type: "button", class: "replay-log-button", onclick: () => go(k) },
          h("span", { class: "replay-log-n" }, String(k)), h("span", {}, label)),
        notes.length ? h("div", { class: "replay-log-events" }, notes.join(" · ")) : null);
    });
    return h("section", { class: "panel log-panel" },
      h("h3", {}, t("replay.log")),
      h("ol", { class: "replay-log", id: "replay-log" }, entries));
  }

  function resultPanel(frame) {
    const r = s.data.result;
    const returns = s.data.returns;
    if (!s.data.over || !r) {
      return h("section", { class: "panel replay-result", id: "replay-result" },
        h("h2", {}, t("replay.result")), h("p", { class: "muted" }, t("replay.unfinished", { phase: frame.phase })));
    }
    const summary = hook("dealOver", frame, { result: r, returns, deal: 0 }) || {};
    const lines = Array.isArray(summary.lines) ? summary.lines : [];
    const extra = (i) => {
      if (typeof summary.extra !== "function") return "";
      try {
        const x = summary.extra(i);
        return Array.isArray(x) ? x.join(" · ") : "";
      } catch {
        return "";
      }
    };
    const rank = (i) => {
      if (Array.isArray(r.rank_names)) return r.rank_names[i];
      if (Array.isArray(r.ranks)) return r.ranks[i];
      return null;
    };
    const hasRank = Array.from({ length: s.data.seats }, (_, i) => rank(i)).some((x) => x !== null && x !== undefined);
    let line = null;
    if (!lines.length) line = hook("resultLine", frame, r);
    return h("section", { class: "panel replay-result", id: "replay-result" },
      h("h2", {}, t("replay.result")),
      line ? h("p", { class: "replay-result-line" }, line) : null,
      lines.map((x) => (x instanceof Node ? x : h("p", { class: "replay-result-line" }, String(x)))),
      h("table", { class: "results", id: "replay-scores" },
        h("thead", {}, h("tr", {}, h("th", {}, t("table.seat")), hasRank ? h("th", {}, t("replay.rank")) : null,
          h("th", {}, ""), h("th", { class: "num" }, t("replay.returns")))),
        h("tbody", {}, Array.from({ length: s.data.seats }, (_, i) => h("tr", { dataset: { seat: String(i) } },
          h("td", {}, seatName(i)), hasRank ? h("td", {}, String(rank(i) ?? "")) : null,
          h("td", { class: "muted" }, extra(i)),
          h("td", { class: "num" }, returns ? fmt(returns[i]) : "—"))))));
  }

  // -- loading ------------------------------------------------------------------------
  /** The server's refusal of a record: the engine's message, where, and the rule. */
  function failed(data, status) {
    const message = (data && serverError(data)) || String(status);
    const lines = [h("p", { id: "replay-error-message" },
      data && data.error === "hidden" ? message : t("replay.error", { message }))];
    if (data && typeof data.field === "string") {
      lines.push(h("p", { class: "muted" }, data.field ? t("replay.where.field", { field: data.field })
        : t("replay.where.top")));
    } else if (data && data.index !== undefined && data.index !== null) {
      const href = data.rule ? ruleHref(data.rule) : null;
      lines.push(h("p", { class: "muted" },
        t("replay.where.index", { n: data.index, seat: (data.seat ?? 0) + 1 }),
        data.rule ? " · " : null,
        data.rule ? (href ? h("a", { class: "rule-id rule-link", href }, t("rule", { rule: data.rule }))
          : h("span", { class: "rule-id" }, t("rule", { rule: data.rule }))) : null));
    }
    return lines;
  }

  async function load() {
    let res;
    if (upload) {
      const text = sessionStorage.getItem(UPLOAD_KEY);
      if (!text) {
        s.error = t("replay.no_upload");
        return;
      }
      res = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
    } else {
      // a record the rules keep (SJ-13) is served only with the token of a seat that saw it
      // all: send this browser's seat token of the deal's table, if it holds one
      const token = localStorage.getItem(tokenKey(tableId));
      const headers = token ? { Authorization: `Bearer ${token}` } : {};
      res = await fetch(`/api/games/${encodeURIComponent(key)}/replay`, { headers });
      if (token && res.ok) {
        // the JSON link too: a link cannot send the token, so it opens a copy fetched with it
        const rec = await fetch(`/api/games/${encodeURIComponent(key)}/record`, { headers });
        if (rec.ok && alive) s.recordUrl = URL.createObjectURL(await rec.blob());
      }
    }
    const data = await res.json().catch(() => null);
    if (!res.ok || !data) {
      s.error = { data, status: res.status };
      return;
    }
    s.data = data;
    s.step = 0;
    if (!upload) {
      // the seats' names, from the table the deal was played at (a missing one: seat numbers)
      const tb = await fetch(`/api/tables/${encodeURIComponent(tableId)}`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
      if (tb && tb.seats) s.seats = tb.seats;
    }
  }

  document.addEventListener("keydown", onKey);
  const offLang = onLang(render);
  render();
  load().catch((e) => { s.error = t("replay.error", { message: e.message }); }).finally(render);
  return {
    destroy() {
      alive = false;
      if (s.recordUrl) URL.revokeObjectURL(s.recordUrl);
      stop();
      offLang();
      document.removeEventListener("keydown", onKey);
    },
  };
}
