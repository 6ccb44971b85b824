"""E17 revoke mode (4.7 Resolved semantics): accepted, pending, corrected, established, claimed, found."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardrules import IllegalActionError, RulesError, get_game
from cardrules.games.euchre import (
    DECK,
    EuchreGame,
    EuchreRules,
    EuchreState,
    EuchreStatus,
    RevokeModeGame,
    make_game,
)

from .stacking import act, new_stacked_hand, play_first_legal, stacked
from .test_rollout import _chi2_two_sample, _stepped

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
    """E17: an established revoke may be claimed once it is public too (who sees a revoke): here
    when seat 3 leads a diamond, the suit it failed to follow."""
    game = make_game(renege_mode=True)
    state = _hearts(game, "play AD", "play 9S", "play 9H", "play QC")
    assert state.revokes[0].established
    assert game.out_of_turn_actions(state, 0) == ()  # secret yet: nobody else knows of it
    state = act(game, state, "play 9D")  # the proof, in sight of all
    assert game.out_of_turn_actions(state, 3) == ()
    assert [game.format_action(a) for a in game.out_of_turn_actions(state, 2)] == ["claim revoke"]
    assert game.out_of_turn_actions(state, 1) == ()  # the offender's own side cannot claim
    over = act(game, state, "2: claim revoke")
    assert game.is_over(over)
    report = game.hand_report(over)
    assert report is not None and report.points == (2, 0) and report.status is EuchreStatus.REVOKE
    assert [(r.seat, r.outcome, r.claimed_by) for r in report.revokes] == [(3, "claimed", 2)]


def test_E17_revoke_found_at_end_against_lone_maker_scores_four() -> None:
    game = make_game(renege_mode=True)
    state = _hearts(game, "play 9C", "play 9S", "play JH", alone=True)
    assert state.revokes[0].established  # seat 0 played the last card of the trick
    final = play_first_legal(game, state)
    report = game.hand_report(final)
    assert report is not None and report.points == (0, 4)
    assert [(i.rule, i.seat) for i in report.items] == [("E17", 0)]
    assert [(r.seat, r.outcome) for r in report.revokes] == [(0, "found")]


def _both_sides_revoked(game: EuchreGame) -> EuchreState:
    """Seat 3 (team 1) revokes in trick 1, seat 0 (team 0) in trick 2; in trick 3 both play the
    suit they failed to follow, which makes both revokes public (E17); seat 0 leads trick 4."""
    state = _hearts(game, "play AD", "play 9S", "play 9H", "play QC")  # 3 holds 9D 10D
    state = act(game, state, "play JC", "play JH", "play 9C", "play 10S")  # 0 holds KC AC
    state = act(game, state, "play AC", "play 10C", "play JS", "play 9D")
    assert [(r.seat, r.established) for r in state.revokes] == [(3, True), (0, True)]
    assert state.to_move == 0
    return state


def test_E17_claim_is_open_to_any_seat_whose_opponents_revoked_in_turn_or_out_of_turn() -> None:
    """E17 (who claims): any seat whose opponents have an established revoke may claim; the seat
    to move finds the claim among its legal actions, the others out of turn."""
    game = make_game(renege_mode=True)
    # Only team 1 revoked; seat 3's lead of a diamond makes it public.
    state = _hearts(game, "play AD", "play 9S", "play 9H", "play QC", "play 9D")
    assert state.to_move == 0
    assert game.format_action(game.legal_actions(state)[-1]) == "claim revoke"  # in turn
    assert game.out_of_turn_actions(state, 0) == ()
    assert [game.format_action(a) for a in game.out_of_turn_actions(state, 2)] == ["claim revoke"]
    assert game.out_of_turn_actions(state, 1) == ()
    assert game.out_of_turn_actions(state, 3) == ()
    with pytest.raises(IllegalActionError, match="E17"):
        act(game, state, "1: claim revoke")  # the offender's own side
    both = _both_sides_revoked(game)
    assert game.format_action(game.legal_actions(both)[-1]) == "claim revoke"  # in turn
    assert game.out_of_turn_actions(both, 0) == ()  # the mover claims in turn, not out of turn
    for seat in (1, 2, 3):
        assert [game.format_action(a) for a in game.out_of_turn_actions(both, seat)] == [
            "claim revoke"
        ]


def test_E17_claim_penalises_the_earliest_revoke_of_the_claimers_opponents() -> None:
    """E17: a claim names the earliest established revoke of the claimer's opponents and never
    penalises the claimer's own side, even when its side revoked earlier."""
    game = make_game(renege_mode=True)
    state = _both_sides_revoked(game)
    for claim, points, offender in [
        ("claim revoke", (2, 0), 3),  # seat 0, in turn: team 1's revoke (seat 3)
        ("2: claim revoke", (2, 0), 3),
        ("1: claim revoke", (0, 2), 0),  # team 1 revoked first, yet its claim names seat 0's
        ("3: claim revoke", (0, 2), 0),
    ]:
        over = act(game, state, claim)
        report = game.hand_report(over)
        assert game.is_over(over) and report is not None
        assert report.points == points, claim
        penalised = [(r.seat, r.outcome) for r in report.revokes if r.penalised]
        assert penalised == [(offender, "claimed")]
        assert report.items[0].seat == offender and report.items[0].rule == "E17"


