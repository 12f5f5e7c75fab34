"""Shengji 升级 at the browser table (games/shengji.js), by clicking against a real server with a
known deal (``settings.seed``): a bid while the cards are still being dealt, burying the kitty,
a throw that fails and its notice, the friend chooser (找朋友), and the end-of-deal summary.

The deal is ``derive_seed(SEED, 0)``, found with the engine (see :func:`known_deal`): seat 0
is the first seat that can declare (a single 2♥ at card 9 of 100), and no other seat ever
holds a bid that beats it, so the bots cannot take the deal away; the bots' own plays are not
assumed anywhere.
"""

from __future__ import annotations

from collections.abc import Callable

from paizhuo.engine.actions import Action
from paizhuo.engine.dealing import derive_seed
from paizhuo.games.shengji import ShengjiGame
from paizhuo.notation import parse_cards

from ..procs import ServerProcess
from .helpers import WAIT_CHECK, Page, hand, make_table, play_turn, root, sit, wait_moved, wait_turn

SEED = 3
THROW = ("AD", "7D")  # the top diamond and a low one: another seat holds a higher diamond


def known_deal(preset: str, bury: list[str] | None = None) -> ShengjiGame:
    """The engine's game for the table's first deal, played as the test plays seat 0: it
    declares at its first chance and passes after; the others can only pass."""
    g = ShengjiGame.new({"preset": preset}, seed=derive_seed(SEED, 0))
    first = True
    while g.phase == "bid":
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        bids = [a for a in legal if a.verb == "bid"]
        assert seat == 0 or not bids, "another seat could declare: the bots might bid"
        g.apply(bids[0] if seat == 0 and first else next(a for a in legal if a.verb == "pass"))
        first = False
    assert g.phase == "bury" and g.state.dealer == 0
    if bury is not None:
        g.apply(Action(0, "bury", tuple(sorted(parse_cards(" ".join(bury))))))
    return g


def click(page: Page, card: str, nth: int = 0) -> None:
    """Click the ``nth`` copy of ``card`` in the hand, where it shows (its left edge)."""
    page.locator(f"#hand .card[data-card='{card}']").nth(nth).click(position={"x": 12, "y": 45})


def wait_root(page: Page, key: str, value: str) -> None:
    page.wait_for_function("([k, v]) => document.querySelector('#table-page').dataset[k] === v",
                           arg=[key, value])


def wait_text(page: Page, selector: str, text: str) -> None:
    page.wait_for_function("([sel, want]) => document.querySelector(sel)?.textContent === want",
                           arg=[selector, text])


def bid_through_the_deal(page: Page) -> None:
    """Seat 0 declares at its first chance, while the cards are still being dealt, then
    passes every later chance (a reinforcement) until the kitty comes to it."""
    wait_turn(page)
    assert root(page)["phase"] == "bid"
    assert page.locator("#sj-dealt").inner_text() in ("Dealing 发牌 9 / 100",)
    assert len(hand(page)) == 3  # cards 1, 5 and 9 of the deal
    assert page.locator("#sj-standing").inner_text().endswith("No bid yet")
    bid = page.locator("#sj-bid-buttons .sj-bid[data-verb='bid']")
    assert bid.inner_text() == "Declare 亮主 ♥ · 2♥"
    assert page.locator("#sj-bid-buttons .sj-bid[data-verb='pass']").inner_text() == "No bid 不亮"
    sid = root(page)["stateId"]
    bid.click()
    wait_moved(page, sid)
    seen_growing = False
    while True:
        wait_turn(page)
        if root(page)["phase"] != "bid":
            break
        standing = page.locator("#sj-standing")
        if standing.count():  # still dealing: asked again, to reinforce
            assert standing.locator(".sj-bidder[data-seat='0']").inner_text() == "Ann"
            assert "♥" in standing.inner_text()
            assert page.locator("#sj-bid-buttons .sj-bid[data-verb='bid']").inner_text() \
                .startswith("Reinforce 加固 ♥")
            seen_growing = seen_growing or len(hand(page)) > 3
        sid = root(page)["stateId"]
        page.locator("#sj-bid-buttons .sj-bid[data-verb='pass']").click()
        wait_moved(page, sid)
    assert seen_growing, "the hand did not grow while the cards were dealt"
    assert "♥" in page.locator("#sj-trump").inner_text()
    assert "Ann" in page.locator("#sj-dealer").inner_text()
    assert "Dealer" in page.locator(".me-line").inner_text()


