"""The fast paths of the engine: rollouts between and after hands, the fused playout, the inlined
shuffle, interned legal actions and the legal-groups caches."""

from __future__ import annotations

import random

import pytest

from cardrules import CHANCE, ChooseDealer, Deal, IllegalActionError, Outcome
from cardrules.games.voormsi import (
    Play,
    VoormsiGame,
    VoormsiRule,
    VoormsiRules,
    VoormsiState,
    fast,
    make_game,
)

PRESETS = [None, *VoormsiRules.PRESETS]


def _game(preset: str | None) -> VoormsiGame:
    return make_game(preset=preset) if preset else make_game()


def _step_to_end_of_deal(game: VoormsiGame, s: VoormsiState, rng: random.Random) -> VoormsiState:
    """Step with apply, choosing ``legal[rng.randrange(len(legal))]``, until the deal is over."""
    while s.phase == "play":
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
    return s


def _between_hands(game: VoormsiGame, seed: int) -> VoormsiState:
    """A match state right after a deal was scored, with the next deal still to come."""
    rng = random.Random(seed)
    s = game.apply(game.new_match(), ChooseDealer(seed % game.num_players))
    while True:
        s = game.apply(s, game.sample_chance(s, rng))
        s = _step_to_end_of_deal(game, s, rng)
        if s.phase == "deal":
            return s
        s = game.apply(game.new_match(), ChooseDealer(seed % game.num_players))


def _deal_points(s: VoormsiState) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(s.scores, s.deal_start, strict=True))


@pytest.mark.parametrize("preset", PRESETS)
def test_rollout_between_two_hands_is_the_outcome_of_the_hand_that_ended(
    preset: str | None,
) -> None:
    """Game.rollout: between two deals of a match the answer is the deal just scored, not a new one."""
    game = _game(preset)
    for seed in range(3):
        s = _between_hands(game, seed)
        assert game.to_move(s) == CHANCE and s.tricks
        outcomes = {game.rollout(s, random.Random(k)) for k in range(5)}
        assert len(outcomes) == 1  # deterministic: nothing is dealt or played
        (outcome,) = outcomes
        assert outcome == game.hand_outcome(s)
        assert outcome.team_points == _deal_points(s)
        rng = random.Random(7)
        before = rng.getstate()
        game.rollout(s, rng)
        assert rng.getstate() == before  # and no randomness is drawn


def test_rollout_at_the_start_of_a_hand_or_match_plays_a_deal() -> None:
    game = make_game()
    for start in (game.new_hand(dealer=2), game.new_hand(), game.new_match()):
        points = {game.rollout(start, random.Random(k)).team_points for k in range(30)}
        assert len(points) > 1  # a random deal is played, not a fixed answer


@pytest.mark.parametrize("preset", [None, "three_player"])
def test_rollout_at_a_terminal_state_is_the_final_hands_outcome(preset: str | None) -> None:
    game = _game(preset)
    rng = random.Random(4)
    # A single hand: its outcome.
    s = game.apply(game.new_hand(dealer=0), game.sample_chance(game.new_hand(dealer=0), rng))
    s = _step_to_end_of_deal(game, s, rng)
    assert game.is_over(s)
    assert game.rollout(s, random.Random(1)) == game.outcome(s)
    # A whole match (of more than one deal): the points of the deal that ended it, not the ladder.
    while True:
        s = game.apply(game.new_match(), ChooseDealer(0))
        while not game.is_over(s):
            s = game.apply(s, game.sample_chance(s, rng))
            s = _step_to_end_of_deal(game, s, rng)
        if any(s.deal_start):
            break
    final = game.rollout(s, random.Random(1))
    assert final == game.rollout(s, random.Random(2))
    assert final.team_points == _deal_points(s)
    match = game.outcome(s)
    assert match is not None and final.team_points != match.team_points


