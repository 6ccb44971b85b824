"""The conformance suite every game must pass: :func:`check_game`.

It plays random legal games from many Hypothesis-chosen seeds to the end and checks, along the way:

* every card of the deck is in exactly one zone (cards conserved);
* the same seed plays the same game (determinism);
* every action's notation reads back to the same action, and a record of the game survives JSON and
  replays to an equal state;
* views hold nothing hidden: a state sampled from a seat's view gives that seat the same view, and
  conserves the cards too;
* illegal input — another seat acting, an action that is not legal, a malformed value — raises a
  :class:`~cardrules.errors.CardrulesError` and leaves the state equal to itself;
* the fused ``rollout`` ends the hand with an outcome and does not touch its state;
* a game's hand reports agree with its score sheet: each report's points are the change in the
  sheet, each hand starts where the last report left it, and the last report agrees with the
  outcome (a single hand's points, a match's final scores);
* the game's own texts with a non-ASCII digit, position texts with a part missing, states of
  another preset of the same game, and tampered hand reports and records are refused.

Use it in a plugin's test suite::

    from cardrules.testing import check_game

    def test_conformance():
        check_game(make_my_game())

Hypothesis is needed (it is in the ``dev`` extra); this module imports it only when called.
"""

from __future__ import annotations

import ast
import copy
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from cardrules.cards import Card
from cardrules.errors import (
    ArgumentTypeError,
    CardrulesError,
    IllegalActionError,
    NotationError,
    short_repr,
)
from cardrules.game import CHANCE, Outcome, same_fields
from cardrules.notation import is_number, read_number
from cardrules.records import GameRecord, record_game, replay

__all__ = [
    "FuzzReport",
    "RuleCopy",
    "assert_legal",
    "check_api_edge",
    "check_game",
    "fuzz_api",
    "play_moves",
    "play_random",
    "rule_copies",
]


def play_random(
    game: Any,
    seed: int,
    *,
    start: Literal["match", "hand"] = "match",
    out_of_turn_rate: float = 0.0,
    max_steps: int = 200_000,
) -> tuple[Any, list[tuple[int, Any]]]:
    """Play ``game`` at random from ``seed``: returns the final state and the ``(seat, action)`` steps.

    With ``out_of_turn_rate`` > 0 a seat's out-of-turn action (a claim, a correction) is taken
    that often when one exists, to exercise those paths.
    """
    rng = random.Random(seed)
    state = game.new_match() if start == "match" else game.new_hand(dealer=seed % game.num_players)
    steps: list[tuple[int, Any]] = []
    for _ in range(max_steps):
        if game.is_over(state):
            return state, steps
        seat, action = _choose(game, state, rng, out_of_turn_rate)
        state = game.apply(state, action, seat=seat)
        steps.append((seat, action))
    raise AssertionError(f"seed {seed}: no end after {max_steps} steps")


def _choose(game: Any, state: Any, rng: random.Random, out_of_turn_rate: float) -> tuple[int, Any]:
    seat = game.to_move(state)
    if out_of_turn_rate and rng.random() < out_of_turn_rate:
        options = [
            (s, a) for s in range(game.num_players) for a in game.out_of_turn_actions(state, s)
        ]
        if options:
            return rng.choice(options)
    if seat == CHANCE:
        return CHANCE, game.sample_chance(state, rng)
    legal = game.legal_actions(state)
    assert legal, f"seat {seat} is to move but has no legal action"
    return seat, rng.choice(legal)


def _check_zones(game: Any, state: Any) -> None:
    zones = game.card_zones(state)
    held: Counter[Any] = Counter()
    for cards in zones.values():
        held.update(cards)
    assert held == Counter(game.deck.cards), (
        f"cards not conserved: {dict(held - Counter(game.deck.cards))}"
    )


def _expect_rejected(game: Any, state: Any, action: Any, seat: int | None, what: str) -> None:
    before = copy.deepcopy(state)
    try:
        game.apply(state, action, seat=seat)
    except CardrulesError as exc:
        assert str(exc), f"{what}: the error has no message"
        if isinstance(exc, IllegalActionError):
            assert exc.rule, f"{what}: an IllegalActionError must name a rule id"
    else:
        raise AssertionError(f"{what}: {action!r} by seat {seat} was accepted")
    assert state == before, f"{what}: the state changed"


def _check_illegal(game: Any, state: Any, rng: random.Random) -> None:
    seat = game.to_move(state)
    _expect_rejected(game, state, object(), seat, "malformed action")
    _expect_rejected(game, state, None, seat, "None as an action")
    try:
        game.parse_action("xyzzy plugh", state)
    except NotationError:
        pass
    else:
        raise AssertionError("malformed notation was accepted")
    if seat is None or seat == CHANCE:
        return
    legal = set(game.legal_actions(state))
    # Another seat (or, in a one-player game, a seat that does not exist) tries the mover's action.
    others = [s for s in range(game.num_players) if s != seat] or [game.num_players]
    other = rng.choice(others)
    action = rng.choice(sorted(legal, key=repr))
    if other >= game.num_players or action not in set(game.out_of_turn_actions(state, other)):
        _expect_rejected(game, state, action, other, "wrong seat")
    # Actions from the whole encoding that are not legal now.
    for _ in range(3):
        candidate = game.index_to_action(rng.randrange(game.num_distinct_actions))
        if candidate not in legal and candidate not in set(game.out_of_turn_actions(state, seat)):
            _expect_rejected(game, state, candidate, seat, "illegal action")


