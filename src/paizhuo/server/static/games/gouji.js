// Gouji 够级 at the table: teams and the 对头, 够级 plays and the rule that follows from them
// (only the 对头 answers, 烧, 让牌, 接风 …), card counts at ≤ 10 cards (报牌), a teammate's hand
// and advice 挑牌, the card counter 记牌器, ranks as players go out and the series.
// The table core (../table/) calls these hooks with its context `ctx` (../table/context.js);
// the rules are docs/rules/gouji.md (GJ-n), the observation docs/gouji.md. No rule is worked
// out here: whether a play is 够级 is the engine's word (`round.gouji`), whether a selection
// may be played the server's answer to `check`.
import { cardFace, cardsText, sortClimbing, splitCards } from "../cards.js";
import { t } from "../i18n.js";
import "./gouji/strings.js";
import "./gouji/options.js";

const SEATS = 6;
// 4 decks: 4 big and 4 small jokers, 16 of each rank (the 198 deck removes only 3s and 4s)
// the observation's `played` keys (jokers by name: its keys are never card notation)
const COUNTED = [["big_joker", 4], ["small_joker", 4], ["2", 16], ["A", 16]];

export const opp = (seat) => (seat + 3) % SEATS;
const isJokerCard = (c) => c === "SJ" || c === "BJ" || c === "BJ*";
const rankKey = (c) => (c === "SJ" ? "small_joker" : isJokerCard(c) ? "big_joker" : c[0]);

const known = (x) => x !== null && x !== undefined;

/** The mark the engine gave a play (in its event) or the round's play to beat (in the
 * observation): "dead" (够死级), "gouji" (够级, GJ-4) or "" — never worked out here. */
function markOf(r) {
  return r.dead ? "dead" : r.gouji ? "gouji" : "";
}

function active(d, seat) {
  return !(d.finished || []).includes(seat) && !(d.ranked_last || []).includes(seat) &&
    !(d.revolution || []).includes(seat);
}

/** A seat's name in the game's own lines: numbered when two seats share a name (bots). */
function name(ctx, seat) {
  if (seat === ctx.s.seat) return `${ctx.seatName(seat)} (${t("gjx.you")})`;
  return seatLabel(ctx, seat);
}

function seatLabel(ctx, seat) {
  const base = ctx.seatName(seat);
  const seats = (ctx.s.table && ctx.s.table.seats) || [];
  const same = seats.some((x, j) => j !== seat && ctx.seatName(j) === base);
  return same ? `${base} #${seat + 1}` : base;
}

function kindText(kind) {
  const k = `gjx.kind.${kind}`;
  const s = t(k);
  return s === k ? kind : s;
}

/** What the rules say about the play on the table now: [text, rule id] or null. */
function roundRule(ctx) {
  const d = ctx.details();
  const r = d.round;
  if (!r || r.stage === "over") return null;
  if (r.chaos) return [t("gjx.chaos"), "GJ-8"];
  if (r.leader_to_play || r.maker === null || r.maker === undefined) return null;
  const m = r.maker;
  if (r.yielding !== null && r.yielding !== undefined) {
    return [t("gjx.yielding", { name: name(ctx, r.yielding) }), "GJ-5.3"];
  }
  if (r.claim !== null && r.claim !== undefined) {
    return [t("gjx.claimed", { name: name(ctx, r.claim) }), "GJ-7"];
  }
  if (r.burner === m) {
    return [t("gjx.burning", { burner: name(ctx, m) }), "GJ-6"];
  }
  if (!r.gouji) return null;
  if (r.dead) return [t("gjx.dead_play", { maker: name(ctx, m) }), "GJ-7"];
  if (!active(d, opp(m)) || (d.headless || []).includes(m)) {
    return [t("gjx.headless_play", { maker: name(ctx, m) }), "GJ-7"];
  }
  let text = opp(m) === ctx.s.seat ? t("gjx.only_you", { maker: ctx.seatName(m) })
    : t("gjx.only_duitou", { maker: name(ctx, m), opp: name(ctx, opp(m)) });
  if (d.waiting === "burn_window" && d.your_decision !== "answer") text += ` ${t("gjx.burn_first")}`;
  return [text, "GJ-5.2"];
}

