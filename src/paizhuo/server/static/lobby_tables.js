// The lobby's lists of tables: "your tables" (those whose seat token this browser keeps: return
// to your seat), the players of an open table (bots and 托管 marked), and the history — finished
// deals grouped by table (`GET /api/history`), one entry per table with its players, its state
// (a table that is over says why, and is never offered to join) and each deal's result.
import { h } from "./dom.js";
import { currentLang, t } from "./i18n.js";
import { replayHref, tokenKey } from "./links.js";
import { presetLabel } from "./lobby_options.js";
import { botName } from "./look.js";
import { seatKey } from "./table/leave.js";

/** The ids of the tables where this browser keeps a seat's token. */
export function heldTables() {
  const prefix = tokenKey("");
  const out = new Set();
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(prefix) && localStorage.getItem(key)) out.add(key.slice(prefix.length));
  }
  return out;
}

/** A seat's name for people: a bot by its display name (look.js), an empty seat as "·". */
function seatName(tb, seat, i) {
  if (seat.kind === "empty") return "·";
  if (seat.kind === "bot") return botName(tb.id, i, seat.bot, currentLang());
  return seat.name || `${t("table.seat")} ${i + 1}`;
}

/** The players of a table, each with a bot / 托管 / left tag. */
export function seatsLine(tb) {
  return h("div", { class: "table-row-seats lobby-seats" }, tb.seats.map((seat, i) =>
    h("span", { class: `lobby-seat lobby-seat-${seat.kind}`, dataset: { seat: String(i) } },
      seatName(tb, seat, i),
      seat.kind === "bot" ? h("span", { class: "tag bot" }, t("table.bot")) : null,
      seat.trustee === "left" ? h("span", { class: "tag trustee" }, t("leave.tag"))
        : seat.trustee ? h("span", { class: "tag trustee" }, t("table.trustee_on")) : null)));
}

/** A table's state in words: waiting, playing, paused, or over and why. */
export function stateLabel(tb) {
  const state = t(`status.${tb.status}`);
  if (tb.status !== "over" || !tb.ended) return state;
  const key = `lobbyx.ended.${tb.ended}`;
  return t(key) === key ? state : `${state} · ${t(key)}`;
}

function head(tb, ...extra) {
  return h("div", { class: "table-row-main" },
    h("span", { class: `game-chip game-${tb.game}` }, t(`game.${tb.game}`)),
    h("span", { class: "table-row-code" }, tb.code),
    tb.options && tb.options.preset
      ? h("span", { class: "muted table-row-preset" }, presetLabel(tb.game, tb.options.preset)) : null,
    h("span", { class: `status status-${tb.status}`, dataset: { status: tb.status } }, stateLabel(tb)),
    ...extra);
}

/** "Your tables": the open tables this browser holds a seat at, each with "return to your
 * seat" (the table page joins with the kept token); null when there are none. */
export function myTablesCard(tables, navigate) {
  const held = heldTables();
  const mine = tables.filter((tb) => held.has(tb.id) && tb.status !== "over");
  if (!mine.length) return null;
  return h("section", { class: "panel my-tables", id: "lobby-mine" },
    h("h2", {}, t("lobbyx.mine")),
    h("ul", { class: "table-list" }, mine.map((tb) => {
      const seat = Number(localStorage.getItem(seatKey(tb.id)));
      const known = localStorage.getItem(seatKey(tb.id)) !== null && tb.seats[seat];
      return h("li", { class: "table-row my-table-row", dataset: { code: tb.code, table: tb.id } },
        head(tb, known ? h("span", { class: "muted" }, t("lobbyx.your_seat", { seat: seat + 1 })) : null),
        seatsLine(tb),
        h("div", { class: "table-row-actions" },
          h("button", { type: "button", class: "btn primary return-seat", dataset: { code: tb.code },
                        onclick: () => navigate(tb.code) }, t("lobbyx.return"))));
    })));
}

/** An open table's row: its game, preset, state and players; sit or watch (never a table
 * that is over). */
export function openTableRow(tb, navigate) {
  const free = tb.seats.filter((s) => s.kind === "empty").length;
  const over = tb.status === "over";
  return h("li", { class: "table-row", dataset: { code: tb.code, status: tb.status } },
    head(tb),
    seatsLine(tb),
    h("div", { class: "table-row-actions" },
      over ? null : h("span", { class: "muted" }, free ? t("lobby.free", { n: free }) : t("lobby.full")),
      over ? null : h("button", { type: "button", class: "btn join-table", onclick: () => navigate(tb.code) },
        free ? t("lobby.take") : t("lobby.watch"))));
}

function signed(x) {
  const n = Number(x);
  return (n > 0 ? "+" : "") + (Number.isInteger(n) ? String(n) : n.toFixed(1));
}

/** One table of the history: its players, state, each finished deal's result (newest first)
 * with its replay, and the totals. */
export function historyTable(entry, navigate, ago) {
  const names = entry.seats.map((seat, i) => seatName(entry, seat, i));
  const more = entry.deals_played - entry.deals.length;
  const replay = (d) => {
    const href = replayHref(d.id);
    return h("a", { class: "btn small replay-link", href, dataset: { deal: d.id },
                    onclick: (e) => { e.preventDefault(); navigate(href); } }, t("lobby.replay"));
  };
  return h("li", { class: "history-table", dataset: { table: entry.id, code: entry.code } },
    head(entry,
      h("span", { class: "muted" }, entry.deals_played === 1 ? t("lobbyx.deals_one")
        : t("lobbyx.deals_many", { n: entry.deals_played })),
      h("span", { class: "muted" }, ago(entry.finished_at)),
      entry.status === "over" ? null : h("button", {
        type: "button", class: "btn small join-table", onclick: () => navigate(entry.code),
      }, heldTables().has(entry.id) ? t("lobbyx.return") : t("lobby.watch"))),
    seatsLine(entry),
    h("div", { class: "history-deals-wrap" },
      h("table", { class: "history-deals" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), names.map((n) => h("th", {}, n)), h("th", {}, ""))),
        h("tbody", {}, entry.deals.map((d) => h("tr", { dataset: { deal: d.id } },
          h("th", {}, t("lobby.deal_n", { n: (d.deal ?? 0) + 1 })),
          names.map((_, i) => h("td", { class: "num" }, d.returns ? signed(d.returns[i] ?? 0) : "")),
          h("td", {}, replay(d))))),
        entry.deals_played > 1 ? h("tfoot", {}, h("tr", {},
          h("th", {}, t("lobbyx.total")),
          names.map((_, i) => h("td", { class: "num" }, signed(entry.totals[i] ?? 0))),
          h("td", {}, ""))) : null)),
    more > 0 ? h("p", { class: "muted history-more" }, t("lobbyx.more", { n: more })) : null);
}
