// What opens over the table: the chooser of one verb's many actions, the last trick, and the
// end-of-deal summary (with the game's `dealOver` lines and the record and replay links; it
// closes with its button, Esc or a click outside, and never covers the way to the lobby).
import { cardFace, splitCards } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { replayHref } from "../links.js";
import { actionButton } from "./hand.js";

/** Every legal action of the verb `ctx.s.chooser`, filtered by what is typed. */
export function renderChooser(ctx) {
  const { s } = ctx;
  const verb = s.chooser;
  const all = ctx.buttonActions().filter((a) => a[1] === verb);
  const filter = s.chooserFilter.trim().toLowerCase();
  const shown = filter ? all.filter((a) => ctx.actionLabel(a).toLowerCase().includes(filter)) : all;
  const close = () => { s.chooser = null; ctx.render(); };
  return h("div", { class: "overlay", id: "chooser", onclick: (ev) => { if (ev.target.id === "chooser") close(); } },
    h("div", { class: "panel chooser" },
      h("div", { class: "panel-head" }, h("h2", {}, ctx.verbLabel(verb)),
        h("button", { type: "button", class: "btn ghost small", id: "chooser-close", onclick: close }, "✕")),
      h("input", { id: "chooser-filter", placeholder: t("table.filter"), value: s.chooserFilter,
                   autocomplete: "off",
                   oninput: (ev) => { s.chooserFilter = ev.target.value; ctx.render();
                                      const i = ctx.view.querySelector("#chooser-filter");
                                      if (i) { i.focus(); i.setSelectionRange(i.value.length, i.value.length); } } }),
      h("div", { class: "chooser-list" }, shown.map((a) => actionButton(ctx, a))),
      h("p", { class: "muted" }, t("table.choices", { n: shown.length, all: all.length }))));
}

/** The trick (or round) before the current one, each seat's play in order; null when none. */
export function renderLastTrick(ctx) {
  const { s } = ctx;
  const tr = ctx.lastTrick();
  if (!tr) return null;
  const order = s.table.seats.map((_, i) => i).filter((i) => tr.plays[i]);
  return h("div", { class: "last-trick panel", id: "last-trick", onclick: () => { s.showLast = false; ctx.render(); } },
    h("h3", {}, t("table.last_trick")),
    h("ol", {}, order.map((i) => {
      const p = tr.plays[i];
      const cards = splitCards(p.cards);
      return h("li", { class: i === tr.winner ? "winner" : "", dataset: { seat: String(i) } },
        h("span", { class: "last-name" }, ctx.seatName(i)),
        cards.length ? h("span", { class: "played-cards" }, cards.map((c) => h("span", { class: "card small" }, cardFace(c))))
          : h("span", { class: "played-verb" }, ctx.verbLabel(p.verb)));
    })),
    tr.winner !== null && tr.winner !== undefined
      ? h("p", { class: "muted" }, t(tr.points === undefined ? "event.trick_hidden" : "event.trick",
                                       { name: ctx.seatName(tr.winner), points: tr.points ?? 0 })) : null);
}

/** The deal's id from its record link ("/api/games/<id>/record"). */
function dealIdOf(record) {
  const m = /\/api\/games\/([^/]+)\/record$/.exec(record || "");
  return m ? decodeURIComponent(m[1]) : null;
}

/** The end of a deal (`ctx.s.dealOver`, the server's `deal_over`): the game's lines, then each
 * seat's part, this deal's returns and the totals. */
export function renderDealOver(ctx) {
  const { s } = ctx;
  const game = ctx.game();
  const m = s.dealOver;
  const own = game.dealOver ? game.dealOver(ctx, m) : { lines: [], extra: () => [] };
  const lines = own.lines;
  const rows = s.table.seats.map((_, i) => {
    const extra = own.extra(i);
    return h("tr", { class: i === s.seat ? "mine" : "" },
      h("td", {}, ctx.seatName(i)), h("td", {}, extra.filter(Boolean).join(" · ")),
      h("td", { class: "num" }, ctx.fmt(m.returns ? m.returns[i] : 0)),
      h("td", { class: "num" }, ctx.fmt(s.table.totals ? s.table.totals[i] : 0)));
  });
  return h("div", { class: "overlay", id: "deal-over",
                    onclick: (ev) => { if (ev.target.id === "deal-over") closeDealOver(ctx); } },
    h("div", { class: "panel deal-over", role: "dialog", "aria-modal": "true" },
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
                      onclick: () => closeDealOver(ctx) }, t("table.next"))),
      h("p", { class: "muted deal-over-hint" }, t("summary.close_hint"))));
}

/** Close the end-of-deal summary (its button, Esc, a click outside it): the server deals the
 * next deal once every person at the table has (`ready`), or its wait ran out. */
export function closeDealOver(ctx) {
  const { s } = ctx;
  if (!s.dealOver) return;
  s.dealOver = null;
  ctx.send("ready");
  ctx.render();
}
