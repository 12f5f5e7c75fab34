// Baohuang 保皇 at the table: choosing the emperor (call, pass the crown, seize), the guard's
// declaration 明保/暗保, roles as they become known, places, the stakes and the deal's scores.
// The table core (../table.js) calls these hooks with its context `ctx` (see table.js);
// rules: docs/rules/baohuang.md (BH-n). Everything shown comes from the seat's own observation
// and events: a role appears on a seat only once this viewer may know it (BH-6).
import { cardFace, cardsText, splitCards } from "../cards.js";
import { addStrings, t } from "../i18n.js";

const RANK_NAMES = ["头科", "二科", "第三", "二落", "大落"];
const POINTS = { normal: [6, 3, 0, -3, -6], alone: [16, 4, 0, -4, -16] };

addStrings({
  en: {
    "phase.baohuang.declare": "declaring 明保 / 暗保",
    "verb.baohuang.call": "Call",
    "verb.baohuang.pass_crown": "Pass the crown 让庄",
    "bh.place.0": "1st 头科", "bh.place.1": "2nd 二科", "bh.place.2": "3rd 第三",
    "bh.place.3": "4th 二落", "bh.place.4": "last 大落",
    "bh.secret": "secret 暗保",
    "bh.open_guard": "open 明保",
    "bh.open_alone": "open 明独",
    "bh.seized": "seized 抢皇",
    "bh.alone_tag": "alone 独",
    "bh.holder": "emperor card 皇帝牌",
    "bh.forced_tag": "must call 逼庄",
    "bh.yielded": "yielded 让",
    "bh.claims": "claims 接风",
    "bh.unknown": "unknown",
    "bh.guard_hidden": "secret — holds the other {card}",
    "bh.guard_none": "none (seized)",
    "bh.stakes": "Scoring 计分",
    "bh.places": "Places 名次",
    "bh.crown": "Emperor card 皇帝牌",
    "bh.passes": "Crown passes 让庄",
    "bh.redeals": "Redeals 黄庄",
    "bh.circle": "Circle",
    "bh.circle.1": "first circle",
    "bh.circle.2": "second circle (yielders only)",
    "bh.table.normal": "Normal: emperor and guard against three",
    "bh.table.alone": "Alone 独保: the emperor against four",
    "bh.table.seized": "Seized 抢皇: the emperor against four",
    "bh.table.maybe_alone": "Normal, unless the emperor is alone 独",
    "bh.points.normal": "Rank points 头科 6 · 二科 3 · 第三 0 · 二落 −3 · 大落 −6. The emperor takes 2/3 of his side's sum, the guard 1/3, each rebel 1/3 of theirs.",
    "bh.points.alone": "Rank points 头科 16 · 二科 4 · 第三 0 · 二落 −4 · 大落 −16 for the emperor; each rebel scores 1/4 of the rebels' sum.",
    "bh.points.seized": "Emperor 头科: +40 and −10 for each other seat; otherwise −40 and +10 each.",
    "bh.share.normal": "The emperor takes 2/3 of his side's rank points, the guard 1/3; each rebel 1/3 of the rebels' sum.",
    "bh.share.alone": "The emperor scores his own rank points; each rebel 1/4 of the rebels' sum.",
    "bh.share.seized": "Emperor 头科: +40 and −10 for each other seat; otherwise −40 and +10 each.",
    "bh.crown.holds": "{name} holds the emperor card",
    "bh.crown.passed": "passed {n} of 5",
    "bh.crown.forced": "Forced call 逼庄: {name} must call",
    "bh.crown.you": "You hold the emperor card",
    "bh.felt.called": "Called",
    "bh.felt.emperor": "Emperor {name}",
    "bh.felt.guard": "Guard {name}",
    "bh.felt.guard_secret": "Guard secret",
    "bh.call.title": "Become the emperor 皇帝: call your guard's card",
    "bh.call.help": "Pick the card whose holder becomes your guard 保子: a card you hold 3 or 4 times; whoever holds its last copy is your secret guard. Hold all four and you play alone 独 (one against four, rank points 16 · 4 · 0 · −4 · −16).",
    "bh.forced.title": "Forced call 逼庄: the crown went round — you must call",
    "bh.forced.help": "Pick a card you hold exactly three times: its last copy's holder becomes your guard 保子, and the emperor card comes to you.",
    "bh.call.alone": "独",
    "bh.call.copies": "×{n}",
    "bh.pass_crown.help": "Pass the crown: the emperor card goes to {name}, who may call or pass it on. After five passes the forced call 逼庄 begins.",
    "bh.seize.help": "Seize 抢皇: be the emperor now with no guard, one against four. 头科: +40 (−10 from each); otherwise −40 (+10 to each).",
    "bh.seize.title": "{name} is choosing: call or pass the crown",
    "bh.seize.watch": "Before a call anyone may seize the crown 抢皇 — or just wait.",
    "bh.declare.title": "You are the guard 保子: reveal yourself 亮保?",
    "bh.declare.help": "亮保 Reveal: everyone learns you are the guard, the emperor leads and every score is doubled (明保). Stay secret 暗保: you are found out when you play {card}, or at the end.",
    "bh.declare.stay": "Stay secret 暗保",
    "bh.declare.other_title": "Declarations 明保 / 暗保",
    "bh.declare.other_help": "Every seat is asked in turn, so nobody can tell the guard by whose turn it is. Only the guard may reveal; you pass.",
    "bh.alone.title": "You are alone 独: declare it openly 明独?",
    "bh.alone.help": "明独 doubles every score before your first lead; or simply lead (暗独) and keep it hidden.",
    "bh.alone.reveal": "Declare 明独",
    "bh.last_play": "{name}'s last cards 底牌: if unbeaten, the next seat leads 接风",
    "bh.mark.called": "called card 叫牌",
    "bh.yield.help": "Yield 让牌: pass for now but keep the right to beat this play in a second circle",
    "bh.claim.help": "Claim the lead 接风 over the last play of a player who went out",
    "bh.note.lead": "Lead: pick cards of one rank (jokers may be added 挂花), then Play",
    "bh.note.beat": "Beat {name}'s {cards}: as many cards, a higher rank — or pass",
    "bh.note.second": "Second circle: you yielded — beat {name}'s {cards} now or pass",
    "bh.note.guard": " · playing {card} shows you are the guard 保子",
    "bh.ev.role.emperor": "You are the emperor 皇帝",
    "bh.ev.role.alone": "You are the emperor 皇帝 and alone 独: nobody else holds {card}",
    "bh.ev.role.guard": "You are the guard 保子: you hold the last {card}",
    "bh.ev.role.revolutionary": "You are a rebel 革命党",
    "bh.ev.extra_mine": "You receive the extra card {card}",
    "bh.ev.extra": "{name} receives the extra card",
    "bh.ev.reveal.declared": "{name} reveals: the guard 保子 (明保, scores ×2)",
    "bh.ev.reveal.alone": "{name} declares 明独 (scores ×2)",
    "bh.ev.reveal.called_card": "{name} played the called card: the guard 保子",
    "bh.ev.reveal.end": "The guard 保子 was {name}",
    "bh.ev.reveal.end_alone": "{name} was alone 独",
    "bh.ev.second_circle": "Second circle: {names} may beat (they yielded)",
    "bh.ev.forced_call": "Forced call 逼庄: {name} must call",
    "bh.ev.redeal": "Nobody could call: dealt again 黄庄 ({n})",
    "bh.ev.out": "{name}: {place}",
    "bh.over.emperor_wins": "The emperor's side wins",
    "bh.over.rebels_win": "The rebels 革命党 win",
    "bh.over.even": "Even: no points change hands",
    "bh.over.void": "Void deal 黄庄: nobody could call",
    "bh.over.roles": "Emperor {emperor} · guard {guard} · called {card}",
    "bh.over.order": "Places",
    "bh.over.table": "Scoring table",
  },
  zh: {
    "phase.baohuang.declare": "明保 / 暗保",
    "verb.baohuang.call": "叫",
    "verb.baohuang.pass_crown": "让庄",
    "bh.place.0": "头科", "bh.place.1": "二科", "bh.place.2": "第三",
    "bh.place.3": "二落", "bh.place.4": "大落",
    "bh.secret": "暗保",
    "bh.open_guard": "明保",
    "bh.open_alone": "明独",
    "bh.seized": "抢皇",
    "bh.alone_tag": "独保",
    "bh.holder": "皇帝牌",
    "bh.forced_tag": "逼庄",
    "bh.yielded": "让牌",
    "bh.claims": "接风",
    "bh.unknown": "未知",
    "bh.guard_hidden": "暗保 — 持有另一张 {card}",
    "bh.guard_none": "无（抢皇）",
    "bh.stakes": "计分",
    "bh.places": "名次",
    "bh.crown": "皇帝牌",
    "bh.passes": "让庄",
    "bh.redeals": "黄庄重发",
    "bh.circle": "本圈",
    "bh.circle.1": "第一圈",
    "bh.circle.2": "第二圈（只有让牌者）",
    "bh.table.normal": "普通：皇帝与保子对三家",
    "bh.table.alone": "独保：皇帝一打四",
    "bh.table.seized": "抢皇：皇帝一打四",
    "bh.table.maybe_alone": "普通（除非皇帝独保）",
    "bh.points.normal": "名次分 头科 6 · 二科 3 · 第三 0 · 二落 −3 · 大落 −6。皇帝得本方总分的 2/3，保子 1/3，革命党每人得本方的 1/3。",
    "bh.points.alone": "皇帝名次分 头科 16 · 二科 4 · 第三 0 · 二落 −4 · 大落 −16；革命党每人得本方总分的 1/4。",
    "bh.points.seized": "皇帝头科 +40，其余每人 −10；否则 −40，其余每人 +10。",
    "bh.share.normal": "皇帝得本方名次分的 2/3，保子 1/3；革命党每人得本方总分的 1/3。",
    "bh.share.alone": "皇帝得自己的名次分；革命党每人得本方总分的 1/4。",
    "bh.share.seized": "皇帝头科 +40，其余每人 −10；否则 −40，其余每人 +10。",
    "bh.crown.holds": "皇帝牌在 {name} 手里",
    "bh.crown.passed": "已让 {n}/5 次",
    "bh.crown.forced": "逼庄：{name} 必须叫",
    "bh.crown.you": "皇帝牌在你手里",
    "bh.felt.called": "叫牌",
    "bh.felt.emperor": "皇帝 {name}",
    "bh.felt.guard": "保子 {name}",
    "bh.felt.guard_secret": "保子未亮",
    "bh.call.title": "当皇帝：叫保子的牌",
    "bh.call.help": "选一张牌，持有它最后一张的人就是你的保子：只能叫你有 3 张或 4 张相同的牌，保子暗中持有另一张。四张都在你手里就是独保（一打四，名次分 16 · 4 · 0 · −4 · −16）。",
    "bh.forced.title": "逼庄：皇帝牌转了一圈，你必须叫",
    "bh.forced.help": "选一张你正好有三张的牌：持有第四张的人是你的保子，皇帝牌归你。",
    "bh.call.alone": "独",
    "bh.call.copies": "×{n}",
    "bh.pass_crown.help": "让庄：把皇帝牌交给 {name}，由他叫或继续让。让满五次后逼庄。",
    "bh.seize.help": "抢皇：立即当皇帝，没有保子，一打四。头科 +40（其余每人 −10），否则 −40（其余每人 +10）。",
    "bh.seize.title": "{name} 正在决定：叫牌还是让庄",
    "bh.seize.watch": "叫牌之前任何人都可以抢皇 — 也可以等着。",
    "bh.declare.title": "你是保子：亮保吗？",
    "bh.declare.help": "亮保：大家都知道你是保子，皇帝先出，所有分数翻倍（明保）。暗保：出 {card} 时或本局结束时才暴露。",
    "bh.declare.stay": "暗保（不亮）",
    "bh.declare.other_title": "明保 / 暗保",
    "bh.declare.other_help": "每家依次表态，谁也看不出谁是保子。只有保子能亮保；你选过。",
    "bh.alone.title": "你是独保：明独吗？",
    "bh.alone.help": "首出之前明独，所有分数翻倍；也可以直接出牌（暗独）。",
    "bh.alone.reveal": "明独",
    "bh.last_play": "{name} 的底牌：没人管就由下家接风",
    "bh.mark.called": "叫牌",
    "bh.yield.help": "让牌：这次不出，但第二圈还可以管这手牌",
    "bh.claim.help": "申请接风：出完的人最后一手没人管时，由你接着出",
    "bh.note.lead": "首出：选同一点数的牌（可以挂花带王），再点出牌",
    "bh.note.beat": "管 {name} 的 {cards}：张数相同、点数更大 — 或者不要",
    "bh.note.second": "第二圈：你让过牌 — 现在管 {name} 的 {cards} 或不要",
    "bh.note.guard": " · 出 {card} 就会暴露你是保子",
    "bh.ev.role.emperor": "你是皇帝",
    "bh.ev.role.alone": "你是皇帝，独保：别人没有 {card}",
    "bh.ev.role.guard": "你是保子：你持有另一张 {card}",
    "bh.ev.role.revolutionary": "你是革命党",
    "bh.ev.extra_mine": "你拿到底牌 {card}",
    "bh.ev.extra": "{name} 拿到底牌",
    "bh.ev.reveal.declared": "{name} 亮保：他是保子（明保，分数翻倍）",
    "bh.ev.reveal.alone": "{name} 明独（分数翻倍）",
    "bh.ev.reveal.called_card": "{name} 出了叫的牌：他是保子",
    "bh.ev.reveal.end": "保子是 {name}",
    "bh.ev.reveal.end_alone": "{name} 是独保",
    "bh.ev.second_circle": "第二圈：{names} 可以管（他们让过牌）",
    "bh.ev.forced_call": "逼庄：{name} 必须叫",
    "bh.ev.redeal": "没人能叫：黄庄重发（{n}）",
    "bh.ev.out": "{name}：{place}",
    "bh.over.emperor_wins": "皇帝方胜",
    "bh.over.rebels_win": "革命党胜",
    "bh.over.even": "平局：不输不赢",
    "bh.over.void": "黄庄：没人能叫",
    "bh.over.roles": "皇帝 {emperor} · 保子 {guard} · 叫牌 {card}",
    "bh.over.order": "名次",
    "bh.over.table": "计分方式",
  },
});

