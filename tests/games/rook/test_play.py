"""Rules R13-R21 (nest, trump, lead, follow, the Bird, tricks), A1/A5/A6 and edge cases 1-5."""

from __future__ import annotations

import random

import pytest

from cardrules import BIRD, Card, IllegalActionError, Suit
from cardrules.games.rook import Bury, NameTrump, Play, RookGame, RookState, make_game

from ._helpers import LAYOUT, LAYOUT_NEST, cards, dealt, in_play, run

# Seat 1 holds the Bird and no Green (edge cases 2, 3).
BIRD_ONLY_TRUMP = {
    0: "G14 G13 G12 R14 R13 Y14 B14 B13 G9",
    1: "R R12 R11 R10 Y13 Y12 Y11 B12 Y5",
    2: "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11",
    3: "G5 G6 R6 R5 Y7 Y6 B10 B9 B8",
}
# Seat 1 is void in Yellow; seat 3 holds the Bird and Yellows (edge case 4).
VOID_YELLOW = {
    0: "G14 G13 G12 R14 R13 Y14 B14 B13 G9",
    1: "G5 G6 R12 R11 R10 B12 R9 R8 R7",
    2: "G7 G8 Y13 Y12 Y11 Y10 Y9 Y8 B11",
    3: "R Y5 R6 R5 Y7 Y6 B10 B9 B8",
}
# Seat 3 has no Green at all (edge case 1).
NO_GREEN_3 = {
    0: "R G14 G13 G12 R14 R13 Y14 B14 B13",
    1: "G5 G6 G9 R12 R11 R10 Y13 Y12 Y11",
    2: "G7 G8 R9 R8 R7 Y10 Y9 Y8 B11",
    3: "B12 R6 R5 Y7 Y6 Y5 B10 B9 B8",
}
NEST = "G10 G11 B7 B6 B5"


def legal_text(game: RookGame, state: RookState) -> set[str]:
    return {game.format_action(a) for a in game.legal_actions(state)}


def play_out(game: RookGame, state: RookState, seed: int) -> RookState:
    rng = random.Random(seed)
    while not game.is_over(state):
        state = game.apply(state, game.random_action(state, rng))
    return state


def test_R13_bidder_takes_nest_buries_any_five_then_names_trump() -> None:
    """R13: 14 cards after the nest; any five (counters and the Bird too) go back; then trump."""
    game = make_game()
    state = run(game, dealt(game, 3, LAYOUT, LAYOUT_NEST), "bid 70", "pass", "pass", "pass")
    assert state.phase == "bury" and state.hands[0].bit_count() == 14 and state.nest == 0
    assert len(game.legal_actions(state)) == 2002  # C(14, 5)
    with pytest.raises(
        IllegalActionError,
        match="rule R13 \\(the nest and trump\\): the bidder does not hold",
    ):
        game.apply(state, game.parse_action("bury R5 G14 G13 G12 R14", state))
    with pytest.raises(IllegalActionError, match="R13"):
        game.apply(state, NameTrump(Suit.GREEN))
    state = run(game, state, "bury R G14 R14 Y14 B14")  # the Bird and counters may be buried
    assert cards(game, state.nest) == "R14 Y14 G14 B14 R" and state.phase == "trump"
    assert {game.format_action(a) for a in game.legal_actions(state)} == {
        "trump Red", "trump Yellow", "trump Green", "trump Black",
    }  # fmt: skip
    with pytest.raises(IllegalActionError, match="R13"):
        game.apply(state, NameTrump(Suit.HEARTS))  # no no-trump, no French suit


def test_A6_no_counters_in_the_nest_option() -> None:
    """A6 ``nest_discard_counters=False``: bury min(5, non-counters held) non-counters."""
    game = make_game(nest_discard_counters=False)
    state = run(game, dealt(game, 3, LAYOUT, LAYOUT_NEST), "bid 70", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="A6"):
        game.apply(state, game.parse_action("bury B5 B6 B7 B13 G13", state))
    assert all(not any(game.points[game.deck.index(c)] for c in a.cards)
               for a in game.legal_actions(state) if isinstance(a, Bury))  # fmt: skip
    # A bidder with only three non-counters among its 14 cards buries them all plus two counters.
    rich = {0: "R G14 G10 G5 R14 R10 R5 Y14 Y10"}
    state = run(game, dealt(game, 3, rich, "Y5 B14 G6 G7 G8"), "bid 70", "pass", "pass", "pass")
    buries = game.legal_actions(state)
    assert len(buries) == 55  # C(11, 2)
    assert all(isinstance(a, Bury) and {"G6", "G7", "G8"} <= {str(c) for c in a.cards}
               for a in buries)  # fmt: skip
    state = run(game, state, "bury G6 G7 G8 R Y5")
    assert state.phase == "trump"