def _check_position_text(game: Any, state: Any) -> None:
    """A game that writes positions (``position_text``/``parse_position``) reads them back exactly."""
    if not hasattr(game, "position_text") or not hasattr(game, "parse_position"):
        return
    text = game.position_text(state)
    assert isinstance(text, str) and "\n" not in text, "a position text is one line"
    again = game.parse_position(text)
    assert again == state, f"the position text {text!r} reads back to another state"
    assert game.legal_actions(again) == game.legal_actions(state)


def _check_report(game: Any, state: Any) -> None:
    """A game with hand reports reports its last hand: items add up, and JSON round-trips."""
    if not hasattr(game, "hand_report"):
        return
    from cardrules.reports import HandReport

    report = game.hand_report(state)
    if report is None:
        return
    assert isinstance(report, HandReport), "hand_report returns a HandReport"
    again = HandReport.from_json(report.to_json(), type(report.status))
    assert again == report, "the hand report does not survive JSON"


def _note_report(game: Any, state: Any, reports: list[Any]) -> None:
    """Keep the report of each newly finished hand and check it against the score sheet.

    Called where a hand may just have ended (the next step is a deal, or nothing): a report of a
    new hand must follow the last one, start where it ended (the score sheet does not move between
    hands) and have points equal to the change in the sheet; the report of a hand already seen
    must not have changed.
    """
    if not hasattr(game, "hand_report"):
        return
    report = game.hand_report(state)
    if report is None:
        assert not reports, f"hand {reports[-1].hand} was reported, and the report went away"
        return
    points = tuple(after - before for before, after in zip(
        report.scores_before, report.scores_after, strict=True))  # fmt: skip
    assert report.points == points, (
        f"hand {report.hand}: the report's points {report.points} are not the change in the "
        f"score sheet, {report.scores_before} -> {report.scores_after}"
    )
    if not reports:
        reports.append(report)
        return
    last = reports[-1]
    if report.hand == last.hand:
        assert report == last, f"the report of hand {report.hand} changed after the hand"
        return
    assert report.hand > last.hand, f"hand {report.hand} is reported after hand {last.hand}"
    if report.hand == last.hand + 1:
        assert report.scores_before == last.scores_after, (
            f"hand {report.hand} starts from scores {report.scores_before}, but hand {last.hand} "
            f"left the score sheet at {last.scores_after}"
        )
    reports.append(report)


def _check_reports_end(
    game: Any, state: Any, start: Literal["match", "hand"], reports: list[Any]
) -> None:
    """The report of the last hand agrees with the outcome: a single hand's outcome is its points
    (its report's), a match's is its final score sheet (the last report's ``scores_after``)."""
    _note_report(game, state, reports)
    if not reports:
        return
    last = reports[-1]
    outcome = game.outcome(state)
    if start == "hand":
        assert last.points == outcome.team_points, (
            f"the hand scored {outcome.team_points}, but its report says {last.points}"
        )
    else:
        assert last.scores_after == outcome.team_points, (
            f"the match ended on {outcome.team_points}, but the report of its last hand "
            f"(hand {last.hand}) leaves the score sheet at {last.scores_after}"
        )


def _check_views(game: Any, state: Any, rng: random.Random) -> None:
    for seat in range(game.num_players):
        view = game.view(state, seat)
        assert view == copy.deepcopy(view)
        hash(view)
        sampled = game.sample_state(view, rng)
        assert game.view(sampled, seat) == view, f"seat {seat}: a sampled state gives another view"
        _check_zones(game, sampled)
        assert game.to_move(sampled) == game.to_move(state)
        if game.to_move(state) == seat:
            assert set(game.legal_actions(sampled)) == set(game.legal_actions(state))