def test_bid_bury_failed_throw_and_summary(server: ServerProcess,
                                          new_page: Callable[[], Page]) -> None:
    # one deal only: the trustee does not play on into a next deal under the summary
    made = make_table(server, "shengji", [1, 2, 3], "tractor", seed=SEED, settings={"deals": 1})
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    bid_through_the_deal(page)

    # the kitty: its 8 cards are marked in the hand; Bury only with exactly 8 chosen
    wait_root(page, "selectVerb", "bury")
    cards = hand(page)
    assert len(cards) == 33
    assert page.locator("#hand .card.sj-kitty").count() == 8
    prompt = page.locator("#sj-bury-prompt")
    assert prompt.inner_text() == "Bury 扣底: pick 8 — 0 chosen"
    chosen = [c for c in cards if c not in THROW][:8]
    for k, c in enumerate(chosen[:7]):
        click(page, c, chosen[:k].count(c))
    # the page redraws (and checks the selection) as the press ends
    wait_text(page, "#sj-bury-prompt", "Bury 扣底: pick 8 — 7 chosen")
    page.wait_for_function(WAIT_CHECK)
    assert root(page)["check"] == "bad" and not page.is_enabled("#play-button")
    click(page, chosen[7], chosen[:7].count(chosen[7]))
    wait_text(page, "#sj-bury-prompt", "Bury 扣底: pick 8 — 8 chosen")
    page.wait_for_function(WAIT_CHECK)
    assert root(page)["check"] == "ok" and page.is_enabled("#play-button")
    assert page.locator("#play-button").inner_text() == "Bury"
    sid = root(page)["stateId"]
    page.click("#play-button")
    wait_moved(page, sid)

    # the dealer leads a throw the engine refuses: the top diamond with a low one
    wait_turn(page)
    assert root(page)["phase"] == "play" and len(hand(page)) == 25
    g = known_deal("tractor", chosen)
    g.apply(Action(0, "play", tuple(sorted(parse_cards(" ".join(THROW))))))
    failed = next(e.payload for e in g.events if e.payload["type"] == "throw_failed")
    blocker = page.locator(f".seat[data-seat='{failed['blocked_by']}'] .seat-name").inner_text()
    for c in THROW:
        click(page, c)
    page.wait_for_function("document.querySelector('#table-page').dataset.check === 'ok'")
    sid = root(page)["stateId"]
    page.click("#play-button")
    wait_moved(page, sid)
    notice = page.locator("#sj-throw-notice")
    notice.wait_for()
    played = "7♦" if failed["played"] == "7D" else failed["played"]
    want = f"Throw failed 甩牌失败: Ann tried 7♦ A♦, blocked by {blocker}; played {played} instead"
    assert notice.inner_text() == want
    assert page.locator("#log .sj-throw").last.inner_text() == want
    # the attackers' points against what they need stay in view
    assert page.locator("#sj-points-text").inner_text().endswith("/ 80")

    # the deal goes on by clicking until the notice has gone (the next trick has started and
    # it has been seen a few seconds), then the seat's trustee 托管 plays the rest
    while page.locator("#sj-throw-notice").count():
        assert wait_turn(page, stop_at_deal_over=True), "the notice stayed to the deal's end"
        play_turn(page)
    # our last play may have ended the deal (the summary then covers the button): the check
    # and the click are one step in the page, so the summary cannot come between them
    page.evaluate("""() => { if (!document.querySelector('#deal-over'))
                               document.querySelector('#trustee-button').click(); }""")
    page.locator("#deal-over").wait_for()

    summary = page.locator("#deal-over")
    kitty = summary.locator("#sj-result-kitty")
    assert sorted(kitty.locator(".card").evaluate_all("es => es.map(e => e.dataset.card)")) \
        == sorted(chosen)
    deal = int(root(page)["dealOver"])
    result = next(d for d in server.get(f"/api/tables/{made['id']}/results")["deals"]
                  if d["deal"] == deal)["result"]
    assert f"× {result['kitty_multiplier']}" in kitty.inner_text()
    assert f"Attackers 闲家 {result['attackers_points']} of 80 needed" in \
        summary.locator("#sj-result-points").inner_text()
    rows = summary.locator("tbody tr")
    for seat in range(4):
        delta = result["level_changes"][str(seat)]
        text = rows.nth(seat).locator("td").nth(1).inner_text()
        want_level = f"→ {result['new_levels'][str(seat)]}" if delta else \
            f"Level {result['new_levels'][str(seat)]}"
        assert want_level in text, (seat, text)
    nxt = result["next_dealer"]
    name = "Ann" if nxt == 0 else page.locator(f".seat[data-seat='{nxt}'] .seat-name").inner_text()
    assert summary.locator("#sj-next-dealer").inner_text() == f"Next dealer 下一庄: {name}"


