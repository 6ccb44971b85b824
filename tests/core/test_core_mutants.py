"""Tests written to kill the mutants that survived the core's first mutation run (issue #18).

``mutmut`` (see the development page of the docs) mutates ``ranking``, ``scoring``, ``bidding``,
``rulebook`` and ``perft``; every mutant the older tests let through is either killed here or listed
as equivalent on that page. Each test names the behaviour it pins: the boundaries of the checks
(two players are enough for an auction, a one-bid range is a range), the rule id, seat and action that
every bidding error carries for programs, the exact words of the error messages people read, and the
fields a step carries over to the next value.
"""

from __future__ import annotations

import random
import re

import pytest

from cardrules import get_game
from cardrules.bidding import AscendingAuction, BidRound, CallingRounds
from cardrules.cards import Suit, parse_cards
from cardrules.decks import get_deck
from cardrules.errors import ArgumentError, ArgumentTypeError, IllegalActionError, RulesError
from cardrules.perft import PerftCount, deal, endgame, perft, perft_divide
from cardrules.ranking import SuitOrder, TableOrder, plain_order, trump_order
from cardrules.rulebook import (
    Rule,
    RuleBook,
    RuleId,
    RuleKind,
    Source,
    register_rulebook,
    rule_title,
    rulebook_of,
)
from cardrules.scoring import Ladder, MatchScore, Partnership


class MutantRule(RuleId):
    """Rule ids of the bidding tests; no book is registered, so errors write the bare id."""

    M1 = "M1"


def exactly(message: str) -> str:
    """A ``match=`` pattern for the whole message, so that added or changed words fail."""
    return f"^{re.escape(message)}$"


# --- ranking -------------------------------------------------------------------------------------


def test_suit_order_needs_a_power_for_every_card() -> None:
    deck = get_deck("euchre24")
    suits = [c.suit for c in deck.cards]
    message = exactly("an order needs one effective suit and one power per card of the deck")
    with pytest.raises(RulesError, match=message):
        SuitOrder(deck, suits, [1] * (len(deck) - 1), None)
    with pytest.raises(RulesError, match=message):
        SuitOrder(deck, suits[:-1], [1] * len(deck), None)


def test_suit_mask_of_a_suit_without_cards_is_empty() -> None:
    deck = get_deck("euchre24")
    order = plain_order(deck)
    assert order.suit_mask(None) == 0
    assert order.suit_mask(Suit.HEARTS).bit_count() == 6


def test_beats_needs_a_higher_card_of_the_same_suit_or_a_trump_over_a_plain_card() -> None:
    deck = get_deck("euchre24")
    order = trump_order(deck, Suit.HEARTS, promoted=parse_cards("JH JD"))
    i = deck.index
    assert order.beats(i("AS"), i("KS"), Suit.SPADES)
    assert not order.beats(i("KS"), i("AS"), Suit.SPADES)
    assert not order.beats(i("AS"), i("AS"), Suit.SPADES)  # a card never beats itself
    assert not order.beats(i("9H"), i("JD"), Suit.SPADES)  # a low trump under the left bower
    assert order.beats(i("9H"), i("AS"), Suit.SPADES)


def test_an_equal_power_does_not_take_the_trick_from_the_earlier_card() -> None:
    """With tied powers (as two copies of a card would have) the first one played keeps the trick."""
    deck = get_deck("euchre24")
    flat = SuitOrder(deck, [c.suit for c in deck.cards], [1] * len(deck), None)
    i = deck.index
    assert flat.winning_position([i("9S"), i("AS"), i("KS")]) == 0
    assert not flat.beats(i("AS"), i("9S"), Suit.SPADES)


def test_empty_trick_and_trump_sequence_errors_say_what_is_wrong() -> None:
    deck = get_deck("euchre24")
    with pytest.raises(RulesError, match=exactly("an empty trick has no winner")):
        plain_order(deck).winning_position([])
    with pytest.raises(RulesError, match=exactly("trump cards need a trump suit")):
        trump_order(deck, None, promoted=parse_cards("JH"))
    with pytest.raises(RulesError, match=exactly("a card appears twice in the trump sequence")):
        trump_order(deck, Suit.HEARTS, promoted=parse_cards("JH JH"))


