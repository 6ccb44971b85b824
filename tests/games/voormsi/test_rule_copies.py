"""Every hand-inlined copy of a Voormsi rule, checked against the step function it copies.

The engine (``cardrules.games.voormsi.engine``) writes each rule once, in the steps that
``VoormsiGame.apply`` runs. The fused rollout (``Engine.playout``, whose loop is
``cardrules.games.voormsi.playout.fused_playout``) plays a four-player deal on locals instead of
building a state per play: one card is a copy of ``play_card``'s steps (the V12 heading, the V15
deduction, the V24 bookkeeping of B2, B4 and B5, the V17 lead limit of ``legal_at``, the V15
compulsion of ``compelled`` that decides whether a follow may play any card), and the trick end
with no bonus to settle a copy of ``score_trick``'s units, ``unit_points``,
``_finish_card_trick``'s hold and draw, ``_one_card_each`` and ``_next_lead`` (V20–V23, V21,
V6); each copy is tagged ``# copy of rule <ID>: <function>``. This module greps the game's sources for those tags, insists
that every tag is one it knows (a new copy without a check fails here), and checks the rollout
against stepping: from every play state of many random deals, for every preset and the options
that change the play, the same final state and the same draws from the generator.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules import CHANCE
from cardrules.games.voormsi import (
    VoormsiGame,
    VoormsiRules,
    VoormsiState,
    engine,
    make_game,
    stacked_deal,
)
from cardrules.games.voormsi.ranking import DIAMOND_THREE, TOQUTSIT, VOORMSI

SOURCES = Path(engine.__file__).parent
TAG = re.compile(r"(?:^|\s)#\s*copy of rule\b")  # a comment, not a mention in ``quotes``
TAG_FORMAT = re.compile(r"# copy of rule (?P<rule>[A-Z]+\d+): (?P<function>\w+)$")

KNOWN_COPIES = {
    ("playout.py", "fused_playout", "V12", "play_card"),
    ("playout.py", "fused_playout", "V15", "play_card"),
    ("playout.py", "fused_playout", "V15", "compelled"),
    ("playout.py", "fused_playout", "V20", "score_trick"),
    ("playout.py", "fused_playout", "V22", "unit_points"),
    ("playout.py", "fused_playout", "V23", "_finish_card_trick"),
    ("playout.py", "fused_playout", "V21", "_finish_card_trick"),
    ("playout.py", "fused_playout", "V21", "_one_card_each"),
    ("playout.py", "fused_playout", "V6", "_next_lead"),
    ("playout.py", "fused_playout", "V24", "play_card"),
    ("playout.py", "fused_playout", "V17", "legal_at"),
    ("playout.py", "fused_playout", "B2", "play_card"),
    ("playout.py", "fused_playout", "B4", "play_card"),
    ("playout.py", "fused_playout", "B5", "play_card"),
}
"""The copies this module checks (by the rollout-against-stepping tests below)."""

_PRESETS: list[dict[str, object]] = [{"preset": name} for name in VoormsiRules.PRESETS]
CONFIGS: list[dict[str, object]] = [
    {},
    *_PRESETS,
    {"must_follow_suit": True},
    {"diamond_three_is_king": True},
    {"sequence_scope": "any_run"},
    {"voormsi_last_card": "last_to_trick", "voormsi_bonus_requires_proof": True},
    {"bust_mode": "no_bust", "target": 5},
]


def _ids(options: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def tagged_copies() -> list[tuple[str, str, str, str]]:
    """Every tag in the game's sources as ``(file, enclosing function, rule, rule function)``."""
    found = []
    for path in sorted(SOURCES.glob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if TAG.search(line) is None:
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


def test_every_copy_of_a_rule_is_tagged_and_known() -> None:
    """V12/V15: the tags found are exactly the copies checked here, and each names a real function."""
    found = set(tagged_copies())
    assert found == KNOWN_COPIES
    for _file, _enclosing, _rule, function in found:
        assert callable(getattr(engine.Engine, function, None) or getattr(engine, function))


def play_states(game: VoormsiGame, deals: int, seed: int) -> Iterator[VoormsiState]:
    """Every play state of ``deals`` random single hands (random dealers and choices)."""
    rng = random.Random(seed)
    for i in range(deals):
        s = game.new_hand(dealer=i % game.num_players)
        while (seat := game.to_move(s)) is not None:
            if seat == CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
                continue
            yield s
            legal = game.legal_actions(s)
            s = game.apply(s, legal[rng.randrange(len(legal))])


def stepped(game: VoormsiGame, s: VoormsiState, rng: random.Random) -> VoormsiState:
    """The deal played out with ``apply``, choosing ``legal[rng.randrange(len(legal))]``."""
    while s.phase == "play":
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
    return s


class _CountingRandom(random.Random):
    """A generator of another type: the rollout then draws with ``randrange`` itself."""


@pytest.mark.parametrize("options", CONFIGS, ids=_ids)
def test_fused_playout_ends_where_stepping_ends(options: dict[str, object]) -> None:
    """V12, V15 (the copies in ``playout``): from every play state of many deals — at a lead and
    inside tricks, after the K♥, J♣ and ♦3 — the fused rollout reaches the state stepping reaches
    with the same generator, and leaves the generator where stepping leaves it."""
    game = make_game(**options)
    playout = game._engine.playout
    for k, s in enumerate(play_states(game, 25, seed=len(_ids(options)))):
        for rng_type in (random.Random, _CountingRandom):
            a, b = rng_type(k), rng_type(k)
            assert playout(s, a) == stepped(game, s, b)
            assert a.getstate() == b.getstate()


def test_fused_playout_meets_the_v15_deduction_and_the_special_cards() -> None:
    """The deals above reach the copied V15 deduction (a seat shown not to hold the J♣) and every
    special card, so the comparison covers the paths into and out of the copy."""
    game = make_game()
    deduced = special = 0
    for s in play_states(game, 150, seed=5):
        deduced += 1 in s.toqu_known
        special += bool(s.played & (1 << TOQUTSIT | 1 << VOORMSI))
    assert deduced > 0
    assert special > 0


def test_fused_playout_meets_the_free_j_club_follow_and_quiet_group_tricks() -> None:
    """V15 and V20 (the copies in ``playout``): the deals above reach a follow holding the J♣
    with the K♥ heading the trick (compelled or not, the general legal groups) and without it
    (any card, the copied check), and tricks of groups (scored on the locals when no bonus is
    due), so the comparison covers both sides of each copy."""
    game = make_game()
    free = held = groups = 0
    for s in play_states(game, 150, seed=5):
        seat = s.to_move
        assert seat is not None
        if s.trick and s.hands[seat] >> TOQUTSIT & 1 and s.trick[0][1].bit_count() == 1:
            if s.trick[s.heading][1] >> VOORMSI & 1:
                held += 1
            else:
                free += 1
        groups += not s.trick and any(t[0][1].bit_count() > 1 for t, _ in s.tricks)
    assert free > 0
    assert held > 0
    assert groups > 0


@pytest.mark.parametrize("next_card", [False, True], ids=["b5", "b5_next_card"])
def test_fused_playout_settles_b2_b4_b5_as_stepping_does(next_card: bool) -> None:
    """B2, B4, B5 (and VV1): the bonus bookkeeping copied into ``playout`` on a trick stacked to meet
    it. Seat 0 leads the K♥; seat 1, holding the J♣, must capture it (V15, B2); seat 2 may then
    play the ♦3 over the J♣ (B5) and seat 3 over the K♥ (B4). Every rollout from that lead ends
    where stepping ends, and some take the ♦3 over the J♣."""
    game = make_game(over_capture_needs_next_card=next_card)
    hands = {0: "KH 6S 7S 8S", 1: "JC 6H 7H 8H", 2: "3D 6C 7C 8C", 3: "9S 9H 9C 9D"}
    dealt = game.apply(game.new_hand(dealer=3), stacked_deal(game, 3, hands))
    start = game.apply(dealt, game.legal_actions(dealt)[3])  # seat 0 leads the K♥
    assert start.trick == ((0, 1 << VOORMSI),)
    b5 = 0
    for seed in range(60):
        for rng_type in (random.Random, _CountingRandom):
            a, b = rng_type(seed), rng_type(seed)
            fused = game._engine.playout(start, a)
            assert fused == stepped(game, start, b)
            assert a.getstate() == b.getstate()
            first = fused.tricks[0][0]
            b5 += first[:3] == ((0, 1 << VOORMSI), (1, 1 << TOQUTSIT), (2, 1 << DIAMOND_THREE))
    assert b5 > 0


@pytest.mark.parametrize("preset", [None, "two_player", "three_player"])
def test_hand_outcome_is_each_teams_clamped_lead(preset: str | None) -> None:
    """The outcome every rollout ends with (written out for two teams): the side that scored more
    wins (V25's hand comparison), a seat's return is its team's lead over the best other team over
    the target, clamped to [-1, 1], and its points are its team's."""
    game = make_game(preset=preset) if preset else make_game()
    teams, scale = game.teams, game.rules.target
    span = range(-3, 12)
    for points in itertools.product(span, repeat=len(teams.teams)):
        best = max(points)
        leaders = [t for t, p in enumerate(points) if p == best]
        for winner in (None, *range(len(points))):
            outcome = game._hand_outcome(points, winner)
            won = winner if winner is not None else leaders[0] if len(leaders) == 1 else -1
            assert outcome.winners == (teams.teams[won] if won >= 0 else ())
            assert outcome.team_points == points
            for seat in range(game.num_players):
                t = teams.team_of(seat)
                lead = points[t] - max(p for u, p in enumerate(points) if u != t)
                assert outcome.seat_points[seat] == points[t]
                assert outcome.returns[seat] == max(-1.0, min(1.0, lead / scale))
