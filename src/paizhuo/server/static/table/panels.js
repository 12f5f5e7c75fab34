// The side panel: the summary (deal, phase, the game's `info` rows, the running totals), the
// game's own `panels`, the log of actions and events, and the chat.
import { h } from "../dom.js";
import { t } from "../i18n.js";

/** The rows of the summary: [label, text]. */
function infoItems(ctx) {
  const { s } = ctx;
  const game = ctx.game();
  const obs = ctx.obs();
  if (!obs) return [];
  const items = [[t("table.deal", { n: (s.state.deal ?? 0) + 1 }), ctx.phaseLabel(obs.phase)]];
  if (game.info) items.push(...game.info(ctx));
  if (s.table && s.table.totals && s.table.deals_played) {
    items.push([t("table.totals"), s.table.totals.map((x, i) => `${ctx.seatName(i)} ${ctx.fmt(x)}`).join(" · ")]);
  }
  return items;
}

export function renderSide(ctx) {
  const { s } = ctx;
  const game = ctx.game();
  const info = infoItems(ctx);
  const log = h("ol", { class: "log", id: "log" }, s.log.slice(-80).map((e) => {
    // a line written by a function is written again now, in the language of the moment
    const text = typeof e.text === "function" ? e.text() : e.text;
    if (e.kind === "divider") return h("li", { class: "log-divider" }, text);
    if (e.kind === "chat") {
      return h("li", { class: "log-chat" }, h("b", {}, `${e.name ?? t("table.spectator")}: `), text);
    }
    return h("li", { class: `log-${e.kind}` }, text);
  }));
  const side = h("aside", { class: "side" },
    info.length ? h("section", { class: "panel info", id: "info" },
      h("dl", {}, info.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]))) : null,
    game.panels ? game.panels(ctx) : null,
    h("section", { class: "panel log-panel" }, h("h3", {}, t("table.log")), log),
    h("form", { class: "chat-form", onsubmit: (ev) => {
      ev.preventDefault();
      const input = ctx.view.querySelector("#chat-input");
      const text = input.value.trim();
      if (text) ctx.send("chat", { text });
      input.value = "";
    } },
      h("input", { id: "chat-input", maxlength: 300, placeholder: t("table.say"), autocomplete: "off" }),
      h("button", { type: "submit", class: "btn small" }, t("table.send"))));
  // scrolled to its end before the frame is painted, not at once: reading scrollHeight lays
  // the page out, and a burst of messages would lay it out once per message (dom.js keepFocus)
  requestAnimationFrame(() => { if (log.isConnected) log.scrollTop = log.scrollHeight; });
  return side;
}
