"""E17 (4.7, "who sees a revoke"): a revoke is known only to its offender until it is public.

A revoke becomes public when its offender later plays a card of the suit it failed to follow (E11
sense), and at the end of the hand. Until then the other seats' views, the texts and pictures
built from them, and their samples assume honest play; a claim is offered only on a revoke that is
established and public.
"""

from __future__ import annotations

import random
from collections import Counter

from cardrules import CHANCE, svg
from cardrules.encoding import ViewEncoder
from cardrules.games.euchre import DECK, ClaimRevoke, EuchreGame, EuchreState, make_game
from cardrules.games.euchre.engine import FOLLOW_MASKS
from cardrules.games.euchre.state import Revoke

from .stacking import act, new_stacked_hand
from .test_rollout import _chi2_two_sample, _stepped

# Hearts trump, dealer 0, seat 1 leads AD. Seat 3 holds 9D 10D and trumps with 9H: a revoke.
REVOKING = {1: "AD KD QD 9C 10C", 2: "JD 9S 10S JS QS", 3: "9D 10D 9H 10H JC", 0: "QC KC AC JH AH"}
# The same deal for seats 0-2, but seat 3's diamonds lie in the (face-down) kitty: honest play.
HONEST = {1: "AD KD QD 9C 10C", 2: "JD 9S 10S JS QS", 3: "KS QH 9H 10H JC", 0: "QC KC AC JH AH"}


def _hand(game: EuchreGame, hands: dict[int, str], kitty: str, *plays: str) -> EuchreState:
    state = new_stacked_hand(game, 0, hands=hands, upcard="AS", kitty=kitty)
    return act(game, state, *["pass"] * 4, "name H", *plays)


def _pair(*plays: str) -> tuple[EuchreGame, EuchreState, EuchreState]:
    """The two hands after ``plays``: seat 3 revoked (its diamonds in hand), or played honestly
    (its diamonds in the kitty); nothing else differs."""
    game = make_game(renege_mode=True)
    revoked = _hand(game, REVOKING, "KS QH KH", *plays)
    honest = _hand(game, HONEST, "9D 10D KH", *plays)
    assert revoked.revokes and not honest.revokes
    return game, revoked, honest


def test_E17_a_secret_revoke_changes_nothing_another_seat_is_shown() -> None:
    """E17: pending, then established, seat 3's revoke is its own knowledge: every other seat's
    view, table text, picture and encoded observation is that of the honest hand."""
    encoder = ViewEncoder(make_game(renege_mode=True))
    for plays in (("play AD", "play 9S", "play 9H"), ("play AD", "play 9S", "play 9H", "play QC")):
        game, revoked, honest = _pair(*plays)
        for seat in (0, 1, 2):
            view, twin = game.view(revoked, seat), game.view(honest, seat)
            assert view == twin, (plays, seat)
            assert game.describe(view) == game.describe(twin)
            assert svg.render(view, game) == svg.render(twin, game)
            assert encoder.encode(view) == encoder.encode(twin)
        assert game.view(revoked, 3).revokes == revoked.revokes  # the offender knows
        assert game.view(revoked, 3) != game.view(honest, 3)


def test_E17_the_revoke_is_public_once_the_offender_plays_the_suit_it_failed_to_follow() -> None:
    """E17: seat 3 leads the 9♦ in trick 2: every seat now sees its revoke, partner included."""
    game = make_game(renege_mode=True)
    state = _hand(game, REVOKING, "KS QH KH", "play AD", "play 9S", "play 9H", "play QC")
    assert [game.view(state, s).revokes for s in range(4)] == [(), (), (), state.revokes]
    public = act(game, state, "play 9D")
    assert all(game.view(public, s).revokes == public.revokes for s in range(4))
    assert "Revoke recorded: seat 3" in game.describe(game.view(public, 1))


def test_E17_a_left_bower_is_the_trump_suit_it_failed_to_follow() -> None:
    """E17 (E11 sense): seat 3 fails a trump lead while holding the J♦ (the left bower, a trump);
    a later diamond proves nothing, the J♦ itself makes the revoke public."""
    game = make_game(renege_mode=True)
    hands = {1: "AH KD QD 9C 10C", 2: "9H 9S 10S JS QS", 3: "JD 10D AD KS 9D", 0: "QC KC AC JH 10H"}
    state = _hand(game, hands, "JC QH KH", "play AH", "play 9H", "play AD", "play 10H")
    assert state.revokes and game.view(state, 0).revokes == ()
    state = act(game, state, "play 9C", "play 9S")  # seat 1 won with the A♥ and leads a club
    assert game.view(act(game, state, "play 10D"), 0).revokes == ()
    proof = act(game, state, "play JD")
    assert game.view(proof, 0).revokes == proof.revokes


def test_E17_a_claim_is_offered_only_on_a_public_established_revoke() -> None:
    """E17: established but secret, seat 3's revoke is claimable by nobody; public, by seats 0
    and 2 (in turn or out of turn); a claim the seat cannot know of is refused."""
    game, revoked, _ = _pair("play AD", "play 9S", "play 9H", "play QC")
    assert revoked.revokes[0].established
    for seat in (0, 1, 2):
        assert ClaimRevoke() not in game.out_of_turn_actions(revoked, seat)
    public = act(game, revoked, "play 9D")
    assert public.to_move == 0 and ClaimRevoke() in game.legal_actions(public)
    assert ClaimRevoke() in game.out_of_turn_actions(public, 2)
    assert ClaimRevoke() not in game.out_of_turn_actions(public, 1)


