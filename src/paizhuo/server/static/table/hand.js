// The player's own part of the table: the hand (picked by click, tap or a drag across it), the
// action bar (hint, clear, play the selection, a button per other legal action, the turn timer,
// the auto-pass toggle of ./auto.js, trustee) and
// the note under it (the server's verdict on the selection, a notice, or what to pick).
import { cardFace } from "../cards.js";
import { h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { seatLabel } from "../look.js";
import { autoNotice, autoToggle } from "./auto.js";
import { seatAvatar } from "./motion.js";

const BUTTONS_SHOWN = 12; // more button actions than this are grouped by verb into choosers
const GROUP_SHOWN = 4; // a verb with more options than this opens a chooser

/** The roles seat `i` shows: the game's `badges` (none without them). */
export function seatBadges(ctx, i) {
  const game = ctx.game();
  return game.badges ? game.badges(ctx, i) : [];
}

/** The player's line, the hand and the actions (empty for a spectator). */
export function renderHandArea(ctx) {
  const { s } = ctx;
  const game = ctx.game();
  const area = h("div", { class: "hand-area" });
  if (s.seat === null || !s.bound) return area;
  const seat = s.table.seats[s.seat];
  const mine = [...seatBadges(ctx, s.seat), ...(game.myBadges ? game.myBadges(ctx) : [])];
  area.append(h("div", { class: "me-line" },
    seatAvatar(ctx, s.seat),
    h("span", { class: "seat-name" }, `${seat.name || ""} (${t("table.you")})`),
    h("span", { class: "seat-where", id: "my-seat-where" }, seatLabel(s.seat, null, 0)),
    mine.map(([k, label]) => h("span", { class: `tag role-${k}` }, label)),
    ctx.myTurn() && ctx.deciding() ? h("span", { class: "tag turn" }, t("table.your_turn")) : null));
  const hand = h("div", { class: "hand", id: "hand" });
  const n = s.hand.length;
  // how much of each card the next one covers: more cards, more covered; style.css keeps a
  // strip wide enough to click or tap
  hand.style.setProperty("--cover", n > 36 ? "0.72" : n > 27 ? "0.66" : n > 18 ? "0.56" : "0.44");
  s.hand.forEach((c, i) => {
    const trump = !!(game.isTrump && game.isTrump(ctx, c));
    hand.append(h("button", {
      type: "button", class: `card ${s.selected.has(i) ? "selected" : ""}`,
      dataset: { card: c, index: String(i) },
      // a mouse or a finger selects on press, and a press dragged across the hand selects
      // (or unselects) every card it passes; a keyboard's Enter or Space is a click
      onpointerdown: (ev) => startDrag(ctx, i, ev),
      onclick: (ev) => { if (ev.detail === 0) toggleCard(ctx, i); },
      "aria-pressed": s.selected.has(i) ? "true" : "false",
    }, cardFace(c, { trump })));
  });
  if (game.handArea) area.append(game.handArea(ctx) || "");
  area.append(hand);
  area.append(renderActions(ctx));
  return area;
}

function renderActions(ctx) {
  const { s } = ctx;
  const game = ctx.game();
  const verb = ctx.selectVerb();
  const st = s.state;
  const bar = h("div", { class: "action-bar", id: "action-bar" });
  const mine = ctx.myTurn();
  const canPlay = !!(verb && s.check && s.check.ok && !s.busy);
  bar.append(h("button", { type: "button", class: "btn", id: "hint-button", disabled: !mine,
                           onclick: () => ctx.send("hint") }, t("table.hint")));
  bar.append(h("button", { type: "button", class: "btn", id: "clear-button", disabled: !s.selected.size,
                           onclick: () => { s.selected = new Set(); ctx.runCheck(); ctx.render(); } }, t("table.clear")));
  bar.append(h("button", { type: "button", class: "btn primary play", id: "play-button", disabled: !canPlay,
                           onclick: () => playSelection(ctx) }, ctx.verbLabel(verb || "play")));
  const actions = ctx.buttonActions();
  const own = mine && game.decision ? game.decision(ctx, actions) : null;
  if (own) bar.append(own);
  else bar.append(...actionButtons(ctx, actions));
  if (mine && ctx.deciding()) bar.append(ctx.ringNode("mini-ring") || "", ctx.timerNode("my-timer") || "");
  bar.append(autoToggle(ctx) || "");
  const seat = s.table.seats[s.seat];
  const on = !!(seat && seat.trustee);
  bar.append(h("button", { type: "button", class: `btn toggle ${on ? "on" : ""}`, id: "trustee-button",
                           "aria-pressed": on ? "true" : "false",
                           onclick: () => ctx.send("trustee", { on: !on }) }, on ? t("table.trustee_on") : t("table.trustee")));
  const wrap = h("div", { class: "actions" }, autoNotice(ctx), bar);
  const note = h("div", { class: "action-note", id: "action-note" });
  if (s.check && !s.check.ok && s.selected.size) {
    // the server's verdict on the selection: the engine's rule id and its words
    note.classList.add("bad");
    const rid = s.check.rule ? ctx.ruleLink(s.check.rule)
      : h("span", { class: "rule-id" }, t("rule", { rule: s.check.field || s.check.code }));
    rid.id = "rule-id";
    note.append(rid,
      h("span", { class: "rule-message", id: "rule-message" }, errorText(s.check)));
  } else if (s.message) {
    if (s.message.kind === "error") note.classList.add("bad");
    if (s.message.rule) note.append(ctx.ruleLink(s.message.rule));
    note.append(h("span", {}, s.message.kind === "error" ? errorText(s.message)
      : s.message.text));
  } else if (mine && verb && game.note && game.note(ctx, verb)) {
    note.append(h("span", { class: "muted" }, game.note(ctx, verb)));
  } else if (mine && verb) {
    note.append(h("span", { class: "muted" }, t("table.select", { verb: ctx.verbLabel(verb) })));
    if (st && st.legal_count) note.append(h("span", { class: "muted" }, ` · ${t("table.legal_many", { n: st.legal_count })}`));
  }
  wrap.append(note);
  return wrap;
}

/** A button for one legal action (marked where it is the server's hint). */
export function actionButton(ctx, a) {
  const { s } = ctx;
  const k = JSON.stringify(a);
  return h("button", {
    type: "button", class: `btn action-button ${s.hinted === k ? "hinted" : ""}`,
    dataset: { verb: a[1] }, disabled: s.busy, onclick: () => { s.chooser = null; ctx.act(a); },
  }, ctx.actionLabel(a));
}

/** A button per legal action; when there are many, a verb with many options gets one
 * button that opens a chooser listing them all (a hinted action is still marked there). */
function actionButtons(ctx, actions) {
  const { s } = ctx;
  if (actions.length <= BUTTONS_SHOWN) return actions.map((a) => actionButton(ctx, a));
  const groups = new Map();
  for (const a of actions) {
    if (!groups.has(a[1])) groups.set(a[1], []);
    groups.get(a[1]).push(a);
  }
  const out = [];
  for (const [verb, list] of groups) {
    if (list.length <= GROUP_SHOWN) out.push(...list.map((a) => actionButton(ctx, a)));
    else {
      const hinted = list.some((a) => JSON.stringify(a) === s.hinted);
      out.push(h("button", {
        type: "button", class: `btn chooser-open ${hinted ? "hinted" : ""}`, dataset: { verb },
        disabled: s.busy, onclick: () => { s.chooser = verb; s.chooserFilter = ""; ctx.render(); },
      }, `${ctx.verbLabel(verb)} … (${list.length})`));
    }
  }
  return out;
}

function playSelection(ctx) {
  const { s } = ctx;
  const verb = ctx.selectVerb();
  if (!verb || !s.check || !s.check.ok) return;
  ctx.act([s.seat, verb, ctx.selectedCards().join(" ")]);
}

// -- picking cards ---------------------------------------------------------------------------

function toggleCard(ctx, i) {
  const { s } = ctx;
  if (s.selected.has(i)) s.selected.delete(i);
  else s.selected.add(i);
  s.hinted = null;
  ctx.runCheck();
  ctx.render();
}

/** Mark card `i` (un)selected in place: a drag must not redraw the hand under the pointer. */
function setSelected(ctx, i, on) {
  const { s } = ctx;
  if (on) s.selected.add(i);
  else s.selected.delete(i);
  const el = ctx.view.querySelector(`#hand .card[data-index="${i}"]`);
  if (el) {
    el.classList.toggle("selected", on);
    el.setAttribute("aria-pressed", on ? "true" : "false");
  }
}

function startDrag(ctx, i, ev) {
  const { s } = ctx;
  if (ev.button !== 0 || s.seat === null) return;
  if (ev.pointerType === "touch") {
    // a finger may be starting to scroll the hand: the card is taken when it lifts
    s.drag = { touch: true, start: i };
    return;
  }
  s.drag = { mode: !s.selected.has(i), last: i };
  setSelected(ctx, i, s.drag.mode);
}

function cardIndexAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const card = el && el.closest && el.closest("#hand .card");
  return card ? Number(card.dataset.index) : null;
}

