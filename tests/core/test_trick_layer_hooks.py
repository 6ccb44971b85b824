"""The trick-game layer's hooks for real trick games (issue 28, item 1): seats that sit a hand
out, a kitty taken and buried, claims made out of turn, and the play variants (strict play and
revoke mode), on a small Euchre-shaped game written here.

``LoneGame``'s rules (its own ids, L1-L8): 24 cards, four players in partnerships, five cards
each and four to the kitty (L1); the dealer's left calls, *together* or *alone* (L2); the dealer
takes the whole kitty and buries four cards (L3); a lone caller's partner sits the hand out (L4);
follow suit (L5), the first kitty card's suit is trump (L6); in revoke mode a card that does not
follow is a revoke, which an opponent of the offender may claim at any time, ending the hand
with 2 points to the claimer's side (L7); a side scores its tricks over two, and the side that
took the last trick scores the kitty's aces (L8).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardrules import (
    CHANCE,
    Card,
    Deal,
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
from cardrules.trickgame import (
    REVOKE_MODE,
    STRICT_PLAY,
    Bury,
    Play,
    RevokeMode,
    TrickGameBase,
    TrickRuleIds,
    TrickState,
    TrickView,
)

DECK = get_deck("euchre24")


class LoneRule(RuleId):
    L1 = "L1"
    L2 = "L2"
    L3 = "L3"
    L4 = "L4"
    L5 = "L5"
    L6 = "L6"
    L7 = "L7"
    L8 = "L8"


register_rulebook(
    RuleBook(
        game="lone-tricks-test",
        rules=tuple(
            Rule(rule, title, "A rule of the test game.")
            for rule, title in zip(
                LoneRule,
                ("cards", "the call", "the kitty", "alone", "follow", "trump", "revokes", "score"),
                strict=True,
            )
        ),
    )
)


@attrs.frozen
class Call:
    """L2: the dealer's left calls, alone or not."""

    alone: bool


@attrs.frozen
class Claim:
    """L7: claim a revoke of the other side."""


CLAIM = Claim()


@attrs.frozen
class Contract:
    """Trump, the caller (``-1`` before the call), alone or not, and the revokes made."""

    trump: Suit
    dealer: int
    caller: int = -1
    alone: bool = False
    revokes: tuple[tuple[int, int], ...] = ()
    claimed_by: int = -1


@attrs.frozen(weakref_slot=False)
class LoneState(TrickState[Contract]):
    """A state of the lone game."""


@attrs.frozen
class LoneView(TrickView[Contract]):
    """A view of the lone game."""


