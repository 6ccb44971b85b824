"""Rule R24 (renege mode), the A4 correction window and edge case 14."""

from __future__ import annotations

import random

import pytest

from cardrules import IllegalActionError
from cardrules.games.rook import (
    ClaimRevoke,
    CorrectRevoke,
    Revoke,
    RookBot,
    RookGame,
    RookState,
    make_game,
)

from ._helpers import cards, in_play, run

# LAYOUT, trump Green, seat 0 (bidder at 70) leads. Seat 1 holds R12 R11 R10; seat 2 R9 R8 R7.


def table(**options: object) -> RookGame:
    return make_game(renege_mode=True, **options)


def revoked(game: RookGame) -> RookState:
    """Trick 0: R14, seat 1 revokes with Y11 (holding Reds), R7, R5; seat 0 wins 15."""
    return run(game, in_play(game), "play R14", "play Y11", "play R7", "play R5")


def test_R24_strict_mode_rejects_what_renege_mode_records() -> None:
    """R24: strict play (default) refuses a revoke; renege mode accepts and records it."""
    strict = make_game()
    state = run(strict, in_play(strict), "play R14")
    with pytest.raises(IllegalActionError, match="R15"):
        run(strict, state, "play Y11")
    game = table()
    state = revoked(game)
    assert state.revokes == (Revoke(1, 0, 1, game.deck.index("Y11")),)
    assert state.leader == 0 and state.captured == (15, 0)
    assert game.view(state, 1).revokes == state.revokes  # the offender knows
    assert game.view(state, 0).revokes == ()  # secret while open (see the R24 view test)


def test_A4_correction_rolls_back_to_before_the_revoking_card() -> None:
    """A4 (default window): correctable until the next trick is complete; the revoking card and
    every later card go back, the completed trick is undone, later players may choose again."""
    game = table()
    state = run(game, revoked(game), "play R13")
    assert game.to_move(state) == 1 and CorrectRevoke() in game.legal_actions(state)
    assert game.out_of_turn_actions(state, 1) == ()  # its own turn: a legal action
    assert ClaimRevoke() not in game.out_of_turn_actions(state, 0)  # not yet established
    corrected = game.apply(state, CorrectRevoke(), seat=1)
    assert corrected.tricks == () and corrected.captured == (0, 0) and corrected.revokes == ()
    assert [game.deck.cards[c].ascii for c in corrected.trick] == ["R14"]
    assert game.to_move(corrected) == 1
    assert {game.format_action(a) for a in game.legal_actions(corrected)} >= {"play R12"}
    assert "Y11" in cards(game, corrected.hands[1]) and "R13" in cards(game, corrected.hands[0])
    returned = {(s, game.deck.cards[c].ascii) for s, c in corrected.returned}
    assert returned == {(1, "Y11"), (2, "R7"), (3, "R5"), (0, "R13")}
    # The offender must now make a proper play (A4): the revoke cannot be repeated.
    assert corrected.proper_play == 1
    assert {game.format_action(a) for a in game.legal_actions(corrected)} == {
        "play R10",
        "play R11",
        "play R12",
    }
    with pytest.raises(IllegalActionError, match="A4"):
        run(game, corrected, "play Y11")
    # A player after the offender now plays another card.
    again = run(game, corrected, "play R10", "play R9", "play R5")
    assert again.leader == 0 and again.captured == (25, 0)


def test_A4_later_revokes_vanish_with_the_correction() -> None:
    """A correction removes every revoke made after the corrected card."""
    game = table()
    state = run(game, in_play(game), "play R14", "play Y11", "play R7", "play Y5")
    assert [r.seat for r in state.revokes] == [1, 3]
    corrected = game.apply(state, CorrectRevoke(), seat=1)
    assert corrected.revokes == ()


def test_edge_14_revoke_claimed_two_tricks_later_ends_hand() -> None:
    """Edge case 14 / R24: established after the next trick; an opponent's claim ends the hand:
    the offending team -bid, the other team its captured counters, no nest."""
    game = table()
    state = run(game, revoked(game), "play R13", "play R10", "play R8", "play R6")
    assert state.captured == (25, 0)
    assert CorrectRevoke() not in game.out_of_turn_actions(state, 1)  # window closed
    assert game.to_move(state) == 0 and game.out_of_turn_actions(state, 0) == ()
    assert game.out_of_turn_actions(state, 2) == (ClaimRevoke(),)
    assert game.out_of_turn_actions(state, 3) == ()  # the offender's partner may not claim
    with pytest.raises(IllegalActionError, match="R24"):
        game.apply(state, CorrectRevoke(), seat=1)
    state = run(game, state, "play G14", "play G5")  # an unfinished trick counts for nobody
    # R24 (who claims): the seat to move claims among its legal actions, the others out of turn.
    assert game.to_move(state) == 2 and ClaimRevoke() in game.legal_actions(state)
    assert game.out_of_turn_actions(state, 2) == ()
    final = game.apply(state, ClaimRevoke(), seat=0)
    assert game.is_over(final) and final.last_points == (25, -70)
    assert "R24" in final.last_reason
    assert game.apply(state, ClaimRevoke()) == game.apply(state, ClaimRevoke(), seat=2)
    assert game.apply(state, ClaimRevoke()).last_points == (25, -70)


