"""The plain trick-game base (cardrules.trickgame), on two small games written here.

``PlainGame`` has no trump and no bidding, and a lead rule (P3: hearts are led only from a hand
of hearts); ``CallGame`` is Euchre-shaped — two calling rounds name trump (C3, the last speaker
forced), the jacks of the trump colour are bowers (C5), the caller leads (C4). The rule ids in
the test names are these games' own.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    CHANCE,
    CallingRounds,
    Card,
    CardSet,
    ChooseDealer,
    Deal,
    FollowRule,
    IllegalActionError,
    MatchScore,
    NotationError,
    Partnership,
    RulesError,
    Suit,
    SuitOrder,
    TrickPlay,
    get_deck,
    lead_avoiding,
    must_follow,
    plain_order,
    trump_order,
)
from cardrules.errors import CardrulesError
from cardrules.rulebook import Rule, RuleBook, RuleId, register_rulebook
from cardrules.testing import check_game, play_random
from cardrules.trickgame import Play, TrickGameBase, TrickRuleIds, TrickState, TrickView


class PlainRule(RuleId):
    P1 = "P1"
    P2 = "P2"
    P3 = "P3"
    P4 = "P4"
    P5 = "P5"
    P6 = "P6"


register_rulebook(
    RuleBook(
        game="plain-tricks-test",
        rules=tuple(
            Rule(rule, title, "A rule of the test game.")
            for rule, title in zip(
                PlainRule,
                ("the pack", "the deal", "leading hearts", "turn order", "follow suit", "the end"),
                strict=True,
            )
        ),
    )
)


@attrs.frozen
class PlainState(TrickState[None]):
    """A state of the plain game."""


@attrs.frozen
class PlainView(TrickView[None]):
    """A view of the plain game."""


class PlainGame(TrickGameBase[PlainState, Play, PlainView, None]):
    """Four players, 52 cards, no trump, no bidding; a side scores a point a trick over six."""

    name = "plain-tricks-test"
    num_players = 4
    deck = get_deck("french52")
    teams = Partnership.opposite(4)
    hand_scale = 7
    state_type = PlainState
    view_type = PlainView
    rule_ids = TrickRuleIds(
        cards=PlainRule.P1,
        deal=PlainRule.P2,
        turn=PlainRule.P4,
        follow=PlainRule.P5,
        end=PlainRule.P6,
        lead=PlainRule.P3,
    )

    def __init__(self, target: int = 3) -> None:
        super().__init__(target)

    def start_contract(self, order: tuple[int, ...], dealer: int) -> None:
        return None

    def follow_rule(self, order: SuitOrder) -> FollowRule:
        return lead_avoiding(must_follow(order), order.suit_mask(Suit.HEARTS))  # P3

    def match_score(self) -> MatchScore:
        return MatchScore.start(teams=2, target=self.rules)

    def score_hand(self, contract: None, play: TrickPlay, score: MatchScore) -> tuple[int, ...]:
        return tuple(max(0, play.taken[t] + play.taken[t + 2] - 6) for t in (0, 1))


class CallRule(RuleId):
    C1 = "C1"
    C2 = "C2"
    C3 = "C3"
    C4 = "C4"
    C5 = "C5"
    C6 = "C6"


register_rulebook(
    RuleBook(
        game="call-tricks-test",
        rules=tuple(
            Rule(rule, title, "A rule of the test game.")
            for rule, title in zip(
                CallRule,
                ("the pack", "the deal", "calling trump", "turn order", "follow suit", "the end"),
                strict=True,
            )
        ),
    )
)


@attrs.frozen
class Call:
    """Name a trump suit."""

    suit: Suit


@attrs.frozen
class Pass:
    """Do not call."""


SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


@attrs.frozen
class CallState(TrickState[CallingRounds]):
    """A state of the calling game."""


@attrs.frozen
class CallView(TrickView[CallingRounds]):
    """A view of the calling game."""


class CallGame(TrickGameBase[CallState, "Play | Call | Pass", CallView, CallingRounds]):
    """Euchre-shaped: 24 cards, two calling rounds name trump, bowers, the caller leads; the
    caller's side scores 1 for three tricks or more, else the other side 2."""

    name = "call-tricks-test"
    num_players = 4
    deck = get_deck("euchre24")
    teams = Partnership.opposite(4)
    hand_scale = 2
    state_type = CallState
    view_type = CallView
    rule_ids = TrickRuleIds(
        cards=CallRule.C1,
        deal=CallRule.C2,
        turn=CallRule.C4,
        follow=CallRule.C5,
        end=CallRule.C6,
        bidding=CallRule.C3,
    )
    _calls = tuple(Call(s) for s in SUITS)

    def __init__(self) -> None:
        super().__init__(None)

    def all_actions(self) -> tuple[Any, ...]:
        return (*self._plays, *self._calls, Pass())

    def format_action(self, action: Any) -> str:
        if isinstance(action, Call) and type(action.suit) is Suit:
            return f"call {action.suit.letter}"
        if isinstance(action, Pass):
            return "pass"
        return super().format_action(action)

    def start_contract(self, order: tuple[int, ...], dealer: int) -> CallingRounds:
        first = (dealer + 1) % 4
        return CallingRounds.start(num_players=4, first=first, rounds=2, forced_last=True)

    def bidding_to_move(self, contract: CallingRounds) -> int | None:
        return contract.to_move

    def bidding_actions(self, contract: CallingRounds) -> tuple[Any, ...]:
        return (*self._calls, Pass()) if contract.may_pass else self._calls

    def bid(self, contract: CallingRounds, seat: int, action: object) -> CallingRounds:
        if isinstance(action, Pass):
            return contract.pass_(seat)
        if isinstance(action, Call) and type(action.suit) is Suit and action.suit in SUITS:
            return contract.call(seat, action.suit)
        raise IllegalActionError(CallRule.C3, "call a suit or pass")

    def start_play(self, state: CallState) -> CallState:
        assert state.contract is not None
        assert state.contract.caller is not None
        return attrs.evolve(state, play=attrs.evolve(state.play, leader=state.contract.caller[0]))

    def trump(self, contract: CallingRounds) -> Suit | None:
        return None if contract.caller is None else cast(Suit, contract.caller[2])

    def rank_order(self, trump: Suit | None) -> SuitOrder:
        if trump is None:
            return plain_order(self.deck)
        bowers = [Card.parse(f"J{trump.letter}"), Card.parse(f"J{SAME_COLOUR[trump].letter}")]
        return trump_order(self.deck, trump, promoted=bowers)

    def match_score(self) -> MatchScore:
        return MatchScore.start(teams=2, target=5)

    def score_hand(
        self, contract: CallingRounds, play: TrickPlay, score: MatchScore
    ) -> tuple[int, ...]:
        assert contract.caller is not None
        side = contract.caller[0] % 2
        points = [0, 0]
        if play.taken[side] + play.taken[side + 2] >= 3:
            points[side] = 1
        else:
            points[1 - side] = 2
        return tuple(points)


