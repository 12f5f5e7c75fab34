// The felt: the seats in a ring with the player at the bottom, each seat's play in front of
// it, the middle (picking a seat, waiting for players, whose turn it is, the game's own
// centre) and the last trick on demand. On a phone (PHONE) the seats stand in rows at the
// felt's edges, sides taking turns, each play beside its seat in a row of its own, and the
// middle becomes a caption under the felt: no notice, caption or seat lies on a play.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { savedName } from "../lobby.js";
import { renderLastTrick } from "./dialogs.js";
import { renderPlay, renderSeat } from "./seats.js";

/** The screens drawn as a phone's: the layout of rows and a caption (style.css agrees). */
export const PHONE = "(max-width: 600px)";

/** On a phone, where seat `k` (0: the player, then round the table) stands: its row from the
 * top (one per opponent, the player's play last) and its side ("left", "right"). Rows follow the ring from the top; the two sides take turns, so a tall seat box
 * never meets the next one and each play has the row's other side to itself. */
function phoneSpots(n) {
  const opp = [];
  for (let k = 1; k < n; k++) {
    const a = Math.PI / 2 - (k * 2 * Math.PI) / n;
    opp.push({ k, c: Math.round(Math.cos(a) * 1000), y: Math.round(Math.sin(a) * 1000) });
  }
  opp.sort((p, q) => p.y - q.y || p.c - q.c);
  const spots = {};
  opp.forEach((p, r) => {
    spots[p.k] = { row: r, side: Math.abs(p.c) > 300 ? (p.c < 0 ? "left" : "right") : null };
  });
  for (let r = opp.length - 1; r >= 0; r--) {  // the seat across: the side its neighbour leaves
    const p = spots[opp[r].k];
    if (!p.side) p.side = r + 1 < opp.length && spots[opp[r + 1].k].side === "left" ? "right" : "left";
  }
  // the player's play, last, on the side the seat box above it leaves free
  const above = opp.length ? spots[opp[opp.length - 1].k].side : "right";
  spots[0] = { row: opp.length, side: above === "right" ? "left" : "right", mine: true };
  return { spots, rows: opp.length + 1 };
}

const SEAT_GAP = 4; // px kept between two seat boxes on one side of a phone's felt

/** On a phone, once the felt is drawn: the seat boxes of each side are moved apart where
 * they would meet (a box grows with its tags: a role, 托管, a 够级 note) and kept inside the
 * felt, each as near its row as it can stay. A box is centred on its `top` (layout.css).
 * Where a side's boxes are too tall for it even so (a small phone, a seat with four tags),
 * they are drawn cramped — without their seat line and bot tag (layout.css) — and placed
 * again. */
export function fitPhoneSeats(felt) {
  if (!felt || !felt.classList.contains("phone")) return;
  for (const side of ["left", "right"]) {
    const boxes = [...felt.querySelectorAll(`.seat.side-${side}`)];
    if (placeSide(felt, side, boxes) > 0 && !boxes.some((e) => e.classList.contains("cramped"))) {
      boxes.forEach((e) => e.classList.add("cramped"));
      placeSide(felt, side, boxes);
    }
  }
}

/** fitPhoneSeats for one side's seat boxes; returns how many pixels they still overflow. */
function placeSide(felt, side, elements) {
  const frame = felt.getBoundingClientRect();
  const top = frame.top + felt.clientTop;
  const rows = Number(felt.dataset.rows) || 1;
  // the player's own play has the last row on its side: the boxes stay above it
  const mine = felt.dataset.mineSide === side;
  const inner = { top: top + 2,
                  bottom: mine ? top + (felt.clientHeight * (2 + ((rows - 1) * 96) / rows)) / 100 - 2
                    : top + felt.clientHeight - 2 };
  const boxes = elements.map((e) => ({ e, r: e.getBoundingClientRect() }))
    .sort((a, b) => a.r.top - b.r.top);
  if (!boxes.length) return 0;
  // down from the top: none above the felt, none over the one above it
  let edge = inner.top - SEAT_GAP;
  const tops = boxes.map(({ r }) => {
    const t = Math.max(r.top, edge + SEAT_GAP);
    edge = t + r.height;
    return t;
  });
  // up from the bottom where the last one left the felt, as far as the top allows
  let over = edge - inner.bottom;
  for (let j = boxes.length - 1; j >= 0 && over > 0; j--) {
    const room = j === 0 ? tops[0] - inner.top : tops[j] - (tops[j - 1] + boxes[j - 1].r.height + SEAT_GAP);
    const shift = Math.min(over, Math.max(0, room));
    for (let m = j; m < boxes.length; m++) tops[m] -= shift;
    over -= shift;
  }
  boxes.forEach(({ e, r }, j) => {
    if (Math.abs(tops[j] - r.top) < 0.5) return;
    e.style.top = `${tops[j] + r.height / 2 - top}px`;
  });
  return over;
}