export function roleText(role) {
  if (role === "emperor") return t("bh.emperor");
  if (role === "guard") return t("bh.guard");
  if (role === "revolutionary") return t("bh.rebel");
  return role;
}

const known = (x) => x !== null && x !== undefined;

/** A seat's name, with its number where another seat has the same name ("greedy bot"). */
function who(ctx, i) {
  const name = ctx.seatName(i);
  const seats = ctx.s.table ? ctx.s.table.seats : [];
  const twin = seats.some((_, j) => j !== i && ctx.seatName(j) === name);
  return twin ? `${name} (${t("table.seat")} ${i + 1})` : name;
}

/** The card just called, from the call on the table (the role event comes before the state
 * that names it). */
function calledNow(ctx) {
  const d = ctx.details();
  if (d.called) return d.called;
  const call = Object.values(ctx.s.lastPlays || {}).find((e) => e && e.verb === "call");
  return call ? call.cards : "";
}

/** How many of `card` the hand holds (the emperor card BJ* counts as a BJ, BH-2). */
function copiesIn(hand, card) {
  return hand.filter((c) => c === card || (card === "BJ" && c === "BJ*")).length;
}

/** The scoring table as this viewer knows it now: seized, alone (once known) or normal. */
function tableNow(d) {
  if (d.seized) return "seized";
  if (d.alone === true) return "alone";
  if (d.alone === false || d.revealed || d.role === "guard") return "normal";
  return known(d.emperor) ? "maybe_alone" : "normal";
}