def test_R24_offending_team_loses_bid_whoever_bid() -> None:
    """R24: the bidder's own team revokes; the opponents claim; the bidding team loses the bid."""
    game = table()
    state = run(game, in_play(game), "play R14", "play R10", "play Y8", "play R5")
    state = run(game, state, "play R13", "play R11", "play R9", "play R6")
    assert game.out_of_turn_actions(state, 1) == (ClaimRevoke(),)
    final = game.apply(state, ClaimRevoke(), seat=3)
    assert final.last_points == (-70, 0)


def test_A4_current_trick_window() -> None:
    """A4 ``renege_correction_window="current_trick"``: established when its own trick completes."""
    game = table(renege_correction_window="current_trick")
    state = run(game, in_play(game), "play R14", "play Y11")
    assert game.out_of_turn_actions(state, 1) == (CorrectRevoke(),)  # seat 2 is to move
    state = run(game, state, "play R7", "play R5")
    assert game.out_of_turn_actions(state, 1) == ()
    assert game.out_of_turn_actions(state, 2) == ()  # established, but secret (R24, who sees)
    state = run(game, state, "play R13", "play R12")  # seat 1 plays a Red: public now
    assert game.out_of_turn_actions(state, 0) == (ClaimRevoke(),)


def test_R24_revoke_standing_at_end_is_found_with_nest() -> None:
    """R24 / 1.7: a revoke still standing after the last trick is found automatically; the other
    team also scores the nest if it won the last trick."""
    game = table()
    base = revoked(game)
    nest = sum(game.points[c] for c in range(len(game.deck)) if base.nest >> c & 1)
    found = 0
    for seed in range(50):
        rng = random.Random(seed)
        state = base
        while not game.is_over(state):
            # Random play that never claims (a claim would end the hand before the last trick).
            legal = [a for a in game.legal_actions(state) if not isinstance(a, ClaimRevoke)]
            state = game.apply(state, rng.choice(legal))
        if not state.revokes:
            continue  # every revoke was corrected in this game
        found += 1
        off = state.revokes[0].seat % 2  # the earliest standing revoke is the one penalised
        lead, last = state.tricks[-1]
        assert state.trump is not None
        winner = (lead + game.orders[state.trump].winning_position(last)) % 4
        expected = [0, 0]
        expected[off] = -70
        expected[1 - off] = state.captured[1 - off] + (nest if winner % 2 != off else 0)
        assert state.last_points == tuple(expected)
    assert found > 25


def test_R24_one_penalty_earliest_established_revoke_of_the_claimers_opponents() -> None:
    """1.7 / R24 (who claims): with revokes by both teams, each side may claim the earliest
    established revoke of its opponents; that one is penalised, once, and the hand ends."""
    game = table()
    state = run(game, in_play(game), "play R14", "play Y11", "play Y8", "play R5")
    state = run(game, state, "play R13", "play R10", "play R9", "play R6")
    assert [r.seat for r in state.revokes] == [1, 2]
    assert game.to_move(state) == 0 and ClaimRevoke() in game.legal_actions(state)
    assert game.out_of_turn_actions(state, 2) == (ClaimRevoke(),)
    assert game.out_of_turn_actions(state, 1) == (ClaimRevoke(),)  # names seat 2's revoke
    assert game.out_of_turn_actions(state, 3) == (ClaimRevoke(),)
    by_team_1 = game.apply(state, ClaimRevoke(), seat=3)
    assert game.is_over(by_team_1) and by_team_1.last_points == (-70, 0)
    assert "revoke of seat 2" in by_team_1.last_reason
    by_team_0 = game.apply(state, ClaimRevoke(), seat=2)
    assert by_team_0.last_points == (25, -70) and "revoke of seat 1" in by_team_0.last_reason
    in_turn = game.apply(state, ClaimRevoke())  # seat 0, in turn
    assert in_turn.last_points == (25, -70) and "seat 0 claimed" in in_turn.last_reason


def established(game: RookGame) -> RookState:
    """Seat 1's revoke of trick 0, established by trick 1 (R13 R10 R8 R6); seat 0 to move."""
    return run(game, revoked(game), "play R13", "play R10", "play R8", "play R6")