def test_friend_call_through_the_chooser(server: ServerProcess,
                                         new_page: Callable[[], Page]) -> None:
    # 边锋 (friend_by holding): the friend is known as soon as called, so the test sees it found
    made = make_table(server, "shengji", [1, 2, 3], "friends-4", seed=SEED,
                      options={"friend_by": "holding"})
    page = new_page()
    sit(page, server, made["code"], 0, "Ann")
    g = known_deal("friends-4")  # the same cards: seat 0 declares and deals
    holder = next(s for s in (1, 2, 3) if g.state.hands[s][parse_cards("AH")[0]])
    bid_through_the_deal(page)
    wait_root(page, "selectVerb", "bury")
    page.click("#hint-button")
    page.wait_for_function("document.querySelector('#table-page').dataset.check === 'ok'")
    sid = root(page)["stateId"]
    page.click("#play-button")
    wait_moved(page, sid)
    wait_turn(page)
    assert root(page)["phase"] == "call"
    chooser = page.locator("#sj-call")
    assert chooser.locator(".sj-call-card").count() == 54  # every card, jokers too
    assert page.locator("#sj-call-nth").count() == 0  # a card first
    assert "not yet" not in page.locator("#sj-friends").inner_text()
    chooser.locator(".sj-call-card[data-card='AH']").click()
    nth = page.locator("#sj-call-nth .sj-nth")
    assert nth.evaluate_all("es => es.map(e => e.textContent)")[0] == "1st"
    assert "Which A♥?" in page.locator("#sj-call-nth").inner_text()
    nth.first.click()
    called = page.locator("#sj-friends li[data-card='AH'][data-nth='1']")
    called.wait_for()
    assert called.locator(".card svg").get_attribute("data-card") == "AH"  # its face
    assert called.locator(".card svg").get_attribute("aria-label") == "A♥"
    assert called.locator(".sj-friend-call").inner_text() == "A♥ 1st"
    # the first holder after the dealer is the friend: named in the panel, the log and its seat
    seat = page.locator(f".seat[data-seat='{holder}']")
    name = seat.locator(".seat-name").inner_text()
    assert called.locator(".sj-friend-who").inner_text() == f"→ {name}"
    assert seat.locator(".tag.role-friend").inner_text() == "Friend 朋友"
    assert f"{name} is the friend 朋友: A♥ 1st" in page.locator("#log").inner_text()