/** The play on the table in words: the engine's (English) words, or the cards in Chinese. */
function playWords(ctx, r) {
  if (ctx.lang() === "zh" || !r.play_words) return cardsText(r.play || "", ctx.lang());
  return r.play_words;
}

function waitingLine(ctx) {
  const d = ctx.details();
  const obs = ctx.obs();
  const first = obs && obs.to_act && obs.to_act.length ? obs.to_act[0] : null;
  const tr = d.tribute;
  if ((d.waiting === "tribute" || d.waiting === "return") && tr) {
    return t(`gjx.waiting.${d.waiting}`, { from: name(ctx, tr.from), to: name(ctx, tr.to), n: tr.cards,
                                           kind: kindText(tr.kind) });
  }
  if (d.waiting === "revolution") return t("gjx.waiting.revolution");
  if (["buy", "head", "declare"].includes(d.waiting) && first !== null) {
    return t(`gjx.waiting.${d.waiting}`, { name: name(ctx, first) });
  }
  return null;
}

function adviceState(ctx) {
  if (!ctx.s.gjAdvice) ctx.s.gjAdvice = {};
  return ctx.s.gjAdvice;
}

function counterRows(ctx) {
  const d = ctx.details();
  const played = d.played || {};
  const mine = {};
  for (const c of ctx.s.hand) mine[rankKey(c)] = (mine[rankKey(c)] || 0) + 1;
  return COUNTED.map(([rank, total]) => {
    const p = played[rank] || 0;
    const m = mine[rank] || 0;
    return { rank, total, played: p, mine: m, out: Math.max(0, total - p - m) };
  });
}

function rankLabel(rank, lang) {
  if (rank === "big_joker") return lang === "zh" ? "大王" : "大王 BJ";
  if (rank === "small_joker") return lang === "zh" ? "小王" : "小王 SJ";
  return rank;
}

function signed(x) {
  const n = Number(x || 0);
  return (n > 0 ? "+" : "") + String(n);
}