def test_table_order_keeps_its_deck_and_levels_apart() -> None:
    """Every card of a higher level outranks every card of a lower one, whatever its suit."""
    deck = get_deck("voormsi36")
    order = TableOrder(
        deck,
        [parse_cards("9C 9S 9H 9D"), parse_cards("8C 8S 8H 8D")],
        suit_order=(Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS),
    )
    assert order.deck is deck
    assert order.compare(deck.index("9D"), deck.index("8C")) == 1
    assert order.compare(deck.index("8C"), deck.index("9D")) == -1
    message = exactly("an unranked card cannot be compared through the table")
    with pytest.raises(RulesError, match=message):
        order.compare(deck.index("AS"), deck.index("9D"))


# --- scoring -------------------------------------------------------------------------------------


def test_opposite_partnerships_default_to_four_players() -> None:
    assert Partnership.opposite().teams == ((0, 2), (1, 3))
    message = exactly("opposite partnerships need an even number of players")
    with pytest.raises(RulesError, match=message):
        Partnership.opposite(5)
    with pytest.raises(RulesError, match=exactly("seat 7 is in no team")):
        Partnership.opposite(4).team_of(7)


def test_seat_points_need_one_figure_per_team() -> None:
    teams = Partnership.opposite(4)
    assert teams.seat_points((6, -2)) == (6, -2, 6, -2)
    with pytest.raises(RulesError, match=exactly("2 teams need 2 figures, not 1")):
        teams.seat_points((6,))
    with pytest.raises(RulesError, match=exactly("2 teams need 2 figures, not 3")):
        teams.seat_points((6, 1, 1))


def test_match_start_keeps_the_win_rule_and_refuses_a_decided_start() -> None:
    highest = MatchScore.start(teams=2, target=300, rule="highest_over_target")
    assert highest.rule == "highest_over_target"
    assert highest.add((10, 0)).rule == "highest_over_target"
    # A tie over the target is undecided under either rule, but "first_to_target" refuses any
    # score at or over the target.
    with pytest.raises(
        RulesError,
        match=exactly("a match cannot start decided: a score is at or over the target 300"),
    ):
        MatchScore.start(teams=2, target=300, scores=(300, 300))
    message = exactly("the floor 300 must lie below the target 300")
    with pytest.raises(RulesError, match=message):
        MatchScore.start(teams=2, target=300, floor=300)
    message = exactly("a match cannot start decided: a side is at or below the floor -100")
    with pytest.raises(RulesError, match=message):
        MatchScore.start(teams=2, target=300, scores=(-100, 0), floor=-100)


def test_adding_to_a_finished_match_is_refused() -> None:
    over = MatchScore.start(teams=2, target=10).add((10, 0))
    with pytest.raises(RulesError, match=exactly("the match is already over")):
        over.add((1, 0))


def test_ladder_landing_exactly_on_the_target_is_no_bust() -> None:
    """Voormsi's ladder: reaching the target exactly wins under every bust rule."""
    for bust in ("subtract_overshoot", "subtract_overshoot_from_previous", "no_bust"):
        assert Ladder(9, bust).add(6, 3) == 9
    assert not Ladder(9).reached(10)
    assert Ladder(9, "no_bust").reached(9)
    with pytest.raises(RulesError, match=exactly("unknown bust rule 'sometimes'")):
        Ladder(9, "sometimes")  # type: ignore[arg-type]


# --- bidding: the ascending auction --------------------------------------------------------------