class LoneGame(TrickGameBase[LoneState, Any, LoneView, Contract]):
    name = "lone-tricks-test"
    num_players = 4
    deck = DECK
    teams = Partnership.opposite(4)
    hand_scale = 6
    state_type = LoneState
    view_type = LoneView
    rule_ids = TrickRuleIds(
        cards=LoneRule.L1,
        deal=LoneRule.L1,
        turn=LoneRule.L2,
        follow=LoneRule.L5,
        end=LoneRule.L8,
        bidding=LoneRule.L2,
        exchange=LoneRule.L3,
    )

    def __init__(self, revokes: bool = False) -> None:
        super().__init__(revokes)
        self.play_variant = REVOKE_MODE if revokes else STRICT_PLAY
        self._calls = (Call(False), Call(True))

    def all_actions(self) -> tuple[Any, ...]:
        return (*super().all_actions(), *self._calls, CLAIM)

    def format_action(self, action: Any) -> str:
        if isinstance(action, Call):
            return "alone" if action.alone else "together"
        if isinstance(action, Claim):
            return "claim"
        return super().format_action(action)

    def deal_hands(self, order: tuple[int, ...], dealer: int) -> list[int]:
        # L1: five cards each from the dealer's left; the last four are the kitty.
        return [sum(1 << c for c in order[5 * k : 5 * k + 5]) for k in range(4)]

    def start_contract(self, order: tuple[int, ...], dealer: int) -> Contract:
        suit = DECK.cards[order[20]].suit  # L6
        assert suit is not None
        return Contract(suit, dealer)

    def trump(self, contract: Contract) -> Suit:
        return contract.trump

    def bidding_to_move(self, contract: Contract) -> int | None:
        return (contract.dealer + 1) % 4 if contract.caller < 0 else None

    def bidding_actions(self, contract: Contract) -> tuple[Call, ...]:
        return self._calls

    def bid(self, contract: Contract, seat: int, action: object) -> Contract:
        if action not in self._calls:
            raise IllegalActionError(LoneRule.L2, "call together or alone", action=action)
        assert isinstance(action, Call)
        return attrs.evolve(contract, caller=seat, alone=action.alone)

    def exchanger(self, contract: Contract) -> int:
        return contract.dealer  # L3

    def sitting_out(self, contract: Contract) -> int:
        return 1 << (contract.caller + 2) % 4 if contract.alone else 0  # L4

    def record_revoke(self, contract: Contract, seat: int, card: int, play: TrickPlay) -> Contract:
        return attrs.evolve(contract, revokes=(*contract.revokes, (seat, card)))  # L7

    def claims(self, state: LoneState, seat: int) -> tuple[Claim, ...]:
        contract = state.contract
        if state.phase != "play" or contract is None:
            return ()
        return (CLAIM,) if any((offender ^ seat) & 1 for offender, _ in contract.revokes) else ()

    def claim(self, state: LoneState, seat: int, action: Any) -> LoneState:
        # L7: the hand ends at once; the claimer's side scores 2.
        assert state.contract is not None
        contract = attrs.evolve(state.contract, claimed_by=seat)
        return self._end_hand(attrs.evolve(state, contract=contract), state.play)

    def revoked_plays(self, view: LoneView) -> tuple[int, ...]:
        # L7: revokes are public here (the contract, in every view, lists them).
        return tuple(card for _, card in view.contract.revokes) if view.contract else ()

    def match_score(self) -> MatchScore:
        return MatchScore.start(teams=2, target=5)

    def score_play(self, state: LoneState, play: TrickPlay) -> tuple[int, ...]:
        contract = state.contract
        assert contract is not None
        if contract.claimed_by >= 0:
            return (2, 0) if contract.claimed_by % 2 == 0 else (0, 2)
        points = [max(0, play.taken[t] + play.taken[t + 2] - 2) for t in (0, 1)]
        if play.tricks:  # L8: the kitty's aces to the last trick's winner
            winner = play.leader
            points[winner % 2] += sum(
                DECK.cards[c].rank == 14 for c in range(24) if state.kitty >> c & 1
            )
        return tuple(points)

    def score_hand(self, contract: Contract, play: TrickPlay, score: MatchScore) -> tuple[int, ...]:
        raise AssertionError("score_play replaces it in this game")


def _dealt(game: LoneGame, seed: int = 3, dealer: int = 0) -> LoneState:
    state = game.new_hand(dealer=dealer)
    return game.apply(state, game.sample_chance(state, random.Random(seed)))


def _to_play(game: LoneGame, alone: bool, seed: int = 3) -> LoneState:
    state = game.apply(_dealt(game, seed), Call(alone))
    while state.phase == "exchange":
        state = game.apply(state, game.legal_actions(state)[0])
    return state


@pytest.mark.parametrize("revokes", [False, True])
def test_the_lone_game_passes_check_game(revokes: bool) -> None:
    """Cards conserved (the kitty a zone), views hiding the kitty and the burial, sampling,
    records and every bad-input promise, in strict play and in revoke mode."""
    check_game(LoneGame(revokes), examples=12)


def test_L3_the_dealer_takes_the_kitty_and_buries_as_many() -> None:
    game = LoneGame()
    state = game.apply(_dealt(game), Call(False))
    assert state.phase == "exchange" and game.to_move(state) == 0
    assert state.play.hands[0].bit_count() == 9 and state.kitty == 0
    assert all(isinstance(a, Bury) for a in game.legal_actions(state))
    first = game.legal_actions(state)[0]
    state = game.apply(state, first)
    assert game.view(state, 0).buried == (first.card,)
    assert game.view(state, 1).buried == () and game.view(state, 1).buried_size == 1
    for _ in range(3):
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.phase == "play" and state.kitty.bit_count() == 4 == state.buried.bit_count()
    assert game.view(state, 2).kitty_size == 4


def test_L3_a_card_not_held_may_not_be_buried() -> None:
    game = LoneGame()
    state = game.apply(_dealt(game), Call(False))
    other = next(c for c in DECK.cards if not state.play.hands[0] >> DECK.index(c) & 1)
    with pytest.raises(IllegalActionError, match=r"rule L3 .*may not bury") as info:
        game.apply(state, Bury(other))
    assert info.value.legal == game.legal_actions(state)
    with pytest.raises(IllegalActionError, match="rule L3"):
        game.apply(state, Play(other))


