"""Every hand-inlined copy of a rule, checked against the rule's one function (E13, E14, E17).

The engine (``cardrules.games.euchre.engine``) holds each rule once: :func:`playable` (E13) and
:func:`trick_winner` (E14), both on the core primitives. The hot paths read tables generated from
them and, where the benchmark needs it, inline a rule; each such copy carries the comment
``# copy of rule <ID>: <function>``. This module greps the game's sources for those tags, insists
that every tag is one the tests below know (a new copy without a check fails here), and checks each
copy against its function: the tables over every card and trump, the legal sets and the fast
``apply`` path against the general path on every play of many random hands, and the fused rollouts
against stepping with the same seed (the same outcome, and the same draws from the ``rng``).
"""

from __future__ import annotations

import itertools
import random
import re
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
from cardrules.games.euchre.rollout import rollout, stepped_rollout
from cardrules.games.euchre.state import DECK

SOURCES = Path(engine.__file__).parent
TAG = re.compile(r"(?:^|\s)#\s*copy of rule\b")  # a comment, not a mention in ``quotes``
TAG_FORMAT = re.compile(r"# copy of rule (?P<rule>[A-Z]+\d+): (?P<function>\w+)$")
FULL = (1 << len(DECK)) - 1


def tagged_copies() -> list[tuple[str, str, str, str]]:
    """Every tag in the game's sources as ``(file, enclosing function, rule, rule function)``."""
    found = []
    for path in sorted(SOURCES.glob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            tag = TAG.search(line)
            if tag is None:
                continue
            exact = TAG_FORMAT.search(line.strip())
            assert exact is not None, (
                f"{path.name}:{number + 1}: malformed copy tag {line.strip()!r}"
            )
            indent = len(line) - len(line.lstrip())
            enclosing = next(
                m.group(2)
                for earlier in reversed(lines[:number])
                if (m := re.match(r"(\s*)def (\w+)", earlier)) and len(m.group(1)) < indent
            )
            found.append((path.name, enclosing, exact["rule"], exact["function"]))
    return found


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
            assert fast == game._apply_play(state, mover, action, card)
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


# (file, enclosing function, rule, rule function) -> its check, and whether the copy is on the
# revoke-mode path (RevokeModeGame) or the strict one: each runs for every preset, with
# renege_mode set accordingly.
CHECKS: dict[tuple[str, str, str, str], tuple[Callable[[EuchreGame], None], bool]] = {
    ("game.py", "legal_actions", "E13", "playable"): (check_legal_actions_E13, False),
    ("game.py", "apply", "E13", "playable"): (check_apply_E13_E14, False),
    ("game.py", "apply", "E14", "trick_winner"): (check_apply_E13_E14, False),
    ("playout.py", "_trick_so_far", "E14", "trick_winner"): (check_rollout_copies, False),
    ("playout.py", "play_out", "E13", "playable"): (check_rollout_copies, False),
    ("playout.py", "play_out", "E14", "trick_winner"): (check_rollout_copies, False),
    ("playout.py", "play_out_revoke_mode", "E13", "playable"): (check_rollout_copies, True),
    ("playout.py", "play_out_revoke_mode", "E14", "trick_winner"): (check_rollout_copies, True),
    ("playout.py", "play_out_revoke_mode", "E17", "is_public_revoke"): (check_rollout_copies, True),
}


def test_every_tagged_copy_names_a_rule_function_and_has_a_check() -> None:
    """Each ``# copy of rule <ID>: <function>`` tag names a rule id of the book and the engine
    function of that rule (its docstring opens with the id), and is one the checks below cover;
    every check still finds its copy."""
    found = tagged_copies()
    for _, _, rule, function in found:
        assert rule in EuchreRule.__members__
        rule_function = getattr(engine, function)
        assert (rule_function.__doc__ or "").startswith(f"{rule}:"), function
    assert set(found) == set(CHECKS)


CASES = [(copy, preset) for copy in sorted(CHECKS) for preset in EuchreRules.PRESETS]


@pytest.mark.parametrize(
    ("copy", "preset"), CASES, ids=[f"{c[0]}:{c[1]}:{c[2]}-{p}" for c, p in CASES]
)
def test_tagged_copy_agrees_with_its_rule_function(
    copy: tuple[str, str, str, str], preset: str
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
