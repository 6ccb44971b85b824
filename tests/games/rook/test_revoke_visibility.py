"""R24 (1.7, "who sees a revoke") and the A2 throw-in: what a seat may know at the table.

A revoke is known only to its offender until it later plays a card of the colour it failed to
follow (the Bird a trump, R17), and at the end of the hand; until then the other seats' views,
texts, pictures and samples assume honest play, and no claim is offered on it. A single hand that
all four pass is thrown in (A2) and shows nothing at its end.
"""

from __future__ import annotations

import random

from cardrules import CHANCE, svg
from cardrules.encoding import ViewEncoder
from cardrules.games.rook import ClaimRevoke, RookGame, RookState, make_game
from cardrules.games.rook.state import Revoke

from ._helpers import LAYOUT, LAYOUT_NEST, dealt, in_play, run

# LAYOUT, trump Green, seat 0 leads R14; seat 1 revokes with Y11 while holding R12 R11 R10.
PLAYS = ("play R14", "play Y11", "play R7", "play R5")
# Twins of LAYOUT where seat 1's Y11 is honest: its Reds swapped with seat 3's (for the views of
# seats 0 and 2) or seat 2's (for seat 3's view) Yellows, which that viewer cannot see.
TWIN_FOR_0_2 = {
    **LAYOUT,
    1: "G5 G6 Y7 Y6 Y5 Y13 Y12 Y11 B12",
    3: "G9 R6 R5 R12 R11 R10 B10 B9 B8",
}
TWIN_FOR_3 = {
    **LAYOUT,
    1: "G5 G6 Y10 Y9 Y8 Y13 Y12 Y11 B12",
    2: "G7 G8 R9 R8 R7 R12 R11 R10 B11",
}


def table() -> RookGame:
    return make_game(renege_mode=True)


def test_R24_a_secret_revoke_changes_nothing_another_seat_is_shown() -> None:
    """R24: open, then established, seat 1's revoke is its own knowledge: every other seat's
    view, table text, picture and encoded observation is that of the honest twin hand."""
    game = table()
    encoder = ViewEncoder(game)
    for later in ((), ("play B14", "play B12", "play B11", "play B10")):
        state = run(game, in_play(game), *PLAYS, *later)
        assert state.revokes
        for twin_hands, seats in ((TWIN_FOR_0_2, (0, 2)), (TWIN_FOR_3, (3,))):
            twin = run(game, in_play(game, hands=twin_hands, nest=LAYOUT_NEST), *PLAYS, *later)
            assert not twin.revokes
            for seat in seats:
                view, other = game.view(state, seat), game.view(twin, seat)
                assert view == other, (later, seat)
                assert game.describe(view) == game.describe(other)
                assert svg.render(view, game) == svg.render(other, game)
                assert encoder.encode(view) == encoder.encode(other)
        assert game.view(state, 1).revokes == state.revokes  # the offender knows


def test_R24_the_revoke_is_public_once_the_offender_plays_the_colour_it_failed_to_follow() -> None:
    """R24: seat 1 plays R10 in the next trick: every seat, its partner too, now sees the revoke
    (still open: a claim waits until it is established)."""
    game = table()
    state = run(game, in_play(game), *PLAYS, "play R13")
    assert [game.view(state, s).revokes for s in range(4)] == [(), state.revokes, (), ()]
    public = run(game, state, "play R10")
    assert all(game.view(public, s).revokes == public.revokes for s in range(4))
    assert ClaimRevoke() not in game.out_of_turn_actions(public, 0)


def test_R24_a_claim_is_offered_only_on_a_public_established_revoke() -> None:
    """R24: established but secret (seat 1 has played no Red since), the revoke is claimable by
    nobody; seat 1's later Red makes it public, and its opponents may claim."""
    game = table()
    state = run(game, in_play(game), *PLAYS, "play B14", "play B12", "play B11", "play B10")
    for seat in range(4):
        assert ClaimRevoke() not in game.out_of_turn_actions(state, seat)
    assert ClaimRevoke() not in game.legal_actions(state)
    state = run(game, state, "play R13", "play R12")  # seat 0 leads R13; seat 1 follows
    assert ClaimRevoke() in game.legal_actions(state)  # seat 2, in turn
    assert ClaimRevoke() in game.out_of_turn_actions(state, 0)
    assert ClaimRevoke() not in game.out_of_turn_actions(state, 3)