def test_R14_first_lead_left_of_dealer_not_bidder_and_A5_variants() -> None:
    """R14 / A5: the seat left of the dealer leads; variants: the bidder, left of the bidder."""
    for first_lead, leader in (("left_of_dealer", 0), ("bidder", 2), ("left_of_bidder", 3)):
        game = make_game(first_lead=first_lead)
        state = run(game, dealt(game, 3, LAYOUT, LAYOUT_NEST), "pass", "pass", "bid 70", "pass")
        state = run(game, state, "bury " + " ".join(
            str(c) for c in list(game.view(state, 2).hand)[:5]), "trump Red")  # fmt: skip
        assert state.phase == "play" and game.to_move(state) == leader == state.leader


def test_R15_must_follow_colour_led_or_play_the_bird() -> None:
    """R15: with cards of the led colour, play one of them (or the Bird); else anything."""
    game = make_game()
    state = run(game, in_play(game, hands=BIRD_ONLY_TRUMP, nest=NEST,
                              bury="bury B7 B6 B5 B13 R13"), "play R14")  # fmt: skip
    assert legal_text(game, state) == {"play R12", "play R11", "play R10", "play Bird"}
    with pytest.raises(
        IllegalActionError,
        match="rule R15 \\(follow colour\\): must follow Red \\(holds R10 R11 R12\\)",
    ):
        game.apply(state, game.parse_action("play Y5", state))
    state = run(game, state, "play R10", "play R9", "play R5")
    assert state.leader == 0 and len(state.tricks) == 1
    # Seat 0 leads Black: seat 3 holds B10 B9 B8, seat 2 only B11, seat 1 B12.
    state = run(game, state, "play B14")
    assert legal_text(game, state) == {"play B12", "play Bird"}


def test_R16_bird_may_be_played_any_time_edge_3_and_wins() -> None:
    """R16 / edge case 3: a colour is led, a player able to follow plays the Bird: legal, it wins."""
    game = make_game()
    state = in_play(game, hands=BIRD_ONLY_TRUMP, nest=NEST, bury="bury B7 B6 B5 B13 R13")
    state = run(game, state, "play R14", "play Bird", "play R9", "play R5")
    assert state.leader == 1 and state.captured == (0, 10 + 20 + 5)


def test_R17a_edge_1_bird_led_is_a_trump_lead() -> None:
    """R17a / edge case 1: the Bird led calls for trump; a player without trump plays anything."""
    game = make_game()
    state = in_play(game, hands=NO_GREEN_3, nest=NEST)
    state = run(game, state, "play Bird")
    assert legal_text(game, state) == {"play G5", "play G6", "play G9"}
    state = run(game, state, "play G9")
    assert legal_text(game, state) == {"play G7", "play G8"}
    state = run(game, state, "play G8")
    assert len(legal_text(game, state)) == 9  # seat 3 has no Green: anything
    state = run(game, state, "play Y5")
    assert state.leader == 0 and state.captured == (25, 0)  # the Bird wins


def test_R17b_edge_2_only_trump_is_the_bird_must_play_it() -> None:
    """R17b / edge case 2: trump led, the Bird is the holder's only trump: it must be played."""
    game = make_game()
    state = in_play(game, hands=BIRD_ONLY_TRUMP, nest=NEST, bury="bury B7 B6 B5 B13 R13")
    state = run(game, state, "play G14")
    assert legal_text(game, state) == {"play Bird"}
    with pytest.raises(IllegalActionError, match="R17"):
        game.apply(state, Play(Card.parse("R12")))


def test_R17c_trump_led_holder_with_other_trumps_may_play_any_trump_or_bird() -> None:
    """R17c: trump led; the Bird's holder with other trumps plays any trump or the Bird."""
    game = make_game()
    hands = dict(BIRD_ONLY_TRUMP)
    hands[1], hands[3] = "R G5 R11 R10 Y13 Y12 Y11 B12 Y5", "R12 G6 R6 R5 Y7 Y6 B10 B9 B8"
    state = in_play(game, hands=hands, nest=NEST, bury="bury B7 B6 B5 B13 R13")
    state = run(game, state, "play G14")
    assert legal_text(game, state) == {"play G5", "play Bird"}


