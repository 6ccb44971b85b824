"""The conformance suite every game must pass: :func:`check_game`.

It plays random legal games from many Hypothesis-chosen seeds to the end and checks, along the way:

* every card of the deck is in exactly one zone (cards conserved);
* the same seed plays the same game (determinism);
* every action's notation reads back to the same action, and a record of the game survives JSON and
  replays to an equal state;
* views hold nothing hidden: a state sampled from a seat's view gives that seat the same view, and
  conserves the cards too;
* illegal input — another seat acting, an action that is not legal, a malformed value — raises a
  :class:`~cardrules.errors.CardrulesError` and leaves the state equal to itself;
* the fused ``rollout`` ends the hand with an outcome and does not touch its state.

Use it in a plugin's test suite::

    from cardrules.testing import check_game

    def test_conformance():
        check_game(make_my_game())

Hypothesis is needed (it is in the ``dev`` extra); this module imports it only when called.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any, Literal

from cardrules.errors import CardrulesError, IllegalActionError, NotationError
from cardrules.game import CHANCE, Outcome
from cardrules.records import GameRecord, record_game, replay

__all__ = ["check_game", "play_random"]


def play_random(
    game: Any,
    seed: int,
    *,
    start: Literal["match", "hand"] = "match",
    out_of_turn_rate: float = 0.0,
    max_steps: int = 200_000,
) -> tuple[Any, list[tuple[int, Any]]]:
    """Play ``game`` at random from ``seed``: returns the final state and the ``(seat, action)`` steps.

    With ``out_of_turn_rate`` > 0 a seat's out-of-turn action (a claim, a correction) is taken
    that often when one exists, to exercise those paths.
    """
    rng = random.Random(seed)
    state = game.new_match() if start == "match" else game.new_hand(dealer=seed % game.num_players)
    steps: list[tuple[int, Any]] = []
    for _ in range(max_steps):
        if game.is_over(state):
            return state, steps
        seat, action = _choose(game, state, rng, out_of_turn_rate)
        state = game.apply(state, action, seat=seat)
        steps.append((seat, action))
    raise AssertionError(f"seed {seed}: no end after {max_steps} steps")


def _choose(game: Any, state: Any, rng: random.Random, out_of_turn_rate: float) -> tuple[int, Any]:
    seat = game.to_move(state)
    if out_of_turn_rate and rng.random() < out_of_turn_rate:
        options = [
            (s, a) for s in range(game.num_players) for a in game.out_of_turn_actions(state, s)
        ]
        if options:
            return rng.choice(options)
    if seat == CHANCE:
        return CHANCE, game.sample_chance(state, rng)
    legal = game.legal_actions(state)
    assert legal, f"seat {seat} is to move but has no legal action"
    return seat, rng.choice(legal)


def _check_zones(game: Any, state: Any) -> None:
    zones = game.card_zones(state)
    held: Counter[Any] = Counter()
    for cards in zones.values():
        held.update(cards)
    assert held == Counter(game.deck.cards), (
        f"cards not conserved: {dict(held - Counter(game.deck.cards))}"
    )


def _expect_rejected(game: Any, state: Any, action: Any, seat: int | None, what: str) -> None:
    before = copy.deepcopy(state)
    try:
        game.apply(state, action, seat=seat)
    except CardrulesError as exc:
        assert str(exc), f"{what}: the error has no message"
        if isinstance(exc, IllegalActionError):
            assert exc.rule, f"{what}: an IllegalActionError must name a rule id"
    else:
        raise AssertionError(f"{what}: {action!r} by seat {seat} was accepted")
    assert state == before, f"{what}: the state changed"


def _check_illegal(game: Any, state: Any, rng: random.Random) -> None:
    seat = game.to_move(state)
    _expect_rejected(game, state, object(), seat, "malformed action")
    _expect_rejected(game, state, None, seat, "None as an action")
    try:
        game.parse_action("xyzzy plugh", state)
    except NotationError:
        pass
    else:
        raise AssertionError("malformed notation was accepted")
    if seat is None or seat == CHANCE:
        return
    legal = set(game.legal_actions(state))
    # Another seat (or, in a one-player game, a seat that does not exist) tries the mover's action.
    others = [s for s in range(game.num_players) if s != seat] or [game.num_players]
    other = rng.choice(others)
    action = rng.choice(sorted(legal, key=repr))
    if other >= game.num_players or action not in set(game.out_of_turn_actions(state, other)):
        _expect_rejected(game, state, action, other, "wrong seat")
    # Actions from the whole encoding that are not legal now.
    for _ in range(3):
        candidate = game.index_to_action(rng.randrange(game.num_distinct_actions))
        if candidate not in legal and candidate not in set(game.out_of_turn_actions(state, seat)):
            _expect_rejected(game, state, candidate, seat, "illegal action")


def _check_views(game: Any, state: Any, rng: random.Random) -> None:
    for seat in range(game.num_players):
        view = game.view(state, seat)
        assert view == copy.deepcopy(view)
        hash(view)
        sampled = game.sample_state(view, rng)
        assert game.view(sampled, seat) == view, f"seat {seat}: a sampled state gives another view"
        _check_zones(game, sampled)
        assert game.to_move(sampled) == game.to_move(state)
        if game.to_move(state) == seat:
            assert set(game.legal_actions(sampled)) == set(game.legal_actions(state))


def _check_one_game(
    game: Any, seed: int, start: Literal["match", "hand"], thorough: bool, max_steps: int = 200_000
) -> None:
    rng = random.Random(seed ^ 0x5EED)
    state = game.new_match() if start == "match" else game.new_hand(dealer=seed % game.num_players)
    game_rng = random.Random(seed)
    steps: list[tuple[int, Any]] = []
    rollouts = 0
    while not game.is_over(state):
        if len(steps) >= max_steps:
            raise AssertionError(
                f"seed {seed}: no end after {max_steps} steps (a {start} of random play may be "
                "endless under these rules: check with a smaller target)"
            )
        _check_zones(game, state)
        seat, action = _choose(game, state, game_rng, 0.03)
        text = game.format_action(action)
        assert game.parse_action(text, state) == action, f"notation {text!r} does not read back"
        if thorough and rng.random() < 0.25:
            _check_illegal(game, state, rng)
        if thorough and rng.random() < 0.1:
            _check_views(game, state, rng)
        if rollouts < 3 and game.to_move(state) not in (None, CHANCE) and rng.random() < 0.05:
            before = copy.deepcopy(state)
            result = game.rollout(state, random.Random(seed + rollouts))
            assert isinstance(result, Outcome)
            assert state == before, "rollout changed its state"
            rollouts += 1
        if seat == game.to_move(state):
            assert action in set(game.legal_actions(state)) or seat == CHANCE
        state = game.apply(state, action, seat=seat)
        steps.append((seat, action))
    _check_zones(game, state)
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome), "a finished game must have an outcome"
    assert game.to_move(state) is None and game.legal_actions(state) == ()
    dealer = seed % game.num_players if start == "hand" else None
    record = record_game(game, steps, start=start, dealer=dealer)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again, game) == state, "the record does not replay to the same state"
    final, same_steps = play_random(
        game, seed, start=start, out_of_turn_rate=0.03, max_steps=max_steps + 1
    )
    assert same_steps == steps and final == state, "the same seed played another game"


def check_game(
    game: Any,
    *,
    examples: int = 20,
    start: Literal["match", "hand", "both"] = "both",
    thorough: bool = True,
    max_steps: int = 200_000,
) -> None:
    """Run the conformance suite on ``game``; raises ``AssertionError`` naming what failed.

    ``examples`` seeds (with a start kind each: ``"match"`` plays whole matches, ``"hand"`` single
    deals) are drawn by Hypothesis. A game that has not ended after ``max_steps`` steps fails. The Hypothesis profile in force (e.g. a ``ci`` profile) may raise it.
    """
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    starts: tuple[Literal["match", "hand"], ...] = (
        ("match", "hand") if start == "both" else (start,)
    )

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        # Seeds have no meaningful "smaller" form: report the failing seed instead of shrinking.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), kind=st.sampled_from(starts))
    def run(seed: int, kind: Literal["match", "hand"]) -> None:
        _check_one_game(game, seed, kind, thorough, max_steps)

    run()
