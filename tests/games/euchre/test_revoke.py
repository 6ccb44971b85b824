"""E17 revoke mode (4.7 Resolved semantics): accepted, pending, corrected, established, claimed, found."""

from __future__ import annotations

import random

import pytest

from cardrules import IllegalActionError
from cardrules.games.euchre import DECK, EuchreGame, EuchreState, make_game

from .stacking import act, new_stacked_hand, play_first_legal

EDGE1 = {1: "AD KD QD 9C 10C", 2: "JD 9S 10S JS QS", 3: "9D 10D 9H 10H JC", 0: "QC KC AC JH AH"}


def _hearts(game: EuchreGame, *calls: str, alone: bool = False) -> EuchreState:
    state = new_stacked_hand(game, 0, hands=EDGE1, upcard="AS", kitty="KS QH KH")
    return act(game, state, *["pass"] * 4, "name H alone" if alone else "name H", *calls)


def test_E17_strict_mode_rejects_a_revoke() -> None:
    game = make_game()
    with pytest.raises(IllegalActionError, match="E13"):
        _hearts(game, "play AD", "play 9S", "play 9H")


def test_E17_revoke_is_pending_and_can_be_corrected() -> None:
    game = make_game(renege_mode=True)
    state = _hearts(game, "play AD", "play 9S", "play 9H")
    assert len(state.revokes) == 1 and not state.revokes[0].established
    assert [game.format_action(a) for a in game.out_of_turn_actions(state, 3)] == [
        "correct 9D",
        "correct 10D",
    ]
    assert game.out_of_turn_actions(state, 0) == ()  # nothing to claim yet
    fixed = act(game, state, "3: correct 10D")
    assert fixed.trick == tuple(DECK.index(c) for c in ("AD", "9S", "10D"))
    assert fixed.hands[3] >> DECK.index("9H") & 1 and fixed.shown[3] == 1 << DECK.index("9H")
    assert fixed.revokes == () and fixed.to_move == 0
    with pytest.raises(IllegalActionError, match="E17"):
        act(game, state, "3: correct 9S")  # does not follow suit / not held


def test_E17_correction_returns_later_cards_to_their_owners() -> None:
    game = make_game(renege_mode=True)
    hands = {1: "AD KD QD 9C 10C", 2: "9D 9S 10S JS QS", 3: "JD 10D 9H 10H JC", 0: "QC KC AC JH AH"}
    state = new_stacked_hand(game, 0, hands=hands, upcard="AS", kitty="KS QH KH")
    state = act(game, state, *["pass"] * 4, "name H", "play AD", "play 9S", "play 10D")
    assert state.revokes[0].seat == 2
    state = act(game, state, "2: correct 9D")
    assert state.trick == (DECK.index("AD"), DECK.index("9D")) and state.to_move == 3
    assert state.hands[3] >> DECK.index("10D") & 1 and state.shown[3] >> DECK.index("10D") & 1
    assert state.hands[2] >> DECK.index("9S") & 1


def test_E17_established_revoke_claimed_by_an_opponent() -> None:
    game = make_game(renege_mode=True)
    state = _hearts(game, "play AD", "play 9S", "play 9H", "play QC")
    assert state.revokes[0].established
    assert game.out_of_turn_actions(state, 3) == ()
    assert [game.format_action(a) for a in game.out_of_turn_actions(state, 0)] == ["claim revoke"]
    assert game.out_of_turn_actions(state, 1) == ()  # the offender's own side cannot claim
    over = act(game, state, "0: claim revoke")
    assert game.is_over(over)
    assert over.match.last is not None and over.match.last.points == (2, 0)


def test_E17_revoke_found_at_end_against_lone_maker_scores_four() -> None:
    game = make_game(renege_mode=True)
    state = _hearts(game, "play 9C", "play 9S", "play JH", alone=True)
    assert state.revokes[0].established  # seat 0 played the last card of the trick
    final = play_first_legal(game, state)
    assert final.match.last is not None
    assert final.match.last.points == (0, 4) and "E17" in final.match.last.reason


def test_E17_rollout_penalises_revokes_like_stepping() -> None:
    game = make_game(renege_mode=True)
    state = _hearts(game, "play 9C", "play 9S", "play JH", alone=True)
    for seed in range(20):
        assert game.rollout(state, random.Random(seed)).team_points == (0, 4)
