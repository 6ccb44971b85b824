"""Tests written to kill the surviving mutants of the fused rollout (``games/voormsi/playout.py``).

Each pins a path of :func:`~cardrules.games.voormsi.playout.fused_playout` that the random deals
of ``test_rule_copies.py`` reach too rarely for a mutation run to see: the rollout must end where
stepping ends, with the generator where stepping leaves it, from positions stacked or searched to
reach the path.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import pytest

from cardrules.games.voormsi import VoormsiGame, VoormsiState, fast, make_game
from cardrules.games.voormsi.ranking import DIAMOND_THREE

from ._helpers import play, position, random_play, start_hand


def stepped(game: VoormsiGame, s: VoormsiState, rng: random.Random) -> VoormsiState:
    """The deal played out with ``apply``, choosing ``legal[rng.randrange(len(legal))]``."""
    while s.phase == "play":
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
    return s


def assert_rollouts_step(
    game: VoormsiGame, s: VoormsiState, seeds: range, rng_type: type[random.Random] = random.Random
) -> list[VoormsiState]:
    """From ``s``, the rollout with each seed ends where stepping ends and draws as it draws."""
    ends = []
    for seed in seeds:
        a, b = rng_type(seed), rng_type(seed)
        end = fast.fused_playout(game.engine, s, a)
        assert end == stepped(game, s, b)
        assert a.getstate() == b.getstate()
        ends.append(end)
    return ends


class _MirroredRandom(random.Random):
    """A generator of another type whose ``randrange(n)`` draws otherwise than a plain Random's
    (it mirrors the draw): the rollout must use its ``randrange``, not the written-out one."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        drawn = super().randrange(start, stop, step)
        return start - 1 - drawn if stop is None else drawn


def test_rollout_with_a_generator_of_another_type_draws_with_its_randrange() -> None:
    """The rollout's contract (``legal[rng.randrange(len(legal))]`` at every play) for a generator
    that is not a plain :class:`random.Random`: its own ``randrange`` is used."""
    game = make_game()
    s = game.new_hand(dealer=0)
    s = game.apply(s, game.sample_chance(s, random.Random(3)))
    ends = assert_rollouts_step(game, s, range(8), _MirroredRandom)
    plain = [fast.fused_playout(game.engine, s, random.Random(seed)) for seed in range(8)]
    assert ends != plain  # the mirrored draws do play another deal


@pytest.mark.parametrize("next_card", [False, True], ids=["b5", "b5_next_card"])
def test_B5_a_diamond_three_after_the_next_card(next_card: bool) -> None:
    """B5 (and VV1): the J♣ (seat 1) captured the K♥ (B2); a ♦3 played after seat 2's card, not
    right after the J♣, earns B5 by default and nothing with ``over_capture_needs_next_card``.
    The rollout settles it as stepping does."""
    hands = {0: "KH 6S 7S 8S", 1: "JC 6H 7H 8H", 2: "6C 7C 8C 5C", 3: "3D 9S 9H 9C"}
    game, s = start_hand(hands, over_capture_needs_next_card=next_card)
    s = play(game, s, "lead KH", "play JC")
    ends = assert_rollouts_step(game, s, range(40))
    late = [e for e in ends if e.tricks[0][0][3] == (3, 1 << DIAMOND_THREE)]
    assert late  # some rollouts play the ♦3 last, after the J♣ and seat 2's card


def test_B1_last_trick_variant_a_trick_that_empties_the_hands_with_stock_left() -> None:
    """B1 exception (a) under ``voormsi_last_card="last_trick"`` (C9): a trick of four Kings (the
    ♦3 one of them, C4) with the K♥ empties every hand, but the stock is not out, so it is not
    the deal's last trick and the K♥ earns B1 (its hand is shown)."""
    hands = {0: "KC KS KH 3D", 1: "7C 7S 7H 7D", 2: "5C 6C 8C 9C", 3: "5S 6S 8S 9S"}
    game, s = start_hand(hands, voormsi_last_card="last_trick", diamond_three_is_king=True)
    s = play(game, s, "lead KC KS KH 3D")
    ends = assert_rollouts_step(game, s, range(6))
    assert all(e.tricks[0][1] == 0 and e.revealed[:1] == ((1, 0, 0),) for e in ends)