/** Whether this viewer knows every role: seized, the guard known to it, or the emperor alone. */
function rolesKnown(d) {
  return !!d.seized || known(d.guard) || d.alone === true;
}

function guardWord(d) {
  if (d.open) return t(d.alone ? "bh.open_alone" : "bh.open_guard");
  return d.revealed ? "" : t("bh.secret");
}

function button(ctx, a, label, extra = {}) {
  const k = JSON.stringify(a);
  return ctx.h("button", {
    type: "button", class: `btn action-button ${ctx.s.hinted === k ? "hinted" : ""} ${extra.cls || ""}`,
    dataset: { verb: a[1], ...(extra.data || {}) }, disabled: ctx.s.busy, title: extra.title || null,
    onclick: () => ctx.act(a),
  }, label);
}

function choice(ctx, a, label, help, cls = "") {
  return ctx.h("div", { class: "bh-choice" }, button(ctx, a, label, { cls }),
    ctx.h("span", { class: "bh-choice-help" }, help));
}

function panel(ctx, kind, title, help, ...body) {
  return ctx.h("div", { class: `bh-decision bh-${kind}`, id: "bh-decision", dataset: { kind } },
    ctx.h("div", { class: "bh-decision-title" }, title),
    help ? ctx.h("p", { class: "bh-decision-help" }, help) : null, ...body);
}

