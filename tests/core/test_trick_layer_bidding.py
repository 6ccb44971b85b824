"""The trick-game layer's bidding hooks (issue 28, item 1): bidding phases with names of their
own, a bidding that goes on after the exchange, a burial of several cards in one action, and a
deal annulled when everyone passes — on a small Rook-shaped game written here.

``NestGame``'s rules (its own ids, N1-N7): 24 cards, four players in partnerships, five cards
each and four to the nest (N1); from the dealer's left each seat bids once, 6 to 8 above the
highest bid so far, or passes (N2); if all four pass the deal is annulled and the same dealer
deals again — or, as an option, the hand is thrown in: it counts, scores nothing, and the deal
passes left (N3); the high bidder takes the nest and buries four cards, in one action (N4), then
names trump (N5); follow suit (N6); a side scores the tricks it took, and a bidding side that
took fewer than three loses three instead (N7). The state and the view count the hands played
(scored or thrown in, not annulled): fields of the game's own, which the layer carries.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

from cardrules import (
    CHANCE,
    Card,
    IllegalActionError,
    MatchScore,
    Partnership,
    Suit,
    TrickPlay,
    get_deck,
)
from cardrules.errors import RulesError
from cardrules.rulebook import Rule, RuleBook, RuleId, register_rulebook
from cardrules.testing import check_game
from cardrules.trickgame import Bury, TrickGameBase, TrickRuleIds, TrickState, TrickView

DECK = get_deck("euchre24")
SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class NestRule(RuleId):
    N1 = "N1"
    N2 = "N2"
    N3 = "N3"
    N4 = "N4"
    N5 = "N5"
    N6 = "N6"
    N7 = "N7"


register_rulebook(
    RuleBook(
        game="nest-tricks-test",
        rules=tuple(
            Rule(rule, title, "A rule of the test game.")
            for rule, title in zip(
                NestRule,
                ("cards", "the bids", "all pass", "the nest", "trump", "follow", "score"),
                strict=True,
            )
        ),
    )
)


@attrs.frozen
class Bid:
    """N2: a bid of 6 to 8, or a pass (``amount`` 0)."""

    amount: int


PASS = Bid(0)


@attrs.frozen
class BuryNest:
    """N4: the four cards the high bidder buries, in deck order."""

    cards: tuple[Card, ...]


@attrs.frozen
class NameTrump:
    """N5: the trump suit."""

    suit: Suit


@attrs.frozen
class Contract:
    """The bids so far (``None`` for a pass), the dealer, and once the bidding is done the high
    bidder, whether it has buried, and the trump it named."""

    dealer: int
    bids: tuple[int | None, ...] = ()
    buried: bool = False
    trump: Suit | None = None

    @property
    def bidder(self) -> int:
        """The high bidder's seat, ``-1`` if nobody bid (N2)."""
        best, seat = 0, -1
        for k, amount in enumerate(self.bids):
            if amount is not None and amount > best:
                best, seat = amount, (self.dealer + 1 + k) % 4
        return seat


@attrs.frozen(weakref_slot=False)
class NestState(TrickState[Contract]):
    """A state of the nest game; ``hands_played`` counts the hands over (public)."""

    hands_played: int = 0


@attrs.frozen
class NestView(TrickView[Contract]):
    """A view of the nest game."""

    hands_played: int = 0


