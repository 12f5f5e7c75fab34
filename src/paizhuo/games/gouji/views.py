"""What one seat sees (GJ-12), computed in one place.

A seat sees its own hand; every play, pass, yield, claim, burn and revolution; hand counts only
at 10 cards or fewer (报牌, GJ-7); ranks as they are decided; tribute and buying cards only when
it is a party to them; with advice on, a teammate's hand it may see (≤ 10 cards, or any once
the viewer is out) and advice between it and a teammate. Nothing else of another hand.

Whose turn it is can itself tell something of a hand: only seats that could burn are asked in
the burn window, only seats dealt no 2 and no joker in the ``revolution`` phase, and a payer is
asked whether to refuse a returned card only when he lacks its rank. So the view does not show
the judge's ``to_act``: it shows what the table is waiting for in public words (``waiting``),
the seats whose turn it is only where that is public (``waiting_on``, else ``None``), and
whether this seat is to act (``your_turn``, ``your_decision``). Such hidden decisions are left
out of other seats' logs (``GoujiGame.unseen``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paizhuo.games.gouji.plays import describe
from paizhuo.games.gouji.rounds import BURN, LEAD, OVER, SEATS, Table, opp
from paizhuo.games.gouji.series import RANK_NAMES
from paizhuo.notation import format_cards

if TYPE_CHECKING:
    from paizhuo.games.gouji.game import GoujiGame

PRIVATE_VERBS = frozenset({"tribute", "return", "buy", "advise"})


def visible_count(game: GoujiGame, viewer: int, owner: int) -> int | None:
    """A hand's size as ``viewer`` may see it: own, or ≤ 10 cards (报牌), else hidden."""
    n = len(game.hands[owner])
    if viewer == owner or n <= 10 or game.may_see_hand(viewer, owner):
        return n
    return None


def observation(game: GoujiGame, seat: int) -> dict[str, Any]:
    t = game.table
    obs: dict[str, Any] = {
        "game": "gouji",
        "seat": seat,
        "phase": game.phase,
        **waiting(game, seat),
        "options": dict(game.setup.options),
        "series_game": game.start.game,
        "totals": list(game.start.totals),
        "hand": format_cards(game.hands[seat].to_tuple()),
        "counts": [visible_count(game, seat, s) for s in range(SEATS)],
        "revolution": list(game.revolution),
        "teammate_hands": {
            str(s): format_cards(game.hands[s].to_tuple())
            for s in range(SEATS) if s != seat and game.may_see_hand(seat, s)
        },
        "advice": {
            str(to): {"from": by, "cards": format_cards(cards)}
            for to, (by, cards) in game.advice.items() if seat in (to, by)
        },
        "log": _log(game, seat),
    }
    if t is not None:
        obs["table"] = {
            "stage": obs["waiting"] if t.stage != OVER else OVER,
            "leader_to_play": t.stage == LEAD,
            "play": format_cards(t.cur_cards) if t.cur is not None else None,
            "play_words": describe(t.cur) if t.cur is not None else None,
            "maker": t.maker if t.cur is not None else None,
            "gouji": t.cur_gouji,
            "dead": t.cur_dead,
            "passed": [s for s in range(SEATS) if t.passed[s]],
            "chaos": t.chaos,
            "burner": t.burner if t.burner >= 0 else None,
            "yielding": t.yielding if t.yielding >= 0 else None,
            "claim": t.claim if t.claim >= 0 else None,
        }
        obs["finished"] = list(t.tops)
        obs["ranked_last"] = list(t.bottoms)
        obs["ranks"] = _known_ranks(game)
        obs["opened"] = [s for s in range(SEATS) if t.opened[s]]
        obs["conceded"] = [s for s in range(SEATS) if t.conceded[s]]
        obs["dead_gouji"] = list(t.tokens)
        obs["headless"] = [s for s in range(SEATS) if t.headless(s)]
        obs["stuck"] = [s for s in range(SEATS) if t.stuck[s]]
    if game.phase == "tribute" and game.t_index < len(game.tributes):
        tr = game.tributes[game.t_index]
        party = seat in (tr["from"], tr["to"])
        obs["tribute"] = {"kind": tr["kind"], "from": tr["from"], "to": tr["to"],
                          "cards": tr["cards"],
                          "step": game.t_step if party or game.t_step == "pay" else "return"}
        if seat in (tr["from"], tr["to"]) and game.t_offer >= 0:
            obs["tribute"]["offered"] = format_cards((game.t_offer,))
    obs["result"] = game.result()
    return obs