def _check_one_game(
    game: Any, seed: int, start: Literal["match", "hand"], thorough: bool, max_steps: int = 200_000
) -> None:
    rng = random.Random(seed ^ 0x5EED)
    state = game.new_match() if start == "match" else game.new_hand(dealer=seed % game.num_players)
    game_rng = random.Random(seed)
    steps: list[tuple[int, Any]] = []
    reports: list[Any] = []
    rollouts = 0
    while not game.is_over(state):
        if len(steps) >= max_steps:
            raise AssertionError(
                f"seed {seed}: no end after {max_steps} steps (a {start} of random play may be "
                "endless under these rules: check with a smaller target)"
            )
        _check_zones(game, state)
        if game.to_move(state) == CHANCE:  # a deal: the last hand, if any, is over
            _note_report(game, state, reports)
        seat, action = _choose(game, state, game_rng, 0.03)
        text = game.format_action(action)
        assert game.parse_action(text, state) == action, f"notation {text!r} does not read back"
        if thorough and rng.random() < 0.25:
            _check_illegal(game, state, rng)
        if thorough and rng.random() < 0.1:
            _check_views(game, state, rng)
        if thorough and rng.random() < 0.04:
            _check_information(game, state, rng)
        if thorough and rng.random() < 0.05:
            _check_position_text(game, state)
        if thorough and rng.random() < 0.02:
            _foreign_for(game)
            report = FuzzReport()
            check_api_edge(game, state, rng, report)
            assert not report.failures, "the API edge let bad input through:\n  " + "\n  ".join(
                report.failures[:20]
            )
        if rollouts < 3 and game.to_move(state) not in (None, CHANCE) and rng.random() < 0.05:
            before = copy.deepcopy(state)
            result = game.rollout(state, random.Random(seed + rollouts))
            assert isinstance(result, Outcome)
            assert state == before, "rollout changed its state"
            rollouts += 1
        if seat == game.to_move(state):
            assert action in set(game.legal_actions(state)) or seat == CHANCE
        state = game.apply(state, action, seat=seat)
        steps.append((seat, action))
    _check_zones(game, state)
    _check_position_text(game, state)
    _check_report(game, state)
    _check_reports_end(game, state, start, reports)
    if thorough:  # the end, too (a game may end mid-deal, with cards still hidden)
        _check_views(game, state, rng)
        _check_information(game, state, rng)
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome), "a finished game must have an outcome"
    assert game.to_move(state) is None and game.legal_actions(state) == ()
    dealer = seed % game.num_players if start == "hand" else None
    record = record_game(game, steps, start=start, dealer=dealer)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again, game) == state, "the record does not replay to the same state"
    if thorough:
        _check_tampered(game, state, record)
    final, same_steps = play_random(
        game, seed, start=start, out_of_turn_rate=0.03, max_steps=max_steps + 1
    )
    assert same_steps == steps and final == state, "the same seed played another game"


def check_game(
    game: Any,
    *,
    examples: int = 20,
    start: Literal["match", "hand", "both"] = "both",
    thorough: bool = True,
    max_steps: int = 200_000,
) -> None:
    """Run the conformance suite on ``game``; raises ``AssertionError`` naming what failed.

    ``examples`` seeds (with a start kind each: ``"match"`` plays whole matches, ``"hand"`` single
    deals) are drawn by Hypothesis. A game that has not ended after ``max_steps`` steps fails. The Hypothesis profile in force (e.g. a ``ci`` profile) may raise it.
    """
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    starts: tuple[Literal["match", "hand"], ...] = (
        ("match", "hand") if start == "both" else (start,)
    )

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        # Seeds have no meaningful "smaller" form: report the failing seed instead of shrinking.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), kind=st.sampled_from(starts))
    def run(seed: int, kind: Literal["match", "hand"]) -> None:
        _check_one_game(game, seed, kind, thorough, max_steps)

    run()


# -- the API edge ------------------------------------------------------------------------------
_BAD_SEATS: tuple[Any, ...] = (-1, -2, True, False, 1.0, 0.5, "0", None, 10**20, [0])
_HOSTILE_TEXTS: tuple[Any, ...] = (
    "", " ", "\x00", "\n", "play", "play ZZ", "play JH JH", "bid", "bid -5", "bid 1e9",
    "bid 70.0", "deal", "deal AH AH", "dealer", "dealer 99", "dealer -1", "☃ ♠♠", "10" * 50,
    "a" * 5000, "T9->F", "->", "R", "pass pass", None, 5, b"play JH", ["play", "JH"],
)  # fmt: skip
_HOSTILE_VALUES: tuple[Any, ...] = (None, True, -1, 1.5, "x", 10**9, (), ("x",), object())


@attrs.define
class FuzzReport:
    """What :func:`fuzz_api` found: calls made, and each failure as a line naming the call."""

    calls: int = 0
    failures: list[str] = attrs.field(factory=list)

    def call(self, what: str, fn: Any, *args: Any, must_fail: bool, **kwargs: Any) -> Any:
        """Call ``fn``; a bare Python error, or a success where ``must_fail``, is a failure."""
        self.calls += 1
        try:
            result = fn(*args, **kwargs)
        except CardrulesError as exc:
            if not str(exc):
                self.failures.append(f"{what}: the error has no message")
            return None
        except Exception as exc:
            self.failures.append(f"{what}: bare {type(exc).__name__}: {exc}")
            return None
        if must_fail:
            self.failures.append(f"{what}: accepted, returned {_short(result)}")
        return result


def _short(value: Any, limit: int = 80) -> str:
    return short_repr(value, limit)