def test_auction_bounds() -> None:
    """Two players suffice; a one-bid range and a step of one are valid; the default step is one."""
    one = AscendingAuction.start(num_players=2, first=0, minimum=5, maximum=5)
    assert one.legal_bids() == (5,)
    assert AscendingAuction.start(num_players=2, first=1, minimum=1, maximum=3).legal_bids() == (
        1,
        2,
        3,
    )
    assert AscendingAuction.start(
        num_players=3, first=0, minimum=1, maximum=4, step=3
    ).legal_bids() == (
        1,
        4,
    )
    with pytest.raises(RulesError, match=exactly("an auction needs at least two players")):
        AscendingAuction.start(num_players=1, first=0, minimum=1, maximum=3)
    range_error = "the maximum must be the minimum plus whole steps$"
    for minimum, maximum, step in ((1, 3, 0), (4, 3, 1), (1, 4, 2)):
        with pytest.raises(RulesError, match=range_error):
            AscendingAuction.start(
                num_players=2, first=0, minimum=minimum, maximum=maximum, step=step
            )


def test_auction_errors_carry_rule_seat_and_action() -> None:
    a = AscendingAuction.start(
        num_players=4, first=1, minimum=70, maximum=120, step=5, rule=MutantRule.M1
    )
    with pytest.raises(IllegalActionError) as turn:
        a.bid(2, 70)
    assert (turn.value.rule, turn.value.seat, turn.value.action) == (MutantRule.M1, 2, "bid 70")
    assert turn.value.why == "it is seat 1's turn to bid"
    with pytest.raises(IllegalActionError) as low:
        a.bid(1, 65)
    assert (low.value.rule, low.value.seat, low.value.action) == (MutantRule.M1, 1, "bid 65")
    assert low.value.why == "a bid must be a multiple of 5 from 70 to 120"
    passed = a.pass_(1)
    assert passed.rule is MutantRule.M1
    with pytest.raises(IllegalActionError) as out:
        passed.pass_(1)
    assert (out.value.rule, out.value.seat, out.value.action) == (MutantRule.M1, 1, "pass")
    bid = passed.bid(2, 70)
    assert (bid.minimum, bid.rule) == (70, MutantRule.M1)
    over = bid.bid(3, 120)
    with pytest.raises(IllegalActionError) as done:
        over.pass_(0)
    assert (done.value.rule, done.value.seat, done.value.action) == (MutantRule.M1, 0, "pass")
    assert done.value.why == "the auction is over"


def test_auction_turn_skips_every_passed_seat() -> None:
    """The next bidder may sit three seats on, past two who have passed."""
    a = AscendingAuction.start(num_players=4, first=1, minimum=70, maximum=120, step=5)
    a = a.pass_(1).pass_(2).bid(3, 70).bid(0, 75)
    assert a.to_move == 3
    assert not a.is_over


# --- bidding: calling rounds ---------------------------------------------------------------------


def test_calling_rounds_bounds() -> None:
    """One player and one round are enough; the first seat must be a seat."""
    single = CallingRounds.start(num_players=1, first=0, rounds=1)
    assert single.to_move == 0
    assert single.pass_(0).all_passed
    message = exactly("calling rounds need players, at least one round and a valid first seat")
    for players, first, rounds in ((0, 0, 1), (4, 0, 0), (4, 4, 1), (4, -1, 1)):
        with pytest.raises(RulesError, match=message):
            CallingRounds.start(num_players=players, first=first, rounds=rounds)


def test_calling_errors_carry_rule_seat_and_action() -> None:
    c = CallingRounds.start(num_players=2, first=0, rounds=1, forced_last=True, rule=MutantRule.M1)
    with pytest.raises(IllegalActionError) as turn:
        c.pass_(1)
    assert (turn.value.rule, turn.value.seat, turn.value.action) == (MutantRule.M1, 1, "pass")
    assert turn.value.why == "it is seat 0's turn to call"
    with pytest.raises(IllegalActionError) as turn_call:
        c.call(1, "S")
    assert turn_call.value.action == "call S"
    last = c.pass_(0)
    with pytest.raises(IllegalActionError) as forced:
        last.pass_(1)
    assert (forced.value.rule, forced.value.seat, forced.value.action) == (MutantRule.M1, 1, "pass")
    assert forced.value.why == "the last caller must call"
    called = last.call(1, "S")
    assert called == CallingRounds(
        2, 0, 1, True, 0, 1, (1, 0, "S"), ((0, None), (1, "S")), MutantRule.M1
    )
    with pytest.raises(IllegalActionError) as over:
        called.call(0, "H")
    assert (over.value.rule, over.value.seat, over.value.action) == (MutantRule.M1, 0, "call H")
    assert over.value.why == "the calling is over"


