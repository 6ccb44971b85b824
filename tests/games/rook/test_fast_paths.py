"""The engine's hot paths give exactly what the plain code gives: the fast state constructor, the
lazy bury tuple, the play tables, the trick-winner keys, the inlined shuffle, the auction cache,
and illegal input still refused with its rule id (DESIGN §3; issues 4 and 11)."""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import attrs
import pytest

from cardrules import CHANCE, Card, Deal, IllegalActionError, iter_bits
from cardrules.games.rook import Bid, Bury, NameTrump, Pass, Play, RookGame, RookState, make_game
from cardrules.games.rook.choices import BuryChoices
from cardrules.games.rook.engine import hand_outcome
from cardrules.games.rook.fast import plays_of
from cardrules.games.rook.state import build_state

from ._helpers import LAYOUT, LAYOUT_NEST, dealt, in_play, run


def _deal(order: object) -> Deal:
    """A Deal carrying ``order`` however bad: set after construction, since ``Deal`` refuses a
    badly typed order when built (#28) and only a tampered action can reach the engine."""
    deal = Deal(())
    object.__setattr__(deal, "order", order)
    return deal


def random_states(game: RookGame, seed: int, hands: int = 3) -> list[RookState]:
    """Every state of a few random single hands (legal_actions + a uniform choice)."""
    rng = random.Random(seed)
    states = []
    for k in range(hands):
        state = game.new_hand(dealer=k % 4)
        while (seat := game.to_move(state)) is not None:
            states.append(state)
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def test_state_fast_constructor() -> None:
    """build_state (and the engine's steps) make ordinary frozen RookStates: equal and equally
    hashed to the constructor's, immutable, evolvable, picklable."""
    game = make_game()
    for state in random_states(game, 1):
        fields = attrs.astuple(state, recurse=False)
        assert type(state) is RookState
        same = RookState(*fields)
        assert state == same and hash(state) == hash(same) and repr(state) == repr(same)
        assert build_state(*fields) == state
        assert pickle.loads(pickle.dumps(state)) == state
        assert attrs.evolve(state, nest=state.nest) == state
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.nest = 1  # type: ignore[misc]


def test_bury_choices_is_the_plain_tuple() -> None:
    """legal_actions at the bury lists the C(14, 5) buries in the order the engine always listed
    them (itertools.combinations over the deck order); the lazy tuple behaves as that tuple."""
    for game in (make_game(), make_game(nest_discard_counters=False), make_game(full_deck=True)):
        rng = random.Random(4)
        for _ in range(4):
            state = game.new_hand(dealer=0)
            while state.phase != "bury":
                if state.phase in ("deal", "over"):
                    state = game.new_hand(dealer=0)
                    state = game.apply(state, game.sample_chance(state, rng))
                else:
                    state = game.apply(state, game.random_action(state, rng))
            hand = state.hands[state.to_move]  # type: ignore[index]
            forced, pool = game.bury_pool(hand)
            cards = game.deck.cards
            fixed = [cards[i] for i in iter_bits(forced)]
            ref = tuple(
                Bury((*fixed, *(cards[i] for i in combo)))
                for combo in itertools.combinations(iter_bits(pool), 5 - len(fixed))
            )
            legal = game.legal_actions(state)
            fresh = BuryChoices(cards, forced, pool)
            assert isinstance(legal, tuple) and len(legal) == len(ref) and bool(legal)
            for k in [0, 1, len(ref) - 1, -1, -len(ref), *rng.sample(range(len(ref)), 30)]:
                assert fresh[k] == ref[k] and fresh.index(ref[k]) == k % len(ref)
                assert ref[k] in fresh and fresh.count(ref[k]) == 1
            with pytest.raises(IndexError):
                fresh[len(ref)]
            assert fresh[5:40:3] == ref[5:40:3]
            assert legal == ref and ref == legal and fresh == legal
            assert not legal != ref  # noqa: SIM202 (tuple's __ne__ is overridden too)
            assert hash(legal) == hash(ref) and repr(legal) == repr(ref)
            assert list(legal) == list(ref) and tuple(legal) == ref and [*legal] == list(ref)
            assert set(legal) == set(ref) and list(reversed(legal)) == list(reversed(ref))
            one: tuple[object, ...] = (1,)
            assert legal + one == ref + one and one + legal == one + ref
            longer = (*ref, 1)
            assert legal * 2 == ref * 2 and (legal < longer) == (ref < longer)
            assert pickle.loads(pickle.dumps(legal)) == ref and copy.deepcopy(legal) == ref
            outside = Bury(tuple(cards[i] for i in range(len(cards)) if not hand >> i & 1)[:5])
            assert outside not in legal and Pass() not in legal and legal.count(outside) == 0
            with pytest.raises(ValueError):
                legal.index(outside)
            assert ref[:3] != legal and legal != ref[:-1] and legal != list(ref)  # type: ignore[comparison-overlap]


