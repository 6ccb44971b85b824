"""Every hand-inlined copy of a rule, checked against the rule's one function (E13, E14, E17).

The engine (``cardrules.games.euchre.engine``) holds each rule once: :func:`playable` (E13),
:func:`trick_winner` (E14) and :func:`is_public_revoke` (E17). The hot paths read tables generated
from them and, where the benchmark needs it, inline a rule; each such copy lives in the game's one
fast module (``fast.py``) and carries a tag naming every rule id it carries and the function(s) it
copies (``# copy of rule E13: playable``). This module finds the tags with the core's
:func:`cardrules.testing.rule_copies`, insists that every tag is in ``fast.py`` and is one the tests
below know (a new copy without a check fails here), and checks each copy against its function: the
tables over every card and trump, the legal sets and the fast ``apply`` path against the general
path on every play of many random hands, and the fused rollouts against stepping with the same
seed (the same outcome, and the same draws from the ``rng``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardrules import CHANCE, IllegalActionError, Suit
from cardrules.games.euchre import (
    EuchreGame,
    EuchreRule,
    EuchreRules,
    EuchreState,
    Play,
    RevokeModeGame,
    engine,
    make_game,
)
from cardrules.games.euchre.engine import (
    FOLLOW_MASKS,
    ORDERS,
    TRUMPS,
    WIN_KEYS,
    playable,
    trick_winner,
)
from cardrules.games.euchre.fast import apply_play, rollout, stepped_rollout
from cardrules.games.euchre.state import DECK
from cardrules.testing import rule_copies

SOURCES = Path(engine.__file__).parent
FULL = (1 << len(DECK)) - 1


def tagged_copies() -> list[tuple[str, str, tuple[str, ...], tuple[str, ...]]]:
    """Every tag in the game's sources as ``(file, holder, rule ids, rule functions)``."""
    return [(c.file, c.holder, c.rules, c.functions) for c in rule_copies(SOURCES)]


def play_states(game: EuchreGame, hands: int, seed: int) -> Iterator[EuchreState]:
    """Every play-phase state of ``hands`` random single hands (random dealers and choices)."""
    rng = random.Random(seed)
    for i in range(hands):
        state = game.new_hand(dealer=i % 4)
        while not game.is_over(state):
            if game.to_move(state) == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            if state.phase == "play":
                yield state
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])


def check_legal_actions_E13(game: EuchreGame) -> None:
    """``legal_actions`` in play: the plays are exactly ``playable`` of the mover's hand."""
    for state in play_states(game, 60, 1):
        contract = state.contract
        assert contract is not None and state.to_move is not None
        led = state.trick[0] if state.trick else None
        expected = playable(state.hands[state.to_move], led, contract.trump)
        got = 0
        for action in game.legal_actions(state):
            assert type(action) is Play
            got |= 1 << DECK.index(action.card)
        assert got == expected, game.position_text(state)


def check_apply_E13_E14(game: EuchreGame) -> None:
    """The inlined play of ``apply`` (E13 legality, E14 winner): it accepts exactly the
    ``playable`` cards and builds the same state as the checked general path, whose trick winner is
    ``trick_winner``."""
    for state in play_states(game, 40, 2):
        contract = state.contract
        mover = state.to_move
        assert contract is not None and mover is not None
        led = state.trick[0] if state.trick else None
        legal = playable(state.hands[mover], led, contract.trump)
        for card in range(len(DECK)):
            if not state.hands[mover] >> card & 1:
                continue
            action = game.checked_action(Play(DECK.card(card)))  # the interned play
            if not legal >> card & 1:
                with pytest.raises(IllegalActionError) as info:
                    game.apply(state, action)
                assert info.value.rule == EuchreRule.E13
                continue
            fast = game.apply(state, action)
            assert fast == apply_play(game, state, mover, action, card)
            if not fast.trick and len(fast.tricks) > len(state.tricks):
                leader, cards = fast.tricks[-1]
                seats = [leader]
                for _ in cards[1:]:
                    seats.append(game.next_seats[contract.out][seats[-1]])
                assert fast.leader == seats[trick_winner(cards, contract.trump)]


def check_rollout_copies(game: EuchreGame) -> None:
    """The fused rollout (strict ``play_out``, or ``play_out_revoke_mode`` for a revoke-mode game)
    against stepping: from states along random hands, the same seed gives the same outcome and
    leaves the same next draw."""
    starts = [game.new_hand(dealer=d) for d in range(4)]
    starts += list(itertools.islice(play_states(game, 30, 3), 0, None, 3))
    for k, state in enumerate(starts):
        for seed in range(4):
            fused_rng, stepped_rng = random.Random(seed * 1000 + k), random.Random(seed * 1000 + k)
            assert rollout(game, state, fused_rng) == stepped_rollout(game, state, stepped_rng)
            assert fused_rng.random() == stepped_rng.random()


