// The table's motion and sound: a play slides from its seat onto the felt (a CSS animation
// of look.css; none with `prefers-reduced-motion: reduce`), the trick's or round's winner is
// marked until the next play, and the sounds (off until the player turns them on) for the
// player's turn, a 够级 play and a bomb-like play.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { avatar, bombLike, botWho, playSound, seatLabel, setSound, SLIDE_MS, slideAge, soundOn } from "../look.js";

/** The slide and the winner's mark of seat `i`'s play `ev` drawn in `spot`, which lies in the
 * direction (`dx`, `dy`) (a unit vector) from the middle of the felt towards the seat. */
export function markPlay(ctx, spot, i, ev, dx, dy) {
  const { s } = ctx;
  // only a play that arrived as an event moves (not one rebuilt from the observation)
  if (ev && ev.type === "action") {
    const key = `${s.deal}:${ev.state_id}:${i}`;
    const age = slideAge(s.slides || (s.slides = new Map()), key);
    if (age < SLIDE_MS) {
      for (const el of spot.children) {
        el.classList.add("slide-in");
        // a drawing again mid-slide goes on from where the slide was
        el.style.animationDelay = `${-Math.round(age)}ms`;
      }
      spot.style.setProperty("--from-x", `${Math.round(dx * 160)}px`);
      spot.style.setProperty("--from-y", `${Math.round(dy * 100)}px`);
    }
  }
  const won = s.clearPending && s.prevTrick && s.prevTrick.winner === i && ev;
  if (won) {
    spot.classList.add("trick-winner");
    spot.append(h("div", { class: "won-mark", id: "won-mark" }, `★ ${t("look.won")}`));
  }
}

/** Seat `i`'s avatar: a bot's drawn face (by its display name), a person's initials. */
export function seatAvatar(ctx, i) {
  const seat = ctx.s.table.seats[i];
  if (!seat || seat.kind === "empty") return null;
  if (seat.kind === "bot") return avatar(`bot:${botWho(ctx.s.table.id, i)}`, { bot: true });
  return avatar(seat.name || "?");
}

/** Seat `i`'s number and direction as people read them ("Seat 3 (across)"), seen from the
 * player's seat (a spectator: the number alone). */
export function seatWhereLine(ctx, i) {
  const { s } = ctx;
  const ref = s.seat !== null && s.bound ? s.seat : null;
  return h("div", { class: "seat-where", dataset: { seatNo: String(i + 1) } },
    seatLabel(i, ref, s.table.seats.length));
}

/** The sounds of a batch of events and of the state after it: a 够级 or a bomb-like play
 * (the game's `sound` hook, else jokers alone), the player's turn when it begins. */
export function soundsFor(ctx, events) {
  if (!soundOn()) return;
  const game = ctx.game();
  let kind = null;
  for (const ev of events || []) {
    if (ev.type !== "action" || !ev.cards) continue;
    const own = game.sound ? game.sound(ctx, ev) : undefined;
    const k = own !== undefined ? own : bombLike(ev.cards) ? "bomb" : null;
    if (k === "bomb" || (k && !kind)) kind = k;
  }
  if (kind) playSound(kind);
}

/** Play the turn sound when the player's turn begins (call after each state). */
export function turnSound(ctx, wasMine) {
  if (!wasMine && ctx.myTurn() && ctx.deciding()) playSound("turn");
}

/** The sound toggle for the table's header (off until turned on; remembered). */
export function soundToggle(ctx) {
  const on = soundOn();
  return h("button", { type: "button", class: `btn small toggle ${on ? "on" : ""}`, id: "sound-toggle",
                       "aria-pressed": on ? "true" : "false", title: t("look.sound_title"),
                       onclick: () => { setSound(!on); ctx.render(); } },
    `♪ ${on ? t("look.sound_on") : t("look.sound")}`);
}
