"""Positions (DESIGN §2): starting scores (R22, R23, A7), ``position(...)`` and its checks, and
the one-line position text, which round-trips every reachable state exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    NotationError,
    RulesError,
    Suit,
)
from cardrules.games.rook import ROOK_RULES, PositionError, RookGame, RookState, make_game

from ._helpers import CONFIGS, GAMES, LAYOUT, LAYOUT_NEST, cards, in_play, run, walk

HANDS = [LAYOUT[s] for s in range(4)]


@settings(max_examples=30, deadline=None)
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    seed=st.integers(0, 10**6),
    start=st.integers(0, 3),
)
def test_position_text_round_trips_every_reachable_state(
    config: int, seed: int, start: int
) -> None:
    """DESIGN §2: ``parse_position(position_text(s)) == s`` in every phase (chance states, between
    hands, match over, renege mode with corrections and claims), with the same legal actions."""
    game = GAMES[config]
    for state in walk(game, seed, start):
        text = game.position_text(state)
        assert "\n" not in text
        back = game.parse_position(text)
        assert back == state, text
        assert game.legal_actions(back) == game.legal_actions(state)
        assert all(
            game.out_of_turn_actions(back, s) == game.out_of_turn_actions(state, s)
            for s in range(4)
        )
        assert game.position_text(back) == text


def test_position_text_of_chance_states_and_match_start() -> None:
    """R5: the draw for the dealer, a deal with a chosen dealer, starting scores."""
    game = make_game()
    assert game.position_text(game.new_match()) == "choose_dealer match scores=0,0"
    assert game.position_text(game.new_hand(dealer=1)) == "deal hand dealer=1 scores=0,0"
    s = game.new_match(scores=(-40, 255), dealer=0)
    assert game.position_text(s) == "deal match dealer=0 scores=-40,255"
    assert game.parse_position("deal match dealer=0 scores=-40,255") == s


# -- starting scores -----------------------------------------------------------------------------
def test_R23_start_with_both_over_target_and_level() -> None:
    """R23 / edge case 9: both at or over the target and level is a reachable start (another hand
    is played); a side at or over the target and ahead has already won."""
    game = make_game()
    s = game.new_match(scores=(310, 310), dealer=2)
    assert s.phase == "deal" and s.dealer == 2 and not game.is_over(s)
    for decided in ((300, 295), (300, 305), (300, 0)):
        with pytest.raises(RulesError, match="R23"):
            game.new_match(scores=decided)
        with pytest.raises(RulesError, match="R23"):
            game.new_hand(dealer=0, scores=decided)


def test_R22_negative_starting_scores_and_multiples_of_five() -> None:
    """R22: scores may be negative; every hand scores in fives (R4, R10), so 12 is unreachable."""
    game = make_game()
    assert game.new_hand(dealer=0, scores=(-240, 5)).score.scores == (-240, 5)
    assert game.new_match(scores=(-60, 0)).phase == "choose_dealer"  # R5: dealer drawn
    with pytest.raises(RulesError, match="R22"):
        game.new_match(scores=(12, 0))


def test_A7_start_exactly_at_target_is_decided() -> None:
    """A7: the target is reached at exactly ``target_score`` (>=): such a start is refused."""
    game = make_game(target_score=150)
    with pytest.raises(RulesError, match="R23"):
        game.new_match(scores=(150, 0))
    assert game.new_match(scores=(145, 0)).score.target == 150


def test_starting_scores_and_dealer_types_are_strict() -> None:
    """The API edge: wrong types are ArgumentTypeError, out-of-range seats ArgumentError."""
    game = make_game()
    for bad in ((1.0, 0), (True, 0), "0,0", (0,), (0, 0, 0), 5):
        with pytest.raises(ArgumentTypeError):
            game.new_match(scores=bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        game.new_match(scores=(0, 0), dealer=True)
    with pytest.raises(ArgumentError):
        game.new_hand(dealer=4, scores=(0, 0))


# -- position(...) -------------------------------------------------------------------------------
def layout_in_play(game: RookGame) -> RookState:
    return game.position(
        hands=[
            "R G14 G13 G12 R14 R13 B14 G10 G11",
            HANDS[1],
            HANDS[2],
            HANDS[3],
        ],
        dealer=3,
        bids="70 p p p",
        buried="B7 B6 B5 B13 Y14",
        trump=Suit.GREEN,
    )


def test_position_equals_the_state_play_reaches() -> None:
    """The same state as the helpers' scripted deal, bids, bury and trump call — and mid-trick."""
    game = make_game()
    assert layout_in_play(game) == in_play(game)
    played = run(game, in_play(game), "play G12", "play G5", "play G7", "play G9", "play R14")
    hands = [cards(game, h) for h in played.hands]
    built = game.position(
        hands=hands,
        dealer=3,
        bids=[70, None, "p", "pass"],
        buried="B7 B6 B5 B13 Y14",
        trump="Green",
        tricks=[(0, "G12 G5 G7 G9")],
        trick="R14",
    )
    assert built == played and game.to_move(built) == 1
    assert built.captured == (5, 0)  # follows from the tricks (R4, R19)


