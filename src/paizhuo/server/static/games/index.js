// Each game's part of the table, by the table's `game`. A module may define any of these
// hooks (each gets the table's context `ctx`, documented at the top of ../table.js):
//   badges(ctx, seat) -> [[kind, label]]   roles shown on a seat (kind: a `role-*` CSS class)
//   myBadges(ctx)     -> [[kind, label]]   more roles on the player's own line
//   info(ctx)         -> [[label, text]]   rows of the side panel's summary
//   center(ctx)       -> Node | null       under the turn line in the middle of the felt
//   panels(ctx)       -> Node[]            more side-panel sections (counters, advice …)
//   decision(ctx, actions) -> Node | null  a game's own control for the button actions
//                                          (null: the core's buttons and chooser)
//   event(ctx, ev)    -> bool              log a game event itself (true: handled)
//   dealOver(ctx, m)  -> {lines, extra(seat) -> [text]}   the end-of-deal summary
//   isTrump(ctx, card) -> bool             mark trumps in the hand
//   seatExtra(ctx, seat) -> Node | null    more lines inside a seat's box
//   playMark(ctx, ev) -> text | null       a mark under a play on the felt (够级 …)
//   felt(ctx)         -> Node | null       more on the felt while a deal is played
//   handArea(ctx)     -> Node | null       above the player's hand (advice, the deal's progress …)
//   note(ctx, verb)   -> text | null       the prompt under the buttons when cards are to be picked
//   selectVerbs       [verb]                more verbs whose cards are picked from the hand
//   optionalVerbs     [verb]                verbs that only interrupt others' decision (the
//                                           seat is not shown "your turn" for them alone)
// ctx.setMessage(kind, text, rule) shows a notice ("info" or "error") until the next state.
import { baohuang } from "./baohuang.js";
import { gouji } from "./gouji.js";
import { shengji } from "./shengji.js";

const GAMES = { shengji, gouji, baohuang };

export function gameView(name) {
  return GAMES[name] || {};
}