def test_play_tables_list_the_held_cards_in_deck_order() -> None:
    """The block tables give the interned plays of any mask, in deck order (both decks)."""
    rng = random.Random(2)
    for game in (make_game(), make_game(full_deck=True)):
        n = len(game.deck)
        for _ in range(500):
            mask = sum(1 << i for i in rng.sample(range(n), rng.randrange(n + 1)))
            plays = plays_of(game, mask)
            assert plays == tuple(Play(game.deck.cards[i]) for i in iter_bits(mask))
            assert all(p is game.plays[i] for p, i in zip(plays, iter_bits(mask), strict=True))


@pytest.mark.parametrize("bird_rank", ["high", "low", "ten_and_half"])
@pytest.mark.parametrize("full_deck", [False, True])
def test_win_keys_agree_with_the_core(bird_rank: str, full_deck: bool) -> None:
    """R19: the winner by the precomputed keys is SuitOrder.winning_position, every trump."""
    game = make_game(bird_rank=bird_rank, full_deck=full_deck)
    rng = random.Random(3)
    for trump, order in game.orders.items():
        keys = game.winner_keys[trump]
        for _ in range(400):
            trick = rng.sample(range(len(game.deck)), 4)
            won = [keys[trick[0]][c] for c in trick]
            assert won.index(max(won)) == order.winning_position(trick)


def test_sample_chance_deals_as_the_core_shuffle() -> None:
    """The inlined shuffle draws exactly what DeckSpec.shuffle draws: same rng, same deal."""

    class Other(random.Random):
        """A Random subclass: the engine leaves it to the core shuffle."""

    for full_deck in (False, True):
        game = make_game(full_deck=full_deck)
        state = game.new_hand(dealer=2)
        for seed in range(50):
            for kind in (random.Random, Other):
                a, b = kind(seed), kind(seed)
                assert game.sample_chance(state, a) == game.shuffle(b)
                assert a.random() == b.random()  # and the generators are left in the same state


def test_deal_checks_are_kept() -> None:
    """A deal that is not a permutation of the card indices is refused; the state is untouched."""
    game = make_game()
    state = game.new_hand(dealer=0)
    good = game.shuffle(random.Random(1)).order
    for order in (
        good[:-1],
        (*good[:-1], good[0]),
        (*good[:-1], -1),
        (*good[:-1], 41),
    ):
        with pytest.raises(IllegalActionError):
            game.apply(state, _deal(order))
    # The order is a tuple of ints (the API edge, issue #15): a list, or True for 1, is refused.
    one = good.index(1)
    bad: tuple[object, ...] = (list(good), (*good[:one], True, *good[one + 1 :]))
    for wrong in bad:
        with pytest.raises(IllegalActionError, match=r"rule R6 \(the deal\)"):
            game.apply(state, _deal(wrong))
    assert state == game.new_hand(dealer=0)


def test_equal_but_not_interned_actions_step_alike() -> None:
    """Fresh action objects equal to the interned ones give the same states (all phases)."""
    game = make_game()
    for state in random_states(game, 5, hands=2):
        if game.to_move(state) in (None, CHANCE):
            continue
        for action in list(game.legal_actions(state))[:4]:
            fresh = copy.copy(action)
            assert fresh == action
            assert game.apply(state, fresh) == game.apply(state, action)