PLAIN, CALL = PlainGame(), CallGame()
GAMES = pytest.mark.parametrize("game", [PLAIN, CALL], ids=["plain", "call"])


def _position(game: Any, seed: int, fraction: float) -> Any:
    """A state part way (``fraction`` of the steps) through a random single hand."""
    _, steps = play_random(game, seed, start="hand")
    state = game.new_hand(dealer=seed % 4)
    for seat, action in steps[: int(len(steps) * fraction)]:
        state = game.apply(state, action, seat=seat)
    return state


def _in_play(game: Any, seed: int = 1) -> Any:
    state = _position(game, seed, 0.0)
    while game.to_move(state) == CHANCE or state.phase == "bidding":
        state = game.apply(state, game.legal_actions(state)[0] if state.phase == "bidding"
                           else game.sample_chance(state, random.Random(seed)))  # fmt: skip
    return state


@GAMES
def test_games_on_the_base_pass_check_game(game: Any) -> None:
    check_game(game, examples=4)


def test_deal_starts_at_the_dealers_left() -> None:
    """P2 (the default deal): one card at a time from the dealer's left, who leads."""
    state = PLAIN.apply(PLAIN.new_hand(dealer=2), Deal(tuple(range(52))))
    assert state.hands[3] == sum(1 << i for i in range(0, 52, 4))
    assert state.hands[0] == sum(1 << i for i in range(1, 52, 4))
    assert (state.phase, state.to_move, state.play.leader) == ("play", 3, 3)
    assert PLAIN.card_zones(state)["undealt"] == []
    assert len(PLAIN.card_zones(PLAIN.new_hand(dealer=2))["undealt"]) == 52