function crownDecision(ctx, actions) {
  const d = ctx.details();
  const st = ctx.s.state;
  const me = ctx.s.seat;
  const legal = (st && st.legal) || actions;
  const calls = legal.filter((a) => a[1] === "call");
  const passCrown = actions.find((a) => a[1] === "pass_crown");
  const seize = actions.find((a) => a[1] === "seize");
  if (!calls.length && !passCrown) {
    if (!seize) return null;
    const holder = known(d.forced_seat) ? d.forced_seat : d.emperor_card_holder;
    const title = known(d.forced_seat) ? t("bh.crown.forced", { name: who(ctx, holder) })
      : t("bh.seize.title", { name: who(ctx, holder) });
    return panel(ctx, "seize", title,
      t("bh.seize.watch"), choice(ctx, seize, ctx.verbLabel("seize"), t("bh.seize.help"), "danger"));
  }
  const forced = d.forced_seat === me;
  const hand = ctx.s.hand;
  const grid = ctx.h("div", { class: "bh-call-grid", id: "bh-call-grid" }, calls.map((a) => {
    const n = copiesIn(hand, a[2]);
    return button(ctx, a, [
      ctx.h("span", { class: "card small" }, cardFace(a[2])),
      ctx.h("span", { class: "bh-call-label" }, cardsText(a[2], ctx.lang())),
      ctx.h("span", { class: "bh-copies" }, t("bh.call.copies", { n })),
      n >= 4 ? ctx.h("span", { class: "bh-alone-mark" }, t("bh.call.alone")) : null,
    ], { cls: "bh-call-card", data: { card: a[2] },
         title: n >= 4 ? t("bh.alone_tag") : `${ctx.verbLabel("call")} ${cardsText(a[2], ctx.lang())}` });
  }));
  const next = (me + 1) % ctx.s.table.seats.length;
  return panel(ctx, forced ? "forced" : "call", t(forced ? "bh.forced.title" : "bh.call.title"),
    t(forced ? "bh.forced.help" : "bh.call.help"), grid,
    ctx.h("div", { class: "bh-choices" },
      passCrown ? choice(ctx, passCrown, ctx.verbLabel("pass_crown"),
        t("bh.pass_crown.help", { name: who(ctx, next) })) : null,
      seize ? choice(ctx, seize, ctx.verbLabel("seize"), t("bh.seize.help"), "danger") : null));
}