def test_auction_cache_gives_the_core_auction() -> None:
    """Cached auction steps are the core's AscendingAuction values, whatever the path."""
    game = make_game()
    start = dealt(game, 3, LAYOUT, LAYOUT_NEST)
    for _ in range(2):  # the second time round, every step comes from the cache
        state = run(game, start, "bid 70", "bid 75", "pass", "bid 90", "pass", "pass")
        assert state.auction is not None
        reference = game.auctions[0].bid(0, 70).bid(1, 75).pass_(2).bid(3, 90).pass_(0)
        assert state.auction == reference.pass_(1)
        assert state.phase == "bury" and (state.bidder, state.bid) == (3, 90)


def test_illegal_actions_refused_with_rule_and_state_untouched() -> None:
    """Every fast path still refuses what is not legal, with the rule id, and changes nothing."""
    game = make_game()
    start = dealt(game, 3, LAYOUT, LAYOUT_NEST)
    cases: list[tuple[RookState, object, str]] = [
        (start, Bid(65), "R10"),
        (start, Bid(72), "R10"),
        (start, NameTrump(Card.parse("G5").suit), "R9"),  # type: ignore[arg-type]
        (run(game, start, "bid 80"), Bid(75), "R10"),
    ]
    bury_state = run(game, start, "bid 70", "pass", "pass", "pass")
    cases.append(
        (bury_state, Bury(tuple(Card.parse(c) for c in ("Y13", "Y12", "Y11", "B12", "R12"))), "R13")
    )
    cases.append((bury_state, Play(Card.parse("G14")), "R13"))
    house = make_game(nest_discard_counters=False)
    house_bury = run(house, dealt(house, 3, LAYOUT, LAYOUT_NEST), "bid 70", "pass", "pass", "pass")
    counters = Bury(tuple(Card.parse(c) for c in ("G10", "G14", "B7", "B6", "B13")))
    trump_state = run(game, bury_state, "bury B7 B6 B5 B13 Y14")
    cases.append((trump_state, Pass(), "R13"))
    lead = in_play(game)
    cases.append((lead, Play(Card.parse("G5")), "R15"))  # seat 0 does not hold G5
    led = run(game, lead, "play R14")
    cases.append((led, Play(Card.parse("Y13")), "R15"))  # seat 1 holds Red: must follow
    cases.append((led, Bid(70), "R15"))
    for state, action, rule in cases:
        before = attrs.astuple(state, recurse=False)
        with pytest.raises(IllegalActionError) as err:
            game.apply(state, action)
        assert err.value.rule == rule, (action, err.value)
        assert attrs.astuple(state, recurse=False) == before
    with pytest.raises(IllegalActionError) as err:
        house.apply(house_bury, counters)
    assert err.value.rule == "A6"


def test_rollout_between_two_hands_returns_the_hand_just_scored() -> None:
    """Game.rollout: between two hands of a match (the last hand scored, the deal next), the
    outcome of the hand that ended, deterministically; at the end, the last hand's outcome."""
    game = make_game(target_score=100)
    rng = random.Random(11)
    state = game.new_match()
    checked = 0
    while not game.is_over(state):
        if state.phase == "deal" and state.hand_no > 0:
            expected = hand_outcome(state.last_points)
            for seed in range(3):
                assert game.rollout(state, random.Random(seed)) == expected
            checked += 1
        state = game.apply(state, game.random_action(state, rng))
    assert checked >= 1
    assert game.rollout(state, random.Random(1)) == hand_outcome(state.last_points)
    # A match's first hand, and a single hand, are played out.
    first = game.apply(game.new_match(), game.sample_chance(game.new_match(), rng))
    assert first.phase == "deal" and first.hand_no == 0
    outcomes = {game.rollout(first, random.Random(s)).team_points for s in range(20)}
    assert len(outcomes) > 1