def _illegal_cases() -> list[tuple[Any, Any, int | None, str, str]]:
    deck = PLAIN.deck
    hand = PLAIN.apply(PLAIN.new_hand(dealer=3), Deal(tuple(range(52))))  # seat 0 leads
    # Seat 0 holds indices 0, 4, 8 …: find a heart and a non-heart it holds.
    held = [deck.cards[i] for i in range(0, 52, 4)]
    heart = next(c for c in held if c.suit == Suit.HEARTS)
    other = next(c for c in held if c.suit != Suit.HEARTS)
    led = PLAIN.apply(hand, Play(other))
    seat1 = [deck.cards[i] for i in range(1, 52, 4)]
    off = next(c for c in seat1 if c.suit != other.suit)
    assert other.suit is not None
    return [
        (PLAIN.new_match(), Deal(tuple(range(52))), None, "P2", "choosing a dealer"),
        (PLAIN.new_match(), ChooseDealer(4), None, "P2", "seat from 0 to 3"),
        (PLAIN.new_hand(dealer=1), Deal((0, 0, *range(2, 52))), None, "P2", "all 52 cards"),
        (hand, Play(held[1]), 2, "P4", "it is seat 0's turn"),
        (hand, "play AS", None, "P4", "plays a card"),
        (hand, Play(Card.parse("R")), None, "P1", "not a card"),
        (hand, Play(seat1[0]), None, "P5", "does not hold"),
        (hand, Play(heart), None, "P3", "may not be led"),
        (led, Play(off), None, "P5", f"must follow {other.suit.symbol}"),
    ]


@pytest.mark.parametrize(("state", "action", "seat", "rule", "words"), _illegal_cases())
def test_bad_input_is_refused_naming_the_rule(
    state: Any, action: Any, seat: int | None, rule: str, words: str
) -> None:
    """P1-P5: each refusal is a CardrulesError citing the rule, and the state stays as it was."""
    before = state
    with pytest.raises(IllegalActionError, match=words) as info:
        PLAIN.apply(state, action, seat=seat)
    assert info.value.rule == rule
    if state.phase == "play" and seat is None:
        assert set(info.value.legal) == set(PLAIN.legal_actions(state))
    assert state == before


def test_a_finished_game_refuses_every_action() -> None:
    """P6: nothing is applied after the end."""
    final, _ = play_random(PLAIN, 3, start="hand")
    with pytest.raises(IllegalActionError, match="over") as info:
        PLAIN.apply(final, Play(Card.parse("AS")))
    assert info.value.rule == "P6"
    with pytest.raises(IllegalActionError, match="not a chance state"):
        PLAIN.sample_chance(final, random.Random(1))


def test_bidding_refusals_cite_the_bidding_rule_and_list_the_bids() -> None:
    """C3: a card during the calling, and a pass by the forced last speaker, are refused."""
    state = CALL.apply(CALL.new_hand(dealer=0), CALL.shuffle(random.Random(2)))
    assert state.phase == "bidding" and state.to_move == 1
    with pytest.raises(IllegalActionError, match="call a suit or pass") as info:
        CALL.apply(state, Play(Card.parse("9C")))
    assert info.value.rule == "C3" and Pass() in info.value.legal
    for _ in range(7):
        state = CALL.apply(state, Pass())
    assert state.to_move == 0 and Pass() not in CALL.legal_actions(state)
    with pytest.raises(IllegalActionError, match="must call") as info:
        CALL.apply(state, Pass())
    assert info.value.rule == "C3" and set(info.value.legal) == set(CALL._calls)


def test_the_caller_leads_and_the_bowers_are_trumps() -> None:
    """C4 and C5: start_play hands the lead to the caller; rank_order makes JD a heart."""
    state = CALL.apply(CALL.new_hand(dealer=0), CALL.shuffle(random.Random(5)))
    state = CALL.apply(CALL.apply(state, Pass()), Call(Suit.HEARTS))  # seat 2 calls
    assert (state.phase, state.to_move, state.play.leader) == ("play", 2, 2)
    order, rule = CALL.card_rules(state.contract)
    deck = CALL.deck
    assert order.effective_suit(deck.index("JD")) == Suit.HEARTS
    assert rule(deck.mask("JD AD"), deck.index("9H")) == deck.mask("JD")
    assert rule(deck.mask("JD AD"), deck.index("9D")) == deck.mask("AD")
    assert CALL.card_rules(state.contract)[0] is order  # built once per trump


def test_a_setup_that_cannot_deal_is_refused() -> None:
    class ThreeTeams(PlainGame):
        teams = Partnership.solo(3)

    class FivePlayers(PlainGame):
        num_players = 5
        teams = Partnership.solo(5)

    with pytest.raises(RulesError, match="teams cover 3 seats"):
        ThreeTeams()
    with pytest.raises(RulesError, match="do not deal evenly"):
        FivePlayers()

    class TwoPacks(PlainGame):
        deck = get_deck("double104")  # twin cards would tie for a trick

    with pytest.raises(RulesError, match="deck of distinct cards"):
        TwoPacks()