def _foreign_values(game: Any) -> list[tuple[str, Any, Any]]:
    """Other registered games' states and views (``(name, state, view)``), plus plain junk."""
    from cardrules.registry import available_games, get_game

    out: list[tuple[str, Any, Any]] = []
    for name in available_games():
        if name == game.name:
            continue
        try:
            other = get_game(name)
            s = other.new_hand(dealer=0)
            if other.to_move(s) == CHANCE:
                s = other.apply(s, other.sample_chance(s, random.Random(0)))
            mover = other.to_move(s)
            out.append((name, s, other.view(s, mover if mover is not None and mover >= 0 else 0)))
        except Exception:  # a broken third-party plugin is not this game's failure
            continue
    return out


def _mutations(action: Any, game: Any) -> list[tuple[str, Any]]:
    """Copies of ``action`` with one field set to a value of another type or out of range."""
    if not attrs.has(type(action)):
        return []
    out: list[tuple[str, Any]] = []
    for field in attrs.fields(type(action)):
        original = getattr(action, field.name)
        values: list[Any] = [v for v in _HOSTILE_VALUES if type(v) is not type(original)]
        if type(original) is int:
            values += [-1, 10**9]
        elif isinstance(original, tuple):
            values += [(), list(original)]
            if len(original) > 1:
                values.append((original[0],) * len(original))
        elif isinstance(original, Card):
            values += [c for c in _OTHER_CARDS if c not in game.deck][:1]
        for value in values:
            mutated = copy.copy(action)
            object.__setattr__(mutated, field.name, value)
            if _is_an_action(game, mutated):
                continue  # e.g. None in an optional field: another action of the game, not junk
            out.append((f"{type(action).__name__}({field.name}={_short(value, 30)})", mutated))
    return out


def _is_an_action(game: Any, value: Any) -> bool:
    actions = getattr(game, "all_actions", None)
    if actions is None:
        return False
    try:
        index = game.action_to_index(value)
        return same_fields(game.index_to_action(index), value)
    except CardrulesError:
        return False


_OTHER_CARDS = (Card.parse("R"), Card.parse("G14"), Card.parse("2C"), Card.parse("9H"))


def check_api_edge(game: Any, state: Any, rng: random.Random, report: FuzzReport) -> None:
    """Offer ``game``'s public methods hostile input at ``state``; record what was not refused.

    Bad seats and dealers, other games' states and views, junk, hostile notation, bad action codes
    and actions with a mutated field must each raise a :class:`~cardrules.errors.CardrulesError`
    (never a bare Python error, never be accepted) and leave every input as it was.
    """
    before = copy.deepcopy(state)
    mover = game.to_move(state)
    legal = tuple(game.legal_actions(state))
    n = game.num_players
    bad_seats = (*_BAD_SEATS, n, n + 1)
    for seat in rng.sample(bad_seats, 4):
        report.call(f"view(state, {seat!r})", game.view, state, seat, must_fail=True)
        report.call(
            f"out_of_turn_actions(state, {seat!r})",
            game.out_of_turn_actions,
            state,
            seat,
            must_fail=True,
        )
        if legal and seat is not None and not (seat == CHANCE and mover == CHANCE):
            report.call(
                f"apply(state, legal, seat={seat!r})",
                game.apply,
                state,
                rng.choice(legal),
                seat=seat,
                must_fail=True,
            )
    for dealer in rng.sample((-1, True, n, 1.5, "0", 10**20), 2):
        report.call(f"new_hand(dealer={dealer!r})", game.new_hand, dealer=dealer, must_fail=True)
    junk: list[tuple[str, Any, Any]] = [
        ("None", None, None),
        ("object()", object(), object()),
        ("()", (), ()),
        ("42", 42, 42),
    ]
    for label, foreign_state, foreign_view in rng.sample(_FOREIGN.get(game.name, junk) + junk, 3):
        for method in ("to_move", "legal_actions", "is_over", "outcome", "card_zones"):
            report.call(
                f"{method}({label} state)", getattr(game, method), foreign_state, must_fail=True
            )
        report.call(f"view({label} state)", game.view, foreign_state, 0, must_fail=True)
        report.call(
            f"apply({label} state)",
            game.apply,
            foreign_state,
            legal[0] if legal else None,
            must_fail=True,
        )
        report.call(
            f"sample_state({label} view)",
            game.sample_state,
            foreign_view,
            random.Random(0),
            must_fail=True,
        )
        report.call(
            f"rollout({label} state)", game.rollout, foreign_state, random.Random(0), must_fail=True
        )
    seat = mover if mover is not None and mover >= 0 else 0
    own_view = game.view(state, seat)
    report.call("apply(a view)", game.apply, own_view, legal[0] if legal else None, must_fail=True)
    report.call("sample_state(a state)", game.sample_state, state, random.Random(0), must_fail=True)
    report.call("sample_state(view, rng=7)", game.sample_state, own_view, 7, must_fail=True)
    report.call("rollout(state, rng=None)", game.rollout, state, None, must_fail=True)
    for text in rng.sample(_HOSTILE_TEXTS, 4):
        action = report.call(
            f"parse_action({_short(text, 30)})",
            game.parse_action,
            text,
            state,
            must_fail=not isinstance(text, str),
        )
        if action is not None and action not in legal and game.to_move(state) != CHANCE:
            report.call(
                f"apply(parse_action({_short(text, 30)}))",
                game.apply,
                state,
                action,
                must_fail=True,
            )
    for code in rng.sample((True, -1, 1.5, "3", None, game.num_distinct_actions), 2):
        report.call(f"index_to_action({code!r})", game.index_to_action, code, must_fail=True)
    for junk_action in (object(), None, "play"):
        report.call(
            f"action_to_index({junk_action!r})", game.action_to_index, junk_action, must_fail=True
        )
        report.call(
            f"format_action({junk_action!r})", game.format_action, junk_action, must_fail=True
        )
    candidates = list(legal)
    for s in range(n):
        candidates += game.out_of_turn_actions(state, s)
    for action in rng.sample(candidates, min(2, len(candidates))):
        for label, mutated in _mutations(action, game):
            if mover == CHANCE:
                seats: tuple[int | None, ...] = (CHANCE,)
            else:
                seats = (None, *range(n))
            for actor in seats:
                report.call(
                    f"apply({label}, seat={actor})",
                    game.apply,
                    state,
                    mutated,
                    seat=actor,
                    must_fail=True,
                )
            report.call(f"action_to_index({label})", game.action_to_index, mutated, must_fail=True)
    _check_other_digits(game, state, legal, rng, report)
    _check_position_fields(game, state, report)
    _check_other_configs(game, state, legal, report)
    if state != before:
        report.failures.append("the state changed under hostile input")