def test_A2_a_single_hand_thrown_in_shows_no_hand_and_no_nest() -> None:
    """A2: all four pass a single hand; it is over, and (as a hand thrown in within a match)
    nothing was played: no seat sees another's cards or the nest."""
    game = make_game()
    state = run(game, dealt(game, 3, LAYOUT, LAYOUT_NEST), "pass", "pass", "pass", "pass")
    assert game.is_over(state) and state.bidder < 0
    for seat in range(4):
        view = game.view(state, seat)
        assert view.revealed is None and view.nest is None
        scene = view.table_scene()
        assert [len(s.cards) for s in scene.seats] == [9 if s == seat else 0 for s in range(4)]
        sample = game.sample_state(view, random.Random(seat))
        assert game.view(sample, seat) == view


def _every(state: RookState) -> list[tuple[int, tuple[int, ...]]]:
    return [*state.tricks, (state.leader, state.trick)]


def _led_mask(game: RookGame, state: RookState, revoke: Revoke) -> int:
    """Reference: the cards of the led colour of the revoke's trick, the Bird with trump (R17)."""
    deck = game.deck
    led_card = deck.cards[_every(state)[revoke.trick][1][0]]
    trump = state.trump
    led = trump if led_card.suit is None else led_card.suit
    return sum(
        1 << c
        for c, card in enumerate(deck.cards)
        if (trump if card.suit is None else card.suit) == led
    )


def _later_plays(state: RookState, revoke: Revoke) -> list[int]:
    return [
        cards[(revoke.seat - lead) % 4]
        for lead, cards in _every(state)[revoke.trick + 1 :]
        if (revoke.seat - lead) % 4 < len(cards)
    ]


def test_R24_random_table_play_views_samples_and_claims() -> None:
    """R24 over random table play with claims and corrections out of turn: a seat's view holds
    its own revokes and the public ones only (a reference recount); every sample gives back the
    view, and any revoke a sample holds is a real one (its offender could follow); a claim is
    offered only on an established, public revoke of the claimer's opponents."""
    game = table()
    secret_views = claims = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = game.new_hand(dealer=seed % 4)
        while not game.is_over(state):
            if state.phase == "play":
                public = [
                    r
                    for r in state.revokes
                    if any(_led_mask(game, state, r) >> c & 1 for c in _later_plays(state, r))
                ]
                for seat in range(4):
                    view = game.view(state, seat)
                    expected = tuple(r for r in state.revokes if r.seat == seat or r in public)
                    assert view.revokes == expected
                    secret_views += view.revokes != state.revokes
                    sample = game.sample_state(view, rng)
                    assert game.view(sample, seat) == view
                    for r in sample.revokes:
                        mask = _led_mask(game, sample, r)
                        assert sample.hands[r.seat] & mask or any(
                            mask >> c & 1 for c in _later_plays(sample, r)
                        )
                    mine = (
                        game.legal_actions(state)
                        if state.to_move == seat
                        else game.out_of_turn_actions(state, seat)
                    )
                    if ClaimRevoke() in mine:
                        claims += 1
                        assert any(
                            (r.seat - seat) % 2 and len(state.tricks) >= r.trick + 2 for r in public
                        )
            if state.to_move is not None and state.to_move != CHANCE and rng.random() < 0.4:
                other = rng.randrange(4)
                extra = game.out_of_turn_actions(state, other)
                if extra:
                    state = game.apply(state, rng.choice(extra), seat=other)
                    continue
            state = game.apply(state, game.random_action(state, rng))
    assert secret_views > 100 and claims > 5