def test_L3_a_seat_sampling_keeps_its_own_burial_in_the_kitty() -> None:
    game = LoneGame()
    state = _to_play(game, alone=False)
    view = game.view(state, 0)
    for seed in range(20):
        sampled = game.sample_state(view, random.Random(seed))
        assert game.view(sampled, 0) == view
        assert sampled.buried == state.buried and sampled.kitty & state.buried == state.buried
    other = game.view(state, 1)
    for seed in range(20):
        sampled = game.sample_state(other, random.Random(seed))
        assert game.view(sampled, 1) == other
        assert sampled.buried & ~sampled.kitty == 0 and sampled.buried.bit_count() == 4


def test_L4_a_lone_callers_partner_sits_out() -> None:
    game = LoneGame()
    state = _to_play(game, alone=True)
    caller = 1
    partner = (caller + 2) % 4
    assert state.play.out == 1 << partner and game.view(state, 0).out == 1 << partner
    kept = state.play.hands[partner]
    seats = []
    for _ in range(3):
        seats.append(game.to_move(state))
        state = game.apply(state, game.legal_actions(state)[0])
    assert partner not in seats and len(set(seats)) == 3
    assert len(state.play.tricks) == 1 and len(state.play.tricks[0][1]) == 3
    assert state.play.hands[partner] == kept
    with pytest.raises(IllegalActionError, match="turn"):
        game.apply(state, Play(DECK.cards[next(iter(_bits(kept)))]), seat=partner)


def test_L4_the_lone_hand_ends_with_the_partners_cards_unplayed() -> None:
    game = LoneGame()
    state = _to_play(game, alone=True)
    rng = random.Random(5)
    while state.phase == "play":
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    assert state.phase == "over" and state.play.hands[3].bit_count() == 5
    assert sum(state.play.taken) == 5


def _bits(mask: int) -> list[int]:
    return [c for c in range(24) if mask >> c & 1]


def _revoke_position(game: LoneGame) -> tuple[LoneState, int]:
    """A play state where the seat to move holds the led suit and another card: a revoke open."""
    for seed in range(200):
        state = _to_play(game, alone=False, seed=seed)
        lead = game.legal_actions(state)[0]
        state = game.apply(state, lead)
        seat = game.to_move(state)
        assert seat is not None
        order, _ = game.card_rules(state.contract)
        led = order.follow_masks()[state.play.trick[0]]
        hand = state.play.hands[seat]
        if hand & led and hand & ~led:
            return state, next(c for c in _bits(hand) if not led >> c & 1)
    raise AssertionError("no revoke position found")


def test_L5_strict_play_refuses_a_card_that_does_not_follow() -> None:
    game = LoneGame()
    state, card = _revoke_position(game)
    assert Play(DECK.cards[card]) not in game.legal_actions(state)
    with pytest.raises(IllegalActionError, match=r"rule L5 .*must follow") as info:
        game.apply(state, Play(DECK.cards[card]))
    assert info.value.legal == game.legal_actions(state)


def test_L7_revoke_mode_records_the_revoke_and_the_other_side_may_claim_it() -> None:
    game = LoneGame(revokes=True)
    state, card = _revoke_position(game)
    offender = game.to_move(state)
    assert offender is not None
    assert Play(DECK.cards[card]) in game.legal_actions(state)  # any held card, in revoke mode
    after = game.apply(state, Play(DECK.cards[card]))
    assert after.contract is not None and after.contract.revokes == ((offender, card),)
    opponent, partner = (offender + 1) % 4, (offender + 2) % 4
    mover = game.to_move(after)
    assert CLAIM not in game.out_of_turn_actions(after, partner)
    if opponent != mover:
        assert game.out_of_turn_actions(after, opponent) == (CLAIM,)
    else:
        assert CLAIM in game.legal_actions(after)
    claimed = game.apply(after, CLAIM, seat=opponent)
    assert claimed.phase == "over"
    assert claimed.last_points == ((2, 0) if opponent % 2 == 0 else (0, 2))
    with pytest.raises(IllegalActionError, match="turn") as info:
        game.apply(after, CLAIM, seat=partner)  # the offender's partner has nothing to claim
    assert info.value.legal == ()


def test_L7_rollouts_in_revoke_mode_step_as_the_game_does() -> None:
    game = LoneGame(revokes=True)
    state = _to_play(game, alone=False)
    for seed in range(10):
        rolled = game.rollout(state, random.Random(seed))
        rng, stepped = random.Random(seed), state
        while stepped.phase == "play":
            legal = game.legal_actions(stepped)
            stepped = game.apply(stepped, legal[rng.randrange(len(legal))])
        assert rolled.team_points == stepped.last_points