# --- bidding: a round of contract bids -----------------------------------------------------------


def test_bid_round_bounds() -> None:
    """One player and a one-number range are valid; the minimum is the lowest legal bid."""
    assert BidRound.start(num_players=1, first=0, minimum=2, maximum=2).legal_bids() == (2,)
    assert BidRound.start(num_players=2, first=0, minimum=1, maximum=3).legal_bids() == (1, 2, 3)
    with pytest.raises(RulesError, match=exactly("first bidder 2 is not a seat of 2")):
        BidRound.start(num_players=2, first=2, maximum=3)
    with pytest.raises(RulesError, match=exactly("bids 4..3: the minimum is above the maximum")):
        BidRound.start(num_players=2, first=0, minimum=4, maximum=3)
    message = exactly("a team maximum needs the teams, and teams need a team maximum")
    with pytest.raises(RulesError, match=message):
        BidRound.start(num_players=4, first=0, maximum=13, team_maximum=13)
    with pytest.raises(RulesError, match=exactly("the teams cover 4 seats, not 6")):
        BidRound.start(
            num_players=6, first=0, maximum=13, teams=Partnership.opposite(4), team_maximum=13
        )


def test_bid_round_errors_carry_rule_seat_and_action() -> None:
    r = BidRound.start(
        num_players=4,
        first=0,
        maximum=13,
        teams=Partnership.opposite(4),
        team_maximum=13,
        rule=MutantRule.M1,
    )
    assert r.rule is MutantRule.M1
    r = r.bid(0, 9)
    assert r.rule is MutantRule.M1
    with pytest.raises(IllegalActionError) as turn:
        r.bid(2, 1)
    assert (turn.value.rule, turn.value.seat, turn.value.action) == (MutantRule.M1, 2, "bid 1")
    assert turn.value.why == "it is seat 1's turn to bid"
    r = r.bid(1, 0)
    with pytest.raises(IllegalActionError) as capped:
        r.bid(2, 5)
    assert (capped.value.rule, capped.value.seat, capped.value.action) == (
        MutantRule.M1,
        2,
        "bid 5",
    )
    assert (
        capped.value.why == "a bid is a whole number from 0 to 4 (partners together bid at most 13)"
    )
    done = r.bid(2, 4).bid(3, 0)
    with pytest.raises(IllegalActionError) as over:
        done.bid(0, 1)
    assert (over.value.rule, over.value.seat, over.value.action) == (MutantRule.M1, 0, "bid 1")
    assert over.value.why == "the bidding is over"


def test_bid_round_without_teams_gives_no_partner_note() -> None:
    r = BidRound.start(num_players=3, first=0, maximum=3)
    with pytest.raises(IllegalActionError) as high:
        r.bid(0, 4)
    assert high.value.why == "a bid is a whole number from 0 to 3"


# --- rulebook ------------------------------------------------------------------------------------


class TwoRule(RuleId):
    """A two-rule game for the book checks."""

    A1 = "A1"
    A2 = "A2"


class OtherRule(RuleId):
    """Another game's ids, to mix into a book by mistake."""

    A1 = "A1"


def two_book(**changes: object) -> RuleBook:
    rules = changes.pop(
        "rules",
        (
            Rule(TwoRule.A1, "first", "The first rule.", sources=("S",)),
            Rule(TwoRule.A2, "second", "The second rule.", kind=RuleKind.DEFAULT),
        ),
    )
    sources = changes.pop("sources", (Source("S", "a source"),))
    return RuleBook("two", rules, sources)  # type: ignore[arg-type]


