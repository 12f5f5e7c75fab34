// Shengji 升级: the deal arriving with its bids 亮主 (SJ-4) — the deal's progress, the standing
// bid and those before it, and the buttons to bid, reinforce, overcall or pass. Imported by
// ../shengji.js.
import { cardFace, cardsText, splitCards } from "../../cards.js";
import { t } from "../../i18n.js";
import { RED, trumpText, who } from "./common.js";

function bidLabel(ctx, a) {
  const d = ctx.details();
  const lang = ctx.lang();
  const cards = splitCards(a[2]);
  const extra = a[3] || {};
  const first = cards[0] || "";
  const trump = extra.trump || (first === "SJ" || first === "BJ" ? "NT" : first[1]);
  const standing = d.standing_bid;
  let key = "sj.bid_button";
  if (standing && standing.seat === ctx.s.seat) key = "sj.reinforce";
  else if (standing) key = "sj.bid_over";
  return t(key, { trump: trumpText(trump), cards: cardsText(cards, lang) });
}

export function bidButtons(ctx, actions) {
  const h = ctx.h;
  const s = ctx.s;
  const bids = actions.filter((a) => a[1] === "bid");
  const passes = actions.filter((a) => a[1] === "pass");
  const button = (a, label, cls) => {
    const k = JSON.stringify(a);
    const trump = (a[3] && a[3].trump) || (splitCards(a[2])[0] || "")[1];
    return h("button", {
      type: "button", class: `btn action-button sj-bid ${cls} ${RED.has(trump) ? "red" : ""} ${s.hinted === k ? "hinted" : ""}`,
      dataset: { verb: a[1], cards: a[2] || "" }, disabled: s.busy, onclick: () => ctx.act(a),
    }, label);
  };
  return h("span", { class: "sj-bids", id: "sj-bid-buttons" },
    bids.map((a) => button(a, bidLabel(ctx, a), "primary")),
    passes.map((a) => button(a, t("sj.pass_button"), "")));
}

function bidLine(ctx, b) {
  const lang = ctx.lang();
  return t("sj.bid_by", { name: who(ctx, b.seat), cards: cardsText(b.cards, lang), trump: trumpText(b.trump) });
}

export function dealProgress(ctx) {
  const h = ctx.h;
  const d = ctx.details();
  const total = d.cards_to_deal || 0;
  const dealt = d.dealt || 0;
  const standing = d.standing_bid;
  const bids = (d.bids || []).filter((b) => b.kind === "trump" || b.kind === undefined || b.kind === "overcall" || b.kind === "reinforce");
  const earlier = standing ? bids.slice(0, -1) : bids;
  return h("div", { class: "sj-deal", id: "sj-deal" },
    h("div", { class: "sj-deal-head" },
      h("span", { class: "sj-deal-count", id: "sj-dealt" },
        dealt < total ? t("sj.deal_progress", { dealt, total }) : t("sj.dealt_done", { total })),
      h("div", { class: "sj-bar deal" }, h("div", { class: "sj-bar-fill", style: `width:${(100 * dealt) / (total || 1)}%` }))),
    h("div", { class: "sj-standing", id: "sj-standing" },
      h("span", { class: "muted" }, `${t("sj.standing")}: `),
      standing ? [
        h("span", { class: `trump-chip ${RED.has(standing.trump) ? "red" : ""}` }, trumpText(standing.trump)),
        h("span", { class: "sj-bidder", dataset: { seat: String(standing.seat) } }, who(ctx, standing.seat)),
        h("span", { class: "sj-mini-cards" }, splitCards(standing.cards).map((c) => h("span", { class: "card tiny" }, cardFace(c)))),
      ] : h("span", {}, t("sj.no_bid"))),
    earlier.length ? h("div", { class: "sj-bid-history muted" },
      `${t("sj.bids")}: ${earlier.map((b) => bidLine(ctx, b)).join(" · ")}`) : null);
}
