// The table view, driven only by the server's websocket messages (docs/protocol.md).
//
// This file wires the parts: the context `ctx` (./context.js, where it is documented), the
// socket (./socket.js), the messages (./messages.js), the felt and seats (./felt.js,
// ./seats.js), the hand and actions (./hand.js), the side panel (./panels.js) and what opens
// over the table (./dialogs.js). Each game's own part (roles, summaries, its decisions) lives
// in ../games/<game>.js behind the hooks listed in ../games/index.js; a game with no module is
// drawn by these parts alone.
import { clear, h, keepFocus } from "../dom.js";
import { onLang, t } from "../i18n.js";
import { presetLabel } from "../lobby_options.js";
import { makeContext, tickTimers } from "./context.js";
import { renderChooser, renderDealOver } from "./dialogs.js";
import { renderFelt } from "./felt.js";
import { listenToPointer, renderHandArea } from "./hand.js";
import { handle } from "./messages.js";
import { renderSide } from "./panels.js";
import { connect, sender } from "./socket.js";

/** Draw the table `key` (its code or id) in `root`; returns `{destroy}`. */
export function showTable(root, key, navigate) {
  const view = h("div", { class: "table-page", id: "table-page" });
  clear(root).append(view);
  const ctx = makeContext(view, key, navigate);
  const { s } = ctx;
  ctx.send = sender(ctx);
  ctx.render = () => render(ctx);

  const stopPointer = listenToPointer(ctx);
  const offLang = onLang(ctx.render);
  const ticker = setInterval(() => tickTimers(ctx), 250);
  connect(ctx, (msg) => handle(ctx, msg));
  ctx.render();
  return {
    destroy() {
      s.destroyed = true;
      offLang();
      clearInterval(ticker);
      stopPointer();
      if (s.ws) s.ws.close();
    },
  };
}

function render(ctx) {
  const { s, view } = ctx;
  if (s.destroyed) return;
  if (s.pointerDown) {
    // a message came between a press and its release: redraw after the click lands,
    // so that the pressed button is still the one released
    s.renderPending = true;
    return;
  }
  const obs = ctx.obs();
  view.dataset.seat = s.seat === null || !s.bound ? "" : String(s.seat);
  view.dataset.stateId = s.state && s.state.state_id !== null ? String(s.state.state_id) : "";
  view.dataset.yourTurn = ctx.myTurn() ? "1" : "0";
  view.dataset.phase = obs ? obs.phase : "";
  view.dataset.check = s.check ? (s.check.ok ? "ok" : "bad") : s.checkRef ? "pending" : "";
  view.dataset.dealOver = s.dealOver ? String(s.dealOver.deal) : "";
  view.dataset.busy = s.busy ? "1" : "0";
  view.dataset.selectVerb = ctx.selectVerb() || "";
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
  view.append(renderHeader(ctx));
  if (!s.connected && s.everConnected) {
    view.append(h("div", { class: "banner", id: "reconnecting" }, t("table.reconnecting")));
  }
  const main = h("div", { class: "table-main" }, renderFelt(ctx, nameValue), renderHandArea(ctx));
  view.append(h("div", { class: "table-layout" }, main, renderSide(ctx)));
  if (s.dealOver) view.append(renderDealOver(ctx));
  else if (s.chooser && ctx.myTurn()) view.append(renderChooser(ctx));
  const input = view.querySelector("#chat-input");
  if (input) input.value = chatValue;
  typing();
}

function renderHeader(ctx) {
  const { s } = ctx;
  const tb = s.table;
  return h("div", { class: "table-header" },
    h("button", { type: "button", class: "btn ghost", id: "to-lobby", onclick: () => ctx.navigate(null) },
      `← ${t("table.lobby")}`),
    h("span", { class: `game-chip game-${tb.game}` }, t(`game.${tb.game}`)),
    tb.options && tb.options.preset ? h("span", { class: "muted" }, presetLabel(tb.game, tb.options.preset)) : null,
    h("span", { class: "table-code", id: "table-code" }, t("table.code", { code: tb.code })),
    h("button", { type: "button", class: "btn small", id: "copy-link", onclick: () => copyLink(ctx) },
      s.copied ? t("table.copied") : t("table.copy")),
    h("span", { class: `status status-${tb.status}` }, t(`status.${tb.status}`)),
    s.seat === null ? h("span", { class: "muted", id: "spectating" }, t("table.spectating")) : null);
}

function copyLink(ctx) {
  const { s } = ctx;
  const url = `${location.origin}/?t=${encodeURIComponent(s.table.code)}`;
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
  s.copied = true;
  ctx.render();
  setTimeout(() => { s.copied = false; ctx.render(); }, 1500);
}