_OTHER_DIGITS: tuple[str, ...] = ("²", "７", "١", "①")
"""Characters that are digits to ``str.isdigit`` (superscript, fullwidth, Arabic-Indic, circled)
but not to the notation, which reads ASCII 0-9 only (:mod:`cardrules.notation`)."""


def _check_other_digits(
    game: Any, state: Any, legal: tuple[Any, ...], rng: random.Random, report: FuzzReport
) -> None:
    """Texts the game wrote itself, with one ASCII digit replaced by a non-ASCII one, do not read."""
    texts: list[tuple[str, str]] = []
    if legal:
        texts.append(("parse_action", game.format_action(rng.choice(legal))))
    if hasattr(game, "position_text") and hasattr(game, "parse_position"):
        texts.append(("parse_position", game.position_text(state)))
    for method, text in texts:
        spots = [i for i, ch in enumerate(text) if ch in "0123456789"]
        if not spots:
            continue
        i = rng.choice(spots)
        for digit in _OTHER_DIGITS:
            bad = text[:i] + digit + text[i + 1 :]
            what = f"{method}({_short(bad, 60)})"
            if method == "parse_action":
                report.call(what, game.parse_action, bad, state, must_fail=True)
            else:
                report.call(what, game.parse_position, bad, must_fail=True)


def _check_position_fields(game: Any, state: Any, report: FuzzReport) -> None:
    """A position text with a field missing a part (an empty ``key=``, a trailing separator, a
    trick leader with no cards) or split over two lines is refused, never read with the part
    dropped."""
    if not hasattr(game, "position_text") or not hasattr(game, "parse_position"):
        return
    text = game.position_text(state)
    bad: list[str] = [text + " trick=2:", text.replace(" ", "\n", 1)]
    words = text.split(" ")
    for k, word in enumerate(words):
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            continue
        # The field with nothing after its "=", and with an empty part after its last separator.
        bad.append(" ".join([*words[:k], key + "=", *words[k + 1 :]]))
        for mark in (",", "/", ":"):
            if mark in value:
                bad.append(" ".join([*words[:k], word + mark, *words[k + 1 :]]))
                break
    seen: set[str] = set()
    for mutated in bad:
        if mutated in seen or mutated == text:
            continue
        seen.add(mutated)
        report.call(
            f"parse_position({_short(mutated, 60)})", game.parse_position, mutated, must_fail=True
        )


def _check_other_configs(game: Any, state: Any, legal: tuple[Any, ...], report: FuzzReport) -> None:
    """States and views of another rules config of the same game are refused by every method."""
    for label, other_state, other_view in _other_configs_for(game):
        for method in ("to_move", "legal_actions", "is_over", "outcome", "card_zones"):
            report.call(f"{method}({label})", getattr(game, method), other_state, must_fail=True)
        for method in ("position_text", "hand_report"):
            if hasattr(game, method):
                report.call(
                    f"{method}({label})", getattr(game, method), other_state, must_fail=True
                )
        report.call(f"view({label})", game.view, other_state, 0, must_fail=True)
        report.call(
            f"out_of_turn_actions({label})", game.out_of_turn_actions, other_state, 0,
            must_fail=True,
        )  # fmt: skip
        report.call(
            f"apply({label})", game.apply, other_state, legal[0] if legal else None,
            must_fail=True,
        )  # fmt: skip
        report.call(
            f"rollout({label})", game.rollout, other_state, random.Random(0), must_fail=True
        )
        report.call(
            f"sample_state(view of {label})", game.sample_state, other_view, random.Random(0),
            must_fail=True,
        )  # fmt: skip