def test_R18_bird_highest_trump_edge_4_beats_earlier_trump() -> None:
    """R18 / edge case 4: a void player trumps low; a later player's Bird wins."""
    game = make_game()
    state = in_play(game, hands=VOID_YELLOW, nest=NEST, bury="bury B7 B6 B5 B13 R13")
    state = run(game, state, "play Y14", "play G5", "play Y8", "play Bird")
    assert state.leader == 3 and state.captured == (0, 10 + 5 + 20)


def test_A1_bird_low_and_ten_and_half() -> None:
    """A1: ``low`` ranks the Bird under the lowest trump, ``ten_and_half`` between the 10 and 11;
    it is a trump in both, so it still beats every card of another colour."""
    d = make_game().deck
    idx = [d.index(c) for c in ("G5", "R")]
    assert make_game().orders[Suit.GREEN].winning_position(idx) == 1
    low = make_game(bird_rank="low").orders[Suit.GREEN]
    assert low.winning_position(idx) == 0
    assert low.winning_position([d.index("Y14"), d.index("R")]) == 1
    half = make_game(bird_rank="ten_and_half").orders[Suit.GREEN]
    assert half.winning_position([d.index("G10"), d.index("R")]) == 1
    assert half.winning_position([d.index("G11"), d.index("R")]) == 0
    assert [str(d.cards[i]) for i in half.ranked(Suit.GREEN)][3:6] == ["G11", "R", "G10"]


def test_R19_highest_trump_else_highest_of_colour_led() -> None:
    """R19: off-colour discards never win; the highest trump does; the winner leads next."""
    game = make_game()
    state = in_play(game, hands=VOID_YELLOW, nest=NEST, bury="bury B7 B6 B5 B13 R13")
    state = run(game, state, "play R14", "play R7", "play B11", "play R5")
    assert state.leader == 0 and game.to_move(state) == 0  # Red 14 beats the Black discard
    state = run(game, state, "play Y14", "play G5", "play Y8", "play Y5")
    assert state.leader == 1


def test_R20_views_hide_other_hands_and_the_nest() -> None:
    """R20 (information): a view shows its own cards; the buried nest only to the bidder."""
    game = make_game()
    state = in_play(game)
    assert game.view(state, 0).nest is not None
    assert all(game.view(state, s).nest is None for s in (1, 2, 3))
    # The same position with the hidden hands of seats 1 and 2 swapped (built, not patched).
    text = game.position_text(state)
    hands = text.split(" hands=")[1].split(" ")[0].split("/")
    swapped = text.replace("/".join(hands), "/".join([hands[0], hands[2], hands[1], hands[3]]))
    other = game.parse_position(swapped)
    assert other.hands == (state.hands[0], state.hands[2], state.hands[1], state.hands[3])
    assert game.view(other, 3) == game.view(state, 3)  # swapping hidden hands changes nothing


def test_R21_edge_5_last_trick_takes_nest_with_buried_bird() -> None:
    """R21 / edge case 5: the bidder buries the Bird; the opponents win the last trick: +20 (+5)."""
    game = make_game()
    base = in_play(game, bury="bury R Y14 B7 B6 B5", trump="trump Yellow")
    assert cards(game, base.nest) == "Y14 B5 B6 B7 R"
    for seed in range(200):
        final = play_out(game, base, seed)
        lead, last = final.tricks[-1]
        winner = (lead + game.orders[Suit.YELLOW].winning_position(last)) % 4
        if winner % 2 == 1:
            break
    else:  # pragma: no cover - the loop finds one within a few seeds
        raise AssertionError("no seed gave the opponents the last trick")
    assert final.captured[0] + final.captured[1] == 120 - 35
    team0 = final.captured[0]
    assert final.last_points[1] == final.captured[1] + 35
    assert final.last_points[0] == (team0 if team0 >= 70 else -70)


def test_play_notation_bird_and_cards() -> None:
    """Notation: ``play Bird`` and ``play R`` are the same action; ``play Y10`` names a card."""
    game = make_game()
    state = in_play(game)
    assert game.parse_action("play Bird", state) == game.parse_action("play R", state) == Play(BIRD)
    assert game.format_action(Play(BIRD)) == "play Bird"
    assert game.format_action(game.parse_action("play y10", state)) == "play Y10"