function declareDecision(ctx, actions) {
  const d = ctx.details();
  const reveal = actions.find((a) => a[1] === "reveal");
  const pass = actions.find((a) => a[1] === "pass");
  if (!pass && !reveal) return null;
  const card = cardsText(d.called || "", ctx.lang());
  if (!reveal) {
    return panel(ctx, "declare-pass", t("bh.declare.other_title"), t("bh.declare.other_help"),
      ctx.h("div", { class: "bh-choices" }, button(ctx, pass, ctx.verbLabel("pass"))));
  }
  return panel(ctx, "declare", t("bh.declare.title"), t("bh.declare.help", { card }),
    ctx.h("div", { class: "bh-choices" },
      button(ctx, reveal, ctx.verbLabel("reveal"), { cls: "primary" }),
      pass ? button(ctx, pass, t("bh.declare.stay")) : null));
}

function playDecision(ctx, actions) {
  const reveal = actions.find((a) => a[1] === "reveal");
  const rest = actions.filter((a) => a[1] !== "reveal").map((a) => button(ctx, a, ctx.actionLabel(a), {
    title: a[1] === "yield" ? t("bh.yield.help") : a[1] === "claim" ? t("bh.claim.help") : null }));
  if (!reveal) return rest.length ? ctx.h("span", { class: "bh-buttons" }, rest) : null;
  return panel(ctx, "alone", t("bh.alone.title"), t("bh.alone.help"),
    ctx.h("div", { class: "bh-choices" }, button(ctx, reveal, t("bh.alone.reveal"), { cls: "primary" }), rest));
}

function signed(p) {
  return p > 0 ? `+${p}` : p < 0 ? `−${-p}` : "0";
}

function placeOf(d, i) {
  const k = d.finished ? d.finished.indexOf(i) : -1;
  return k >= 0 ? k : null;
}

