// Each game's part of the pages, by the table's `game`. This folder is the only place in the
// browser's code that knows a game by name: the table, the replay, the rules and the lobby ask
// these functions and hooks. A game with no module here (a game the server knows and the
// browser does not) gets `{}`: the generic table (hand, felt, a button per legal action, the
// end-of-deal returns) needs no hook at all.
//
// A module may define any of these hooks (each gets the table's context `ctx`, documented at
// the top of ../table/context.js; the replay page hands a spectator's `ctx` of one frame):
//   badges(ctx, seat) -> [[kind, label]]   roles shown on a seat (kind: a `role-*` CSS class)
//   myBadges(ctx)     -> [[kind, label]]   more roles on the player's own line
//   info(ctx)         -> [[label, text]]   rows of the side panel's summary
//   center(ctx)       -> Node | null       under the turn line in the middle of the felt
//   panels(ctx)       -> Node[]            more side-panel sections (counters, advice …)
//   decision(ctx, actions) -> Node | null  a game's own control for the button actions
//                                          (null: the core's buttons and chooser)
//   event(ctx, ev)    -> bool              log a game event itself (true: handled)
//   logAction(ctx, ev)                     more log lines after an action's own (a 够级 play's rule), as
//                                          ctx.addLog(kind, () => text): a switch of language writes it again
//   onState(ctx)                           a new state has arrived (the game's own bookkeeping)
//   dealOver(ctx, m)  -> {lines, extra(seat) -> [text]}   the end-of-deal summary
//   resultLine(ctx, result) -> text | null the replay's result line where dealOver gave none
//   isTrump(ctx, card) -> bool             mark trumps in the hand
//   sortHand(cards)   -> cards             the hand's order (none: the engine's order)
//   seatExtra(ctx, seat) -> Node | null    more lines inside a seat's box
//   playMark(ctx, ev) -> text | null       a mark under a play on the felt (够级 …)
//   sound(ctx, ev)    -> "gouji" | "bomb" | null   the sound of a play event (none: "bomb"
//                                          for jokers alone, ../look.js)
//   playsOnTable(ctx, obs) -> {seat: ev}   the plays lying on the table as an observation
//                                          tells them (after a reload, before any event)
//   lastTrick(ctx)    -> {plays, winner, points} | null   the trick before the current one,
//                                          where the observation keeps it
//   felt(ctx)         -> Node | null       more on the felt while a deal is played
//   handArea(ctx)     -> Node | null       above the player's hand (advice, the deal's progress …)
//   note(ctx, verb)   -> text | null       the prompt under the buttons when cards are to be picked
// and these entries:
//   selectVerbs       [verb]                more verbs than "play" whose cards are picked from the hand
//   optionalVerbs     [verb]                verbs that only interrupt others' decision (the
//                                           seat is not shown "your turn" for them alone)
//   playsInWords      [verb]                verbs told in words on the felt, not laid face up
//   autoPlay          {key, verbs, besides} what the table makes by itself (../table/auto.js, a
//                                           toggle "auto.<key>", on by default) where the seat's
//                                           only legal action is of one of these verbs (leaving
//                                           aside the verbs `besides`, pointless then)
//   rulePrefix        "XX"                  the game's rule ids ("XX-5.2") are in docs/rules/<game>.md
//   defaultPreset     preset                the lobby's first choice (the first game here is the
//                                           lobby's first game)
// ctx.setMessage(kind, text, rule) shows a notice ("info" or "error") until the next state.
import { baohuang } from "./baohuang.js";
import { gouji } from "./gouji.js";
import { shengji } from "./shengji.js";

// in the order the lobby and the rules pages list them
const GAMES = { shengji, gouji, baohuang };

/** The hooks of game `name`; `{}` for a game with no module of its own. */
export function gameView(name) {
  return GAMES[name] || {};
}

/** The games with a module here, in the lobby's order. */
export function gameNames() {
  return Object.keys(GAMES);
}

/** The lobby's first choice: `{game, preset}`. */
export function defaultGame() {
  const [game, view] = Object.entries(GAMES)[0];
  return { game, preset: view.defaultPreset || "" };
}

/** A hand in the order game `name` shows it: its `sortHand`, else the engine's order. */
export function handOrder(name, cards) {
  const own = gameView(name).sortHand;
  return own ? own(cards) : cards.slice();
}

/** The rules page (docs/rules/<doc>.md) of a rule id's prefix ("GJ" → "gouji"), or null. */
export function rulesDocOf(prefix) {
  const found = Object.entries(GAMES).find(([, view]) => view.rulePrefix === prefix);
  return found ? found[0] : null;
}

/** Every game's rule-id prefix ("SJ", "GJ" …). */
export function rulePrefixes() {
  return Object.values(GAMES).map((view) => view.rulePrefix).filter(Boolean);
}