class OneRevokeEach(RevokeMode):
    """A house variant of L7 (a play variant of one's own that reads the state): a seat that has
    revoked once must follow suit from then on."""

    name = "one revoke each"

    def playable_at(self, game: Any, state: Any, seat: int, allowed: int) -> int:
        revoked = any(s == seat for s, _ in state.contract.revokes)
        return allowed if revoked else state.play.hands[seat]

    def off_suit(self, game: Any, state: Any, seat: int, card: int) -> Any:
        if any(s == seat for s, _ in state.contract.revokes):
            raise game.follow_error(state, seat, card)
        return super().off_suit(game, state, seat, card)


def test_L7_a_play_variant_reads_the_state_a_seat_that_revoked_must_follow() -> None:
    game = LoneGame(revokes=True)
    game.play_variant = OneRevokeEach()
    for seed in range(200):
        state = _to_play(game, alone=False, seed=seed)
        rng = random.Random(seed)
        revoker = -1
        while state.phase == "play":
            seat = game.to_move(state)
            assert seat is not None
            _, rule = game.card_rules(state.contract)
            hand = state.play.hands[seat]
            allowed = rule(hand, state.play.led)
            plays = [a for a in game.legal_actions(state) if isinstance(a, Play)]
            offered = sum(1 << DECK.index(a.card) for a in plays)
            if seat == revoker:
                assert offered == allowed  # L7's house variant: this seat must follow now
                off = hand & ~allowed
                if off:
                    card = DECK.cards[next(c for c in range(24) if off >> c & 1)]
                    with pytest.raises(IllegalActionError, match=r"rule L5 .*must follow"):
                        game.apply(state, Play(card))
                    return
            else:
                assert offered == hand  # revoke mode: any held card
                off = hand & ~allowed
                if off and revoker < 0:
                    revoker = seat
                    state = game.apply(
                        state, Play(DECK.cards[next(c for c in range(24) if off >> c & 1)])
                    )
                    continue
            state = game.apply(state, plays[rng.randrange(len(plays))])
    raise AssertionError("no deal where the revoker had to follow again")


def test_L8_the_kitty_scores_for_the_last_trick() -> None:
    game = LoneGame()
    for seed in range(30):
        state = _to_play(game, alone=False, seed=seed)
        if not any(DECK.cards[c].rank == 14 for c in _bits(state.kitty)):
            continue
        rng = random.Random(seed)
        while state.phase == "play":
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
        aces = sum(DECK.cards[c].rank == 14 for c in _bits(state.kitty))
        tricks = [state.play.taken[t] + state.play.taken[t + 2] for t in (0, 1)]
        expected = [max(0, t - 2) for t in tricks]
        expected[state.play.leader % 2] += aces
        assert state.last_points == tuple(expected)
        return
    raise AssertionError("no deal with an ace in the kitty")


def test_a_kitty_taken_from_outside_the_kitty_is_a_setup_error() -> None:
    class Broken(LoneGame):
        def kitty_taken(self, contract: Contract, kitty: int) -> int:
            return DECK.full_mask

    game = Broken()
    with pytest.raises(RulesError, match="not in the kitty"):
        game.apply(_dealt(game), Call(False))


def test_the_deal_leaves_the_kitty_in_its_own_zone() -> None:
    game = LoneGame()
    state = _dealt(game)
    zones = game.card_zones(state)
    assert len(zones["kitty"]) == 4 and all(isinstance(c, Card) for c in zones["kitty"])
    assert game.to_move(game.new_hand(dealer=0)) == CHANCE
    assert isinstance(game.sample_chance(game.new_hand(dealer=0), random.Random(1)), Deal)


@pytest.mark.parametrize("alone", [False, True])
def test_L4_strict_rollouts_with_a_seat_out_step_as_the_game_does(alone: bool) -> None:
    """The layer's fused rollout (strict play) ends a hand as stepping does from the same
    generator, a lone caller's partner skipped (L4), and scores the kitty (L8) the same."""
    game = LoneGame()
    for seed in range(12):
        state = _to_play(game, alone=alone, seed=seed)
        rolled = game.rollout(state, random.Random(seed))
        rng, stepped = random.Random(seed), state
        while stepped.phase == "play":
            legal = game.legal_actions(stepped)
            stepped = game.apply(stepped, legal[rng.randrange(len(legal))])
        assert rolled.team_points == stepped.last_points
