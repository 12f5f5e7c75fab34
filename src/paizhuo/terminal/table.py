"""Playing a game in the terminal against bots (``paizhuo play``), rendered with Rich.

It reads like a card table (:mod:`paizhuo.terminal.view`, in the words of the game's face,
:meth:`~paizhuo.engine.game.Game.text_face`): at each turn a short status line (Shengji: trump,
dealer, the attackers' points against their target), the other seats with what they are to the
person (partner, opponent, 对头, emperor …) and their card counts, the cards on the table, and
the hand grouped as players sort it, with suit symbols in colour. Each play is announced as it
happens (``Seat 3 (across, greedy) plays ♠K ♠K``), a failed throw (甩牌失败) with what was
attempted, who blocked it and what was played instead. A game with no face of its own gets
the default face: its hand in card-id order, each seat's card count, its details as rows.

The person types an action in notation (``play AS AS``, ``call AH nth=1``, read by
:func:`paizhuo.parse_action`; at a 中文 table the verb may be typed in 中文, ``出牌 AS AS``); a
small decision (at most :data:`MAX_LISTED` choices) is also listed by number. A forced move
(exactly one legal action) is played for the person after a short notice.

Each deal opens with a first screen before any bot acts: the deal's seed (``--seed`` deals
it again), the person's seat and partners, the hand, and what the phase asks in words
(:meth:`~paizhuo.engine.faces.TextFace.phase_help`: each game's phases, such as Shengji's
bidding while cards are dealt).
Quitting saves the deal so far and says where. The table speaks English or 中文 (``lang``):
everything it prints comes from the face in that language (:class:`TextFace`) or from
:meth:`TerminalPlay.say`.

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
from rich.table import Table
from rich.text import Text

from paizhuo import parse_action
from paizhuo.arena.simulate import seat_bots, write_record
from paizhuo.bots.base import Bot, bot_action, deciding
from paizhuo.bots.registry import make_bot
from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.engine.errors import IllegalActionError, MalformedError
from paizhuo.engine.faces import TextFace
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

QUIT_WORDS = frozenset({"quit", "q", "exit", "退出"})
YES_WORDS = frozenset({"y", "yes", "是", "好"})
NO_WORDS = frozenset({"n", "no", "否", "不"})


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
                 game: Game | None = None, lang: str = "en") -> None:
        self.face: TextFace = cls.text_face(lang)
        """How this game is shown, in the table's language: its hand order, seats, status,
        events and result."""
        self.lang = lang
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
        self.seats = Seats(self.game.num_seats, seat, names, lang)
        self.helped: set[str] = set()
        """The phases of this deal whose help (:meth:`TextFace.phase_help`) was shown."""

    def say(self, en: str, zh: str) -> str:
        """``en`` or ``zh``, in the table's language."""
        return self.face.say(en, zh)

    def print(self, text: str, style: str = "") -> None:
        """One line of the table's own words (no markup read in it)."""
        self.console.print(Text(text, style=style), highlight=False, soft_wrap=True)

    def run(self) -> None:
        """Play deals until the match ends or the person quits.

        Whatever the ending (the match's end, ``quit``, end of input, Ctrl-C, an error), the
        record of every deal played is written to :attr:`records` and its path printed.
        """
        try:
            while True:
                self._intro()
                self._play_round()
                self._save()
                self._show_result()
                start = self.game.next_start()
                if start is None or not self._yes(self.say("Play the next deal? [Y/n] ",
                                                           "打下一局吗？[是/否，默认是] ")):
                    break
                self.deal += 1
                self.game = self.cls.new(self.options, seed=derive_seed(self.seed, self.deal),
                                         start=start)
                self.saved = False
                self.seen = 0
                self.helped = set()
        except Quit:
            self.print(self.say("Stopped.", "已退出。"))
            self._save(force=True)
        finally:
            self._save()

    def record_path(self) -> Path | None:
        """Where the deal in progress is written (``None`` when records are not kept)."""
        if self.records is None:
            return None
        return self.records / (f"{self.cls.name}-{self.began}-seed{self.seed}-"
                               f"deal{self.deal + 1}.json")

    def _save(self, force: bool = False) -> None:
        """Write the deal in progress, once, if it has begun (``force``: even before its
        first action, as when the person quits: the record deals the same cards again);
        say where."""
        path = self.record_path()
        if path is None or self.saved or not (self.game.actions or force):
            return
        self.saved = True
        try:
            write_record(path, self.game)
        except OSError as exc:
            self.print(self.say(f"Could not write the record to {path}: ",
                                f"牌谱无法写入 {path}：") + f"{exc.strerror or exc}", "red")
            return
        self.print(self.say(f"Record of deal {self.deal + 1} saved to {path}",
                            f"第 {self.deal + 1} 局的牌谱已保存到 {path}"))

    def _intro(self) -> None:
        """The deal's first screen, before any bot acts: the deal and its seed, the
        person's seat and partners, the hand as dealt so far, what the phase asks."""
        game, seats = self.game, self.seats
        obs = game.observation(self.seat)
        self.console.rule(self.say(f"Deal {self.deal + 1}", f"第 {self.deal + 1} 局"))
        seed = self.seed if self.deal == 0 else derive_seed(self.seed, self.deal)
        self.print(self.say(
            f"{self.face.title(self.cls.name)}, seed {self.seed} (--seed {self.seed} deals "
            "this match again)" + (f"; this deal's seed {seed}" if self.deal else ""),
            f"{self.face.title(self.cls.name)}，种子 {self.seed}（用 --seed {self.seed} "
            "可重打这一场）" + (f"；本局种子 {seed}" if self.deal else "")), "dim")
        line = Text(seats.name(self.seat) + self.say(". ", "。"), style="bold")
        teams = game.teams()
        mine = next((t for t in teams or () if self.seat in t), None)
        if mine is not None:
            mates = [seats.short(s) for s in sorted(mine) if s != self.seat]
            line.append(self.say(("Partner: " if len(mates) == 1 else "Partners: ")
                                 + ", ".join(mates) + ".", "队友：" + "、".join(mates) + "。"))
        else:
            line.append(self.say("Partners are not fixed by seat: they are found during the "
                                 "deal.", "队友不按座位固定，在牌局中确定。"))
        self.console.print(line, highlight=False)
        hand = (obs.get("hand") or "").split()
        shown = Text(self.say("Your hand", "你的手牌"), style="bold")
        if hand:
            shown.append(self.say(f" ({self.face.count_text(len(hand))}): ",
                                  f"（{self.face.count_text(len(hand))}）："), style="bold")
            shown.append_text(hand_text(self.face, obs.get("hand"), obs.get("details") or {}))
        else:
            shown.append(self.say(": no cards yet.", "：还没有牌。"), style="bold")
        self.console.print(shown, highlight=False)
        self._phase_help(obs)

    def _phase_help(self, obs: dict[str, Any]) -> None:
        """What the phase asks of the person, in words, the first time in this deal."""
        phase = str(obs.get("phase"))
        if phase in self.helped:
            return
        self.helped.add(phase)
        words = self.face.phase_help(obs)
        if words:
            self.print(words, "italic")

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
        return answer in YES_WORDS if not default else answer not in NO_WORDS

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
                verbs = self.say(", ", "、").join(sorted({self.face.choice_verb(a.verb)
                                                          for a in legal}))
                if self._yes(self.say(f"You may {verbs} now, before the others decide. "
                                      f"{verbs}? [y/N] ",
                                      f"你现在可以{verbs}（在别人决定之前）。"
                                      f"{verbs}吗？[是/否，默认否] "),
                             default=False) and legal:
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
            hand = Text(self.say("Your hand: ", "你的手牌："), style="bold")
            hand.append_text(hand_text(self.face, obs.get("hand"), obs.get("details") or {}))
            self.console.print(hand, highlight=False)
            self._phase_help(obs)
        if everything or len(legal) <= MAX_LISTED:
            table = Table(show_header=False, box=None, padding=(0, 1))
            table.add_column(justify="right", style="bold green")
            table.add_column()
            for i, action in enumerate(legal, 1):
                table.add_row(str(i), self._label(action))
            if self.others:
                table.add_row(self.say("w", "等"), self.say(
                    "wait: let the other seats that may act go first",
                                            "等：让其他可以行动的座位先决定"))
            self.console.print(table)
            return
        examples = self.say(", ", "，").join(self._typed(a) for a in legal[:EXAMPLES])
        self.print(self.say(
            f"{len(legal)} possible actions: type yours, e.g. {examples} ('all' lists them"
            + (", 'w' lets the other seats go first" if self.others else "") + ")",
            f"共 {len(legal)} 种出法：输入你的，例如 {examples}（输入「全部」列出所有"
            + ("，输入「等」让其他座位先决定" if self.others else "") + "）"), "dim")

    def _label(self, action: Action) -> Text:
        """A choice as listed: the verb in the table's language, the cards with symbols."""
        return action_label(action.verb, format_cards(action.cards), action.extra, self.face)

    def _typed(self, action: Action) -> str:
        """An action as the person may type it: ``play 3S 3S``; 中文 ``出牌 ♠3 ♠3``."""
        if not self.face.zh:
            return action_text(action)
        return " ".join([self.face.choice_verb(action.verb),
                         *([self.face.card_run(format_cards(action.cards)).plain]
                           if action.cards else []),
                         *(f"{k}={v}" for k, v in (action.extra or {}).items())])

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
            notice = Text(self.say("Only one choice: ", "只有一种选择："), style="dim")
            notice.append_text(self._label(action))
            notice.append(self.say(" — played for you.", "——已替你打出。"), style="dim")
            self.console.print(notice, highlight=False)
            if self.pause > 0:
                time.sleep(self.pause)
        self.game.apply(action)
        self._report()
        return True

    def _refused(self, exc: IllegalActionError | MalformedError) -> None:
        """Why an action was refused, in the table's language (the engine's 中文 words where
        it has them, else its English)."""
        words = (getattr(exc, "zh", None) if self.face.zh else None) or exc.message
        if isinstance(exc, IllegalActionError):
            head = self.say(f"Not allowed ({exc.rule}): ", f"不允许（{exc.rule}）：")
        else:
            head = self.say("Not understood: ", "看不懂：")
        line = Text(head, style="red")
        line.append(words)
        self.console.print(line, highlight=False)

    def _human_turn(self) -> None:
        legal = self.game.legal_actions(self.seat)
        if self._forced(legal):
            return
        self._show(legal)
        prompt = (self.say("Your move (number or notation, 'quit'): ",
                           "你的选择（编号或牌，「退出」结束）：") if len(legal) <= MAX_LISTED
                  else self.say("Your move (e.g. play AS AS; 'all', 'quit'): ",
                                "你的选择（例如 出牌 ♠A ♠A；「全部」列出所有，「退出」结束）："))
        while True:
            try:
                text = self.ask(prompt).strip()
            except EOFError:
                raise Quit from None
            if not text:
                continue
            if text.lower() in QUIT_WORDS:
                raise Quit
            if text.lower() in ("all", "list", "?", "help", "全部", "帮助"):
                self._show(legal, everything=True)
                continue
            if text.lower() in ("w", "wait", "等"):
                if self.others:
                    self._bot_turn(self.others)
                    return
                self.print(self.say("Only you may act now.", "现在只有你能行动。"), "red")
                continue
            action = self._resolve(text, legal)
            if action is None:
                continue
            try:
                self.game.apply(action)
            except (IllegalActionError, MalformedError) as exc:
                self._refused(exc)
                continue
            self._report()
            return

    def _resolve(self, text: str, legal: Sequence[Action]) -> Action | None:
        """The action a person means, or None after saying what was wrong."""
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.print(self.say(f"No action {number}: choose 1–{len(legal)}",
                                f"没有第 {number} 项：请选 1–{len(legal)}"), "red")
            return None
        verb, _, rest = text.partition(" ")
        typed_verbs = {v: k for k, v in self.face.VERB_NAMES_ZH.items()}
        if verb in typed_verbs:  # a verb typed in 中文 (出牌 ♠A ♠A)
            text = f"{typed_verbs[verb]} {rest}"
        try:
            typed = parse_action(self.game, self.seat, text)
        except MalformedError as exc:
            self._refused(exc)
            return None
        found = _matches(typed, legal)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            self.print(self.say("That matches several actions; type its number:",
                                "这符合好几种出法，请输入编号："))
            for action in found:
                self.print(f"  {legal.index(action) + 1}  {self._typed(action)}")
            return None
        return typed  # not listed: the engine says which rule it breaks

    def _show_result(self) -> None:
        """The result as the person's observation gives it (a game may hide part of it, such
        as a kitty the seat never saw)."""
        result = self.game.observation(self.seat)["result"] or {}
        self.console.rule(self.say("Deal over", "本局结束"))
        summary = result_summary(self.face, result, self.seats)
        if summary is not None:
            self.console.print(summary, highlight=False)
        self.console.print(render_mapping(self.face.result_rows(result)))