def test_position_in_the_bidding_and_the_bury() -> None:
    """R9-R13: the auction so far (seats follow from the turn order); the bidder with 14 cards."""
    game = make_game()
    bidding = game.position(hands=HANDS, nest=LAYOUT_NEST, dealer=3, bids="70 75 p")
    assert bidding.phase == "bidding" and game.to_move(bidding) == 3
    assert bidding.auction is not None and bidding.auction.high_bid == 75
    # R11 / edge case 11: a seat that passed is skipped; A 70, B p, C 75, D p, A 80, C p: A at 80.
    edge = game.position(hands=HANDS, nest=LAYOUT_NEST, dealer=3, bids="70 p 75 p 80")
    assert game.to_move(edge) == 2
    with pytest.raises(
        PositionError,
        match="rule R13 \\(the nest and trump\\): after the auction the nest is in the bidder",
    ):
        game.position(hands=HANDS, nest=LAYOUT_NEST, dealer=3, bids="70 p 75 p 80 p")
    won = game.position(
        hands=[HANDS[0] + " " + LAYOUT_NEST, *HANDS[1:]], dealer=3, bids="70 p 75 p 80 p"
    )
    assert won.phase == "bury" and (won.bidder, won.bid) == (0, 80)
    bury = game.position(
        hands=["R G14 G13 G12 R14 R13 Y14 B14 B13 " + LAYOUT_NEST, *HANDS[1:]],
        dealer=3,
        bids="70 p p p",
    )
    assert bury.phase == "bury" and bury.bidder == 0 and bury.hands[0].bit_count() == 14


def test_position_of_a_finished_hand_is_scored() -> None:
    """A position whose tricks finish the hand is the scored state (R21, R22)."""
    game = make_game()
    state = in_play(game)
    while not game.is_over(state):
        state = game.apply(state, game.legal_actions(state)[0])
    built = game.position(
        hands=["-", "-", "-", "-"],
        dealer=3,
        bids="70 p p p",
        buried="B7 B6 B5 B13 Y14",
        trump="G",
        tricks=[(lead, [game.deck.cards[c] for c in t]) for lead, t in state.tricks],
    )
    assert built == state and built.phase == "over"


@pytest.mark.parametrize(
    ("rule", "fields"),
    [
        ("R2", {"hands": [HANDS[0], HANDS[0], HANDS[2], HANDS[3]], "nest": LAYOUT_NEST}),
        ("R2", {"hands": HANDS, "nest": "B5 B6 B7 G10"}),
        ("R6", {"hands": [HANDS[0] + " G10", *HANDS[1:]], "nest": "B5 B6 B7 G11"}),
        ("R10", {"hands": HANDS, "nest": LAYOUT_NEST, "bids": "70 72"}),
        ("R10", {"hands": HANDS, "nest": LAYOUT_NEST, "bids": "75 70"}),
        ("R12", {"hands": HANDS, "nest": LAYOUT_NEST, "bids": "70 p p p 75"}),
        ("R12", {"hands": HANDS, "nest": LAYOUT_NEST, "bids": "120 p"}),
        ("R13", {"hands": HANDS, "nest": LAYOUT_NEST, "bids": "70 p p p"}),
        ("R13", {"hands": HANDS, "nest": LAYOUT_NEST, "trump": "G"}),
    ],
)
def test_position_refuses_what_play_cannot_reach(rule: str, fields: dict[str, Any]) -> None:
    """Every card once (R2), the counts of the deal (R6), the auction (R10-R12), the nest (R13)."""
    game = make_game()
    with pytest.raises(PositionError) as caught:
        game.position(dealer=3, **fields)
    assert caught.value.rule == rule
    assert str(caught.value).startswith(f"position: rule {rule} ({ROOK_RULES[rule].title}): ")
    assert isinstance(caught.value, CardrulesError) and isinstance(caught.value, ValueError)