class NestGame(TrickGameBase[NestState, Any, NestView, Contract]):
    name = "nest-tricks-test"
    num_players = 4
    deck = DECK
    teams = Partnership.opposite(4)
    hand_scale = 8
    state_type = NestState
    view_type = NestView
    exchange_phase = "bury"
    rule_ids = TrickRuleIds(
        cards=NestRule.N1,
        deal=NestRule.N1,
        turn=NestRule.N2,
        follow=NestRule.N6,
        end=NestRule.N7,
        bidding=NestRule.N2,
        exchange=NestRule.N4,
    )

    def __init__(self, throw_in: bool = False) -> None:
        super().__init__(throw_in)
        self._throw_in = throw_in
        self._bids = (PASS, Bid(6), Bid(7), Bid(8))
        self._trumps = tuple(NameTrump(suit) for suit in SUITS)
        self._all_buries = tuple(
            BuryNest(tuple(DECK.cards[c] for c in combo))
            for combo in itertools.combinations(range(24), 4)
        )

    def all_actions(self) -> tuple[Any, ...]:
        return (*self._plays, *self._bids, *self._trumps, *self._all_buries)

    def format_action(self, action: Any) -> str:
        if isinstance(action, Bid):
            return f"bid {action.amount}" if action.amount else "pass"
        if isinstance(action, NameTrump):
            return f"trump {action.suit.symbol}"
        if isinstance(action, BuryNest):
            return "bury " + " ".join(str(card) for card in action.cards)
        return super().format_action(action)

    def deal_hands(self, order: tuple[int, ...], dealer: int) -> list[int]:
        # N1: five cards each; the last four are the nest.
        return [sum(1 << c for c in order[5 * k : 5 * k + 5]) for k in range(4)]

    def start_contract(self, order: tuple[int, ...], dealer: int) -> Contract:
        return Contract(dealer)

    def trump(self, contract: Contract) -> Suit | None:
        return contract.trump

    def bidding_phase(self, contract: Contract) -> str:
        return "trump" if contract.buried else "bidding"  # N5 after N4

    def bidding_to_move(self, contract: Contract) -> int | None:
        if len(contract.bids) < 4:
            return (contract.dealer + 1 + len(contract.bids)) % 4  # N2: each seat once
        if contract.buried and contract.trump is None:
            return contract.bidder  # N5
        return None

    def bidding_actions(self, contract: Contract) -> tuple[Any, ...]:
        if len(contract.bids) == 4:
            return self._trumps
        high = max((b for b in contract.bids if b is not None), default=0)
        return (PASS, *(bid for bid in self._bids[1:] if bid.amount > high))

    def bid(self, contract: Contract, seat: int, action: object) -> Contract:
        # Fields of the right type first: True equals 1, and a bool is no suit nor amount.
        well_made = (type(action) is Bid and type(action.amount) is int) or (
            type(action) is NameTrump and type(action.suit) is Suit
        )
        if not well_made or action not in self.bidding_actions(contract):
            rule = NestRule.N5 if len(contract.bids) == 4 else NestRule.N2
            raise IllegalActionError(rule, "not a bid open now", action=action)
        if isinstance(action, NameTrump):
            return attrs.evolve(contract, trump=action.suit)
        assert isinstance(action, Bid)
        amount = action.amount or None
        return attrs.evolve(contract, bids=(*contract.bids, amount))

    def annulled(self, contract: Contract) -> bool:
        return contract.bidder < 0 and not self._throw_in  # N3: all four passed

    def thrown_in(self, contract: Contract) -> bool:
        return contract.bidder < 0 and self._throw_in  # N3, the option

    def redeal_dealer(self, contract: Contract, dealer: int) -> int:
        return dealer  # N3: the same dealer deals again

    def exchanger(self, contract: Contract) -> int | None:
        return contract.bidder if contract.bidder >= 0 else None  # N4

    def burials(self, contract: Contract, hand: int) -> tuple[BuryNest, ...]:
        cards = [c for c in range(24) if hand >> c & 1]
        return tuple(
            BuryNest(tuple(DECK.cards[c] for c in combo))
            for combo in itertools.combinations(cards, 4)
        )

    def buried_by(self, action: object) -> int | None:
        if type(action) is not BuryNest or type(action.cards) is not tuple:
            return None
        if not all(type(card) is Card and card in DECK for card in action.cards):
            return None
        return sum(1 << DECK.index(card) for card in set(action.cards))

    def exchanged(self, contract: Contract, buried: int) -> Contract:
        return attrs.evolve(contract, buried=True)  # N5 comes next

    def start_play(self, state: NestState) -> NestState:
        return state  # the dealer's left leads

    def hand_ended(self, state: NestState, ended: NestState) -> NestState:
        return attrs.evolve(ended, hands_played=state.hands_played + 1)

    def extend_view(self, state: NestState, seat: int, view: NestView) -> NestView:
        return attrs.evolve(view, hands_played=state.hands_played)

    def extend_sample(self, view: NestView, state: NestState) -> NestState:
        return attrs.evolve(state, hands_played=view.hands_played)

    def match_score(self) -> MatchScore:
        return MatchScore.start(teams=2, target=10)

    def score_hand(self, contract: Contract, play: TrickPlay, score: MatchScore) -> tuple[int, ...]:
        if contract.bidder < 0:
            return (0, 0)  # N3: thrown in, no score
        tricks = [play.taken[t] + play.taken[t + 2] for t in (0, 1)]  # N7
        side = contract.bidder % 2
        if tricks[side] < 3:
            tricks[side] = -3
        return tuple(tricks)


