// Leaving a table ("leave the table / 离开"): before the table starts the seat is given up;
// once it plays the seat stays the person's and a bot plays it (托管, trustee `left`) until the
// person comes back with the seat's token — the lobby offers "return to your seat" for every
// table whose token this browser keeps (docs/protocol.md, `leave`). Everyone at the table is
// told: the seat is marked and the log says who left and who came back.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { tokenKey } from "../links.js";

/** Where the browser keeps the seat it holds at a table (the lobby names it). */
export function seatKey(tableId) {
  return `paizhuo.seat.${tableId}`;
}

/** The header's "leave the table" button: only for a seat this page speaks for. */
export function leaveButton(ctx) {
  const { s } = ctx;
  if (s.seat === null || !s.bound || !s.table || s.table.status === "over") return null;
  const started = s.table.status !== "waiting";
  return h("button", {
    type: "button", class: "btn small leave-button", id: "leave-table",
    title: started ? t("leave.title_started") : t("leave.title_waiting"),
    onclick: () => leave(ctx),
  }, t("leave.button"));
}

function leave(ctx) {
  const { s } = ctx;
  const ref = ctx.send("leave");
  if (!ref) return;
  s.leaving = { ref, started: s.table.status !== "waiting" };
  // the lobby once the server answers; at the latest after a moment (a lost answer)
  s.leavingTimer = setTimeout(() => leftTable(ctx), 3000);
}

/** The `left` reply: the seat is given up (before the start: its token is dead) or played
 * for by a bot (the token still holds it), and the person goes back to the lobby. */
export function onLeft(ctx, msg) {
  const { s } = ctx;
  if (!s.leaving || msg.ref !== s.leaving.ref) return;
  if (!s.leaving.started && s.table) {
    localStorage.removeItem(tokenKey(s.table.id));
    localStorage.removeItem(seatKey(s.table.id));
  }
  leftTable(ctx);
}

function leftTable(ctx) {
  const { s } = ctx;
  if (!s.leaving) return;
  clearTimeout(s.leavingTimer);
  s.leaving = null;
  s.bound = false;
  s.seat = null;
  if (!s.destroyed) ctx.navigate(null);
}

/** Remember the seat this browser holds at the table (for the lobby's "your tables"). */
export function rememberSeat(ctx, seat) {
  const { s } = ctx;
  if (s.table) localStorage.setItem(seatKey(s.table.id), String(seat));
}

/** A seat's 托管 tag: "left" where its person left the table. */
export function trusteeLabel(seat) {
  return seat.trustee === "left" ? t("leave.tag") : t("table.trustee_on");
}

/** Log who left the table (a bot plays on for them) and who came back, comparing the seats
 * before (`prev`: the table as last seen, or null) with `table`. */
export function noteLeavers(ctx, prev, table) {
  if (!prev || prev.id !== table.id) return;
  table.seats.forEach((seat, i) => {
    const before = prev.seats[i];
    if (!before || before.kind !== "person") return;
    const name = before.name || `${t("table.seat")} ${i + 1}`;
    if (seat.kind === "empty") {
      ctx.addLog("event", t("leave.gave_up_log", { name, seat: i + 1 }));
    } else if (seat.kind !== "person" || seat.name !== before.name) {
      // another person or a bot sits there now: not a leave of this table's kind
    } else if (seat.trustee === "left" && before.trustee !== "left") {
      ctx.addLog("event", t("leave.log", { name, seat: i + 1 }));
    } else if (before.trustee === "left" && seat.trustee !== "left") {
      ctx.addLog("event", t("leave.back_log", { name, seat: i + 1 }));
    }
  });
}