def test_V25_a_k_heart_bonus_that_ends_the_game() -> None:
    """V25 with B1 (C9, the K♥ not the trick's last card): at 8 points, with the first-trick run
    already broken, side 0's K♥ wins a trick and its bonus reaches 9: the game ends on that
    trick, which the rollout hands to the general path with the trick's size."""
    game = make_game()
    s = position(game, ["KH 6S 8D 9D", "5C 5S 6C 6H", "5H 5D 8C 8H", "QC QS QH QD"],
                 won_by=(1, 0), scores=(8, 0))  # fmt: skip
    assert s.to_move == 0
    s = play(game, s, "lead KH")
    ends = assert_rollouts_step(game, s, range(6))
    assert all(e.phase == "over" and e.winner == 0 and len(e.tricks) == 3 for e in ends)


def test_B3_under_the_C5_variant_a_group_with_the_j_club_over_the_led_k_heart() -> None:
    """B3 with groups under ``multi_compare="vs_led_group_last_wins"`` (C5): seat 1's ♦3 pair heads
    the trick, yet seat 2's group holding the J♣ is compared with the led group, so it captures its
    partner's K♥ and the game ends at once, though the K♥ no longer heads the trick."""
    hands = {0: "KH KC 8S 8H", 1: "3D 6H 9S 9H", 2: "JC 6S AS AH", 3: "5C 5S 5H 5D"}
    game, s = start_hand(hands, multi_compare="vs_led_group_last_wins")
    s = play(game, s, "lead KH KC", "play 3D 6H")
    assert s.heading == 1
    ends = assert_rollouts_step(game, s, range(40))
    assert any(e.end == "partner_capture" for e in ends)


def _deals_meeting(
    game: VoormsiGame, wanted: Callable[[VoormsiState], bool], deals: int
) -> Iterator[list[VoormsiState]]:
    """The play states of the first ``deals`` random deals (by seed) that pass a state ``wanted``."""
    found = 0
    for seed in itertools.count():
        assert seed < 6000, "the random deals no longer meet the position"
        states = list(random_play(game, seed))
        if any(map(wanted, states)):
            yield states
            found += 1
            if found == deals:
                return


def test_V17_lead_limit_after_the_stock_in_the_cached_leads() -> None:
    """V17 (with C6's ``complete_each`` draw, which leaves hands of unequal size): once the stock is
    out, a leader holding a pair while another hand holds one card may lead single cards only,
    though the cached leads of its hand hold the pair. From every state of deals meeting that
    lead, the rollout ends where stepping ends."""
    game = make_game(draw_order="complete_each")
    engine = game._engine

    def limited_lead(s: VoormsiState) -> bool:
        seat = s.to_move
        assert seat is not None
        return (
            not s.trick
            and not s.stock
            and engine.lead_entry(s.hands[seat])[2] == 2  # (and caches the leads)
            and any(h.bit_count() == 1 for h in s.hands)
        )

    for states in _deals_meeting(game, limited_lead, 3):
        for k, s in enumerate(states):
            assert_rollouts_step(game, s, range(k, k + 2))


def test_V17_a_group_trick_skips_an_empty_hand() -> None:
    """V17 and C6 (empty hands sit out): in a trick of groups after the stock, the seat after the
    player may hold no cards; the next holder plays. From every state of deals meeting such a
    trick (the table variants, whose ``complete_each`` draw leaves hands unequal), the rollout
    ends where stepping ends."""
    game = make_game(preset="table_variants")
    next_seat = game._engine.next_seat

    def skips_an_empty_hand(s: VoormsiState) -> bool:
        return (
            len(s.trick) > 0
            and s.trick[0][1].bit_count() > 1
            and len(s.trick) < s.trick_size
            and not s.hands[next_seat[s.trick[-1][0]]]
        )

    for states in _deals_meeting(game, skips_an_empty_hand, 1):
        for k, s in enumerate(states):
            assert_rollouts_step(game, s, range(k, k + 2))


def test_C10_the_draw_keeps_the_seat_known_to_hold_the_j_club() -> None:
    """C10 and V21: seat 0 leads the K♥ holding the J♣; its opponents follow without the J♣ (V15:
    known to lack it), the K♥ wins and its bonus is refused, so seat 0 is known to hold the J♣.
    The draw forgets who lacked it (they may draw it), not who holds it. Side 0, at 8 points,
    may then end the game on the next trick before the J♣ is played: the final state keeps it."""
    game = make_game()
    s = position(game, ["KH JC 9S 9H", "5C 5S 6C 6H", "5H 5D 8C 8H", "QC QS QH QD"],
                 won_by=(1, 0, 0, 0), scores=(8, 0))  # fmt: skip
    assert s.to_move == 0
    s = play(game, s, "lead KH")
    ends = assert_rollouts_step(game, s, range(30))
    assert any(e.phase == "over" and e.toqu_known[0] == 2 for e in ends)