@pytest.mark.parametrize("preset", PRESETS)
def test_rollout_draws_like_stepping_with_the_same_generator(preset: str | None) -> None:
    """The fused playout picks ``legal[rng.randrange(len(legal))]`` from the same list as
    ``legal_actions``, so from one generator state it ends exactly where stepping ends (a stronger
    check than the distribution test)."""
    game = _game(preset)
    for seed in range(12):
        s = game.new_hand(dealer=seed % game.num_players)
        s = game.apply(s, game.sample_chance(s, random.Random(seed)))
        rng = random.Random(100 + seed)
        for _ in range(seed % 7):  # also from positions inside a trick
            legal = game.legal_actions(s)
            s = game.apply(s, legal[rng.randrange(len(legal))])
        stepped = _step_to_end_of_deal(game, s, random.Random(seed))
        rolled = game.rollout(s, random.Random(seed))
        assert isinstance(rolled, Outcome)
        assert rolled == game.outcome(stepped)
        assert fast.fused_playout(game.engine, s, random.Random(seed)) == stepped


def test_inlined_shuffle_is_the_decks_shuffle() -> None:
    """V5: sample_chance's shuffle (the core's, fast path) gives DECK.shuffle's order and leaves
    the generator alike."""
    game = make_game()
    for seed in range(300):
        a, b = random.Random(seed), random.Random(seed)
        assert game.sample_chance(game.new_hand(dealer=0), a) == game.shuffle(b)
        assert a.getstate() == b.getstate()

    class Custom(random.Random):  # another _randbelow: the core shuffle is used
        def random(self) -> float:
            return super().random()

    deal = game.sample_chance(game.new_hand(dealer=0), Custom(3))
    assert isinstance(deal, Deal) and deal == game.shuffle(Custom(3))


def test_legal_actions_are_interned_and_equal_actions_are_accepted() -> None:
    game = make_game()
    s = game.new_hand(dealer=3)
    s = game.apply(s, game.sample_chance(s, random.Random(8)))
    lead = game.legal_actions(s)[0]
    assert game.legal_actions(s)[0] is lead
    s2 = game.apply(s, lead)
    legal = game.legal_actions(s2)
    copy = Play(legal[-1].cards)  # equal, not the interned value
    assert copy is not legal[-1] and game.apply(s2, copy) == game.apply(s2, legal[-1])


def test_illegal_input_after_a_cached_lookup_is_still_rejected_with_the_rule() -> None:
    """apply's fast path trusts the legal groups of the state asked about last; other states and
    other actions still go through the full check."""
    game = make_game()
    s = game.new_hand(dealer=3)
    s = game.apply(s, game.sample_chance(s, random.Random(8)))
    other = game.apply(s, game.legal_actions(s)[0])
    game.legal_actions(other)  # the cache now holds another state
    hand = [c for c in game.deck.cards if s.hands[0] >> game.deck.index(c) & 1]
    with pytest.raises(IllegalActionError) as err:
        game.apply(s, Play((hand[0],)))  # a Play where a Lead is due
    assert err.value.rule is VoormsiRule.V16
    seat = game.to_move(other)
    assert seat is not None
    missing = next(c for c in game.deck.cards if not other.hands[seat] >> game.deck.index(c) & 1)
    with pytest.raises(IllegalActionError) as err:
        game.apply(other, Play((missing,)))
    assert err.value.rule is VoormsiRule.V17
    assert game.legal_actions(s)[0] in game.legal_actions(s)


def test_states_stay_frozen_values() -> None:
    game = make_game()
    s = game.new_hand(dealer=3)
    s = game.apply(s, game.sample_chance(s, random.Random(8)))
    t = game.apply(s, game.legal_actions(s)[0])
    again = game.apply(s, game.legal_actions(s)[0])
    assert t == again and hash(t) == hash(again) and t is not again
    with pytest.raises(AttributeError):
        t.hands = ()  # type: ignore[misc]
