"""Bad input at the core's small helpers: each is refused with a CardrulesError naming the argument.

An ``int`` argument refuses a ``bool``, a ``float`` and ``None`` with an ArgumentTypeError, and a value
out of range with an ArgumentError (or, for rules and deals, the error the helper already raised).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import get_deck, get_game
from cardrules.bidding import AscendingAuction
from cardrules.cards import parse_cards
from cardrules.combinatorics import combination_rank, combination_unrank
from cardrules.dealing import (
    alternating_packets,
    deal_one_at_a_time,
    deal_packets,
    deal_to_columns,
    stacked_order,
)
from cardrules.errors import ArgumentError, ArgumentTypeError, CardrulesError, RulesError
from cardrules.game import RulesConfig
from cardrules.sampling import count_deals, deal_constrained
from cardrules.scoring import Ladder, MatchScore, Partnership
from cardrules.sim import wilson_interval
from cardrules.svg import card, cards
from cardrules.text import format_value

# --- sampling ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("allowed", "capacities", "error", "words"),
    [
        ({0: 1, 1: 1}, [-1, 3], ArgumentError, "capacities"),
        ({0: 1}, [1.5], ArgumentTypeError, "capacities"),
        ({0: 1}, [True], ArgumentTypeError, "capacities"),
        ({0: 1}, None, ArgumentTypeError, "capacities"),
        ({0: -1}, [1], ArgumentError, "allowed"),
        ({0: 1.0}, [1], ArgumentTypeError, "allowed"),
        ({"a": 1}, [1], ArgumentTypeError, "allowed"),
        ({-2: 1}, [1], ArgumentError, "allowed"),
        (None, [1], ArgumentTypeError, "allowed"),
    ],
)
def test_count_deals_refuses_bad_constraints(
    allowed: Any, capacities: Any, error: type[CardrulesError], words: str
) -> None:
    with pytest.raises(error, match=words):
        count_deals(allowed, capacities)


def test_deal_constrained_checks_rng_capacities_and_masks() -> None:
    with pytest.raises(ArgumentTypeError, match="rng"):
        deal_constrained({0: 1}, [1], None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rng"):
        deal_constrained({0: 1}, [1], 7)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="capacities"):
        deal_constrained({0: 1}, [1.0], random.Random(1))  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match="capacities"):
        deal_constrained({0: 1, 1: 1}, [3, -1], random.Random(1))
    with pytest.raises(ArgumentError, match="mask"):
        deal_constrained({0: -1}, [1], random.Random(1))
    with pytest.raises(ArgumentTypeError, match="allowed must be a mapping"):
        deal_constrained(None, [1], random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="allowed: a card"):
        deal_constrained({0: 1, "a": 1}, [2], random.Random(1))  # type: ignore[dict-item]


@given(st.lists(st.integers(0, 3), min_size=0, max_size=6), st.integers(0, 2**32))
def test_valid_constraints_still_deal(masks: list[int], seed: int) -> None:
    """A good input is untouched by the checks: the count and a deal agree on feasibility."""
    allowed = dict(enumerate(masks))
    capacities = [len(masks) // 2, len(masks) - len(masks) // 2]
    count = count_deals(allowed, capacities)
    if count:
        hands = deal_constrained(allowed, capacities, random.Random(seed))
        assert [len(h) for h in hands] == capacities


# --- dealing -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "error", "words"),
    [
        (lambda: deal_one_at_a_time(range(10), 0, 2), ArgumentError, "num_players"),
        (lambda: deal_one_at_a_time(range(10), 2, -1), ArgumentError, "cards_each"),
        (lambda: deal_one_at_a_time(range(10), 2, 2, first=5), ArgumentError, "first"),
        (lambda: deal_one_at_a_time(range(10), 2, 2, first=True), ArgumentTypeError, "first"),
        (lambda: deal_one_at_a_time(range(10), 2.0, 2), ArgumentTypeError, "num_players"),  # type: ignore[arg-type]
        (lambda: deal_packets(range(10), 2, [(1, 1)], first=-1), ArgumentError, "first"),
        (lambda: deal_packets(range(10), 2, [(1, 1)], first=2), ArgumentError, "first"),
        (lambda: deal_to_columns(range(4), 0, 2), ArgumentError, "num_columns"),
        (lambda: deal_to_columns(range(4), 2, None), ArgumentTypeError, "per_column"),  # type: ignore[arg-type]
        (lambda: alternating_packets(4, -3, 2), ArgumentError, "first"),
        (lambda: alternating_packets(4, 3, 2.5), ArgumentTypeError, "second"),  # type: ignore[arg-type]
    ],
)
def test_dealing_helpers_refuse_bad_counts_and_seats(
    deal: Any, error: type[CardrulesError], words: str
) -> None:
    with pytest.raises(error, match=words):
        deal()


def test_stacked_order_refuses_a_stream_position_off_the_deck() -> None:
    deck = get_deck("euchre24")
    with pytest.raises(ArgumentError, match="position 99"):
        stacked_order(deck, {0: [99]}, {0: "9C"})
    with pytest.raises(ArgumentTypeError, match="stream position"):
        stacked_order(deck, {0: [1.5]}, {0: "9C"})  # type: ignore[list-item]
    assert stacked_order(deck, {0: [23]}, {0: "9C"})[23] == deck.index("9C")


# --- bidding and scoring -------------------------------------------------------------------------


def test_auction_bid_needs_an_int_amount_and_seat() -> None:
    """R10: a bid is a whole multiple of the step; 75.0 is not a bid of 75."""
    auction = AscendingAuction.start(num_players=4, first=0, minimum=70, maximum=120, step=5)
    with pytest.raises(ArgumentTypeError, match="amount"):
        auction.bid(0, 75.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seat"):
        AscendingAuction.start(num_players=4, first=1, minimum=70, maximum=120).bid(True, 70)
    assert auction.bid(0, 75).high_bid == 75


def test_match_score_add_needs_int_figures() -> None:
    match = MatchScore.start(teams=2, target=10)
    with pytest.raises(ArgumentTypeError, match="points"):
        match.add((1.5, 0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="points"):
        match.add(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="points"):
        match.add((True, 0))
    assert match.add((3, 1)).scores == (3, 1)


def test_match_score_refuses_an_unknown_win_rule_at_construction() -> None:
    with pytest.raises(RulesError, match="unknown win rule 'x'"):
        MatchScore((0, 0), 10, rule="x")  # type: ignore[arg-type]
    assert MatchScore((0, 0), 10, rule="highest_over_target").rule == "highest_over_target"


def test_partnership_and_ladder_need_int_seats_and_scores() -> None:
    teams = Partnership.opposite(4)
    with pytest.raises(ArgumentTypeError, match="seat"):
        teams.team_of(True)
    assert teams.team_of(1) == 1
    with pytest.raises(ArgumentTypeError, match="num_players"):
        Partnership.opposite(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="num_players"):
        Partnership.opposite(0)
    with pytest.raises(ArgumentTypeError, match="num_players"):
        Partnership.solo(2.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="score"):
        Ladder().add(None, 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="points"):
        Ladder().add(3, 1.0)  # type: ignore[arg-type]


# --- rules configs -------------------------------------------------------------------------------


def test_rules_from_dict_needs_a_mapping_with_text_keys() -> None:
    rules_type = type(get_game("rook").rules)
    assert issubclass(rules_type, RulesConfig)
    with pytest.raises(ArgumentTypeError, match="mapping"):
        rules_type.from_dict(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="option names are text"):
        rules_type.from_dict({1: 2})  # type: ignore[dict-item]
    with pytest.raises(RulesError, match="unknown"):
        rules_type.from_dict({"no_such_option": 2})


@pytest.mark.usefixtures("whist_registered")
def test_whist_plugin_target_is_checked_like_built_in_options() -> None:
    """The example plugin's W7 target: an int of at least 1, never a bool."""
    with pytest.raises(RulesError, match="target"):
        get_game("whist", target=True)
    with pytest.raises(RulesError, match="target"):
        get_game("whist", target=0)
    assert get_game("whist", target=9).rules.target == 9