def test_R24_who_claims_the_seat_to_move_in_turn_the_others_out_of_turn() -> None:
    """R24 (who claims, and when): any seat whose opponents have an established revoke may claim,
    whether or not it is its turn: the seat to move among its legal actions, the others out of
    turn. Both end the hand with the same penalty."""
    game = table()
    state = established(game)
    assert game.to_move(state) == 0
    assert game.legal_actions(state)[-1] == ClaimRevoke()
    assert game.out_of_turn_actions(state, 0) == ()  # its own turn: a legal action
    assert game.out_of_turn_actions(state, 2) == (ClaimRevoke(),)
    in_turn = game.apply(state, ClaimRevoke())
    assert in_turn == game.apply(state, ClaimRevoke(), seat=0)
    out_of_turn = game.apply(state, ClaimRevoke(), seat=2)
    assert game.is_over(in_turn) and game.is_over(out_of_turn)
    assert in_turn.last_points == out_of_turn.last_points == (25, -70)


def test_R24_a_seat_never_claims_its_own_sides_revoke() -> None:
    """R24: the offender and its partner never claim (nor trigger the penalty of) their own
    side's revoke, in turn or out of turn."""
    game = table()
    state = established(game)
    for seat in (1, 3):
        assert ClaimRevoke() not in game.out_of_turn_actions(state, seat)
        with pytest.raises(IllegalActionError, match="R24") as err:
            game.apply(state, ClaimRevoke(), seat=seat)
        assert err.value.rule == "R24"
    state = run(game, state, "play G14")  # seat 1, the offender, to move
    assert game.to_move(state) == 1 and ClaimRevoke() not in game.legal_actions(state)
    with pytest.raises(IllegalActionError, match="R24"):
        game.apply(state, ClaimRevoke())
    state = run(game, state, "play G5", "play G7")  # seat 3, its partner, to move
    assert game.to_move(state) == 3 and ClaimRevoke() not in game.legal_actions(state)
    with pytest.raises(IllegalActionError, match="R24"):
        game.apply(state, ClaimRevoke())
    assert not game.is_over(state)


def test_R24_offender_corrects_an_open_revoke_on_its_own_turn() -> None:
    """R24 / A4: the offender may correct an open revoke on its own turn too (a legal action),
    with the same roll-back as out of turn."""
    game = table()
    state = run(game, revoked(game), "play R13")
    assert game.to_move(state) == 1
    assert game.legal_actions(state)[-1] == CorrectRevoke()
    corrected = game.apply(state, CorrectRevoke())
    assert corrected == game.apply(state, CorrectRevoke(), seat=1)
    assert corrected.revokes == () and corrected.proper_play == 1


def test_R24_a_revoke_is_known_to_its_offender_alone_until_public() -> None:
    """R24 (who sees a revoke): a revoke is known only to its offender until it later plays the
    colour it failed to follow; then every seat knows it, the partner too, open or established."""
    game = table()
    state = revoked(game)
    assert [game.view(state, s).revokes for s in (0, 2, 3)] == [(), (), ()]
    assert game.view(state, 1).revokes == state.revokes
    state = run(game, state, "play R13", "play R10")  # seat 1 plays a Red: the proof
    assert all(game.view(state, s).revokes == state.revokes for s in range(4))
    assert ClaimRevoke() not in game.out_of_turn_actions(state, 0)  # public, but still open
    state = run(game, state, "play R8", "play R6")
    assert state == established(game) and ClaimRevoke() in game.legal_actions(state)


def test_R24_sampled_worlds_assume_honest_play_until_the_revoke_is_public() -> None:
    """R24 (who sees a revoke): seat 1's established revoke on R14 is secret while it plays no
    Red; the other seats' samples read its show-out as a void and offer no claim."""
    game = table()
    state = run(game, revoked(game), "play B14", "play B12", "play B11", "play B10")
    red = game.deck.mask("R5 R6 R7 R8 R9 R10 R11 R12 R13 R14")
    assert state.hands[1] & red  # in truth seat 1 still holds Reds
    rng = random.Random(4)
    for seat in (0, 2, 3):
        view = game.view(state, seat)
        assert view.revokes == ()
        for _ in range(30):
            sampled = game.sample_state(view, rng)
            assert game.view(sampled, seat) == view
            assert not sampled.hands[1] & red
            mine = (
                game.legal_actions(sampled)
                if game.to_move(sampled) == seat
                else game.out_of_turn_actions(sampled, seat)
            )
            assert ClaimRevoke() not in mine  # a claim rests only on what the view holds


def test_R24_heuristic_bot_claims_when_it_may() -> None:
    """R24: the heuristic bot claims an established revoke of its opponents when offered."""
    game = table()
    state = established(game)
    action = RookBot(game).choose(game.view(state, 0), game.legal_actions(state), random.Random(0))
    assert action == ClaimRevoke()
