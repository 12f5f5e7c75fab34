"""One seat numbering for people (issue 34): the terminal table names seats 1 to N with where
each sits seen from the person, as the browser does; the engine and records keep 0-based
seats."""

from __future__ import annotations

from paizhuo.terminal.view import Seats, seat_where


def test_seats_are_numbered_from_one_with_their_direction() -> None:
    seats = Seats(4, 1, ["greedy", "you", "random", "normal"])
    assert seats.name(1) == "You (seat 2)"
    assert [seats.short(s) for s in (2, 3, 0)] == ["Seat 3 (right)", "Seat 4 (across)",
                                                    "Seat 1 (left)"]
    assert seats.name(3) == "Seat 4 (across, normal)"


def test_six_and_five_seats() -> None:
    assert [seat_where(s, 0, 6) for s in range(6)] == [
        "you", "right", "upper right", "across", "upper left", "left"]
    assert [seat_where(s, 0, 5) for s in range(5)] == [
        "you", "right", "upper right", "upper left", "left"]
    assert seat_where(1, 0, 2) == "across"


def test_in_chinese() -> None:
    seats = Seats(6, 0, ["you", "greedy", "greedy", "greedy", "greedy", "greedy"], lang="zh")
    assert seats.name(0) == "你（1号位）"
    assert seats.short(3) == "4号位（对家）"
    assert seats.short(1) == "2号位（下家）" and seats.short(5) == "6号位（上家）"