# --- combinatorics, statistics, text and pictures ------------------------------------------------


def test_combination_unrank_needs_int_rank_and_size() -> None:
    with pytest.raises(ArgumentTypeError, match="rank"):
        combination_unrank(1.5, 2)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="size"):
        combination_unrank(3, True)
    assert combination_unrank(combination_rank((1, 4)), 2) == (1, 4)


def test_wilson_interval_needs_numbers() -> None:
    with pytest.raises(ArgumentTypeError, match="successes"):
        wilson_interval("5", 10)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="n must be an int"):
        wilson_interval(1, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="n must be at least 0"):
        wilson_interval(0, -1)
    with pytest.raises(ArgumentError, match="proportion"):
        wilson_interval(11, 10)
    assert wilson_interval(2.5, 10) == pytest.approx(wilson_interval(2.5, 10))


def test_format_value_ends_on_a_value_that_contains_itself() -> None:
    loop: list[object] = [1]
    loop.append(loop)
    text = format_value(loop)
    assert text.endswith("…" + "]" * text.count("["))
    assert format_value([1, [2, [3]]]) == "[1; [2; (3)]]"  # shallow nesting is written out


def test_svg_cards_need_card_values() -> None:
    with pytest.raises(ArgumentTypeError, match="parse_cards"):
        card("AS")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="parse_cards"):
        cards(["AS"])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="parse_cards"):
        cards("AS")  # type: ignore[arg-type]
    ace = parse_cards("AS")[0]
    assert 'data-card="AS"' in card(ace)
    assert cards([ace, None]).count('class="card') == 2


def test_euchre_rules_from_dict_refuses_what_is_no_mapping() -> None:
    """Euchre's own ``from_dict`` (its synonym and out-of-scope options) reaches the base check."""
    from cardrules.games.euchre import EuchreRules

    with pytest.raises(ArgumentTypeError, match="values must be a mapping"):
        EuchreRules.from_dict(None)  # type: ignore[arg-type]
