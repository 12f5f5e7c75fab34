// The table view, driven only by the server's websocket messages (docs/protocol.md).
//
// This file wires the parts: the context `ctx` (./context.js, where it is documented), the
// socket (./socket.js), the messages (./messages.js), the felt and seats (./felt.js,
// ./seats.js), the hand and actions (./hand.js), the side panel (./panels.js) and what opens
// over the table (./dialogs.js). Each game's own part (roles, summaries, its decisions) lives
// in ../games/<game>.js behind the hooks listed in ../games/index.js; a game with no module is
// drawn by these parts alone.
import { clear, h, keepFocus } from "../dom.js";
import { howtoLink } from "../howto.js";
import { errorText, onLang, t } from "../i18n.js";
import { presetLabel } from "../lobby_options.js";
import { makeContext, tickTimers } from "./context.js";
import { closeDealOver, renderChooser, renderDealOver } from "./dialogs.js";
import { PHONE, fitPhoneSeats, renderFelt } from "./felt.js";
import { listenToPointer, renderHandArea } from "./hand.js";
import { leaveButton } from "./leave.js";
import { handle } from "./messages.js";
import { renderSide } from "./panels.js";
import { soundToggle } from "./motion.js";
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
  // Esc closes the end-of-deal summary; a resized window fits the felt again, and one that
  // becomes (or stops being) a phone's is drawn anew (only then: a scrollbar that comes and
  // goes with a drawing resizes the window too)
  const onKey = (ev) => { if (ev.key === "Escape") closeDealOver(ctx); };
  const onResize = () => fitLayout(view);
  const phone = window.matchMedia(PHONE);
  window.addEventListener("keydown", onKey);
  window.addEventListener("resize", onResize);
  phone.addEventListener("change", ctx.render);
  connect(ctx, (msg) => handle(ctx, msg));
  ctx.render();
  return {
    destroy() {
      s.destroyed = true;
      offLang();
      clearInterval(ticker);
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("resize", onResize);
      phone.removeEventListener("change", ctx.render);
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
  view.dataset.autoMade = s.autoMade ? `${s.autoMade.n} ${s.autoMade.verb} ${s.autoMade.shown}` : "";
  view.dataset.selectVerb = ctx.selectVerb() || "";
  // the table is drawn anew on every message: the text fields keep what is being typed, the
  // focus and the caret (a message arriving mid-word must not send the keys nowhere)
  const typing = keepFocus(view);
  const chatValue = view.querySelector("#chat-input")?.value || "";
  const nameValue = view.querySelector("#seat-name")?.value;
  clear(view);
  if (!s.table) {
    view.append(h("div", { class: "panel center-note" },
      !s.message ? t("table.connecting")
        : s.message.kind === "error" && s.message.code ? errorText(s.message) : s.message.text));
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
  fitPhoneSeats(view.querySelector("#felt"));
  if (!s.fitting) {  // measured once a frame: a burst of messages is not a burst of layouts
    s.fitting = true;
    requestAnimationFrame(() => {
      s.fitting = false;
      fitLayout(view);
      fitPhoneSeats(view.querySelector("#felt"));  // the felt's height may have changed
    });
  }
  const input = view.querySelector("#chat-input");
  if (input) input.value = chatValue;
  typing();
}

/** The sizes style.css needs to keep the felt and the fixed action bar in one screen: the
 * bar's height and where the felt (and on a phone the caption under it) begins. */
function fitLayout(view) {
  const bar = view.querySelector(".hand-area");
  const felt = view.querySelector("#felt");
  const caption = view.querySelector("#felt-caption");
  view.style.setProperty("--bar-h", `${bar ? bar.offsetHeight : 0}px`);
  view.style.setProperty("--caption-h", `${caption ? caption.offsetHeight : 0}px`);
  if (felt) view.style.setProperty("--felt-top", `${felt.getBoundingClientRect().top + window.scrollY}px`);
}

function renderHeader(ctx) {
  const { s } = ctx;
  const tb = s.table;
  return h("div", { class: "table-header" },
    h("button", { type: "button", class: "btn ghost", id: "to-lobby", onclick: () => ctx.navigate(null) },
      `← ${t("table.lobby")}`),
    h("span", { class: `game-chip game-${tb.game}` }, t(`game.${tb.game}`)),
    howtoLink(tb.game, { id: "howto-link" }),
    tb.options && tb.options.preset ? h("span", { class: "muted" }, presetLabel(tb.game, tb.options.preset)) : null,
    h("span", { class: "table-code", id: "table-code" }, t("table.code", { code: tb.code })),
    h("button", { type: "button", class: "btn small", id: "copy-link", onclick: () => copyLink(ctx) },
      s.copied ? t("table.copied") : t("table.copy")),
    h("span", { class: `status status-${tb.status}` }, t(`status.${tb.status}`)),
    soundToggle(ctx),
    leaveButton(ctx),
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