# (file, holder, rule ids, rule functions) -> its check, and whether the copy is on the revoke-mode
# path (RevokeModeGame) or the strict one: each runs for every preset, with renege_mode set
# accordingly.
E13 = ("E13",), ("playable",)
E14 = ("E14",), ("trick_winner",)
CHECKS: dict[
    tuple[str, str, tuple[str, ...], tuple[str, ...]], tuple[Callable[[EuchreGame], None], bool]
] = {
    ("fast.py", "legal_actions", *E13): (check_legal_actions_E13, False),
    ("fast.py", "apply", *E13): (check_apply_E13_E14, False),
    ("fast.py", "apply", ("E12",), ("next_active_seat",)): (check_apply_E13_E14, False),
    ("fast.py", "apply", ("E12", "E14"), ("next_active_seat", "trick_winner")): (
        check_apply_E13_E14,
        False,
    ),
    ("fast.py", "_trick_so_far", *E14): (check_rollout_copies, False),
    ("fast.py", "play_out", *E13): (check_rollout_copies, False),
    ("fast.py", "play_out", *E14): (check_rollout_copies, False),
    ("fast.py", "play_out_revoke_mode", ("E13", "E17"), ("playable",)): (
        check_rollout_copies,
        True,
    ),
    ("fast.py", "play_out_revoke_mode", *E14): (check_rollout_copies, True),
    ("fast.py", "play_out_revoke_mode", ("E17",), ("is_public_revoke",)): (
        check_rollout_copies,
        True,
    ),
}


def test_every_tagged_copy_names_a_rule_function_and_has_a_check() -> None:
    """Each tag names rule ids of the book and engine functions of those rules (the ids a
    function's docstring opens with include one of the tag's), and is one the checks below cover;
    every check still finds its copy."""
    found = tagged_copies()
    for file, holder, rules, functions in found:
        for rule in rules:
            assert rule in EuchreRule.__members__, (file, holder, rule)
        for function in functions:
            doc = getattr(engine, function).__doc__ or ""
            opening = {rule.strip() for rule in doc.split(":", 1)[0].split(",")}
            assert opening & set(rules), (file, holder, function)
    assert len(found) == len(set(found))
    assert set(found) == set(CHECKS)


def test_every_tagged_copy_is_in_the_fast_module() -> None:
    """The one fast module holds every copy of a rule: no other module of the game has a tag."""
    assert {copy.file for copy in rule_copies(SOURCES)} == {"fast.py"}


CASES = [(copy, preset) for copy in sorted(CHECKS) for preset in EuchreRules.PRESETS]


@pytest.mark.parametrize(
    ("copy", "preset"), CASES, ids=[f"{c[0]}:{c[1]}:{','.join(c[2])}-{p}" for c, p in CASES]
)
def test_tagged_copy_agrees_with_its_rule_function(
    copy: tuple[str, str, tuple[str, ...], tuple[str, ...]], preset: str
) -> None:
    """E13, E14, E17: each tagged copy against its rule function, under every preset, in the play
    mode whose path holds the copy (strict, or revoke mode)."""
    check, revoke_mode = CHECKS[copy]
    game = make_game(preset=preset, renege_mode=revoke_mode)
    assert type(game) is (RevokeModeGame if revoke_mode else EuchreGame)
    check(game)


@pytest.mark.parametrize("trump", TRUMPS, ids=str)
def test_E13_follow_masks_are_generated_from_playable(trump: Suit | None) -> None:
    """The table the hot paths read: ``h & FOLLOW_MASKS[trump][led] or h`` is ``playable`` for
    every led card and many hands, and the led mask is the led card's effective suit (E11)."""
    rng = random.Random(13)
    hands = [rng.getrandbits(len(DECK)) for _ in range(300)] + [0, FULL]
    order = ORDERS[trump]
    for led in range(len(DECK)):
        mask = FOLLOW_MASKS[trump][led]
        assert mask == order.suit_mask(order.effective_suit(led))
        for hand in hands:
            assert (hand & mask or hand) == playable(hand, led, trump)


@pytest.mark.parametrize("trump", TRUMPS, ids=str)
def test_E14_win_keys_agree_with_trick_winner_on_every_trick_of_three(trump: Suit | None) -> None:
    """The winning keys, generated from the core's ``SuitOrder.beats``: the highest key wins every
    trick of three distinct cards (all of them) and of four (a sample), as ``trick_winner`` says."""
    for trick in itertools.permutations(range(len(DECK)), 3):
        keys = WIN_KEYS[trump][trick[0]]
        best = max(range(3), key=lambda i: keys[trick[i]])
        assert best == trick_winner(trick, trump), trick
    rng = random.Random(14)
    for _ in range(3000):
        four = rng.sample(range(len(DECK)), 4)
        keys = WIN_KEYS[trump][four[0]]
        assert max(range(4), key=lambda i: keys[four[i]]) == trick_winner(four, trump)