def test_E17_found_at_the_end_the_earliest_revoke_of_either_side() -> None:
    """E17: unclaimed, the earliest established revoke of either side is found at the end."""
    game = make_game(renege_mode=True)
    final = play_first_legal(game, _both_sides_revoked(game))  # plays only: nobody claims
    report = game.hand_report(final)
    assert report is not None and report.points == (2, 0)
    assert [(r.seat, r.outcome, r.penalised) for r in report.revokes] == [
        (3, "found", True),
        (0, "open", False),
    ]
    assert report.notes == ("E17: revoke by seat 3",)


def test_E17_claim_in_a_match_scores_and_moves_the_deal_on() -> None:
    game = make_game(renege_mode=True)
    state = game.new_match(scores=(3, 4), dealer=0)
    state = game.apply(state, stacked(game, 0, hands=EDGE1, upcard="AS", kitty="KS QH KH"))
    state = act(game, state, *["pass"] * 4, "name H", "play AD", "play 9S", "play 9H", "play QC")
    state = act(game, state, "play JC", "play JH", "play 9C", "play 10S")
    state = act(game, state, "play AC", "play 10C", "play JS", "play 9D", "3: claim revoke")
    assert state.phase == "deal" and state.dealer == 1
    assert state.score.scores == (3, 6)


@pytest.mark.parametrize("alone", [False, True])
def test_E17_rollout_matches_stepping_with_claims(alone: bool) -> None:
    """The fused rollout plays claims as stepping does (a claim is one of the mover's legal
    actions): the same distribution of hand results, from a position where both sides revoked
    (or, with a lone maker, where the defenders revoked and the maker still may)."""
    game = make_game(renege_mode=True)
    if alone:
        state = _hearts(game, "play 9C", "play 9S", "play JH", alone=True)  # seat 0 revokes
    else:
        state = _both_sides_revoked(game)
    n = 3000
    rolled = Counter(game.rollout(state, random.Random(k)).team_points for k in range(n))
    stepped = Counter(_stepped(game, state, random.Random(10**6 + k)) for k in range(n))
    chi2, df = _chi2_two_sample(rolled, stepped)
    limit = df * (1 - 2 / (9 * df) + 3.72 * (2 / (9 * df)) ** 0.5) ** 3  # 99.99 % quantile
    assert chi2 < limit, (chi2, df, rolled, stepped)
    assert set(rolled) == set(stepped) == ({(0, 4), (2, 0)} if alone else {(0, 2), (2, 0)})


def test_E17_revoke_mode_is_a_variant_class_built_from_the_rules() -> None:
    """E17 as a variant: rules with ``renege_mode=True`` build a :class:`RevokeModeGame` (whichever
    way the game is made, pickled or copied), strict rules an :class:`EuchreGame`; the variant
    refuses strict rules."""
    import copy
    import pickle

    revoke = make_game(renege_mode=True)
    assert type(revoke) is RevokeModeGame
    assert type(EuchreGame(EuchreRules(renege_mode=True))) is RevokeModeGame
    assert type(get_game("euchre", preset="table_play")) is RevokeModeGame
    assert type(make_game()) is EuchreGame and type(EuchreGame()) is EuchreGame
    assert type(RevokeModeGame()) is RevokeModeGame and RevokeModeGame().rules.renege_mode
    for twin in (pickle.loads(pickle.dumps(revoke)), copy.deepcopy(revoke)):
        assert type(twin) is RevokeModeGame and twin == revoke
    assert revoke != make_game()
    with pytest.raises(RulesError, match="renege_mode=True"):
        RevokeModeGame(EuchreRules())


def test_E17_the_table_text_names_a_recorded_revoke() -> None:
    """The text the command shows a seat (``describe``) names a revoke it knows of in words: who,
    which card, which trick, and whether it may still be corrected. E17 (who sees a revoke): the
    offender knows it at once, the other seats once it is public."""
    game = make_game(renege_mode=True)
    pending = _hearts(game, "play AD", "play 9S", "play 9H")
    line = "Revoke recorded: seat 3 played 9♥ in trick 1 while able to follow suit"
    assert f"{line} (pending: it may still be corrected)" in game.describe(game.view(pending, 3))
    assert "Revoke" not in game.describe(game.view(pending, 0))
    established = act(game, pending, "play QC")
    assert f"{line} (established)" in game.describe(game.view(established, 3))
    assert "Revoke" not in game.describe(game.view(established, 0))
    public = act(game, established, "play 9D")
    assert f"{line} (established)" in game.describe(game.view(public, 0))
