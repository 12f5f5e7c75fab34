// What the table does by itself for the player, each a toggle kept in the browser (on unless
// the player turned it off): where the seat's only legal action is one the game names
// (`autoPlay` in ../games/index.js: the pass 不要 of Gouji and Baohuang, Shengji's forced
// card), the page shows that it will make it, waits a moment so nothing happens unseen, and
// sends it itself. It sends only what the player could have clicked: the one action of the
// seat's own legal list (a decision only this seat sees, Gouji's burn window, stays hidden).
import { cardsText } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

export const AUTO_DELAY = 1000; // ms the notice shows before the action is sent

function storageKey(key) {
  return `paizhuo.auto.${key}`;
}

/** Whether the player lets the table make the game's `autoPlay` for them (on by default). */
export function autoOn(key) {
  return localStorage.getItem(storageKey(key)) !== "0";
}

/** The action the table would make for the seat now, or null: the seat is to decide (not
 * only to interrupt), not in 托管, and its legal list holds exactly one action of a verb the
 * game's `autoPlay` names and nothing else but its `besides` (Baohuang's yield 让牌 with no
 * play that beats: it only lets the seat beat the same play later, with the same cards). */
export function autoAction(ctx) {
  const { s } = ctx;
  const auto = ctx.game().autoPlay;
  const st = s.state;
  if (!auto || !st || !st.legal || !ctx.myTurn() || !ctx.deciding()) return null;
  const seat = s.table && s.table.seats[s.seat];
  if (!seat || seat.trustee) return null;
  const besides = auto.besides || [];
  if (st.legal.some((a) => !auto.verbs.includes(a[1]) && !besides.includes(a[1]))) return null;
  const made = new Set(st.legal.filter((a) => auto.verbs.includes(a[1])).map((a) => JSON.stringify(a)));
  if (made.size !== 1) return null;
  const action = JSON.parse([...made][0]);
  return action[0] === s.seat ? action : null;
}

/** After a new state: plan the action the table makes by itself (or drop a plan that no
 * longer holds). The plan is `s.auto` = {id, action}; its timer sends it once, if the state,
 * the toggle and the seat are still the same by then. */
export function planAuto(ctx) {
  const { s } = ctx;
  const auto = ctx.game().autoPlay;
  const action = auto && autoOn(auto.key) ? autoAction(ctx) : null;
  const id = action ? `${s.deal}:${s.state.state_id}:${JSON.stringify(action)}` : null;
  if (s.auto && s.auto.id === id) return;
  if (s.auto) clearTimeout(s.auto.timer);
  s.auto = null;
  if (!action) return;
  const plan = { id, action, timer: 0, at: performance.now() };
  plan.timer = setTimeout(() => {
    if (s.auto !== plan || s.destroyed) return;
    s.auto = null;
    const still = autoOn(auto.key) ? autoAction(ctx) : null;
    if (still && JSON.stringify(still) === JSON.stringify(action) && !s.busy) {
      // the page's count of actions made, the last one's verb and how long its notice
      // showed first (`data-auto-made` on the table)
      s.autoMade = { n: (s.autoMade ? s.autoMade.n : 0) + 1, verb: action[1],
                     shown: Math.round(performance.now() - plan.at) };
      ctx.act(action);
    }
    ctx.render();
  }, AUTO_DELAY);
  s.auto = plan;
}

/** The toggle in the action bar (none for a game without `autoPlay`). */
export function autoToggle(ctx) {
  const auto = ctx.game().autoPlay;
  if (!auto) return null;
  const on = autoOn(auto.key);
  return h("button", {
    type: "button", class: `btn small toggle auto-toggle ${on ? "on" : ""}`, id: "auto-button",
    dataset: { auto: auto.key }, "aria-pressed": on ? "true" : "false",
    title: t(`auto.${auto.key}_help`),
    onclick: () => {
      localStorage.setItem(storageKey(auto.key), on ? "0" : "1");
      planAuto(ctx);
      ctx.render();
    },
  }, `${on ? "✓ " : ""}${t(`auto.${auto.key}`)}`);
}

/** The notice of the action about to be made for the player (null: none planned). */
export function autoNotice(ctx) {
  const { s } = ctx;
  if (!s.auto) return null;
  const [, verb, cards] = s.auto.action;
  const text = cards ? t("auto.playing", { cards: cardsText(cards, ctx.lang()) })
    : t("auto.passing", { verb: ctx.verbLabel(verb) });
  return h("div", { class: "auto-notice", id: "auto-notice", role: "status",
                    dataset: { verb } }, text);
}