def test_a_book_maps_ids_and_texts_to_its_entries() -> None:
    book = two_book()
    assert book[TwoRule.A1].title == "first"
    assert book["A2"].title == "second"
    assert book.rules == tuple(book)  # the converter keeps the order of any iterable
    assert RuleBook("two", iter(book.rules), book.sources) == book
    assert TwoRule.A1 in book and "A2" in book
    assert "A3" not in book and 7 not in book
    assert book.of_kind(RuleKind.DEFAULT) == (book[TwoRule.A2],)
    assert book.source("S").title == "a source"
    assert book.anchor("A1") == "rule-two-a1"
    with pytest.raises(ArgumentError, match=exactly("the two rules list no source 'T'")):
        book.source("T")
    with pytest.raises(ArgumentError, match=exactly("the two rules have no rule 'A3'")):
        book["A3"]
    message = exactly("a rule id is a RuleId or its text, not list")
    with pytest.raises(ArgumentTypeError, match=message):
        book[["A1"]]  # type: ignore[index]


class DottedRule(RuleId):
    """Ids with the characters an anchor may not hold."""

    D1 = "D1.2_a"
    D2 = "D2"
    D3 = "D3"


def test_a_book_anchor_is_lower_case_with_dashes() -> None:
    book = RuleBook("dot", [Rule(r, r.value, "A rule.") for r in DottedRule])
    assert book.anchor(DottedRule.D1) == "rule-dot-d1-2-a"


def test_a_book_names_every_missing_id_and_refuses_foreign_ids() -> None:
    with pytest.raises(ArgumentError, match=exactly("rule book 'dot' lacks D2, D3")):
        RuleBook("dot", (Rule(DottedRule.D1, "first", "A rule."),))

    class ForeignRule(RuleId):
        Z9 = "Z9"

    with pytest.raises(
        ArgumentError, match=exactly("ForeignRule.Z9 is not a rule of the two rules")
    ):
        two_book()[ForeignRule.Z9]

    class EchoRule(RuleId):
        A1 = "A1"

    # Same text, another game: not this book's A1 (the B4 of Voormsi is not the patience's B4).
    assert EchoRule.A1 not in two_book() and "A1" in two_book()
    with pytest.raises(ArgumentError, match=exactly("EchoRule.A1 is not a rule of the two rules")):
        two_book()[EchoRule.A1]


def test_a_book_must_be_closed_and_consistent() -> None:
    a1 = Rule(TwoRule.A1, "first", "The first rule.")
    a2 = Rule(TwoRule.A2, "second", "The second rule.")
    with pytest.raises(ArgumentError, match=exactly("rule book 'two' has no rules")):
        two_book(rules=())
    with pytest.raises(ArgumentTypeError, match=exactly("rule book 'two': not a Rule: 'A2'")):
        two_book(rules=(a1, "A2"))
    other = Rule(OtherRule.A1, "other", "Another game's rule.")
    with pytest.raises(
        ArgumentError, match=exactly("rule book 'two': <OtherRule.A1: 'A1'> is not a TwoRule")
    ):
        two_book(rules=(a1, a2, other))
    with pytest.raises(ArgumentError, match=exactly("rule book 'two': rule A1 is listed twice")):
        two_book(rules=(a1, a2, a1))
    with pytest.raises(ArgumentError, match=exactly("rule book 'two' lacks A2")):
        two_book(rules=(a1,))
    cites = Rule(TwoRule.A2, "second", "The second rule.", sources=("S", "X"))
    with pytest.raises(
        ArgumentError, match=exactly("rule book 'two': rule A2 cites unknown sources ['X']")
    ):
        two_book(rules=(a1, cites))


def test_registering_a_book_makes_its_titles_quotable() -> None:
    # A fresh enumeration per call: the registry is global and a test may run twice in one process.
    class ThreeRule(RuleId):
        B1 = "B1"

    assert rulebook_of(ThreeRule.B1) is None
    assert rule_title(ThreeRule.B1) == ""
    book = RuleBook("three", (Rule(ThreeRule.B1, "only", "The only rule."),))
    assert register_rulebook(book) is book
    assert rulebook_of(ThreeRule.B1) is book
    assert rule_title(ThreeRule.B1) == "only"
    assert rule_title("B1") == ""  # a plain string names no game
    message = exactly("register_rulebook takes a RuleBook, not str")
    with pytest.raises(ArgumentTypeError, match=message):
        register_rulebook("three")  # type: ignore[arg-type]


