"""Every rule written out twice is checked against its one function (issues 18 and 28).

The rules of Rook live in :mod:`cardrules.games.rook.engine`, one function each; a hot path may
write one out again, in :mod:`cardrules.games.rook.fast` only, tagged with every rule id the copy
carries (``# copy of rules R15, R16, R17: follow_rule``). This module finds every tag in the Rook
sources with :func:`cardrules.testing.rule_copies` and checks each copy against the function it
copies, by driving states through the code that holds it. A tag without a check here fails the
test, so a new copy cannot go unchecked. The tables the hot paths use are checked against the core
primitives they are generated from, over all cards and trumps.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final

import pytest

from cardrules import CHANCE, IllegalActionError, iter_bits, must_follow
from cardrules.games.rook import Play, RookGame, RookRules, RookState, make_game
from cardrules.games.rook import engine as rook_engine
from cardrules.games.rook.engine import (
    COLOURS,
    follow_rule,
    follow_table,
    trick_winner,
    win_keys,
)
from cardrules.games.rook.fast import fused_playout, legal_play_mask, stepped_playout
from cardrules.games.rook.rulebook import RookRule
from cardrules.games.rook.rules import BirdRank
from cardrules.testing import rule_copies

SOURCES = Path(rook_engine.__file__).parent
BIRD_RANKS: tuple[BirdRank, ...] = ("high", "low", "ten_and_half")
# The rule ids each engine function carries (its docstring's): a copy of it carries them all.
RULES_OF: dict[str, tuple[str, ...]] = {
    "follow_rule": ("R15", "R16", "R17"),
    "trick_winner": ("R18", "R19"),
}


def tagged_copies() -> list[tuple[str, str, tuple[str, ...], tuple[str, ...]]]:
    """``(file, enclosing function, rule ids, functions copied)`` of every tag in the sources."""
    return [(c.file, c.holder, c.rules, c.functions) for c in rule_copies(SOURCES)]


def games() -> Iterator[RookGame]:
    """Strict games for every bird rank, on both decks."""
    for bird_rank in BIRD_RANKS:
        for full_deck in (False, True):
            yield RookGame(RookRules(bird_rank=bird_rank, full_deck=full_deck))


def play_transitions(
    game: RookGame, seed: int, hands: int
) -> Iterator[tuple[RookState, RookState]]:
    """``(state, next state)`` of every play of a few random single hands."""
    rng = random.Random(seed)
    for k in range(hands):
        state = game.new_hand(dealer=k % 4)
        while (seat := game.to_move(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            legal = game.legal_actions(state)
            after = game.apply(state, legal[rng.randrange(len(legal))])
            if state.phase == "play":
                yield state, after
            state = after


# -- the checks, one per tagged copy ------------------------------------------------------------------
def check_legal_play_mask() -> None:
    """R15-R17: legal_play_mask on the follow table is follow_rule, for every trump, bird rank and
    led card (and a lead), on random hands and every hand of up to two cards of the led suit."""
    rng = random.Random(18)
    for game in games():
        n = len(game.deck)
        for trump, order in game.orders.items():
            rule = follow_rule(order, game.bird_mask)
            table = follow_table(order)
            hands = [rng.getrandbits(n) for _ in range(60)] + [0, game.bird_mask]
            for led in range(n):
                suit = order.suit_mask(order.effective_suit(led))
                members = [1 << c for c in range(n) if suit >> c & 1]
                small = [a | b for a, b in itertools.combinations([0, *members], 2)]
                for hand in hands + [h | x for h in small for x in (0, game.bird_mask, hands[0])]:
                    assert legal_play_mask(hand, table[led], game.bird_mask) == rule(hand, led), (
                        trump,
                        led,
                        hand,
                    )
            for hand in hands:
                assert legal_play_mask(hand, -1, game.bird_mask) == rule(hand, None)


def check_listed_plays() -> None:
    """R15-R17, R24, A4: the plays legal_actions lists (its written-out copy of the variant's
    play_mask) are the variant's play_mask, which is follow_rule in strict play and for a seat
    owing a proper play after a correction, and every held card otherwise in table play; at every
    play of random hands of every bird rank and deck, strict and table play."""
    owed = 0
    for game in [*games(), *(make_game(renege_mode=True, bird_rank=b) for b in BIRD_RANKS)]:
        table_play = game.rules.renege_mode
        for state, _ in play_transitions(game, 15, 12 if table_play else 6):
            seat = state.to_move
            assert seat is not None and state.trump is not None
            led = state.trick[0] if state.trick else None
            proper = follow_rule(game.orders[state.trump], game.bird_mask)(state.hands[seat], led)
            owes = seat == state.proper_play
            owed += owes
            expected = state.hands[seat] if table_play and not owes else proper
            listed = [a for a in game.legal_actions(state) if isinstance(a, Play)]
            assert listed == [game.plays[c] for c in iter_bits(expected)]
            assert game.play_variant.play_mask(state, seat) == expected
    assert owed, "no proper play owed after a correction was met: the A4 case went unchecked"


def check_apply_plays() -> None:
    """R15-R17, R24: apply's fast path takes a play of a held card exactly when follow_rule allows
    it (strict play: anything else is refused with R15 or R17; table play: recorded as a revoke),
    and its state is the checked path's, at every play of random hands of every bird rank and
    deck, strict and table play, for every card the seat holds."""
    revokes = 0
    for game in [*games(), *(make_game(renege_mode=True, bird_rank=b) for b in BIRD_RANKS)]:
        table_play = game.rules.renege_mode
        for state, _ in play_transitions(game, 28, 8 if table_play else 4):
            seat = state.to_move
            assert seat is not None and state.trump is not None
            led = state.trick[0] if state.trick else None
            hand = state.hands[seat]
            proper = follow_rule(game.orders[state.trump], game.bird_mask)(hand, led)
            for card in iter_bits(hand):
                play = game.plays[card]
                if not proper >> card & 1 and (not table_play or seat == state.proper_play):
                    with pytest.raises(IllegalActionError) as caught:
                        game.apply(state, play)
                    assert caught.value.rule in (RookRule.R15, RookRule.R17, RookRule.A4)
                    continue
                after = game.apply(state, play)
                assert after == game.checked_apply(state, Play(game.deck.cards[card]))
                assert card not in iter_bits(after.hands[seat])
                recorded = len(after.revokes) > len(state.revokes)
                assert recorded == (not proper >> card & 1), (state, card)
                revokes += recorded
    assert revokes, "no revoke was met: the table-play case went unchecked"


def check_play_winner() -> None:
    """R18, R19: the trick winner fast.play finds (the next leader, or the last trick's winner) is
    trick_winner's, over the plays of random hands of every bird rank and deck."""
    for game in games():
        for state, after in play_transitions(game, 19, 6):
            if len(state.trick) != 3 or after.trick:
                continue  # not the card that completes a trick
            assert state.trump is not None
            record = after.tricks if after.phase == "play" else after.last.tricks
            leader, trick = record[-1]
            assert leader == state.leader and trick[:3] == state.trick
            expected = (leader + trick_winner(game.orders[state.trump], trick)) % 4
            # The next trick's leader, or (the hand over) the record's last leader.
            assert (after.leader if after.phase == "play" else after.last.leader) == expected


def check_fused_playout() -> None:
    """R15-R19 in the fused playout: from states in play of every preset and bird rank, it gives
    the outcome stepping gives (random_action + apply) with the same draws, and leaves the rng in
    the same place."""
    configs = [RookRules.preset(name) for name in RookRules.PRESETS]
    configs += [RookRules(bird_rank=b) for b in BIRD_RANKS]
    for rules in configs:
        game = RookGame(rules)
        if rules.renege_mode:
            continue  # table play steps its rollouts: there is no fused copy to check
        for k, (state, _) in enumerate(play_transitions(game, 20, 3)):
            if k % 3:
                continue
            seed = random.Random(k).getrandbits(32)
            fused_rng, stepped_rng = random.Random(seed), random.Random(seed)
            fused = fused_playout(game, state, fused_rng)
            stepped = stepped_playout(game, state, stepped_rng)
            assert fused == stepped, (rules, state)
            assert fused_rng.getstate() == stepped_rng.getstate()


FOLLOW: Final = (("R15", "R16", "R17"), ("follow_rule",))
WINNER: Final = (("R18", "R19"), ("trick_winner",))
CHECKS: dict[tuple[str, tuple[str, ...], tuple[str, ...]], Callable[[], None]] = {
    ("legal_play_mask", *FOLLOW): check_legal_play_mask,
    ("legal_actions", *FOLLOW): check_listed_plays,
    ("apply", *FOLLOW): check_apply_plays,
    ("play", *WINNER): check_play_winner,
    ("fused_playout", *FOLLOW): check_fused_playout,
    ("fused_playout", *WINNER): check_fused_playout,
}
ALL_CHECKS: Final = (
    check_legal_play_mask,
    check_listed_plays,
    check_apply_plays,
    check_play_winner,
    check_fused_playout,
)


def test_every_tagged_copy_is_in_fast_and_has_a_check() -> None:
    """Each tag is in fast.py (the one module allowed to copy a rule), names a function of the
    engine and every rule id that function carries, and has a check below."""
    found = tagged_copies()
    assert found, "no tagged copy found: the tag format or the search changed"
    book = {r.value for r in RookRule}
    for file, holder, rules, functions in found:
        assert file == "fast.py", f"a copy of {rules} outside the fast module: {file}:{holder}"
        assert set(rules) <= book, (holder, rules)
        for function in functions:
            assert callable(getattr(rook_engine, function, None)), (holder, function)
            assert rook_engine.__doc__ is not None and function in rook_engine.__doc__
            assert set(RULES_OF[function]) <= set(rules), f"{holder}: {function} carries more"
        assert (holder, rules, functions) in CHECKS, f"unchecked copy {file}:{holder} {rules}"
    assert set(CHECKS) == {(h, r, f) for _, h, r, f in found}, "a check whose copy is gone"
    assert set(CHECKS.values()) == set(ALL_CHECKS)


@pytest.mark.parametrize("check", ALL_CHECKS)
def test_tagged_copy_agrees_with_its_rule(check: Callable[[], None]) -> None:
    """Run each copy's check (see the check's docstring for the rule ids it pins)."""
    check()


# -- the generated tables against the core primitives ---------------------------------------------------
@pytest.mark.parametrize("bird_rank", BIRD_RANKS)
@pytest.mark.parametrize("full_deck", [False, True])
def test_follow_table_is_must_follow(bird_rank: BirdRank, full_deck: bool) -> None:
    """R15, R17: the follow table is the core must_follow over every led card and trump: a hand
    holding one card of the led card's effective suit must play it (the Bird with the trumps)."""
    game = make_game(bird_rank=bird_rank, full_deck=full_deck)
    n = len(game.deck)
    for trump in COLOURS:
        order = game.orders[trump]
        table = follow_table(order)
        core = must_follow(order)
        assert table == game.follow_masks[trump]
        for led in range(n):
            for card in range(n):
                hand = 1 << card | (1 << led)
                expected = core(hand, led)
                following = hand & table[led]
                assert (following or hand) == expected, (trump, led, card)


@pytest.mark.parametrize("bird_rank", BIRD_RANKS)
@pytest.mark.parametrize("full_deck", [False, True])
def test_win_keys_are_winning_position(bird_rank: BirdRank, full_deck: bool) -> None:
    """R18, R19: the highest win key of a trick is the core winning_position, for every trump and
    every two-card trick (all pairs), and for random four-card tricks."""
    game = make_game(bird_rank=bird_rank, full_deck=full_deck)
    n = len(game.deck)
    rng = random.Random(1819)
    for trump in COLOURS:
        order = game.orders[trump]
        keys = win_keys(order)
        assert keys == game.winner_keys[trump]
        for led in range(n):
            row = keys[led]
            for card in range(n):
                if card != led:
                    best = 0 if row[led] > row[card] else 1
                    assert best == trick_winner(order, (led, card)), (trump, led, card)
        for _ in range(2000):
            trick = rng.sample(range(n), 4)
            row = keys[trick[0]]
            best = max(range(4), key=lambda p: row[trick[p]])
            assert best == trick_winner(order, trick), (trump, trick)