/** The felt (and on a phone the caption under it); `nameValue` is what the seat picker's name
 * field held before this drawing. */
export function renderFelt(ctx, nameValue) {
  const { s } = ctx;
  const game = ctx.game();
  const tb = s.table;
  const n = tb.seats.length;
  const me = s.seat ?? 0;
  const obs = ctx.obs();
  const phone = window.matchMedia(PHONE).matches;
  const felt = h("div", { class: `felt seats-${n} ${phone ? "phone" : ""}`, id: "felt" });
  const layout = phone ? phoneSpots(n) : null;
  if (layout) {
    felt.dataset.rows = String(layout.rows);
    felt.dataset.mineSide = layout.spots[0].side;
  }
  for (let k = 0; k < n; k++) {
    const i = (me + k) % n;
    const angle = Math.PI / 2 - (k * 2 * Math.PI) / n;
    let [x, y] = [50 + 44 * Math.cos(angle), 50 + 41 * Math.sin(angle)];
    let [px, py] = [50 + 24 * Math.cos(angle), 50 + 22 * Math.sin(angle)];
    const spot = layout && layout.spots[k];
    if (spot) {
      // rows from 2% to 98% of the felt; a seat box is a third of its width at its side
      y = py = 2 + ((spot.row + 0.5) * 96) / layout.rows;
      [x, px] = spot.side === "left" ? [2, spot.mine ? 2 : 36] : [98, spot.mine ? 98 : 64];
    }
    if (k !== 0 || s.seat === null) {
      const seat = renderSeat(ctx, i, x, y, obs);
      if (spot) seat.classList.add(`side-${spot.side}`);
      felt.append(seat);
    }
    const play = renderPlay(ctx, i, px, py);
    if (spot) {
      // a long play closes up to stay in its room (layout.css), clear of the seats' column
      play.classList.add(`side-${spot.side}`, ...(spot.mine ? ["mine"] : []));
      play.style.setProperty("--n", String(Math.max(2, play.querySelectorAll(".played-cards .card").length)));
    }
    felt.append(play);
  }
  // on a phone the middle is a caption under the felt, where it covers no play
  const caption = phone ? h("div", { class: "felt-caption", id: "felt-caption" }) : felt;
  caption.append(renderCenter(ctx, obs, nameValue));
  if (tb.status === "playing" && ctx.lastTrick()) {
    caption.append(h("button", { type: "button", class: `btn small last-trick-button ${s.showLast ? "on" : ""}`,
                              id: "last-trick-button", "aria-pressed": s.showLast ? "true" : "false",
                              onclick: () => { s.showLast = !s.showLast; ctx.render(); } }, t("table.last_trick")));
    if (s.showLast) felt.append(renderLastTrick(ctx) || "");
  }
  if (game.felt && s.table.status === "playing") caption.append(game.felt(ctx) || "");
  return phone ? h("div", { class: "felt-wrap" }, felt, caption) : felt;
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
  if (tb.next_deal && tb.status === "playing") {
    // between two deals: the next is dealt once everyone here has closed the summary
    const names = tb.next_deal.waiting.map((i) => ctx.seatName(i)).join(", ");
    center.append(h("div", { class: "center-status", id: "next-deal" },
      names ? t("summary.waiting", { names }) : t("summary.dealing")));
    return center;
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