# --- perft ---------------------------------------------------------------------------------------


def test_perft_depth_is_checked() -> None:
    game = get_game("euchre")
    start = deal(game, game.new_hand(dealer=0), random.Random(1))
    assert perft(game, start, 0) == PerftCount(1)
    assert perft_divide(game, start, 0) == {}
    with pytest.raises(ArgumentTypeError, match=exactly("depth must be an int, not float")):
        perft(game, start, 1.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=exactly("depth must be 0 or more, not -1")):
        perft(game, start, -1)


def test_perft_divide_splits_the_count_by_first_action() -> None:
    """Euchre's first bidder may pass, order up or order up alone (E6)."""
    game = get_game("euchre")
    start = deal(game, game.new_hand(dealer=0), random.Random(1))
    divided = perft_divide(game, start, 2)
    assert len(divided) == 3
    assert sum(divided.values(), PerftCount()) == perft(game, start, 2)
    assert sum(c.leaves for c in divided.values()) == perft(game, start, 2).leaves


def test_perft_counts_of_different_tables_do_not_add() -> None:
    assert PerftCount(1, 1, (2, 3)) + PerftCount(1, 0) == PerftCount(2, 1, (2, 3))
    with pytest.raises(ValueError, match="zip"):
        PerftCount(1, 1, (1, 2)) + PerftCount(1, 1, (1, 2, 3))


def test_deal_and_endgame_reach_the_states_they_promise() -> None:
    game = get_game("euchre")
    start = deal(game, game.new_hand(dealer=0), random.Random(1))
    assert game.to_move(start) in range(game.num_players)
    end = endgame(game, start, random.Random(5), 0)
    assert game.is_over(end) or game.to_move(end) not in range(game.num_players)
    one_before = endgame(game, start, random.Random(5), 1)
    assert not game.is_over(one_before)
    assert perft(game, one_before, 1).leaves == len(game.legal_actions(one_before)) + sum(
        len(game.out_of_turn_actions(one_before, s)) for s in range(game.num_players)
    )
    with pytest.raises(
        ArgumentError, match=exactly("remaining must be an int of 0 or more, not -1")
    ):
        endgame(game, start, random.Random(5), -1)


def test_perft_divide_names_out_of_turn_actions_by_seat() -> None:
    """In Euchre's table play (E17) any seat may claim an established revoke: the divide keys those
    claims by seat, and each entry is the count below that action taken by that seat."""
    game = get_game("euchre", preset="table_play")
    start = deal(game, game.new_hand(dealer=0), random.Random(2))
    near_end = endgame(game, start, random.Random(1002), 3)
    expected = {
        game.format_action(action): perft(game, game.apply(near_end, action), 1)
        for action in game.legal_actions(near_end)
    }
    for seat in range(game.num_players):
        for action in game.out_of_turn_actions(near_end, seat):
            child = game.apply(near_end, action, seat)
            expected[f"seat {seat}: {game.format_action(action)}"] = perft(game, child, 1)
    assert any(key.startswith("seat ") for key in expected)  # the position has out-of-turn claims
    divided = perft_divide(game, near_end, 2)
    assert divided == expected
    assert sum(divided.values(), PerftCount()) == perft(game, near_end, 2)
    in_turn = perft_divide(game, near_end, 2, out_of_turn=False)
    assert set(in_turn) == {game.format_action(a) for a in game.legal_actions(near_end)}
    assert sum(in_turn.values(), PerftCount()) == perft(game, near_end, 2, out_of_turn=False)
    # Without out-of-turn actions the subtrees below the first action lose their claims too.
    assert in_turn != {key: count for key, count in divided.items() if key in in_turn}


def test_endgame_stops_at_a_shuffle() -> None:
    """A playout cannot go past a chance step: from an undealt hand the start itself comes back."""
    game = get_game("euchre")
    undealt = game.new_hand(dealer=0)
    assert endgame(game, undealt, random.Random(5), 3) is undealt
