// Baohuang 保皇 at the table: choosing the emperor (call, pass the crown, seize), the guard's
// declaration 明保/暗保, roles as they become known, places, the stakes and the deal's scores.
// The table core (../table/) calls these hooks with its context `ctx` (../table/context.js);
// rules: docs/rules/baohuang.md (BH-n). Everything shown comes from the seat's own observation
// and events: a role appears on a seat only once this viewer may know it (BH-6).
import { cardFace, cardsText, sortClimbing, splitCards } from "../cards.js";
import { t } from "../i18n.js";
import "./baohuang/strings.js";
import "./baohuang/options.js";

const RANK_NAMES = ["头科", "二科", "第三", "二落", "大落"];
const POINTS = { normal: [6, 3, 0, -3, -6], alone: [16, 4, 0, -4, -16] };

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
  rulePrefix: "BH",
  sortHand: sortClimbing,

  // the seize 抢皇 window: the crown holder decides, everyone else may only interrupt
  optionalVerbs: ["seize"],
  // 要不起: where no play beats, the table passes for the player (a toggle); a yield 让牌 then
  // would only let the seat beat the same play in the second circle, with the same cards
  autoPlay: { key: "pass", verbs: ["pass"], besides: ["yield"] },

  /** The play to beat (after a reload: the observation's `current`). */
  playsOnTable(ctx, obs) {
    const d = (obs && obs.details) || {};
    const out = {};
    if (d.current && d.current.cards && known(d.current.seat)) {
      out[d.current.seat] = { seat: d.current.seat, verb: "play", cards: d.current.cards };
    }
    return out;
  },

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
    // the log's lines are functions: written again in the language of the moment
    const called = calledNow(ctx);
    const card = () => cardsText(called, ctx.lang());
    switch (ev.type) {
      case "role":
        if (ev.role === "emperor") ctx.addLog("event", () => t(ev.alone ? "bh.ev.role.alone" : "bh.ev.role.emperor", { card: card() }));
        else ctx.addLog("event", () => t(`bh.ev.role.${ev.role}`, { card: card() }));
        return true;
      case "extra_card":
        ctx.addLog("event", () => (ev.cards ? t("bh.ev.extra_mine", { card: cardsText(ev.cards, ctx.lang()) })
          : t("bh.ev.extra", { name: who(ctx, ev.seat) })));
        return true;
      case "reveal": {
        const key = ev.how === "declared" ? (ev.alone ? "bh.ev.reveal.alone" : "bh.ev.reveal.declared")
          : ev.how === "end" ? (ev.alone ? "bh.ev.reveal.end_alone" : "bh.ev.reveal.end") : "bh.ev.reveal.called_card";
        ctx.addLog("event", () => t(key, { name: who(ctx, ev.seat) }));
        return true;
      }
      case "second_circle":
        ctx.addLog("event", () => t("bh.ev.second_circle", { names: (ev.seats || []).map((i) => who(ctx, i)).join(t("zh1.list_sep")) }));
        return true;
      case "forced_call":
        ctx.addLog("event", () => t("bh.ev.forced_call", { name: who(ctx, ev.seat) }));
        return true;
      case "redeal":
        ctx.addLog("event", () => t("bh.ev.redeal", { n: ev.redeals }));
        return true;
      case "over": {
        const r = ev.result || {};
        if (r.void) ctx.addLog("event", () => t("bh.over.void"));
        else if (r.roles && r.display) {
          const mine = r.display[r.roles.emperor];
          const outcome = mine > 0 ? "emperor_wins" : mine < 0 ? "rebels_win" : "even";
          ctx.addLog("event", () => `${t("event.over")} · ${t(`bh.over.${outcome}`)}`);
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
