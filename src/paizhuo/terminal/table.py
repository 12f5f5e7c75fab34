"""Playing a game in the terminal against bots (``paizhuo play``), rendered with Rich.

It reads like a card table (:mod:`paizhuo.terminal.view`, in the words of the game's face,
:meth:`~paizhuo.engine.game.Game.text_face`): at each turn a short status line (Shengji: trump,
dealer, the attackers' points against their target), the other seats with what they are to the
person (partner, opponent, 对头, emperor …) and their card counts, the cards on the table, and
the hand grouped as players sort it, with suit symbols in colour. Each play is announced as it
happens (``Seat 2 (North, greedy) plays ♠K ♠K``), a failed throw (甩牌失败) with what was
attempted, who blocked it and what was played instead. A game with no face of its own gets
the default face: its hand in card-id order, each seat's card count, its details as rows.

The person types an action in notation (``play AS AS``, ``call AH nth=1``, read by
:func:`paizhuo.parse_action`); a small decision (at most :data:`MAX_LISTED` choices) is also
listed by number. A forced move (exactly one legal action) is played for the person after a
short notice.

The person sees only what their seat may see: the observation; every action and derived
event as their seat saw it (:meth:`~paizhuo.engine.game.Game.events_since`, printed as it
happens: a hidden card stays hidden); the result as the observation gives it; and whether
other seats may act only where the observation's public ``to_act`` says so.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from paizhuo import parse_action
from paizhuo.arena.simulate import seat_bots, write_record
from paizhuo.bots.base import Bot, bot_action, deciding
from paizhuo.bots.registry import make_bot
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.game import Game
from paizhuo.notation import format_cards
from paizhuo.terminal.values import action_text, render_mapping
from paizhuo.terminal.view import (
    Seats,
    action_label,
    describe_event,
    details_lines,
    hand_text,
    result_summary,
    seats_line,
    status_line,
    table_line,
)

MAX_LISTED = 12
"""A decision with at most this many legal actions is listed by number; a larger one is typed
(``all`` lists it anyway)."""
EXAMPLES = 3
"""Legal actions shown as examples of what to type when they are not listed."""
FORCED_PAUSE = 0.8
"""Seconds a forced move's notice stays before it is played (at an interactive terminal)."""

QUIT_WORDS = frozenset({"quit", "q", "exit"})


class Quit(Exception):
    """The person asked to stop (``quit``, or end of input)."""


def _matches(typed: Action, legal: Sequence[Action]) -> list[Action]:
    same = [a for a in legal if a.verb == typed.verb and a.cards == typed.cards]
    if typed.extra:
        same = [a for a in same
                if a.extra and all(a.extra.get(k) == v for k, v in typed.extra.items())]
    return same


