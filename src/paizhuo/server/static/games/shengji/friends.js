// Shengji 升级: the friend call 找朋友 (SJ-11) — the dealer's chooser of a card and its n-th
// copy, and the calls made with who turned out to be the friend. Imported by ../shengji.js.
import { cardFace, cardsText, suitSymbol } from "../../cards.js";
import { t } from "../../i18n.js";
import { SUITS, known, memory, nthText, who } from "./common.js";

export function callChooser(ctx, actions) {
  const h = ctx.h;
  const m = memory(ctx);
  const lang = ctx.lang();
  const calls = actions.filter((a) => a[1] === "call" && a[3] && a[3].card);
  const key = `${ctx.s.deal}:${ctx.s.state ? ctx.s.state.state_id : ""}`;
  if (m.callKey !== key) {
    m.callKey = key;
    m.callCard = null;
  }
  const byCard = new Map();
  for (const a of calls) {
    const c = a[3].card;
    if (!byCard.has(c)) byCard.set(c, []);
    byCard.get(c).push(a);
  }
  let hinted = null;
  try { hinted = ctx.s.hinted ? JSON.parse(ctx.s.hinted) : null; } catch { hinted = null; }
  const hintCard = hinted && hinted[1] === "call" ? hinted[3].card : null;
  const held = (c) => ctx.s.hand.filter((x) => x === c).length;
  const rows = [...SUITS.map((su) => [suitSymbol(su), [...byCard.keys()].filter((c) => c[1] === su && c.length === 2)]),
                [lang === "zh" ? "王" : "J", [...byCard.keys()].filter((c) => c === "SJ" || c === "BJ")]].filter(([, cs]) => cs.length);
  const pick = m.callCard && byCard.has(m.callCard) ? m.callCard : null;
  const cell = (c) => h("button", {
    type: "button", class: `sj-call-card ${pick === c ? "on" : ""} ${hintCard === c ? "hinted" : ""}`,
    dataset: { card: c }, title: cardsText(c, lang), "aria-pressed": pick === c ? "true" : "false",
    onclick: () => { m.callCard = c; ctx.render(); },
  }, cardFace(c), held(c) ? h("span", { class: "sj-held" }, String(held(c))) : null);
  return h("div", { class: "sj-call", id: "sj-call" },
    h("div", { class: "sj-call-head" }, h("b", {}, t("sj.call_title")), h("span", { class: "muted" }, t("sj.call_pick"))),
    h("div", { class: "sj-call-grid" }, rows.map(([label, cs]) => h("div", { class: "sj-call-row" },
      h("span", { class: "sj-call-suit" }, label), cs.map(cell)))),
    pick ? h("div", { class: "sj-call-nth", id: "sj-call-nth" },
      h("span", {}, t("sj.call_which", { card: cardsText(pick, lang) })),
      byCard.get(pick).map((a) => h("button", {
        type: "button", class: "btn primary sj-nth", dataset: { verb: "call", card: pick, nth: String(a[3].nth) },
        disabled: ctx.s.busy, onclick: () => ctx.act(a),
      }, nthText(a[3].nth))),
      held(pick) ? h("span", { class: "muted" }, t("sj.call_hold", { n: held(pick) })) : null) : null);
}

export function friendsList(ctx) {
  const d = ctx.details();
  const lang = ctx.lang();
  return (d.friends || []).map((f) => ({
    card: f.card, nth: f.nth, found: f.found, resolved: f.resolved,
    text: `${cardsText(f.card, lang)} ${nthText(f.nth)}`,
    who: known(f.found) ? who(ctx, f.found) : f.resolved ? t("sj.friend_none") : t("sj.friend_unknown"),
  }));
}