_OTHER_CONFIGS: dict[tuple[str, str], list[tuple[str, Any, Any]]] = {}


def _other_configs_for(game: Any) -> list[tuple[str, Any, Any]]:
    """A state (dealt, a few plays in) and its mover's view for up to two other rules configs of
    ``game``: its rules class's named presets (``PRESETS``, built with ``get_game(name,
    preset=...)``) whose rules differ from ``game``'s. Cached per game and rules."""
    rules = getattr(game, "rules", None)
    key = (game.name, repr(rules))
    found = _OTHER_CONFIGS.get(key)
    if found is not None:
        return found
    from cardrules.registry import get_game

    found = []
    presets = getattr(type(rules), "PRESETS", None) if rules is not None else None
    for preset in sorted(presets or ()):
        if len(found) == 2:
            break
        try:
            other = get_game(game.name, preset=preset)
            if getattr(other, "rules", None) == rules:
                continue
            s = other.new_hand(dealer=0)
            rng = random.Random(0)
            for _ in range(4):
                if other.is_over(s):
                    break
                mover = other.to_move(s)
                if mover == CHANCE:
                    s = other.apply(s, other.sample_chance(s, rng))
                else:
                    s = other.apply(s, rng.choice(other.legal_actions(s)))
            mover = other.to_move(s)
            view = other.view(s, mover if mover is not None and mover >= 0 else 0)
        except Exception:  # a preset that cannot be built here is not this game's failure
            continue
        found.append((f"a state of preset {preset!r}", s, view))
    _OTHER_CONFIGS[key] = found
    return found


def _check_tampered(game: Any, state: Any, record: GameRecord) -> None:
    """A hand report read back with a field tampered with (a seat out of range, an unknown key,
    a status of another enum), and a record whose stored report was tampered with, are refused
    with a :class:`~cardrules.errors.RecordError`."""
    import json

    from cardrules.errors import RecordError
    from cardrules.reports import HandReport, HandStatus

    report = game.hand_report(state) if hasattr(game, "hand_report") else None
    if report is None:
        return
    statuses = type(report.status)
    plain = report.to_dict()
    n = game.num_players
    tampered: list[tuple[str, dict[str, Any], type[HandStatus]]] = []

    def changed(what: str, edit: Any) -> None:
        data = json.loads(json.dumps(plain))
        edit(data)
        tampered.append((what, data, statuses))

    if plain.get("dealer") is not None:
        changed(f"dealer={n + 3}", lambda d: d.update(dealer=n + 3))
    if plain.get("tricks"):
        changed(f"tricks[0].leader={n + 3}", lambda d: d["tricks"][0].update(leader=n + 3))
    changed("an unknown key", lambda d: d.update(unknown_key=1))
    others = [s for s in _status_enums() if s is not statuses]
    values = {m.value for m in statuses}
    foreign = next((m.value for s in others for m in s if m.value not in values), None)
    if foreign is not None:
        changed(f"status={foreign!r}", lambda d: d.update(status=foreign))
    changed("status='no_such_status'", lambda d: d.update(status="no_such_status"))
    other_enum = next((s for s in others if plain["status"] not in {m.value for m in s}), None)
    if other_enum is not None:
        tampered.append((f"read with {other_enum.__name__}", plain, other_enum))
    for what, data, enum in tampered:
        try:
            HandReport.from_dict(data, enum, game=game)
        except RecordError:
            pass
        except Exception as exc:
            raise AssertionError(
                f"a hand report with {what}: {type(exc).__name__} ({exc}), not a RecordError"
            ) from None
        else:
            raise AssertionError(f"a hand report with {what} was read back")
    if not record.reports:
        return
    for what, data, enum in tampered:
        if enum is not statuses:
            continue
        raw = json.loads(record.to_json())
        raw["reports"][-1] = data
        try:
            replay(GameRecord.from_json(json.dumps(raw)), game)
        except RecordError:
            pass
        except Exception as exc:
            raise AssertionError(
                f"a record whose last report has {what}: {type(exc).__name__} ({exc}), not a "
                "RecordError"
            ) from None
        else:
            raise AssertionError(f"a record whose last report has {what} replayed")


def _status_enums() -> list[type[Any]]:
    """Every :class:`~cardrules.reports.HandStatus` enum with members, of any loaded game."""
    from cardrules.reports import HandStatus

    out: list[type[Any]] = []
    todo: list[type[Any]] = [HandStatus]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__members__:
            out.append(cls)
    return out


_FOREIGN: dict[str, list[tuple[str, Any, Any]]] = {}


def _foreign_for(game: Any) -> None:
    if game.name not in _FOREIGN:
        _FOREIGN[game.name] = [(f"{name} ", s, v) for name, s, v in _foreign_values(game)]