def test_notation_of_junk_is_refused() -> None:
    tampered = Play(Card.parse("AS"))
    object.__setattr__(tampered, "card", "AS")  # Play("AS") itself cannot be built (#28)
    for junk in (tampered, object(), None):
        with pytest.raises(NotationError):
            PLAIN.format_action(junk)
    assert PLAIN.parse_action("play 10♥", PLAIN.new_hand(dealer=0)) == Play(Card.parse("10H"))
    assert CALL.parse_action("call hearts", CALL.new_hand(dealer=0)) == Call(Suit.HEARTS)


def _cards_of(view: TrickView[Any]) -> set[Card]:
    return set(view.hand) | set(view.trick) | {c for _, t in view.tricks for c in t}


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), fraction=st.floats(0, 1), game=st.sampled_from([PLAIN, CALL])
)
def test_views_leak_nothing(seed: int, fraction: float, game: Any) -> None:
    """A view holds only its own hand and the cards played; states that differ in the other
    hands give the same view; sampled states give it back and keep every shown void."""
    state = _position(game, seed, fraction)
    deck = game.deck
    rng = random.Random(seed)
    for seat in range(4):
        view = game.view(state, seat)
        played = {deck.cards[c] for c in range(len(deck)) if state.play.played >> c & 1}
        assert _cards_of(view) <= set(CardSet(deck, state.hands[seat])) | played
        assert view.hand_sizes == state.play.hand_sizes
        others = [s for s in range(4) if s != seat]
        a, b = others[0], others[1]
        if state.hands[a].bit_count() == state.hands[b].bit_count():
            hands = list(state.hands)
            hands[a], hands[b] = hands[b], hands[a]
            swapped = attrs.evolve(state, play=attrs.evolve(state.play, hands=tuple(hands)))
            assert game.view(swapped, seat) == view
        sampled = game.sample_state(view, rng)
        assert game.view(sampled, seat) == view
        order, _ = game.card_rules(state.contract)
        voids = sampled.play.shown_voids(order)
        for other in others:
            for suit in voids[other]:
                assert sampled.hands[other] & order.suit_mask(suit) == 0


@GAMES
def test_same_seed_same_game(game: Any) -> None:
    """Determinism: play, sampling and rollouts depend only on the generator given."""
    assert play_random(game, 17) == play_random(game, 17)
    state = _in_play(game)
    view = game.view(state, 1)
    assert game.sample_state(view, random.Random(4)) == game.sample_state(view, random.Random(4))
    assert game.rollout(state, random.Random(9)) == game.rollout(state, random.Random(9))


def _stepped(game: Any, state: Any, rng: random.Random) -> Any:
    while not game.is_over(state) and not (state.phase == "deal" and state.play.tricks):
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return state


@GAMES
@pytest.mark.parametrize("fraction", [0.0, 0.05, 0.5])
def test_rollout_is_stepping_seed_for_seed(game: Any, fraction: float) -> None:
    """The rollout is the steps in a loop: from the same generator it ends the hand as stepping
    does, and it leaves its state alone."""
    for seed in range(6):
        state = _position(game, seed, fraction)
        before = state
        rolled = game.rollout(state, random.Random(seed))
        end = _stepped(game, state, random.Random(seed))
        assert rolled.team_points == end.last_points
        assert state == before


def test_a_match_passes_the_deal_left_until_a_side_wins() -> None:
    """The dealer moves one seat left a hand; the match's outcome is the final score."""
    game = PlainGame(target=9)
    final, steps = play_random(game, 5, start="match")
    dealers: list[int] = []
    state = game.new_match()
    for seat, action in steps:
        if state.phase == "deal" and state.dealer is not None:
            dealers.append(state.dealer)
        state = game.apply(state, action, seat=seat)
    assert len(dealers) >= 3
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    outcome = game.outcome(final)
    assert outcome is not None and final.score.is_over and final.score.hands == len(dealers)
    assert outcome.team_points == final.score.scores and outcome.winners
    assert game.rollout(final, random.Random(1)).team_points == final.last_points


def test_a_widened_view_type_still_gets_views() -> None:
    """A subclass that lets the API edge accept other views still builds the game's own."""

    class Wide(PlainGame):
        view_type = object  # type: ignore[assignment]

    state = _in_play(Wide())
    assert type(Wide().view(state, 0)) is PlainView


def test_errors_are_cardrules_errors() -> None:
    bad: Sequence[tuple[Any, ...]] = [(PLAIN.view, None, 0), (PLAIN.view, PLAIN.new_match(), 9)]
    for method, *args in bad:
        with pytest.raises(CardrulesError):
            method(*args)