def waiting(game: GoujiGame, seat: int) -> dict[str, Any]:
    """What the table waits for, as every seat may know it, and whether ``seat`` is to act.

    ``waiting`` is ``over``, ``tribute``, ``return`` (the receiver returns, the payer may
    refuse), ``revolution``, ``buy``, ``head``, ``declare``, ``lead``, ``answer`` or
    ``burn_window`` (a gouji play not yet answered that someone might burn: GJ-6 asks only the
    seats that could, so who is deciding — a burner or the 对头 — is not shown).
    """
    acting = game.to_act()
    mine = seat in acting
    phase = game.phase
    on: list[int] | None = list(acting)
    decision = phase
    if phase == "over":
        label = "over"
    elif phase == "tribute":
        tr = game.tributes[game.t_index]
        label = "tribute" if game.t_step == "pay" else "return"
        if label == "return":
            on = [tr["to"], tr["from"]]
        decision = game.t_step
    elif phase == "revolution":
        label, on = "revolution", None
    elif phase == "play":
        t = game.table
        assert t is not None
        decision = t.stage
        if t.stage == LEAD or t.stage == OVER:
            label = t.stage
        elif _burn_window(game, t):
            label, on = "burn_window", None
        else:
            label = "answer"
        if t.stage == BURN:
            assert label == "burn_window", "the burn window must look public"
    else:
        label = phase
    return {"waiting": label, "waiting_on": on, "your_turn": mine,
            "your_decision": decision if mine else None}


def _burn_window(game: GoujiGame, t: Table) -> bool:
    """True while the play on the table is a gouji play that, as far as anyone else knows, a
    seat might still burn: nobody has answered it yet and some seat could be asked (GJ-6)."""
    m = t.maker
    if not (t.cur_gouji and game.opts.burn and not t.chaos):
        return False
    for i in range(len(game.actions) - 1, -1, -1):
        if i not in game.unseen:
            if game.actions[i].seat != m or game.actions[i].verb not in ("play", "burn"):
                return False
            break
    needs_open = game.opts.burn_needs_open
    return any(t.active[s] and not t.passed[s] and s != m and s != opp(m)
               and (t.opened[s] or t.conceded[s] or not needs_open) for s in range(SEATS))


def _known_ranks(game: GoujiGame) -> dict[str, str]:
    t = game.table
    assert t is not None
    order = list(t.tops)
    if t.revolution and len(order) >= 2:
        r = t.revolution[0]
        at = 2 if all(s % 2 == r % 2 for s in order[:2]) else 3
        if len(order) >= at:
            order.insert(at, r)
    out = {str(s): RANK_NAMES[i] for i, s in enumerate(order)}
    for i, s in enumerate(t.bottoms):
        out[str(s)] = RANK_NAMES[5 - i]
    return out


def _log(game: GoujiGame, seat: int) -> list[list[Any]]:
    """Every action ``seat`` may see, with the optional declines a record left out
    (``GoujiGame.implied``) where the explicit ``pass`` would have shown."""
    out: list[list[Any]] = []
    for i in range(len(game.actions)):
        for decline, seers in game.implied.get(i, ()):
            if seers is None or seat in seers:
                out.append(decline.to_json())
        if e := _entry(game, i, seat):
            out.append(e)
    return out


def _entry(game: GoujiGame, index: int, seat: int) -> list[Any]:
    a = game.actions[index]
    seen = game.unseen.get(index)
    if seen is not None and seat not in seen:
        return []
    if a.verb in PRIVATE_VERBS:
        parties = game.parties.get(index, ())
        if seat not in parties:
            out: list[Any] = [a.seat, a.verb]
            if a.cards:
                out.append(f"{len(a.cards)} hidden")
            return out
    return a.to_json()