def test_E17_other_seats_sample_honest_worlds_until_the_revoke_is_public() -> None:
    """E17: a seat that does not know of the revoke samples only worlds where seat 3 is void in
    diamonds (its show-out read as honest); each sample gives back the seat's view and offers no
    claim it could not make."""
    game, revoked, _ = _pair("play AD", "play 9S", "play 9H", "play QC")
    diamonds = DECK.mask("9D 10D QD KD AD")  # the J♦ is a trump here
    rng = random.Random(7)
    for seat in (0, 1, 2):
        view = game.view(revoked, seat)
        for _ in range(40):
            sample = game.sample_state(view, rng)
            assert game.view(sample, seat) == view
            assert not sample.hands[3] & diamonds
            assert sample.revokes == ()


def _held_then(state: EuchreState, revoke: Revoke) -> bool:
    """Reference: the offender of ``revoke`` held a card of the led suit when it revoked: one it
    still holds, or one it played in a later trick."""
    led = _led(state, revoke)
    later = [c for _, t in _every(state)[revoke.trick_no + 1 :] for c in t]
    return bool(state.hands[revoke.seat] & led) or any(
        led >> c & 1 and _played_by(state, c, revoke.seat) for c in later
    )


def _every(state: EuchreState) -> list[tuple[int, tuple[int, ...]]]:
    return [*state.tricks, (state.leader, state.trick)]


def _led(state: EuchreState, revoke: Revoke) -> int:
    """The led effective suit of the revoke's trick, as a mask (E11: the follow table)."""
    assert state.contract is not None
    return FOLLOW_MASKS[state.contract.trump][_every(state)[revoke.trick_no][1][0]]


def _played_by(state: EuchreState, card: int, seat: int) -> bool:
    for lead, cards in [*state.tricks, (state.leader, state.trick)]:
        player = lead
        for c in cards:
            if c == card:
                return player == seat
            player = (player + 1) % 4
            if state.contract is not None and state.contract.out >> player & 1:
                player = (player + 1) % 4
    return False


def test_E17_random_table_play_views_samples_and_claims() -> None:
    """E17 over random table play with claims and corrections out of turn: a seat's view holds
    its own revokes and the public ones only; every sample gives back the view, and any revoke a
    sample holds is a real one (its offender could follow); a claim is offered only on an
    established, public revoke of the claimer's opponents."""
    game = make_game(renege_mode=True)
    secret_views = claims = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_hand(dealer=seed % 4)
        while not game.is_over(state):
            if state.phase == "play":
                public = [
                    r
                    for r in state.revokes
                    if any(
                        _played_by(state, c, r.seat) and _led(state, r) >> c & 1
                        for _, t in _every(state)[r.trick_no + 1 :]
                        for c in t
                    )
                ]
                for seat in range(4):
                    view = game.view(state, seat)
                    expected = tuple(r for r in state.revokes if r.seat == seat or r in public)
                    assert view.revokes == expected
                    secret_views += view.revokes != state.revokes
                    sample = game.sample_state(view, rng)
                    assert game.view(sample, seat) == view
                    assert all(_held_then(sample, r) for r in sample.revokes)
                    mine = (
                        game.legal_actions(state)
                        if state.to_move == seat
                        else game.out_of_turn_actions(state, seat)
                    )
                    if ClaimRevoke() in mine:
                        claims += 1
                        assert any(r.established and (r.seat - seat) % 2 for r in public)
            if state.to_move is not None and state.to_move >= 0 and rng.random() < 0.4:
                other = rng.randrange(4)
                extra = game.out_of_turn_actions(state, other)
                if extra:
                    state = game.apply(state, rng.choice(extra), seat=other)
                    continue
            legal = game.legal_actions(state) if state.to_move != CHANCE else ()
            state = game.apply(
                state, rng.choice(legal) if legal else game.sample_chance(state, rng)
            )
    assert secret_views > 100 and claims > 10


def test_E17_the_fused_rollout_waits_for_the_proof_as_stepping_does() -> None:
    """E17: from a secret established revoke, no claim is open until seat 3 plays a diamond; the
    fused rollout (which copies that rule) gives the distribution of stepping with apply."""
    game, state, _ = _pair("play AD", "play 9S", "play 9H", "play QC")
    assert ClaimRevoke() not in game.out_of_turn_actions(state, 0)
    n = 3000
    rolled = Counter(game.rollout(state, random.Random(k)).team_points for k in range(n))
    stepped = Counter(_stepped(game, state, random.Random(10**6 + k)) for k in range(n))
    chi2, df = _chi2_two_sample(rolled, stepped)
    limit = df * (1 - 2 / (9 * df) + 3.72 * (2 / (9 * df)) ** 0.5) ** 3  # 99.99 % quantile
    assert chi2 < limit, (chi2, df, rolled, stepped)
