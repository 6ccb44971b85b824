"""RookRules validation and presets; the action notation and integer encoding."""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

from cardrules import BIRD, Card, Deal, NotationError, RulesError, Suit, parse_cards
from cardrules.games.rook import Bid, Bury, NameTrump, Pass, Play, Redeal, RookRules, make_game

from ._helpers import dealt, in_play


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("bird_rank", "middle"),
        ("all_pass", "shuffle"),
        ("no_counter_redeal", "yes"),
        ("no_counter_redeal_dealer", "left"),
        ("first_lead", "dealer"),
        ("nest_discard_counters", 1),
        ("target_score", 42),
        ("full_deck", None),
        ("renege_mode", "on"),
        ("renege_correction_window", "never"),
    ],
)
def test_every_option_is_validated_naming_its_field(field: str, bad: Any) -> None:
    """Each option of A1-A7, 1.4 and R24 is a validated field: a bad value names the field."""
    with pytest.raises(RulesError, match=field):
        RookRules.from_dict({field: bad})


def test_impossible_combinations_are_refused() -> None:
    """A setting that means nothing without another one is refused, naming both fields."""
    with pytest.raises(RulesError, match=r"no_counter_redeal_dealer.*no_counter_redeal"):
        RookRules(no_counter_redeal=False, no_counter_redeal_dealer="next")
    with pytest.raises(RulesError, match=r"renege_correction_window.*renege_mode"):
        RookRules(renege_correction_window="current_trick")


def test_out_of_scope_variants_are_not_options() -> None:
    """1.4: the original Kentucky Discard without the Bird, Red One and Buckeye are out of scope."""
    for name in ("no_bird", "red_one", "buckeye", "variant"):
        with pytest.raises(RulesError, match="unknown RookRules option"):
            make_game(**{name: True})


def test_presets_are_valid_and_named() -> None:
    """Every preset builds; the defaults are the tournament rules."""
    assert RookRules.preset("tournament") == RookRules()
    for name in RookRules.PRESETS:
        assert isinstance(make_game(preset=name).rules, RookRules)
    assert make_game(preset="house").rules.changed() == {
        "all_pass": "dealer_forced_min",
        "no_counter_redeal_dealer": "next",
        "first_lead": "bidder",
        "nest_discard_counters": False,
    }
    with pytest.raises(RulesError, match="no preset"):
        RookRules.preset("red_one")


def test_notation_of_every_kind_of_action_reads_back() -> None:
    """``bid 85``, ``pass``, ``redeal``, ``bury …``, ``trump Green``, ``play Y10``, ``play Bird``."""
    game = make_game()
    state = dealt(game)
    cases = {
        "bid 85": Bid(85),
        "pass": Pass(),
        "redeal": Redeal(),
        "bury R5 G14 Y6 B7 Bird": Bury(parse_cards("R5 G14 Y6 B7 R")),
        "trump Green": NameTrump(Suit.GREEN),
        "play Y10": Play(Card.parse("Y10")),
        "play Bird": Play(BIRD),
    }
    for text, action in cases.items():
        assert game.parse_action(text, state) == action
        assert game.parse_action(game.format_action(action), state) == action
    assert game.format_action(cases["bury R5 G14 Y6 B7 Bird"]) == "bury R5 Y6 G14 B7 Bird"
    assert Bury(parse_cards("B7 R R5 G14 Y6")) == cases["bury R5 G14 Y6 B7 Bird"]


@pytest.mark.parametrize("text", ["bury R5 R6", "bury R5 R5 R6 R7 R8", "bury R5 R6 R7 R8 R1",
                                  "bury R5 R6 R7 R8 9H", "trump Hearts", "bid", "play Z9"])  # fmt: skip
def test_bad_notation_raises_notation_error(text: str) -> None:
    """Malformed notation is a NotationError, never a crash."""
    game = make_game()
    with pytest.raises(NotationError):
        game.parse_action(text, dealt(game))


def test_encoding_is_a_bijection_buries_ranked_combinatorially() -> None:
    """Codes: the listed actions, then C(41, 5) buries (C(57, 5) for the full deck)."""
    game = make_game()
    listed = len(game.all_actions())
    assert listed == 2 + 11 + 4 + 41 + 2
    assert game.num_distinct_actions == listed + comb(41, 5)
    assert make_game(full_deck=True).num_distinct_actions == 2 + 11 + 4 + 57 + 2 + comb(57, 5)
    rng = random.Random(4)
    for index in [0, listed - 1, listed, game.num_distinct_actions - 1,
                  *(rng.randrange(game.num_distinct_actions) for _ in range(200))]:  # fmt: skip
        action = game.index_to_action(index)
        assert game.action_to_index(action) == index
    state = in_play(game)
    assert all(
        game.index_to_action(game.action_to_index(a)) == a for a in game.legal_actions(state)
    )
    with pytest.raises(NotationError):
        game.index_to_action(game.num_distinct_actions)
    with pytest.raises(NotationError):
        game.action_to_index(Bury(parse_cards("R5 R6 R7 R8")))


def test_deal_notation_round_trips() -> None:
    """Chance actions: ``deal …`` names all 41 cards, the Bird as ``R``."""
    game = make_game()
    deal = game.shuffle(random.Random(9))
    text = game.format_action(deal)
    assert game.parse_action(text, game.new_hand(dealer=0)) == deal
    assert isinstance(deal, Deal) and " R " in f" {text} "