export const baohuang = {
  // the seize 抢皇 window: the crown holder decides, everyone else may only interrupt
  optionalVerbs: ["seize"],

  badges(ctx, i) {
    const d = ctx.details();
    const me = ctx.s.seat;
    const phase = ctx.obs() ? ctx.obs().phase : "";
    const badges = [];
    if (phase === "crown") {
      if (d.forced_seat === i) badges.push(["crown", t("bh.forced_tag")]);
      else if (d.emperor_card_holder === i && !known(d.forced_seat)) badges.push(["crown", t("bh.holder")]);
    }
    if (d.emperor === i) {
      badges.push(["emperor", t("bh.emperor")]);
      if (d.seized) badges.push(["seized", t("bh.seized")]);
      else if (d.alone === true) badges.push(["alone", d.open ? t("bh.open_alone") : t("bh.alone_tag")]);
    } else if (known(d.guard) && d.guard === i) {
      badges.push(["guard", t("bh.guard")]);
      const word = guardWord(d);
      if (word) badges.push([d.open ? "open" : "secret", word]);
    } else if (known(d.emperor) && ((i === me && d.role === "revolutionary") || rolesKnown(d))) {
      badges.push(["rebel", t("bh.rebel")]);
    }
    const place = placeOf(d, i);
    if (place !== null) badges.push(["rank", t(`bh.place.${place}`)]);
    else if (phase === "play") {
      if (d.claimant === i) badges.push(["yield", t("bh.claims")]);
      else if (d.yielded && d.yielded.includes(i)) badges.push(["yield", t("bh.yielded")]);
    }
    return badges;
  },

  info(ctx) {
    const d = ctx.details();
    const obs = ctx.obs();
    const lang = ctx.lang();
    const items = [];
    if (obs && obs.phase === "crown") {
      items.push([t("bh.crown"), who(ctx, d.emperor_card_holder)]);
      items.push([t("bh.passes"), `${d.crown_passes || 0} / 5`]);
      if (known(d.forced_seat)) items.push([t("bh.forced_tag"), who(ctx, d.forced_seat)]);
    }
    if (d.redeals) items.push([t("bh.redeals"), String(d.redeals)]);
    if (known(d.emperor)) {
      items.push([t("bh.emperor"), who(ctx, d.emperor) + (d.seized ? ` · ${t("bh.seized")}` : "") +
        (d.alone === true ? ` · ${t("bh.alone_tag")}` : "")]);
      if (d.seized) items.push([t("bh.guard"), t("bh.guard_none")]);
      else if (known(d.guard) && d.guard !== d.emperor) {
        const word = guardWord(d);
        items.push([t("bh.guard"), who(ctx, d.guard) + (word ? ` · ${word}` : "")]);
      } else if (d.alone !== true && d.called) {
        items.push([t("bh.guard"), t("bh.guard_hidden", { card: cardsText(d.called, lang) })]);
      }
    }
    if (d.called) items.push([t("bh.called"), cardsText(d.called, lang)]);
    if (d.role) {
      const word = d.role === "guard" ? guardWord(d) : d.role === "emperor" && d.alone ? t("bh.alone_tag") : "";
      items.push([t("bh.role"), roleText(d.role) + (word ? ` · ${word}` : "")]);
    }
    if (obs && obs.phase === "play" && d.current && d.circle) {
      items.push([t("bh.circle"), t(`bh.circle.${d.circle}`)]);
    }
    return items;
  },

  center(ctx) {
    const d = ctx.details();
    const obs = ctx.obs();
    if (!obs) return null;
    const h = ctx.h;
    if (obs.phase === "crown") {
      const line = known(d.forced_seat) ? t("bh.crown.forced", { name: who(ctx, d.forced_seat) })
        : d.emperor_card_holder === ctx.s.seat ? t("bh.crown.you")
          : t("bh.crown.holds", { name: who(ctx, d.emperor_card_holder) });
      return h("div", { class: "center-info bh-center", id: "bh-center" },
        h("span", { class: "bh-crown-line" }, line),
        h("span", {}, t("bh.crown.passed", { n: d.crown_passes || 0 })));
    }
    if (!known(d.emperor)) return null;
    const guard = d.seized ? null : known(d.guard) && d.guard !== d.emperor
      ? t("bh.felt.guard", { name: who(ctx, d.guard) }) : d.alone === true ? t("bh.alone_tag")
        : t("bh.felt.guard_secret");
    return h("div", { class: "center-info bh-center", id: "bh-center" },
      h("span", { class: "bh-emperor-line" }, t("bh.felt.emperor", { name: who(ctx, d.emperor) })),
      guard ? h("span", {}, guard) : h("span", {}, t("bh.seized")),
      d.open ? h("span", { class: "bh-double" }, "×2") : null,
      obs.phase === "play" && d.current && d.circle === 2 ? h("span", {}, t("bh.circle.2")) : null,
      obs.phase === "play" && d.current && d.current.last_play
        ? h("span", { class: "bh-last-play" }, t("bh.last_play", { name: who(ctx, d.current.seat) })) : null);
  },

  felt(ctx) {
    const d = ctx.details();
    const obs = ctx.obs();
    if (!obs) return null;
    const h = ctx.h;
    if (obs.phase === "crown") {
      return h("div", { class: "bh-felt-chip", id: "bh-felt-chip" },
        h("span", { class: "card small" }, cardFace("BJ*")),
        h("div", {}, h("div", { class: "bh-chip-label" }, t("bh.crown")),
          h("div", { class: "bh-chip-value" }, who(ctx, known(d.forced_seat) ? d.forced_seat : d.emperor_card_holder))));
    }
    if (!d.called) return null;
    return h("div", { class: "bh-felt-chip", id: "bh-called", dataset: { card: d.called } },
      h("span", { class: "card small" }, cardFace(d.called)),
      h("div", {}, h("div", { class: "bh-chip-label" }, t("bh.felt.called")),
        h("div", { class: "bh-chip-value" }, cardsText(d.called, ctx.lang()))));
  },

  panels(ctx) {
    const d = ctx.details();
    const obs = ctx.obs();
    if (!obs || ctx.s.table.status !== "playing") return [];
    const h = ctx.h;
    const out = [];
    const table = tableNow(d);
    const points = table === "maybe_alone" ? "normal" : table;
    out.push(h("section", { class: "panel bh-stakes", id: "bh-stakes" },
      h("h3", {}, t("bh.stakes")),
      h("div", { class: "bh-table-name", dataset: { table } }, t(`bh.table.${table}`),
        d.open ? h("span", { class: "bh-double" }, " ×2") : null),
      points !== "seized" ? h("div", { class: "bh-points" }, POINTS[points].map((p, k) =>
        h("span", { class: "bh-point" }, h("b", {}, RANK_NAMES[k]), ` ${signed(p)}`))) : null,
      h("p", { class: "muted bh-points-help" }, t(`bh.share.${points}`))));
    if (d.finished && d.finished.length) {
      out.push(h("section", { class: "panel bh-places", id: "bh-places" },
        h("h3", {}, t("bh.places")),
        h("ol", {}, d.finished.map((s, k) => h("li", {}, h("b", {}, t(`bh.place.${k}`)), " ", who(ctx, s))))));
    }
    return out;
  },

  // a play holding the called card: the guard's shows him (BH-4), the emperor's is his copy
  playMark(ctx, ev) {
    const d = ctx.details();
    if (!d.called || ev.verb !== "play") return null;
    const cards = splitCards(ev.cards);
    return cards.some((c) => c === d.called || (d.called === "BJ" && c === "BJ*")) ? t("bh.mark.called") : null;
  },

  decision(ctx, actions) {
    const obs = ctx.obs();
    if (!obs) return null;
    if (obs.phase === "crown") return crownDecision(ctx, actions);
    if (obs.phase === "declare") return declareDecision(ctx, actions);
    if (obs.phase === "play") return playDecision(ctx, actions);
    return null;
  },

  // marks in the hand: the cards one may call while calling, the called card for its guard
  isTrump(ctx, card) {
    const d = ctx.details();
    const obs = ctx.obs();
    if (!obs) return false;
    if (obs.phase === "crown") {
      const legal = (ctx.myTurn() && ctx.s.state && ctx.s.state.legal) || [];
      return legal.some((a) => a[1] === "call" && (a[2] === card || (a[2] === "BJ" && card === "BJ*")));
    }
    return d.role === "guard" && !!d.called && (card === d.called || (d.called === "BJ" && card === "BJ*"));
  },

  note(ctx, verb) {
    const d = ctx.details();
    const obs = ctx.obs();
    if (!obs || obs.phase !== "play" || verb !== "play") return null;
    const lang = ctx.lang();
    let text;
    if (!d.current) text = t("bh.note.lead");
    else {
      const vars = { name: who(ctx, d.current.seat), cards: cardsText(d.current.cards, lang) };
      text = t(d.circle === 2 ? "bh.note.second" : "bh.note.beat", vars);
    }
    if (d.role === "guard" && !d.revealed && d.called && ctx.s.hand.some((c) => c === d.called)) {
      text += t("bh.note.guard", { card: cardsText(d.called, lang) });
    }
    return text;
  },

  event(ctx, ev) {
    const lang = ctx.lang();
    const card = cardsText(calledNow(ctx), lang);
    switch (ev.type) {
      case "role":
        if (ev.role === "emperor") ctx.addLog("event", t(ev.alone ? "bh.ev.role.alone" : "bh.ev.role.emperor", { card }));
        else ctx.addLog("event", t(`bh.ev.role.${ev.role}`, { card }));
        return true;
      case "extra_card":
        ctx.addLog("event", ev.cards ? t("bh.ev.extra_mine", { card: cardsText(ev.cards, lang) })
          : t("bh.ev.extra", { name: who(ctx, ev.seat) }));
        return true;
      case "reveal": {
        const name = who(ctx, ev.seat);
        const key = ev.how === "declared" ? (ev.alone ? "bh.ev.reveal.alone" : "bh.ev.reveal.declared")
          : ev.how === "end" ? (ev.alone ? "bh.ev.reveal.end_alone" : "bh.ev.reveal.end") : "bh.ev.reveal.called_card";
        ctx.addLog("event", t(key, { name }));
        return true;
      }
      case "second_circle":
        ctx.addLog("event", t("bh.ev.second_circle", { names: (ev.seats || []).map((i) => who(ctx, i)).join(", ") }));
        return true;
      case "forced_call":
        ctx.addLog("event", t("bh.ev.forced_call", { name: who(ctx, ev.seat) }));
        return true;
      case "redeal":
        ctx.addLog("event", t("bh.ev.redeal", { n: ev.redeals }));
        return true;
      case "over": {
        const r = ev.result || {};
        if (r.void) ctx.addLog("event", t("bh.over.void"));
        else if (r.roles && r.display) {
          const mine = r.display[r.roles.emperor];
          const outcome = mine > 0 ? "emperor_wins" : mine < 0 ? "rebels_win" : "even";
          ctx.addLog("event", `${t("event.over")} · ${t(`bh.over.${outcome}`)}`);
        } else return false;
        return true;
      }
      default:
        return false;
    }
  },

  dealOver(ctx, m) {
    const r = m.result || {};
    const h = ctx.h;
    if (r.void || !r.roles) return { lines: [t("bh.over.void")], extra: () => [] };
    const lang = ctx.lang();
    const roles = r.roles;
    const mine = r.display[roles.emperor];
    const outcome = mine > 0 ? "emperor_wins" : mine < 0 ? "rebels_win" : "even";
    const guard = roles.seized ? t("bh.guard_none") : roles.alone ? t("bh.alone_tag")
      : `${who(ctx, roles.guard)} (${roles.open ? t("bh.open_guard") : t("bh.secret")})`;
    const lines = [
      h("p", { class: `bh-outcome ${outcome}`, id: "bh-outcome" }, t(`bh.over.${outcome}`)),
      h("div", { class: "bh-over-meta" },
        h("span", { class: "bh-over-label" }, t("bh.over.table")),
        h("span", { class: "bh-table-name", id: "bh-over-table", dataset: { table: r.table } },
          t(`bh.table.${r.table}`)),
        r.multiplier && r.multiplier > 1 ? h("span", { class: "bh-double", id: "bh-over-multiplier" },
          `×${r.multiplier} ${roles.alone ? t("bh.open_alone") : t("bh.open_guard")}`) : null,
        r.redeals ? h("span", { class: "muted" }, `${t("bh.redeals")} ${r.redeals}`) : null),
      h("p", { class: "muted bh-points-help" }, t(`bh.points.${r.table}`)),
      h("p", { class: "bh-over-roles" }, t("bh.over.roles", {
        emperor: who(ctx, roles.emperor), guard, card: roles.called ? cardsText(roles.called, lang) : "—" })),
      h("ol", { class: "bh-order", id: "bh-order" }, (r.order || []).map((s, k) =>
        h("li", { class: s === ctx.s.seat ? "mine" : "" }, h("b", {}, t(`bh.place.${k}`)), " ", who(ctx, s)))),
    ];
    return {
      lines,
      extra: (i) => {
        const out = [];
        if (r.rank_names) out.push(t(`bh.place.${r.ranks[i] - 1}`));
        if (roles.emperor === i) out.push(t("bh.emperor"));
        else if (roles.guard === i) out.push(t("bh.guard"));
        else out.push(t("bh.rebel"));
        return out;
      },
    };
  },
};