def _dealt(game: NestGame, seed: int, dealer: int = 0) -> NestState:
    state = game.new_hand(dealer=dealer)
    return game.apply(state, game.sample_chance(state, random.Random(seed)))


def _bid_to_bury(game: NestGame, seed: int = 1) -> NestState:
    state = _dealt(game, seed)
    for amount in (6, 0, 8, 0):
        state = game.apply(state, Bid(amount))
    return state


@pytest.mark.parametrize("throw_in", [False, True])
def test_the_nest_game_passes_check_game(throw_in: bool) -> None:
    """Cards conserved (the nest a zone), views hiding the nest and the burial, sampling,
    records and every bad-input promise, with named phases and a burial of four cards."""
    check_game(NestGame(throw_in), examples=10)


def test_N2_the_bidding_phase_keeps_its_name_and_each_seat_bids_once() -> None:
    game = NestGame()
    state = _dealt(game, 1)
    assert state.phase == "bidding" and game.to_move(state) == 1
    seats = []
    for amount in (6, 0, 8):
        seats.append(game.to_move(state))
        state = game.apply(state, Bid(amount))
    assert seats == [1, 2, 3]
    assert [game.format_action(a) for a in game.legal_actions(state)] == ["pass"]
    with pytest.raises(IllegalActionError, match="rule N2"):
        game.apply(state, Bid(7))


def test_N4_the_high_bidder_takes_the_nest_and_buries_four_cards_in_one_action() -> None:
    game = NestGame()
    state = _bid_to_bury(game)
    assert state.phase == "bury" and game.to_move(state) == 3  # the 8 bidder
    hand = state.play.hands[3]
    assert hand.bit_count() == 9 and state.kitty == 0
    burials = game.legal_actions(state)
    assert len(burials) == 126 and all(isinstance(a, BuryNest) for a in burials)
    choice = burials[5]
    after = game.apply(state, choice)
    buried = sum(1 << DECK.index(c) for c in choice.cards)
    assert after.buried == buried == after.kitty and after.play.hands[3] == hand & ~buried
    assert game.view(after, 3).buried == choice.cards
    assert game.view(after, 0).buried == () and game.view(after, 0).buried_size == 4


def test_N4_a_burial_of_cards_not_held_or_not_a_burial_is_refused_untouched() -> None:
    game = NestGame()
    state = _bid_to_bury(game)
    hand = state.play.hands[3]
    other = [DECK.cards[c] for c in range(24) if not hand >> c & 1][:4]
    with pytest.raises(IllegalActionError, match=r"rule N4 .*may not bury") as info:
        game.apply(state, BuryNest(tuple(other)))
    assert info.value.legal == game.legal_actions(state)
    with pytest.raises(IllegalActionError, match="rule N4"):
        game.apply(state, Bury(DECK.cards[0]))  # the layer's one-card burial is not this game's
    with pytest.raises(IllegalActionError, match="rule N4"):
        game.apply(state, Bid(6))
    assert game.legal_actions(state) == game.legal_actions(_bid_to_bury(game))


def test_N5_the_bidding_goes_on_after_the_exchange_in_a_phase_of_its_own() -> None:
    game = NestGame()
    state = game.apply(_bid_to_bury(game), game.legal_actions(_bid_to_bury(game))[0])
    assert state.phase == "trump" and game.to_move(state) == 3
    assert [game.format_action(a) for a in game.legal_actions(state)] == [
        "trump ♣",
        "trump ♦",
        "trump ♥",
        "trump ♠",
    ]
    state = game.apply(state, NameTrump(Suit.HEARTS))
    assert state.phase == "play" and game.to_move(state) == 1  # the dealer's left leads
    assert state.contract is not None and game.trump(state.contract) is Suit.HEARTS
    assert state.buried.bit_count() == 4
    assert game.view(state, 2).phase == "play"