def fuzz_api(game: Any, *, seed: int = 0, positions: int = 20) -> FuzzReport:
    """Fuzz ``game``'s public API at ``positions`` states of a random game from ``seed``.

    Each position gets bad seats and dealers, foreign and junk states and views, hostile
    notation and action codes, and mutated actions (see :func:`check_api_edge`). The report
    counts the calls and lists every one that raised a bare Python error or accepted bad input.
    """
    _foreign_for(game)
    report = FuzzReport()
    rng = random.Random(seed)
    final, steps = play_random(game, seed, start="hand")
    # Replay the game, stopping at evenly spread positions (chance, bidding, play, the end).
    picks = set(rng.sample(range(len(steps) + 1), min(positions, len(steps) + 1)))
    state = game.new_hand(dealer=seed % game.num_players)
    for k, (seat, action) in enumerate(steps):
        if k in picks:
            check_api_edge(game, state, rng, report)
        state = game.apply(state, action, seat=seat)
    if len(steps) in picks:
        check_api_edge(game, final, rng, report)
    return report


def _check_information(game: Any, state: Any, rng: random.Random) -> None:
    """A view holds no card whose place the seat cannot know, unless every seat was shown it.

    States sampled from a seat's view differ from the true state only in cards hidden from that
    seat, so they must give the same view; and every card the view holds must lie in the same
    zone (:meth:`card_zones`) in all of them, unless the card is public (held by every seat's
    view, as Euchre's up-card is after the dealer takes it in and may have discarded it).
    """
    zones = _zone_of(game, state)
    views = [game.view(state, seat) for seat in range(game.num_players)]
    shown = [_cards_in(view) for view in views]
    public = set.intersection(*shown) if shown else set()
    for seat, view in enumerate(views):
        private = shown[seat] - public
        for _ in range(3):
            sampled = game.sample_state(view, rng)
            assert game.view(sampled, seat) == view, (
                f"seat {seat}: a sampled state gives another view"
            )
            if not private:
                continue
            other = _zone_of(game, sampled)
            for card in private:
                assert zones.get(card) == other.get(card), (
                    f"seat {seat}'s view shows {card}, whose place ({zones.get(card)}) the seat "
                    f"cannot know: a state it cannot tell apart has it in {other.get(card)}"
                )


def _zone_of(game: Any, state: Any) -> dict[Card, tuple[str, ...]]:
    where: dict[Card, list[str]] = {}
    for name, cards in game.card_zones(state).items():
        for card in cards:
            where.setdefault(card, []).append(name)
    return {card: tuple(sorted(names)) for card, names in where.items()}


def _cards_in(value: Any, depth: int = 0) -> set[Card]:
    """Every :class:`~cardrules.cards.Card` reachable from ``value`` through its fields."""
    if depth > 12:
        return set()
    if isinstance(value, Card):
        return {value}
    if isinstance(value, str | bytes | int | float | type(None)):
        return set()
    found: set[Card] = set()
    if isinstance(value, Mapping):
        for k, v in value.items():
            found |= _cards_in(k, depth + 1) | _cards_in(v, depth + 1)
    elif isinstance(value, tuple | list | frozenset | set) or type(value).__name__ == "CardSet":
        for item in value:
            found |= _cards_in(item, depth + 1)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            found |= _cards_in(getattr(value, field.name), depth + 1)
    return found


# -- helpers for tests that pin a rule ------------------------------------------------------------
def play_moves(game: Any, state: Any, moves: str | Sequence[str]) -> Any:
    """Apply moves written in the game's notation; the state after the last one.

    ``moves`` is a list of texts, or one text with the moves separated by ``;``. A move may start
    with ``N:`` to be taken by seat ``N`` out of turn (a claim, a correction). A move that does not
    read or is not allowed raises :class:`AssertionError` naming the step, the seat to move and the
    legal moves there, so a failing test says where the line went wrong.

    >>> import random
    >>> from cardrules import get_game
    >>> game = get_game("euchre")
    >>> s = game.new_hand(dealer=0)
    >>> s = game.apply(s, game.sample_chance(s, random.Random(3)))
    >>> s = play_moves(game, s, "pass; pass; pass; pass")
    >>> game.format_action(game.legal_actions(s)[0])
    'pass'
    """
    steps = [m.strip() for m in moves.split(";")] if isinstance(moves, str) else list(moves)
    for k, text in enumerate(steps):
        seat: int | None = None
        head, sep, rest = text.partition(":")
        if sep and is_number(head.strip()):  # ASCII digits only: "²: pass" does not read
            seat, text = read_number(head, "a seat"), rest.strip()
        mover = game.to_move(state)
        try:
            action = game.parse_action(text, state)
            state = game.apply(state, action, seat=seat)
        except CardrulesError as exc:
            legal = ", ".join(game.format_action(a) for a in game.legal_actions(state))
            raise AssertionError(
                f"move {k + 1} ({text!r}, seat {seat if seat is not None else mover}): {exc}\n"
                f"  legal for seat {mover}: {legal or 'none'}"
            ) from None
    return state