class TerminalPlay:
    """One person at one seat, bots at the others, until the match ends or the person quits."""

    def __init__(self, cls: type[Game], options: dict[str, Any], seat: int, seed: int,
                 bots: Sequence[str], console: Console,
                 ask: Callable[[str], str] | None = None,
                 records: Path | None = None, pause: float | None = None,
                 game: Game | None = None) -> None:
        self.records = records
        self.pause = (FORCED_PAUSE if console.is_interactive else 0.0) if pause is None else pause
        """Seconds a forced move's notice stays before the move is played."""
        """Folder for the record of every deal (``None``: records are not written)."""
        self.began = time.strftime("%Y%m%d-%H%M%S")
        self.deal = 0
        """Deals played so far (the number of the deal in progress, from 0)."""
        self.saved = False
        """Whether the deal in progress has been written since its last action."""
        self.cls = cls
        self.options = options
        self.seat = seat
        self.seed = seed
        self.console = console
        self.ask = ask or console.input
        self.rng = random.Random(f"paizhuo-play/{seed}")
        self.game = game if game is not None else cls.new(options, seed=seed)
        """The deal in progress (``game``: a given first deal, such as a position)."""
        if not 0 <= seat < self.game.num_seats:
            raise MalformedError("seat", f"seat {seat} does not exist: this table has seats "
                                 f"0–{self.game.num_seats - 1}")
        self.seen = 0
        """The ``state_id`` up to which the person's events have been printed."""
        self.others: list[int] = []
        """Other seats the person's observation shows may act now (offered as ``w``)."""
        names = seat_bots(bots, self.game.num_seats, 0)
        self.bot_names = names
        self.bots: list[Bot | None] = [None if s == seat else make_bot(names[s], cls.name)
                                       for s in range(self.game.num_seats)]
        self.seats = Seats(self.game.num_seats, seat, names)
        self.face = cls.text_face()
        """How this game is shown: its hand order, seats, status, events and result."""

    def run(self) -> None:
        """Play deals until the match ends or the person quits.

        Whatever the ending (the match's end, ``quit``, end of input, Ctrl-C, an error), the
        record of every deal played is written to :attr:`records` and its path printed.
        """
        try:
            while True:
                self._play_round()
                self._save()
                self._show_result()
                start = self.game.next_start()
                if start is None or not self._yes("Play the next deal? [Y/n] "):
                    break
                self.deal += 1
                self.game = self.cls.new(self.options, seed=derive_seed(self.seed, self.deal),
                                         start=start)
                self.saved = False
                self.seen = 0
        except Quit:
            self.console.print("Stopped. The record of this deal so far:")
            self.console.print(self.game.record().dumps(), markup=False, highlight=False,
                               soft_wrap=True)
        finally:
            self._save()

    def record_path(self) -> Path | None:
        """Where the deal in progress is written (``None`` when records are not kept)."""
        if self.records is None:
            return None
        return self.records / (f"{self.cls.name}-{self.began}-seed{self.seed}-"
                               f"deal{self.deal + 1}.json")

    def _save(self) -> None:
        """Write the deal in progress, once, if it has begun; say where."""
        path = self.record_path()
        if path is None or self.saved or not self.game.actions:
            return
        self.saved = True
        try:
            write_record(path, self.game)
        except OSError as exc:
            self.console.print(f"[red]Could not write the record to {path}:[/red] "
                               f"{exc.strerror or exc}", soft_wrap=True)
            return
        self.console.print(f"Record of deal {self.deal + 1} written to {path}", soft_wrap=True,
                           highlight=False, markup=False)

    def _yes(self, prompt: str, default: bool = True) -> bool:
        """A yes/no question; an empty answer is ``default``, the end of input is no."""
        try:
            answer = self.ask(prompt).strip().lower()
        except EOFError:
            return False
        if answer in QUIT_WORDS:
            raise Quit
        if not answer:
            return default
        return answer in ("y", "yes") if not default else answer not in ("n", "no")

    def _play_round(self) -> None:
        asked_at = -1
        while not self.game.is_over:
            to_act = self.game.to_act()
            deciders = deciding(self.game, to_act)
            if self.seat in deciders:
                self._human_turn()
                continue
            if self.seat in to_act and asked_at != self.game.state_id:
                # the person may only interrupt (Baohuang's seize 抢皇): asked once per state,
                # never played for them as a forced move
                asked_at = self.game.state_id
                legal = self.game.legal_actions(self.seat)
                verbs = ", ".join(sorted({a.verb for a in legal}))
                if self._yes(f"You may {verbs} now, before the others decide. {verbs}? "
                             "[y/N] ", default=False) and legal:
                    self.game.apply(legal[0])
                    self._report()
                    continue
            self._bot_turn([s for s in deciders if s != self.seat] or deciders)

    def _others_shown(self, obs: dict[str, Any]) -> list[int]:
        """Other seats that may act now, as far as the person's observation shows them.

        The game's own ``to_act`` is not used: who is asked can depend on hidden cards (GJ-12);
        the observation's ``to_act`` is the public part.
        """
        shown = obs.get("to_act")
        if not isinstance(shown, list):
            return []
        acting = self.game.to_act()
        return [s for s in shown if s != self.seat and s in acting]

    def _bot_turn(self, seats: list[int]) -> None:
        """One bot decision, by one of ``seats`` (drawn at random when several may act)."""
        seat = seats[0] if len(seats) == 1 else self.rng.choice(seats)
        bot = self.bots[seat]
        assert bot is not None
        action = bot_action(self.game, self.game.to_act(), seat, bot, self.rng)
        self.game.apply(action)
        self._report()

    def _report(self) -> None:
        """Print what the person's seat saw happen since the last report: each event as
        :meth:`~paizhuo.engine.game.Game.events_since` gives it to that seat (an action it
        may not see is not printed, a card hidden from it is not shown). The end of the deal
        is only announced: its result follows as the observation gives it."""
        for event in self.game.events_since(self.seat, self.seen):
            line = describe_event(self.face, event, self.seats)
            if line is not None:
                self.console.print(line, highlight=False)
        self.seen = self.game.state_id

    def _show(self, legal: Sequence[Action], everything: bool = False) -> None:
        """The table as the person's seat sees it: status, seats, the cards on the table,
        the hand; then the choices (listed by number when few, else examples to type)."""
        obs = self.game.observation(self.seat)
        self.others = self._others_shown(obs)
        if not everything:
            self.console.rule(style="dim")
            self.console.print(status_line(self.cls.name, self.face, obs, self.seats),
                               highlight=False)
            others = seats_line(self.face, obs, self.seats)
            if others:
                self.console.print(others, highlight=False)
            for line in details_lines(self.face, obs):
                self.console.print(line, highlight=False)
            plays = table_line(self.face, obs, self.seats)
            if plays is not None:
                self.console.print(plays, highlight=False)
            hand = Text("Your hand: ", style="bold")
            hand.append_text(hand_text(self.face, obs.get("hand"), obs.get("details") or {}))
            self.console.print(hand, highlight=False)
        if everything or len(legal) <= MAX_LISTED:
            table = Table(show_header=False, box=None, padding=(0, 1))
            table.add_column(justify="right", style="bold green")
            table.add_column()
            for i, action in enumerate(legal, 1):
                table.add_row(str(i), action_label(action.verb, format_cards(action.cards),
                                                   action.extra))
            if self.others:
                table.add_row("w", "wait: let the other seats that may act go first")
            self.console.print(table)
            return
        examples = ", ".join(action_text(a) for a in legal[:EXAMPLES])
        self.console.print(Text(f"{len(legal)} possible actions: type yours, e.g. {examples} "
                                "('all' lists them"
                                + (", 'w' lets the other seats go first" if self.others else "")
                                + ")", style="dim"), highlight=False)

    def _forced(self, legal: Sequence[Action]) -> bool:
        """Play the only legal action for the person, after a short notice, when nobody else
        may act instead; whether it did."""
        if len(legal) != 1:
            return False
        self.others = self._others_shown(self.game.observation(self.seat))
        if self.others:
            return False
        action = legal[0]
        quiet = action.verb == "pass" and bool(action.extra) and "dealt" in (action.extra or {})
        if not quiet:  # a Shengji pass as a card is dealt is not worth a notice
            notice = Text("Only one choice: ", style="dim")
            notice.append_text(action_label(action.verb, format_cards(action.cards),
                                            action.extra))
            notice.append(" — played for you.", style="dim")
            self.console.print(notice, highlight=False)
            if self.pause > 0:
                time.sleep(self.pause)
        self.game.apply(action)
        self._report()
        return True

    def _human_turn(self) -> None:
        legal = self.game.legal_actions(self.seat)
        if self._forced(legal):
            return
        self._show(legal)
        prompt = ("Your move (number or notation, 'quit'): " if len(legal) <= MAX_LISTED
                  else "Your move (e.g. play AS AS; 'all', 'quit'): ")
        while True:
            try:
                text = self.ask(prompt).strip()
            except EOFError:
                raise Quit from None
            if not text:
                continue
            if text.lower() in QUIT_WORDS:
                raise Quit
            if text.lower() in ("all", "list", "?", "help"):
                self._show(legal, everything=True)
                continue
            if text.lower() in ("w", "wait"):
                if self.others:
                    self._bot_turn(self.others)
                    return
                self.console.print("[red]Only you may act now.[/red]")
                continue
            action = self._resolve(text, legal)
            if action is None:
                continue
            try:
                self.game.apply(action)
            except IllegalActionError as exc:
                self.console.print(f"[red]Not allowed ({escape(exc.rule)}):[/red] "
                                   f"{escape(exc.message)}", highlight=False)
                continue
            except MalformedError as exc:
                self.console.print(f"[red]Not understood:[/red] {escape(exc.message)}",
                                   highlight=False)
                continue
            self._report()
            return

    def _resolve(self, text: str, legal: Sequence[Action]) -> Action | None:
        """The action a person means, or None after saying what was wrong."""
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]No action {number}:[/red] choose 1–{len(legal)}")
            return None
        try:
            typed = parse_action(self.game, self.seat, text)
        except MalformedError as exc:
            self.console.print(f"[red]Not understood:[/red] {escape(exc.message)}",
                               highlight=False)
            return None
        found = _matches(typed, legal)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            self.console.print("That matches several actions; type its number:")
            for action in found:
                self.console.print(f"  {legal.index(action) + 1}  "
                                   f"{escape(action_text(action))}", highlight=False)
            return None
        return typed  # not listed: the engine says which rule it breaks

    def _show_result(self) -> None:
        """The result as the person's observation gives it (a game may hide part of it, such
        as a kitty the seat never saw)."""
        result = self.game.observation(self.seat)["result"] or {}
        self.console.rule("Deal over")
        summary = result_summary(self.face, result, self.seats)
        if summary is not None:
            self.console.print(summary, highlight=False)
        self.console.print(render_mapping(result))