def test_position_refuses_bad_leads_and_revokes() -> None:
    """R14 (first lead left of the dealer), R19 (the winner leads), R15 (strict mode: no revoke,
    a position cannot hide one), A6 (the bury), R24 (corrections need renege mode)."""
    game = make_game()
    common: dict[str, Any] = {"dealer": 3, "bids": "70 p p p", "buried": "B7 B6 B5 B13 Y14"}
    after_trick = [cards(game, h) for h in run(game, in_play(game), "play G12", "play G5",
                                               "play G7", "play G9").hands]  # fmt: skip
    with pytest.raises(PositionError, match="R14"):
        game.position(hands=after_trick, trump="G", tricks=[(1, "G5 G7 G9 G12")], **common)
    swapped = [after_trick[0], after_trick[1].replace("Y13", "G5"), *after_trick[2:]]
    revoke: dict[str, Any] = {"hands": swapped, "trump": "G", "tricks": [(0, "G12 Y13 G7 G9")]}
    with pytest.raises(
        PositionError,
        match="rule R17 \\(the Bird is a trump\\): trick 1, card 2 \\(seat 1\\): must follow",
    ):
        game.position(**revoke, **common)
    renege = make_game(renege_mode=True)
    revoked = renege.position(**revoke, **common)
    assert [(r.seat, r.trick) for r in revoked.revokes] == [(1, 0)]  # R24: follows from the play
    with pytest.raises(PositionError, match="R24"):
        game.position(hands=HANDS, nest=LAYOUT_NEST, dealer=3, returned=[(1, "G5")])
    strict_nest = make_game(nest_discard_counters=False)
    with pytest.raises(PositionError, match="A6"):
        strict_nest.position(
            hands=["R G14 G13 G12 R14 R13 Y14 B14 B13", *HANDS[1:]],
            dealer=3,
            bids="70 p p p",
            buried="G10 G11 B7 B6 B5",
            trump="G",
        )


def test_position_argument_types() -> None:
    """Wrong types are ArgumentTypeError; unreadable text NotationError."""
    game = make_game()
    with pytest.raises(ArgumentTypeError):
        game.position(hands=HANDS[:3], nest=LAYOUT_NEST, dealer=3)
    with pytest.raises(ArgumentTypeError):
        game.position(hands=HANDS, nest=LAYOUT_NEST, dealer=3.0)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        game.position(hands=HANDS, nest="X9 B5 B6 B7 G10", dealer=3)
    with pytest.raises(ArgumentTypeError):
        game.position(hands=HANDS, nest=LAYOUT_NEST, dealer=3, trump=6)  # type: ignore[arg-type]


# -- the text ------------------------------------------------------------------------------------
def test_parse_position_errors() -> None:
    """Text that does not read is NotationError; a position play cannot reach is PositionError."""
    game = make_game()
    for bad in ("", "play", "play table dealer=3", "deal match dealer=3 colour=5",
                "deal match dealer=3 dealer=2", "deal match dealer=x", "deal match | dealer=1",
                "deal match dealer=0 hands=R5"):  # fmt: skip
        with pytest.raises(NotationError):
            game.parse_position(bad)
    with pytest.raises(ArgumentTypeError):
        game.parse_position(b"deal match")  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="R5"):
        game.parse_position("choose_dealer match dealer=2 scores=0,0")
    with pytest.raises(RulesError, match="R23"):
        game.parse_position("deal match dealer=2 scores=300,0")
    text = game.position_text(in_play(game))
    with pytest.raises(PositionError, match="R6"):
        game.parse_position(text.replace("play hand", "bury hand"))


def test_position_text_between_hands_keeps_the_last_hand() -> None:
    """A match between two hands: ``| last …`` carries the finished hand, so its report survives
    the text (DESIGN §2)."""
    game = make_game()
    state = game.new_match(scores=(100, 100), dealer=3)
    rng = random.Random(4)
    while state.hand_no == 0:
        state = game.apply(state, game.random_action(state, rng))
    text = game.position_text(state)
    assert text.startswith("deal match dealer=0 ") and " | last dealer=3 bids=" in text
    back = game.parse_position(text)
    assert back == state and game.hand_report(back) == game.hand_report(state)


def test_R12_last_hand_bids_with_an_empty_item_are_refused() -> None:
    """The last hand's ``bids`` (its R9-R12 auction) are read as strictly as the hand in play's:
    a trailing or doubled ``,`` is an empty item, a NotationError, never read as if absent."""
    game = make_game()
    rng = random.Random(1639299)
    state = game.new_match(dealer=0)
    while state.hand_no < 1 or state.phase != "deal":
        state = game.apply(state, game.random_action(state, rng))
    text = game.position_text(state)
    assert game.parse_position(text) == state
    head, _, last = text.partition(" | ")
    words = last.split(" ")
    at = next(k for k, w in enumerate(words) if w.startswith("bids="))
    for bad in (words[at] + ",", words[at].replace(",", ",,", 1)):
        mutated = " ".join([*words[:at], bad, *words[at + 1 :]])
        with pytest.raises(NotationError, match="last hand: bids: an empty item"):
            game.parse_position(f"{head} | {mutated}")
