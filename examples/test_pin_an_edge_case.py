"""Pin a rule edge case in your own test suite: ``python -m pytest examples/test_pin_an_edge_case.py``.

Euchre, rules E10/E11 and edge case 4.5.1 of the rules: with hearts trump the J♦ is the left bower,
a heart for every purpose. So when a diamond is led, a player whose only "diamond" is the J♦ is void
in diamonds and may play anything — and if they do play the J♦, it trumps the trick.

The deck is stacked with :func:`cardrules.stacked_order`: deal positions come from dealing
``range(24)`` the way Euchre deals (E4: 3-2 packets from the dealer's left; the up-card is
``stream[20]``), then the wanted cards are put there.
"""

from __future__ import annotations

from cardrules import Deal, alternating_packets, deal_packets, get_deck, get_game, stacked_order

DECK = get_deck("euchre24")


def stacked_hand(dealer: int, hands: dict[int | str, str], upcard: str) -> Deal:
    positions, kitty = deal_packets(
        range(24), 4, alternating_packets(4, 3, 2), first=(dealer + 1) % 4
    )
    zones: dict[int | str, tuple[int, ...]] = {**dict(enumerate(positions)), "kitty": kitty}
    wanted: dict[int | str, str] = {**hands, "kitty": upcard}
    return Deal(stacked_order(DECK, zones, wanted))


def test_left_bower_holder_is_void_in_diamonds() -> None:
    game = get_game("euchre")
    hands: dict[int | str, str] = {
        1: "AD KD 9C 10C QS",  # eldest leads the A♦
        2: "JD AC KC QC 9S",  # the J♦ is seat 2's only "diamond" — but it is a heart
        3: "10D 9D JC 10S KS",
        0: "AH KH QH JH 10H",  # the dealer picks up a heart
    }
    state = game.apply(game.new_hand(dealer=0), stacked_hand(0, hands, upcard="9H"))
    for text in (
        "order",
        "discard 10H",
        "play AD",
    ):  # seat 1 orders up hearts; dealer discards; A♦ led
        state = game.apply(state, game.parse_action(text, state))
    legal = {game.format_action(a) for a in game.legal_actions(state)}
    assert legal == {"play JD", "play AC", "play KC", "play QC", "play 9S"}  # void: anything goes
    state = game.apply(state, game.parse_action("play JD", state))
    state = game.apply(state, game.parse_action("play 9D", state))
    state = game.apply(state, game.parse_action("play AH", state))
    # E14: the trick goes to the highest trump; the left bower beats the A♥.
    assert game.view(state, 0).leader == 2