function onDragMove(ctx, ev) {
  const { s } = ctx;
  if (!s.drag || s.drag.touch) return;
  const j = cardIndexAt(ev.clientX, ev.clientY);
  if (j === null || j === s.drag.last) return;
  const [a, b] = j > s.drag.last ? [s.drag.last, j] : [j, s.drag.last];
  for (let k = a; k <= b; k++) setSelected(ctx, k, s.drag.mode);
  s.drag.last = j;
}

/** End a pick of cards, if one is under way; returns whether it changed the selection. */
function endDrag(ctx, cancelled) {
  const { s } = ctx;
  if (!s.drag) return false;
  const { touch, start } = s.drag;
  s.drag = null;
  if (touch) {
    if (cancelled) return false;
    setSelected(ctx, start, !s.selected.has(start));
  }
  s.hinted = null;
  ctx.runCheck();
  s.renderPending = true;
  return true;
}

/** Listen to the pointer for picking cards and for holding redraws while a button is pressed;
 * returns what removes the page-wide listeners. */
export function listenToPointer(ctx) {
  const { s } = ctx;
  const onDown = () => { s.pointerDown = true; };
  const onUp = (ev) => {
    s.pointerDown = false;
    const picked = endDrag(ctx, ev.type === "pointercancel");
    if (s.renderPending) {
      s.renderPending = false;
      // a press on a button is redrawn after its click lands, so that the pressed button is
      // still the one released; cards are picked by the pointer alone (their click is the
      // keyboard's), so picking them is drawn at once: the page never shows, even for a
      // moment, the check of the selection before (a Play still enabled, data-check 'ok')
      if (picked) ctx.render();
      else setTimeout(ctx.render, 0);
    }
  };
  const onMove = (ev) => onDragMove(ctx, ev);
  ctx.view.addEventListener("pointerdown", onDown, true);
  window.addEventListener("pointerup", onUp, true);
  window.addEventListener("pointercancel", onUp, true);
  window.addEventListener("pointermove", onMove, true);
  return () => {
    window.removeEventListener("pointerup", onUp, true);
    window.removeEventListener("pointercancel", onUp, true);
    window.removeEventListener("pointermove", onMove, true);
  };
}
