"""B1–B5, V20–V25, C7–C11, VV1: the engine's scoring of whole deals against a slow reference.

Issue #27 item 10, DESIGN §8: the recount of the hand report and the fused rollout go through the
engine they check, so a bug in its bonus bookkeeping for multi-card groups passes them both. Here
:mod:`tests.games.voormsi.reference_bonus` (which imports nothing from the game) scores each deal
from its public actions, and every trick's winner, units, held points and ladder, the hand
report's items (each bonus with its seat and trick), points, scores and status must agree with it.

Random play is biased towards what makes the rare cases: groups of two to four cards when a lead
may be one, and plays holding the J♣, the K♥ or the ♦3. Each run counts what it met, and fails if
a bonus kind (or a group carrying one) never occurred, so the test cannot pass vacuously.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import Deal, get_deck
from cardrules.games.voormsi import VoormsiGame, VoormsiState, engine, make_game

from .reference_bonus import DealResult, Options, report_items, score_deal

_CARDS = [c.ascii for c in get_deck("voormsi36").cards]
_SPECIAL = {"JC", "KH", "3D"}


def _choose(game: VoormsiGame, s: VoormsiState, rng: random.Random) -> Any:
    """A legal play, biased towards groups and towards the bonus cards meeting in one trick (see
    the module docstring): the J♣ and the ♦3 are mostly kept until a K♥ (or the J♣ over it) heads
    the trick, then played, together where the group allows."""
    legal = game.legal_actions(s)
    texts = [{c.ascii for c in a.cards} for a in legal]
    pool = list(range(len(legal)))

    def prefer(keep: Callable[[set[str]], bool], p: float) -> None:
        nonlocal pool
        chosen = [i for i in pool if keep(texts[i])]
        if chosen and rng.random() < p:
            pool = chosen

    if not s.trick:
        prefer(lambda g: len(g) > 1, 0.8)
        prefer(lambda g: "KH" in g, 0.5)
        prefer(lambda g: not g & {"JC", "3D"}, 0.8)
    else:
        head_seat, head_mask = s.trick[s.heading]
        if head_mask >> _CARDS.index("KH") & 1:
            # Beating one's partner's K♥ (B3) ends the game, so it is taken less often.
            if game.num_players == 4 and head_seat % 2 == (s.to_move or 0) % 2:
                prefer(lambda g: "JC" not in g, 0.7)
            prefer(lambda g: {"JC", "3D"} <= g, 0.7)  # §3.7
            prefer(lambda g: bool(g & {"JC", "3D"}), 0.8)
        elif head_mask >> _CARDS.index("JC") & 1 and any(
            m >> _CARDS.index("KH") & 1 for _, m in s.trick
        ):
            prefer(lambda g: "3D" in g, 0.9)  # B5
        else:
            prefer(lambda g: not g & {"JC", "3D"}, 0.8)
            prefer(lambda g: "KH" in g, 0.3)
    return legal[rng.choice(pool)]


def _check_deal(game: VoormsiGame, options: Options, seed: int) -> DealResult:
    """Play one biased random deal from ``seed`` and compare the engine with the reference."""
    rng = random.Random(seed)
    n = game.num_players
    dealer = rng.randrange(n)
    scores = tuple(rng.randrange(game.rules.target) for _ in range(options.sides))
    s = game.new_hand(dealer=dealer, scores=scores)
    deal = game.sample_chance(s, rng)
    assert isinstance(deal, Deal)
    s = game.apply(s, deal)
    plays: list[tuple[int, list[str]]] = []
    after_tricks: list[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
    while not game.is_over(s):
        seat = s.to_move
        assert seat is not None and seat >= 0
        action = _choose(game, s, rng)
        done = len(s.tricks)
        s = game.apply(s, action)
        plays.append((seat, [c.ascii for c in action.cards]))
        if len(s.tricks) > done:
            after_tricks.append((s.tricks[-1][1], s.units, s.pending, s.scores))
    ref = score_deal(options, dealer, [_CARDS[i] for i in deal.order], scores, plays)
    where = f"seed {seed}"
    got = [(t[0], t[1], t[2], t[3]) for t in after_tricks]
    want = [(t.winner, t.units, t.pending, t.scores) for t in ref.tricks]
    for k, (a, b) in enumerate(zip(got, want, strict=False)):
        assert a == b, (
            f"{where}, trick {k + 1}: engine (winner, units, held, ladder) {a}, reference {b}"
        )
    assert len(got) == len(want), f"{where}: {len(got)} tricks, reference {len(want)}"
    assert s.scores == ref.scores_after, f"{where}: ladder {s.scores}, reference {ref.scores_after}"
    report = game.hand_report(s)
    assert report is not None
    assert report.status.value == ref.status, f"{where}: status {report.status}, {ref.status}"
    assert report.scores_before == scores and report.scores_after == ref.scores_after, where
    diff = tuple(b - a for a, b in zip(scores, ref.scores_after, strict=True))
    assert report.points == diff, f"{where}: report points {report.points}, ladder moved {diff}"
    have, want_items = report_items(report.items), Counter(ref.items)
    assert have == want_items, (
        f"{where}: report items differ\n  only in the report: {sorted(map(repr, have - want_items))}"
        f"\n  only in the reference: {sorted(map(repr, want_items - have))}"
    )
    winners = [t.winner for t in report.tricks if t.winner is not None]
    assert winners == [t.winner for t in ref.tricks], f"{where}: the report's trick winners"
    assert [t.points for t in report.tricks if t.winner is not None] == [
        t.points for t in ref.tricks
    ], f"{where}: the report's trick points (V22)"
    return ref


_BONUS_KINDS = ("B1", "B2", "B3", "B4", "B5")
# What the default rules must meet in the run: every bonus, the groups that carry them, and each
# exception of B1 (rule ids in the names: V24, §3.7, C9, C10).
_DEFAULT_MUST_SEE = (
    *_BONUS_KINDS,
    "multi-card trick",
    "B1 in a group",
    "B2 in a group",
    "B3 in a group",
    "B4 in a group",
    "B5 in a group",
    "J♣ and ♦3 in one group over K♥",
    "B1 refused: J♣ played before",
    "B1 refused: last card",
    "B1 refused: holds J♣",
    "bust",
    "sweep",
)


def _run(options: dict[str, Any], deals: int, seed: int = 0) -> Counter[str]:
    game = make_game(**options)
    rules = game.rules.to_dict()
    # Rules the reference does not model (they change trick resolution or the draw, not a bonus).
    assert not rules["diamond_three_is_king"], "C4"
    assert rules["multi_compare"] == "vs_heading", "C5"
    assert rules["draw_order"] == "round_robin", "C6"
    ref_options = Options(**{k: v for k, v in rules.items() if k in Options.__dataclass_fields__})
    seen: Counter[str] = Counter()
    for k in range(deals):
        seen.update(_check_deal(game, ref_options, seed * 100_003 + k).seen)
    return seen


def test_B1_to_B5_V22_V23_V25_default_rules_match_the_reference_over_many_deals() -> None:
    """Over 4,000 deals with multi-card groups, the engine and its hand report score every trick,
    bonus and deal as the reference does; and the run meets every bonus kind, in groups too."""
    seen = _run({}, 4000)
    missing = [kind for kind in _DEFAULT_MUST_SEE if not seen[kind]]
    assert not missing, f"the deals never met {missing}: {dict(seen)}"


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "parlett"},  # C3
        {"voormsi_last_card": "last_trick"},  # C9
        {"voormsi_bonus_requires_proof": False},  # C10
        {"over_capture_needs_next_card": True},  # VV1
        {"sequence_scope": "any_run"},  # C8
        {"all_nine": "score_normally"},  # C7
        {"all_nine": "wins_game"},  # C7
        {"bust_mode": "subtract_overshoot_from_previous", "simultaneous_nine": "play_on"},  # C11
        {"bust_mode": "no_bust"},  # C11
        {"preset": "three_player"},  # V26
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_B1_to_B5_options_match_the_reference(options: dict[str, Any]) -> None:
    """The options that bear on the bonuses and the ladder, 150 deals each: B1, B2 and B4 (and
    B3 with partners) occur and agree with the reference."""
    seen = _run(options, 150, seed=1)
    kinds = ("B1", "B2", "B4", "B3") if options.get("preset") != "three_player" else ("B1", "B2")
    missing = [kind for kind in kinds if not seen[kind]]
    assert not missing, f"the deals never met {missing}: {dict(seen)}"


# -- the reference bites: bugs planted in the engine (not in the source) ------------------------
def _group_jack_does_not_block_b1(original: Callable[..., Any]) -> Callable[..., Any]:
    """B1 exception (b) forgets "in this group": a K♥ played with the J♣ in one group earns B1."""

    def advance(self: Any, hands: Any, trick: Any, heading: Any, statuses: Any, info: Any,
                known: Any, played: int, seat: int, mask: int) -> Any:  # fmt: skip
        out = original(self, hands, trick, heading, statuses, info, known, played, seat, mask)
        kh, jc = 1 << _CARDS.index("KH"), 1 << _CARDS.index("JC")
        if mask & kh and mask & jc and not played & jc:
            out = (*out[:4], (*out[4][:4], False), *out[5:])
        return out

    return advance


def _group_three_takes_the_capture(original: Callable[..., Any]) -> Callable[..., Any]:
    """§3.7 broken: a group holding the J♣ and the ♦3 over the K♥ scores B4, not B2."""

    def advance(self: Any, hands: Any, trick: Any, heading: Any, statuses: Any, info: Any,
                known: Any, played: int, seat: int, mask: int) -> Any:  # fmt: skip
        out = original(self, hands, trick, heading, statuses, info, known, played, seat, mask)
        jc, d3 = 1 << _CARDS.index("JC"), 1 << _CARDS.index("3D")
        new_info = out[4]
        if mask & jc and mask & d3 and new_info[0] == len(trick) and new_info is not info:
            out = (*out[:4], (-1, seat, *new_info[2:]), *out[5:])
        return out

    return advance


def _group_over_capture_scores_b4(original: Callable[..., Any]) -> Callable[..., Any]:
    """B5 scored as B4 when the ♦3 comes in a group: +1 instead of +2."""

    def advance(self: Any, hands: Any, trick: Any, heading: Any, statuses: Any, info: Any,
                known: Any, played: int, seat: int, mask: int) -> Any:  # fmt: skip
        out = original(self, hands, trick, heading, statuses, info, known, played, seat, mask)
        new_info = out[4]
        if mask & (mask - 1) and new_info[2] >= 0 and info[2] < 0:
            out = (*out[:4], (new_info[0], new_info[2], -1, *new_info[3:]), *out[5:])
        return out

    return advance


@pytest.mark.parametrize(
    ("method", "mutant"),
    [
        ("advance", _group_jack_does_not_block_b1),
        ("advance", _group_three_takes_the_capture),
        ("advance", _group_over_capture_scores_b4),
    ],
    ids=["B1b-same-group", "3.7-J♣-before-♦3", "B5-as-B4"],
)
def test_the_reference_catches_planted_bonus_bugs(
    method: str, mutant: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each planted bug (in the engine, so the hand report's recount agrees with it) is caught."""
    monkeypatch.setattr(engine.Engine, method, mutant(getattr(engine.Engine, method)))
    with pytest.raises(AssertionError):
        _run({}, 4000)