def test_N3_all_pass_annuls_the_deal_and_the_same_dealer_deals_again() -> None:
    game = NestGame()
    state = _dealt(game, 4, dealer=2)
    for _ in range(4):
        state = game.apply(state, PASS)
    assert state.phase == "deal" and game.to_move(state) == CHANCE
    assert state.dealer == 2 and state.contract is None and not any(state.play.hands)
    assert state.score == game.new_hand(dealer=2).score  # nothing scored
    assert game.outcome(state) is None
    again = game.apply(state, game.sample_chance(state, random.Random(5)))
    assert again.phase == "bidding" and game.to_move(again) == 3


def test_N3_a_rollout_deals_an_annulled_hand_again() -> None:
    game = NestGame()
    state = _dealt(game, 4, dealer=2)
    for _ in range(4):
        state = game.apply(state, PASS)
    outcome = game.rollout(state, random.Random(3))
    assert outcome is not None and len(outcome.returns) == 4


def test_N7_a_played_hand_scores_the_tricks() -> None:
    game = NestGame()
    state = game.apply(_bid_to_bury(game), game.legal_actions(_bid_to_bury(game))[0])
    state = game.apply(state, NameTrump(Suit.SPADES))
    rng = random.Random(2)
    while state.phase == "play":
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    assert state.phase == "over"
    taken = [state.play.taken[t] + state.play.taken[t + 2] for t in (0, 1)]
    expected = [taken[0], taken[1] if taken[1] >= 3 else -3]  # seat 3 (side 1) bid 8
    assert list(state.last_points) == expected


def test_N3_with_the_option_all_pass_throws_the_hand_in_and_the_deal_passes_left() -> None:
    game = NestGame(throw_in=True)
    state = _dealt(game, 4, dealer=2)
    dealt = state.play.hands
    for _ in range(4):
        state = game.apply(state, PASS)
    assert state.phase == "over" and state.last_points == (0, 0)  # a single hand: it ended
    assert state.play.hands == dealt  # unplayed
    outcome = game.outcome(state)
    assert outcome is not None and outcome.returns == (0.0, 0.0, 0.0, 0.0)


def test_N3_a_thrown_in_hand_of_a_match_counts_and_the_next_seat_deals() -> None:
    game = NestGame(throw_in=True)
    state = game.new_match()
    state = game.apply(state, game.sample_chance(state, random.Random(1)))  # the first dealer
    dealer = state.dealer
    assert dealer is not None
    state = game.apply(state, game.sample_chance(state, random.Random(2)))
    for _ in range(4):
        state = game.apply(state, PASS)
    assert state.phase == "deal" and state.dealer == (dealer + 1) % 4
    assert state.score.hands == 1 and state.score.scores == (0, 0)
    assert game.rollout(state, random.Random(1)).returns == (0.0, 0.0, 0.0, 0.0)  # that hand


def test_the_games_own_state_field_is_carried_counted_shown_and_sampled() -> None:
    """The layer carries a field the game's state adds through the bidding, the burial and the
    card play; the game counts a hand in it when the hand ends (not an annulled deal), shows it in
    the view, and a sampled state keeps it."""
    game = NestGame()
    state = game.new_match()
    rng = random.Random(8)
    hands_seen: list[int] = []
    while game.to_move(state) is not None and len(hands_seen) < 3:
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        before = state.hands_played
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
        if state.phase == "deal" and state.play.tricks:
            hands_seen.append(state.hands_played)
            assert state.hands_played == before + 1
        else:
            assert state.hands_played in (before, before + 1)
        seat = game.to_move(state)
        if seat is not None and seat != CHANCE:
            view = game.view(state, seat)
            assert view.hands_played == state.hands_played
            assert game.sample_state(view, rng).hands_played == state.hands_played
    assert hands_seen == [1, 2, 3]


def test_a_field_of_the_games_state_needs_a_default() -> None:
    @attrs.frozen(weakref_slot=False)
    class Bare(TrickState[Contract]):
        count: int = attrs.field(kw_only=True)  # (attrs itself refuses it without kw_only)

    class BareGame(NestGame):
        state_type = Bare  # type: ignore[assignment]

    with pytest.raises(RulesError, match="count needs a default"):
        BareGame()
