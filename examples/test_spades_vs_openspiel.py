"""The Spades plugin against OpenSpiel's ``spades``, move for move (rules S1–S11).

Both engines get the same deal and the same choices. At every step the seat to move and the legal
actions must agree (mapped both ways through the actions' names, not through shared numbers); every
trick must go to the same seat; at the end the tricks taken and the returns must agree. Needs the
plugin installed (``pip install ./examples/spades_plugin``) and ``pyspiel``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
spades = pytest.importorskip("cardrules_spades")

from cardrules import Card, Deal  # noqa: E402

HANDS = 1000  # with the default parameters; more hands below exercise the bonus and the bags
BONUS_HANDS = 200
BAG_HANDS = 200


def _to_ours(name: str) -> Any:
    """OpenSpiel's action name (``"CA"``, ``"ST"``, ``"Nil"``, ``"7"``) as our action."""
    if name == "Nil":
        return spades.Bid(0)
    if name.isdigit():
        return spades.Bid(int(name))
    return spades.Play(Card.parse(name[1:] + name[0]))


def _tricks_taken(state: Any) -> list[int]:
    """Tricks per seat, from OpenSpiel's terminal text (its last 'Tricks taken' row)."""
    lines = str(state).split("Tricks taken:")[1].strip().splitlines()
    return [int(x) for x in lines[1].split()]


def play_both(game: Any, os_game: Any, seed: int, scores: tuple[int, int] | None = None) -> None:
    """Play one hand on both engines from ``seed``; assert they agree at every step."""
    rng = random.Random(seed)
    order = list(range(52))
    rng.shuffle(order)
    os_state = os_game.new_initial_state()
    if scores is not None:
        os_state.set_current_scores(list(scores))
    for card in order:  # OpenSpiel deals card k of the order to seat k % 4, seat 0 first
        os_state.apply_action(card)
    ours = game.apply(game.new_hand(dealer=3), Deal(tuple(order)))  # dealer 3: seat 0 first
    by_os = {
        a: _to_ours(os_state.action_to_string(a)) for a in range(os_game.num_distinct_actions())
    }
    to_os = {ours_action: a for a, ours_action in by_os.items()}
    assert len(to_os) == len(by_os) == game.num_distinct_actions
    while not os_state.is_terminal():
        seat = game.to_move(ours)
        assert seat == os_state.current_player(), f"seed {seed}: seat to move"
        legal = game.legal_actions(ours)
        assert {to_os[a] for a in legal} == set(os_state.legal_actions()), f"seed {seed}: legal"
        assert {by_os[a] for a in os_state.legal_actions()} == set(legal)
        action = legal[rng.randrange(len(legal))]
        before = ours.play.tricks
        ours = game.apply(ours, action)
        os_state.apply_action(to_os[action])
        if ours.play.tricks != before and not os_state.is_terminal():
            assert ours.play.leader == os_state.current_player(), f"seed {seed}: trick winner"
    assert game.is_over(ours), f"seed {seed}: OpenSpiel ended the hand, we did not"
    assert list(ours.play.taken) == _tricks_taken(os_state), f"seed {seed}: tricks taken"
    if scores is None:
        assert list(game.outcome(ours).seat_points) == os_state.returns(), f"seed {seed}: returns"
    else:  # S10: the bags carried in the scores; OpenSpiel's bonuses are off (mercy 0)
        bids = tuple(b or 0 for b in ours.contract.bids)
        points = spades.hand_points(bids, ours.play.taken, scores)
        assert [points[s % 2] for s in range(4)] == os_state.returns(), f"seed {seed}: bags"


def test_default_rules_agree_with_openspiel() -> None:
    """S1–S11 at OpenSpiel's default parameters: 0 mismatches over the hands."""
    game, os_game = spades.make_game(), pyspiel.load_game("spades")
    for seed in range(HANDS):
        play_both(game, os_game, seed)


def test_win_and_mercy_bonus_agree_with_openspiel() -> None:
    """S11: low thresholds, so the win bonus and the mercy penalty fire in single hands."""
    game = spades.make_game(win_threshold=100, mercy_threshold=-100, win_or_loss_bonus=50)
    os_game = pyspiel.load_game(
        "spades", {"win_threshold": 100, "mercy_threshold": -100, "win_or_loss_bonus": 50}
    )
    for seed in range(HANDS, HANDS + BONUS_HANDS):
        play_both(game, os_game, seed)


def test_bags_from_running_scores_agree_with_openspiel() -> None:
    """S10: a hand started at running scores (negative ones too) counts their bags as OpenSpiel."""
    game, os_game = spades.make_game(), pyspiel.load_game("spades", {"mercy_threshold": 0})
    rng = random.Random(7)
    for seed in range(HANDS + BONUS_HANDS, HANDS + BONUS_HANDS + BAG_HANDS):
        play_both(game, os_game, seed, scores=(rng.randrange(-400, 500), rng.randrange(-400, 500)))


def test_conformance() -> None:
    """The plugin passes the conformance suite, single hands and whole games."""
    from cardrules.testing import check_game

    check_game(spades.make_game(), examples=15)
    check_game(spades.make_game(win_threshold=150, mercy_threshold=-150), examples=10)
