// The felt: the seats in a ring with the player at the bottom, each seat's play in front of
// it, the middle (picking a seat, waiting for players, whose turn it is, the game's own
// centre) and the last trick on demand.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { savedName } from "../lobby.js";
import { renderLastTrick } from "./dialogs.js";
import { renderPlay, renderSeat } from "./seats.js";

/** The felt; `nameValue` is what the seat picker's name field held before this drawing. */
export function renderFelt(ctx, nameValue) {
  const { s } = ctx;
  const game = ctx.game();
  const tb = s.table;
  const n = tb.seats.length;
  const me = s.seat ?? 0;
  const obs = ctx.obs();
  const felt = h("div", { class: `felt seats-${n}`, id: "felt" });
  for (let k = 0; k < n; k++) {
    const i = (me + k) % n;
    const angle = Math.PI / 2 - (k * 2 * Math.PI) / n;
    const x = 50 + 44 * Math.cos(angle);
    const y = 50 + 41 * Math.sin(angle);
    const px = 50 + 24 * Math.cos(angle);
    const py = 50 + 22 * Math.sin(angle);
    if (k !== 0 || s.seat === null) felt.append(renderSeat(ctx, i, x, y, obs));
    felt.append(renderPlay(ctx, i, px, py));
  }
  felt.append(renderCenter(ctx, obs, nameValue));
  if (tb.status === "playing" && ctx.lastTrick()) {
    felt.append(h("button", { type: "button", class: `btn small last-trick-button ${s.showLast ? "on" : ""}`,
                              id: "last-trick-button", "aria-pressed": s.showLast ? "true" : "false",
                              onclick: () => { s.showLast = !s.showLast; ctx.render(); } }, t("table.last_trick")));
    if (s.showLast) felt.append(renderLastTrick(ctx) || "");
  }
  if (game.felt && s.table.status === "playing") felt.append(game.felt(ctx) || "");
  return felt;
}

function renderCenter(ctx, obs, nameValue) {
  const { s } = ctx;
  const game = ctx.game();
  const tb = s.table;
  const center = h("div", { class: "felt-center" });
  if (s.seat === null && tb.seats.some((x) => x.kind === "empty")) {
    center.append(h("div", { class: "seat-picker", id: "seat-picker" },
      h("h3", {}, t("table.pick_seat")),
      h("input", { id: "seat-name", maxlength: 24, placeholder: t("lobby.name"),
                   value: nameValue ?? savedName() }),
      h("div", { class: "seat-picker-buttons" }, tb.seats.map((x, i) => (x.kind !== "empty" ? null
        : h("button", { type: "button", class: "btn primary sit-button", dataset: { seat: String(i) },
                        onclick: () => sit(ctx, i) }, `${t("table.sit")} · ${t("table.seat")} ${i + 1}`))))));
    return center;
  }
  if (tb.status === "waiting") {
    center.append(h("div", { class: "center-status" }, t("table.waiting_players")));
    if (s.seat !== null) {
      center.append(h("div", { class: "seat-picker-buttons" }, tb.seats.map((x, i) => (x.kind !== "empty" ? null
        : h("button", { type: "button", class: "btn small", onclick: () => ctx.send("bot", { seat: i, bot: "normal" }) },
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
  const mine = ctx.myTurn() && ctx.deciding();
  let line;
  if (mine) line = t("table.your_turn");
  else if (obs.to_act && obs.to_act.length) line = t("table.wait", { name: obs.to_act.map(ctx.seatName).join(", ") });
  else line = ctx.phaseLabel(obs.phase);
  center.append(h("div", { class: `center-status ${mine ? "mine" : ""}`, id: "turn-line" }, line));
  if (game.center) center.append(game.center(ctx) || "");
  return center;
}

function sit(ctx, i) {
  const input = ctx.view.querySelector("#seat-name");
  const name = (input && input.value.trim()) || savedName() || "player";
  localStorage.setItem("paizhuo.name", name);
  ctx.send("sit", { seat: i, name });
}