export const gouji = {
  rulePrefix: "GJ",
  sortHand: sortClimbing,
  // a burn 烧 is a play over the 够级 play, a tribute 进贡 and its return 还贡 are cards given:
  // each is picked from the hand like a play
  selectVerbs: ["burn", "tribute", "return"],
  // 要不起: where passing is the only answer, the table passes for the player (a toggle)
  autoPlay: { key: "pass", verbs: ["pass"] },

  badges(ctx, i) {
    const d = ctx.details();
    const me = ctx.s.seat;
    const badges = [];
    if (me !== null && me !== undefined && i !== me) {
      if (opp(me) === i) badges.push(["duitou", t("gjx.duitou")]);
      else if ((me - i) % 2 === 0) badges.push(["side", t("gj.team")]);
    }
    if (d.ranks && d.ranks[String(i)]) badges.push(["gjrank", d.ranks[String(i)]]);
    if (d.revolution && d.revolution.includes(i)) badges.push(["gjrev", t("gjx.rev")]);
    if (d.headless && d.headless.includes(i)) badges.push(["gjflag", t("gjx.headless")]);
    if (d.opened && d.opened.includes(i)) badges.push(["gjopen", t("gjx.opened")]);
    if (d.stuck && d.stuck.includes(i)) badges.push(["gjflag", t("gjx.stuck")]);
    if (d.dead_gouji && d.dead_gouji[i]) badges.push(["gjflag", t("gjx.tokens", { n: d.dead_gouji[i] })]);
    return badges;
  },

  myBadges(ctx) {
    const me = ctx.s.seat;
    if (me === null || me === undefined) return [];
    const out = [["duitou", `${t("gjx.your_duitou")}: ${seatLabel(ctx, opp(me))}`]];
    const n = ctx.s.hand.length;
    if (ctx.details().round && n > 0 && n <= 10) out.push(["gjcount", t("gjx.me_count", { n })]);
    return out;
  },

  info(ctx) {
    const d = ctx.details();
    const items = [];
    const of = (d.options && d.options.series) || 5;
    if (d.series_game) items.push(["够级", t("gjx.series_game", { n: d.series_game, of })]);
    if (ctx.s.seat !== null && ctx.s.seat !== undefined) {
      items.push([t("gjx.your_duitou"), seatLabel(ctx, opp(ctx.s.seat))]);
    }
    if (d.round && d.round.play) {
      items.push([t("gj.round"), `${seatLabel(ctx, d.round.maker)}: ${cardsText(d.round.play, ctx.lang())}`]);
    }
    return items;
  },

  seatExtra(ctx, i) {
    const obs = ctx.obs();
    const d = ctx.details();
    if (!obs) return null;
    // a teammate's hand the rules let this seat see (GJ-12)
    const mate = d.teammate_hands ? d.teammate_hands[String(i)] : null;
    const teammate = mate ? ctx.h("div", { class: "seat-teammate" }, cardsText(mate, ctx.lang())) : null;
    if (ctx.s.table.status !== "playing") return teammate;
    const me = ctx.s.seat;
    const note = me !== null && me !== undefined && opp(me) === i && active(d, i)
      ? ctx.h("div", { class: "gj-duitou-note" }, t("gjx.duitou_note")) : null;
    let count;
    if (d.ranks && d.ranks[String(i)] && !active(d, i)) {
      count = ctx.h("div", { class: "gj-count gj-done", dataset: { count: "0" } }, d.ranks[String(i)]);
    } else {
      const size = obs.hand_sizes ? obs.hand_sizes[i] : null;
      count = size === null || size === undefined
        ? ctx.h("div", { class: "gj-count many", dataset: { count: "" } }, t("gjx.over_ten"))
        : ctx.h("div", { class: `gj-count low ${size <= 5 ? "very" : ""}`, dataset: { count: String(size) } },
          ctx.h("b", {}, String(size)), ctx.h("span", {}, ctx.lang() === "zh" ? " 张" : size === 1 ? " card" : " cards"));
    }
    return [teammate, note, count];
  },

  /** A 够级 play (the engine's mark on its event) sounds as one; no other play sounds. */
  sound(ctx, ev) {
    return markOf(ev) ? "gouji" : null;
  },

  playMark(ctx, ev) {
    if (ev.verb !== "play" && ev.verb !== "burn") return null;
    // the engine marks a gouji play's event (GJ-4, GJ-7: `gouji`, `dead`); a play drawn
    // again from the observation after a reload (no event) takes the round's marks
    let mark = "";
    if (ev.type === "action") mark = markOf(ev);
    else {
      const r = ctx.details().round || {};
      if (r.maker === ev.seat && r.play === ev.cards) mark = markOf(r);
    }
    return mark ? t(`gjx.${mark}`) : null;
  },

  /** The round's play to beat and who passed on it (after a reload: the observation's `round`). */
  playsOnTable(ctx, obs) {
    const d = (obs && obs.details) || {};
    const out = {};
    if (d.round && d.round.play && known(d.round.maker)) {
      out[d.round.maker] = { seat: d.round.maker, verb: "play", cards: d.round.play };
      for (const i of d.round.passed || []) out[i] = { seat: i, verb: "pass" };
    }
    return out;
  },

  center(ctx) {
    const d = ctx.details();
    const r = d.round;
    const box = ctx.h("div", { class: "gj-center", id: "gj-center" });
    const wait = waitingLine(ctx);
    if (wait) box.append(ctx.h("div", { class: "gj-wait" }, wait));
    if (r && r.play && !r.leader_to_play) {
      box.append(ctx.h("div", { class: `gj-play ${r.gouji ? "gouji" : ""}` },
        r.gouji ? ctx.h("span", { class: "gj-chip" }, r.dead ? t("gjx.dead") : t("gjx.gouji")) : null,
        ctx.h("span", {}, `${seatLabel(ctx, r.maker)}: ${playWords(ctx, r)}`)));
    }
    const rule = roundRule(ctx);
    if (rule) {
      const [text, id] = rule;
      box.append(ctx.h("div", { class: `gj-rule ${id === "GJ-5.2" ? "duitou" : ""}`, id: "gj-rule",
                                dataset: { rule: id } }, ctx.h("span", {}, text), " ", ctx.ruleLink(id)));
    }
    return box.childNodes.length ? box : null;
  },

  decision(ctx, actions) {
    if (!actions.length) return null;
    const d = ctx.details();
    const r = d.round || {};
    const m = r.maker;
    const verbs = new Set(actions.map((a) => a[1]));
    const dec = d.your_decision;
    let prompt = null;
    let rule = null;
    let passLabel = null;
    if (dec === "burn") {
      prompt = t("gjx.prompt.burn", { maker: seatLabel(ctx, m) });
      rule = "GJ-6";
      passLabel = t("gjx.prompt.burn_pass");
    } else if (verbs.has("yield")) {
      prompt = t("gjx.prompt.yield", { maker: seatLabel(ctx, m) });
      rule = "GJ-5.3";
    } else if (verbs.has("claim")) {
      prompt = t("gjx.prompt.claim", { maker: seatLabel(ctx, m) });
      rule = "GJ-7";
    } else if (verbs.has("revolution")) {
      prompt = t("gjx.prompt.revolution");
      rule = "GJ-9";
      passLabel = t("gjx.prompt.revolution_pass");
    } else if (verbs.has("buy")) {
      prompt = t("gjx.prompt.buy");
      rule = "GJ-9";
    } else if (verbs.has("keep_head") || verbs.has("no_head")) {
      prompt = t("gjx.prompt.head", { rev: (d.revolution || []).map((s) => seatLabel(ctx, s)).join(", ") });
      rule = "GJ-9";
    } else if (verbs.has("declare")) {
      prompt = t("gjx.prompt.declare");
      rule = "GJ-10";
      passLabel = t("gjx.prompt.declare_pass");
    } else if (verbs.has("refuse") || dec === "refuse") {
      const tr = d.tribute || {};
      prompt = t("gjx.prompt.refuse", { to: seatLabel(ctx, tr.to), card: cardsText(tr.offered || "", ctx.lang()) });
      rule = "GJ-10";
      passLabel = t("gjx.prompt.keep");
    } else if (dec === "answer" && r.play) {
      const n = splitCards(r.play).length;
      const mine = r.gouji && !r.chaos && opp(m) === ctx.s.seat;
      prompt = mine ? t("gjx.prompt.answer_gouji", { maker: seatLabel(ctx, m), words: playWords(ctx, r) })
        : t("gjx.prompt.answer", { maker: seatLabel(ctx, m), words: playWords(ctx, r), n });
      rule = mine ? "GJ-5.2" : "GJ-5";
    }
    const wrap = ctx.h("div", { class: "gj-decision", id: "gj-decision", dataset: { decision: dec || "" } });
    if (prompt) {
      wrap.append(ctx.h("div", { class: "gj-prompt", id: "gj-prompt" }, ctx.h("span", {}, prompt), " ",
        rule ? ctx.ruleLink(rule) : null));
    }
    const row = ctx.h("div", { class: "gj-buttons" });
    for (const a of actions) {
      const v = a[1];
      let label = ctx.actionLabel(a);
      if (v === "pass" && passLabel) label = passLabel;
      if (v === "yield") label = t("gjx.btn.yield");
      const cls = { yield: "gj-gold", claim: "gj-gold", revolution: "gj-danger" }[v] || "";
      // the hint's suggestion is marked, as the core's and the other games' buttons are
      const hinted = ctx.s.hinted === JSON.stringify(a) ? "hinted" : "";
      row.append(ctx.h("button", { type: "button", class: `btn action-button ${cls} ${hinted}`, dataset: { verb: v },
                                   disabled: ctx.s.busy, onclick: () => ctx.act(a) }, label));
    }
    wrap.append(row);
    return wrap;
  },

  note(ctx, verb) {
    const d = ctx.details();
    const r = d.round || {};
    const tr = d.tribute;
    if (verb === "tribute" && tr) {
      return t("gjx.note.tribute", { kind: kindText(tr.kind), n: tr.cards, to: seatLabel(ctx, tr.to) });
    }
    if (verb === "return" && tr) {
      return t("gjx.note.return", { kind: kindText(tr.kind), n: tr.cards, from: seatLabel(ctx, tr.from) });
    }
    if (verb === "burn") {
      return t("gjx.note.burn", { words: playWords(ctx, r), n: splitCards(r.play || "").length });
    }
    if (verb !== "play") return null;
    if (r.leader_to_play || !r.play) return t("gjx.note.lead");
    const n = splitCards(r.play).length;
    const words = playWords(ctx, r);
    if (r.gouji && !r.chaos && opp(r.maker) === ctx.s.seat) {
      return t("gjx.note.answer_gouji", { maker: seatLabel(ctx, r.maker), words, n });
    }
    return t("gjx.note.answer", { maker: seatLabel(ctx, r.maker), words, n });
  },

  handArea(ctx) {
    const d = ctx.details();
    const me = ctx.s.seat;
    const got = d.advice && me !== null ? d.advice[String(me)] : null;
    if (!got) return null;
    return ctx.h("div", { class: "gj-advice-in", id: "gj-advice-in" },
      ctx.h("span", {}, t("gjx.advice_from", { name: seatLabel(ctx, got.from), cards: cardsText(got.cards, ctx.lang()) })),
      ctx.h("button", { type: "button", class: "btn small", id: "gj-use-advice",
                        onclick: () => { ctx.selectCards(splitCards(got.cards)); ctx.render(); } }, t("gjx.use_advice")));
  },

  panels(ctx) {
    const d = ctx.details();
    const h = ctx.h;
    const lang = ctx.lang();
    const out = [];
    if (ctx.s.table.status === "playing" && ctx.obs()) {
      out.push(h("section", { class: "panel gj-counter", id: "gj-counter" },
        h("h3", {}, t("gjx.counter")),
        h("div", { class: "gj-counter-grid" }, counterRows(ctx).map((x) => h("div", {
          class: `gj-tile ${x.rank === "big_joker" || x.rank === "small_joker" ? "joker" : ""} ${x.out === 0 ? "none" : ""}`,
          dataset: { rank: x.rank, out: String(x.out), played: String(x.played), mine: String(x.mine) },
        }, h("div", { class: "gj-tile-rank" }, rankLabel(x.rank, lang)),
        h("div", { class: "gj-tile-out" }, String(x.out)),
        h("div", { class: "gj-tile-sub" }, t("gjx.counter_row", { p: x.played, m: x.mine }))))),
        h("p", { class: "muted gj-small" }, t("gjx.counter_hint"))));
    }
    // the series and the ranks so far
    if (d.series_game) {
      const of = (d.options && d.options.series) || 5;
      const titles = d.series_game > 1 ? ctx.s.gjTitles : null;
      const rows = [];
      for (let i = 0; i < SEATS; i++) {
        rows.push(h("tr", { class: i === ctx.s.seat ? "mine" : "", dataset: { seat: String(i) } },
          h("td", {}, seatLabel(ctx, i)),
          h("td", {}, t(i % 2 === 0 ? "zh1.team_letter.a" : "zh1.team_letter.b")),
          h("td", { class: "gj-rank-cell" }, (d.ranks && d.ranks[String(i)]) || (active(d, i) ? "" : "—")),
          h("td", { class: "num" }, signed(d.totals ? d.totals[i] : 0)),
          titles ? h("td", { class: "gj-title" }, titles[i]) : null));
      }
      out.push(h("section", { class: "panel gj-standing", id: "gj-standing" },
        h("h3", {}, `${t("gjx.standing")} · ${t("gjx.series_game", { n: d.series_game, of })}`),
        h("table", { class: "gj-table" },
          h("thead", {}, h("tr", {}, h("th", {}, t("gjx.res.seat")), h("th", {}, t("gjx.res.team")),
            h("th", {}, t("gjx.rank")), h("th", { class: "num" }, `${t("gjx.total")}*`),
            titles ? h("th", {}, t("gjx.res.title")) : null)),
          h("tbody", {}, rows)),
        h("p", { class: "muted gj-small" }, `* ${t("gjx.before")} · ${t("zh1.team_letter.a")} = ${t("gjx.team_a")} · ${t("zh1.team_letter.b")} = ${t("gjx.team_b")}`)));
    }
    // a teammate's hand the rules let me see, and advice 挑牌
    const mates = Object.entries(d.teammate_hands || {});
    if (mates.length && ctx.s.seat !== null) {
      const st = adviceState(ctx);
      const section = h("section", { class: "panel gj-advice", id: "gj-advice" }, h("h3", {}, t("gjx.advice")));
      for (const [seatKey, cardsStr] of mates) {
        const seat = Number(seatKey);
        const cards = splitCards(cardsStr);
        const picked = (st[seatKey] || new Set());
        // forget picks of cards the teammate no longer holds
        const valid = new Set([...picked].filter((k) => k < cards.length && st[`${seatKey}:hand`] === cardsStr));
        st[seatKey] = valid;
        st[`${seatKey}:hand`] = cardsStr;
        const sent = d.advice ? Object.entries(d.advice).find(([to, a]) => to === seatKey && a.from === ctx.s.seat) : null;
        section.append(h("div", { class: "gj-mate", dataset: { seat: seatKey } },
          h("div", { class: "gj-mate-name" }, `${seatLabel(ctx, seat)} · ${t("gjx.cards_left", { n: cards.length })}`),
          h("div", { class: "gj-mate-hand" }, cards.map((c, k) => h("button", {
            type: "button", class: `card gj-mini ${valid.has(k) ? "selected" : ""}`, dataset: { card: c, index: String(k) },
            "aria-pressed": valid.has(k) ? "true" : "false",
            onclick: () => { if (valid.has(k)) valid.delete(k); else valid.add(k); ctx.render(); },
          }, cardFace(c)))),
          h("div", { class: "gj-mate-actions" },
            h("button", { type: "button", class: "btn small primary gj-advise", dataset: { to: seatKey },
                          disabled: !valid.size || ctx.s.busy,
                          onclick: () => {
                            const chosen = [...valid].sort((a, b) => a - b).map((k) => cards[k]);
                            st[seatKey] = new Set();
                            ctx.act([ctx.s.seat, "advise", chosen.join(" "), { to: seat }]);
                          } }, t("gjx.advise", { name: seatLabel(ctx, seat) })),
            sent ? h("span", { class: "muted gj-sent" }, t("gjx.advice_sent",
              { name: seatLabel(ctx, seat), cards: cardsText(sent[1].cards, lang) })) : null)));
      }
      section.append(h("p", { class: "muted gj-small" }, t("gjx.advice_help", { name: mates.map(([s]) => seatLabel(ctx, Number(s))).join(", ") })));
      out.push(section);
    }
    return out;
  },

  // each 够级 play's consequence, from its event (so a log sent again after a reload has it too)
  logAction(ctx, ev) {
    if (!ev.gouji || ev.dead) return;
    const maker = ev.seat;
    ctx.addLog("event", () => `${t("gjx.log_gouji", { maker: name(ctx, maker), opp: name(ctx, opp(maker)) })} (GJ-5.2)`);
  },

  event(ctx, ev) {
    const n = (s) => seatLabel(ctx, s);
    switch (ev.type) {
      case "point_opened": ctx.addLog("event", () => t("gjx.ev.point_opened", { name: n(ev.seat) })); return true;
      case "burn_succeeded":
        ctx.addLog("event gj-burn", () => t("gjx.ev.burn_succeeded", { burner: n(ev.burner), burnt: n(ev.burnt) })); return true;
      case "burn_broken":
        ctx.addLog("event gj-burn", () => t("gjx.ev.burn_broken", { burner: n(ev.burner), by: n(ev.by) })); return true;
      case "ranked_last":
        ctx.addLog("event", () => t("gjx.ev.ranked_last", { name: n(ev.seat),
          why: ev.why === "failed_burn" ? t("gjx.ev.failed_burn") : t("gjx.ev.stuck_why") })); return true;
      case "stuck": ctx.addLog("event", () => t("gjx.ev.stuck", { name: n(ev.seat), by: n(ev.by) })); return true;
      case "chaos": ctx.addLog("event", () => t("gjx.ev.chaos")); return true;
      case "revolution": ctx.addLog("event", () => t("gjx.ev.revolution", { name: n(ev.seat) })); return true;
      case "redeal": ctx.addLog("event", () => t("gjx.ev.redeal")); return true;
      default: return false;
    }
  },

  dealOver(ctx, m) {
    const r = m.result || {};
    if (r.titles) ctx.s.gjTitles = r.titles;
    const h = ctx.h;
    const lines = [];
    const of = r.series || 5;
    if (r.game) lines.push(t("gjx.res.series", { n: r.game, of }));
    if (r.redeal) {
      lines.push(t("gjx.res.redeal"));
      return { lines, extra: () => [] };
    }
    const order = r.order || [];
    if (order.length) {
      lines.push(h("table", { class: "results gj-results", id: "gj-results" },
        h("thead", {}, h("tr", {}, [t("gjx.res.place"), t("gjx.res.seat"), t("gjx.res.team"), t("gjx.res.points"),
          t("gjx.res.score"), t("gjx.res.total"), r.titles ? t("gjx.res.title") : null]
          .filter((x) => x !== null).map((x, k) => h("th", { class: k >= 3 && k <= 5 ? "num" : "" }, x)))),
        h("tbody", {}, order.map((s) => h("tr", { class: s === ctx.s.seat ? "mine" : "", dataset: { seat: String(s) } },
          h("td", { class: "gj-rank-cell" }, r.ranks ? r.ranks[s] : ""),
          h("td", {}, seatLabel(ctx, s)),
          h("td", {}, t(s % 2 === 0 ? "zh1.team_letter.a" : "zh1.team_letter.b")),
          h("td", { class: "num" }, signed(r.points ? r.points[s] : 0)),
          h("td", { class: "num" }, signed(r.scores ? r.scores[s] : 0)),
          h("td", { class: "num" }, signed(r.totals ? r.totals[s] : 0)),
          r.titles ? h("td", {}, r.titles[s]) : null)))));
    }
    if (r.team_scores) {
      lines.push(t("gjx.res.teams", { a: t("gjx.team_a"), b: t("gjx.team_b"), x: signed(r.team_scores[0]), y: signed(r.team_scores[1]) }));
    }
    if (r.chuan_san_hu) lines.push(t("gjx.res.chuan"));
    if (r.burns && r.burns.length) {
      lines.push(t("gjx.res.burns", { list: r.burns.map((b) => `${seatLabel(ctx, b.burner)} → ${seatLabel(ctx, b.burnt)}`).join(", ") }));
    }
    if (r.failed_burns && r.failed_burns.length) {
      lines.push(t("gjx.res.failed", { list: r.failed_burns.map((s) => seatLabel(ctx, typeof s === "object" ? s.seat : s)).join(", ") }));
    }
    if (r.tributes_next && r.tributes_next.length) {
      lines.push(t("gjx.res.tributes", { list: r.tributes_next.map((x) => t("gjx.res.tribute",
        { from: seatLabel(ctx, x.from), to: seatLabel(ctx, x.to), n: x.cards, kind: kindText(x.kind) })).join(" · ") }));
    }
    return { lines, extra: (i) => [r.ranks ? r.ranks[i] : null, r.titles ? r.titles[i] : null] };
  },
};