def assert_legal(game: Any, state: Any, expected: str | Sequence[str]) -> None:
    """Assert that the legal moves at ``state`` are exactly ``expected`` (notation, any order).

    ``expected`` is a list of texts, or one text separated by ``;``. Each text is read with the
    game's own ``parse_action(text, state)``, so every notation the game reads is accepted (``"play
    J♥"`` and ``"play JH"``; the patience's ASCII pile names ``T1>FS+`` for ``T1>F♠↑``) and the
    actions themselves are compared. A text the game cannot read fails at once, naming the text and
    the game's reason; otherwise the failure lists the moves missing (in the order expected) and
    those not expected (in the game's order), in the game's notation (``format_action``).

    >>> import random
    >>> from cardrules import get_game
    >>> game = get_game("rook")
    >>> s = game.new_hand(dealer=3)
    >>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
    >>> assert_legal(game, s, "pass; " + "; ".join(f"bid {b}" for b in range(70, 125, 5)))
    >>> assert_legal(game, s, "pass; bid 70")
    Traceback (most recent call last):
    ...
    AssertionError: legal moves differ: missing none; not expected bid 75, bid 80, ...
    >>> assert_legal(game, s, "pass; bid 7O")
    Traceback (most recent call last):
    ...
    AssertionError: expected move 'bid 7O' could not be read: ...
    """
    if isinstance(expected, str):
        texts = expected.split(";")
    elif isinstance(expected, Sequence):
        texts = list(expected)
    else:
        raise ArgumentTypeError(
            f"expected must be a str or a sequence of str, not {type(expected).__name__}"
        )
    want: list[Any] = []
    for text in texts:
        if not isinstance(text, str):
            raise ArgumentTypeError(
                f"expected must hold texts of moves, not {type(text).__name__} {short_repr(text)}"
            )
        if not text.strip():
            continue
        try:
            action = game.parse_action(text.strip(), state)
        except CardrulesError as exc:
            # Not "missing": a typo in the test must not read as a rule that forgot a move.
            raise AssertionError(
                f"expected move {text.strip()!r} could not be read: {exc}"
            ) from exc
        if action not in want:
            want.append(action)
    # Compared as actions (a list: an action need not be hashable), shown in the game's notation.
    have = list(game.legal_actions(state))
    missing = [game.format_action(a) for a in want if a not in have]
    extra = [game.format_action(a) for a in have if a not in want]
    if missing or extra:
        raise AssertionError(
            f"legal moves differ: missing {', '.join(missing) or 'none'}; "
            f"not expected {', '.join(extra) or 'none'}"
        )


@attrs.frozen
class RuleCopy:
    """One tagged copy of rules in a game's sources (see :func:`rule_copies`).

    ``file`` is the module's file name, ``holder`` the innermost function holding the tag
    (``"<module>"`` at module level), ``line`` its line number, ``rules`` every rule id the copy
    carries and ``functions`` the engine functions it copies, in the tag's order.
    """

    file: str
    holder: str
    line: int
    rules: tuple[str, ...]
    functions: tuple[str, ...]


_COPY_TAG = re.compile(
    r"#\s*copy of rules? ([A-Z]+\d+[a-z]?(?:,\s*[A-Z]+\d+[a-z]?)*):\s*(\w+(?:,\s*\w+)*)\s*$"
)


def rule_copies(package: str | Path) -> list[RuleCopy]:
    """Every rule copy tagged in the ``.py`` files of the folder ``package``, in file and line
    order.

    A hot path of a game may write a rule out again for speed — inside the game's fast module
    only — and says so with a comment naming *every* rule id the copy carries and the engine
    function(s) it copies::

        # copy of rules R15, R16, R17: follow_rule

    A game's tests find the tags with this function and check each copy against the function it
    copies, so that a new copy cannot go unchecked:

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "fast.py").write_text(
    ...     "def step(hand, led):\\n"
    ...     "    # copy of rules E13, E14: playable, trick_winner\\n"
    ...     "    return hand\\n")
    >>> rule_copies(folder)
    [RuleCopy(file='fast.py', holder='step', line=2, rules=('E13', 'E14'), functions=('playable', 'trick_winner'))]
    """
    found: list[RuleCopy] = []
    for path in sorted(Path(package).glob("*.py")):
        text = path.read_text(encoding="utf-8")
        functions = [
            node
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        for number, line in enumerate(text.splitlines(), 1):
            match = _COPY_TAG.search(line)
            if match is None:
                continue
            holders = [f for f in functions if f.lineno <= number <= (f.end_lineno or f.lineno)]
            holder = max(holders, key=lambda f: f.lineno).name if holders else "<module>"
            rules = tuple(r.strip() for r in match.group(1).split(","))
            names = tuple(f.strip() for f in match.group(2).split(","))
            found.append(RuleCopy(path.name, holder, number, rules, names))
    return found
