"""What the command line tells a seat about each step: only what that seat may know.

The ``cardrules`` command narrates a game from one seat's point of view (``play``, ``replay --seat``)
or from a spectator's, who sees everything (``watch``, ``replay``). Everything here speaks only the
Game protocol, so a plugin game is narrated as carefully as the shipped ones.

From a seat's point of view, another seat's action (or a chance step) is shown in full only when
the seat may know all of it:

* every card the action names appears in the seat's view of the state after it (a card played to
  the table does; a card discarded face down does not), and
* the seat's view after it tells it apart from the actor's other legal actions (a dealer who
  discards the card everybody saw turned up names a known card, but nobody may know that it was
  that card and not another one).

Otherwise the action is told by its first word and a count: ``seat 3 buries five cards (face
down)``; a shuffle is ``seat 3 deals``. The seat's own actions are shown in full.

>>> from cardrules.cards import parse_cards
>>> sorted(map(str, cards_in({"hand": parse_cards("9C JH"), "up": (None, parse_cards("AS")[0])})))
['9C', 'AS', 'JH']
>>> count_phrase(1), count_phrase(5), count_phrase(40)
('a card', 'five cards', '40 cards')
>>> third_person("bury"), third_person("discard"), third_person("pass"), third_person("T3>F♠↑")
('buries', 'discards', 'passes', 'acts')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from cardrules.cards import Card
from cardrules.cli.talk import Sides, suit_words
from cardrules.decks import CardSet
from cardrules.errors import CardrulesError
from cardrules.game import CHANCE, Deal

__all__ = [
    "Narrator",
    "ReportWatcher",
    "ViewHook",
    "cards_in",
    "cards_named",
    "count_phrase",
    "draws_line",
    "outcome_line",
    "report_lines",
    "summary_lines",
    "third_person",
]

ViewHook = Callable[[Any], None]
"""Called with every view of the narrated seat that the command computes, before anything built
from it is shown (for tests and tools that check what a seat was told)."""

_MAX_DEPTH: Final = 16
_MAX_ALTERNATIVES: Final = 512
_TOKEN: Final = re.compile(r"[^\s,;:()\[\]{}<>|=·→]+")
_NUMBERS: Final = (
    "no",
    "a",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def cards_in(value: Any) -> frozenset[Card]:
    """Every :class:`~cardrules.cards.Card` reachable from ``value``: through card sets, tuples,
    lists, sets, mappings (keys and values) and the fields of attrs classes (views, tricks,
    scores), to a fixed depth."""
    found: set[Card] = set()
    _walk(value, found, 0, set())
    return frozenset(found)


def _walk(value: Any, found: set[Card], depth: int, seen: set[int]) -> None:
    if isinstance(value, Card):
        found.add(value)
        return
    if value is None or isinstance(value, str | bytes | int | float | complex):
        return
    if isinstance(value, CardSet):
        found.update(value)
        return
    if depth >= _MAX_DEPTH or id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Mapping):
        for key, item in value.items():
            _walk(key, found, depth + 1, seen)
            _walk(item, found, depth + 1, seen)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            _walk(item, found, depth + 1, seen)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            _walk(getattr(value, field.name, None), found, depth + 1, seen)


def cards_named(game: Any, action: Any, text: str | None = None) -> frozenset[Card]:
    """The cards of ``game``'s deck that ``action`` names: the cards it holds (a shuffle's card
    indices included) and any card of the deck its text notation mentions, in ASCII or Unicode."""
    deck = game.deck
    named = set(cards_in(action))
    if isinstance(action, Deal):
        cards = deck.cards
        named.update(cards[i] for i in action.order if type(i) is int and 0 <= i < len(cards))
    if text is None:
        text = game.format_action(action)
    in_deck = set(deck.cards)
    for token in _TOKEN.findall(text):
        try:
            card = Card.parse(token)
        except (CardrulesError, ValueError):
            continue
        if card in in_deck:
            named.add(card)
    return frozenset(named)


def count_phrase(n: int) -> str:
    """``"a card"``, ``"five cards"``, ``"40 cards"``."""
    if n == 1:
        return "a card"
    word = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{word} cards"


def third_person(verb: str) -> str:
    """The third person singular of an action's first word (``bury`` → ``buries``); ``acts``
    when the word is not a plain English verb."""
    if not verb.isascii() or not verb.isalpha():
        return "acts"
    verb = verb.lower()
    if verb.endswith("y") and len(verb) > 1 and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    return verb + "s"


def draws_line(
    before: Sequence[Any],
    after: Sequence[Any],
    *,
    me: int | None = None,
    card: Callable[[Card], str] | None = None,
    players: int | None = None,
) -> str | None:
    """The draws from the stock between two steps, or ``None`` when nobody drew.

    ``before`` and ``after`` are the views of every seat (a spectator's narration, ``me``
    ``None``: each seat's cards are named) or the narrated seat ``me``'s view alone (its own
    cards are named, the others' only counted: their cards are hidden; ``players``, the number of
    seats, lets it say "a card each"). The views need a ``stock_size`` and a ``hand``; ``card``
    writes a card (by default with its suit symbol).

    >>> @attrs.frozen
    ... class View:
    ...     hand: tuple[Card, ...]
    ...     stock_size: int
    >>> jh, qs, ac = (Card.parse(c) for c in ("JH", "QS", "AC"))
    >>> draws_line([View((ac,), 8), View((), 8)], [View((jh,), 6), View((qs,), 6)])
    'Draws from the stock: seat 0 J♥, seat 1 Q♠ (6 cards left)'
    >>> draws_line([View((ac,), 8)], [View((jh,), 6)], me=0)
    'Draws from the stock: you J♥, the other seats a card (6 cards left)'
    >>> draws_line([View((ac,), 8)], [View((jh,), 4)], me=0, players=4)
    'Draws from the stock: you J♥, each other seat a card (4 cards left)'
    """
    if not before or len(before) != len(after) or (me is None and len(after) == 1):
        return None
    old, new = before[0].stock_size, after[0].stock_size
    if type(old) is not int or type(new) is not int or new >= old:
        return None
    total = old - new
    if card is None:
        card = _unicode
    left = "the stock is empty" if new == 0 else f"{new} card{'s' if new != 1 else ''} left"
    drawn = [
        [c for c in getattr(b, "hand", ()) if c not in set(getattr(a, "hand", ()))]
        for a, b in zip(before, after, strict=True)
    ]
    if me is None:
        parts = [
            f"seat {seat} " + " ".join(card(c) for c in cards)
            for seat, cards in enumerate(drawn)
            if cards
        ]
    else:
        mine = drawn[0]
        parts = ["you " + (" ".join(card(c) for c in mine) if mine else "nothing")]
        others = total - len(mine)
        if others and players is not None and players > 1 and others % (players - 1) == 0:
            parts.append(f"each other seat {count_phrase(others // (players - 1))}")
        elif others:
            parts.append(f"the other seats {count_phrase(others)}")
    return f"Draws from the stock: {', '.join(parts)} ({left})"


def _unicode(card: Card) -> str:
    return card.unicode


def summary_lines(reports: Sequence[Any], *, num_players: int) -> list[str]:
    """A watched game at its end: each hand in one line (who dealt, how it ended, the points and
    the score after it), as the hand reports tell it. ``[]`` without reports.

    >>> from cardrules.reports import HandReport, HandStatus, ScoreItem
    >>> class Status(HandStatus):
    ...     MADE = "made"
    >>> first = HandReport(game="demo", hand=1, dealer=3, status=Status.MADE, contract=None,
    ...     tricks=(), points=(2, 0), items=(ScoreItem(0, 2, "E15", "march"),),
    ...     scores_before=(0, 0), scores_after=(2, 0))
    >>> print("\\n".join(summary_lines([first], num_players=4)))
    == Summary of the 1 hand:
       hand 1, dealt by seat 3: made — team 0 +2, team 1 +0 — score team 0 2, team 1 0
    """
    if not reports:
        return []
    single = len(reports[0].points) == 1
    count = f"{len(reports)} hand{'s' if len(reports) != 1 else ''}"
    lines = [f"== Summary of the {count}:"]
    for report in reports:
        sides = Sides(num_players, len(report.points))
        status = str(report.status.value).replace("_", " ")
        dealt = f", dealt by seat {report.dealer}" if report.dealer is not None else ""
        signed = [f"{'+' if p >= 0 else ''}{p}" for p in report.points]
        if single:
            lines.append(f"   hand {report.hand}: {status} — {report.scores_after[0]} points")
        else:
            lines.append(
                f"   hand {report.hand}{dealt}: {status} — {sides.tally(signed)} — score "
                f"{sides.tally(report.scores_after)}"
            )
    return lines


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Narrator:
    """Tells the steps of one game from ``seat``'s point of view (``None``: a spectator's, who sees
    everything).

    :meth:`view` is the seat's view of a state; :meth:`line` the text of one step. ``hook`` (see
    :data:`ViewHook`) receives every view the narrator computes, before anything built from it is
    shown; ``me`` is how the seat's own actions are introduced (``"you"`` while playing).
    """

    def __init__(
        self, game: Any, seat: int | None, *, hook: ViewHook | None = None, me: str | None = None
    ) -> None:
        self.game = game
        self.seat = seat
        self.hook = hook
        self.me = me if me is not None else f"seat {seat}"
        self._cache: tuple[Any, Any] | None = None

    @property
    def omniscient(self) -> bool:
        """Whether every card is shown (a spectator's narration)."""
        return self.seat is None

    def view(self, state: Any) -> Any:
        """The narrated seat's view of ``state`` (given to the hook the first time it is made)."""
        if self.seat is None:
            raise CardrulesError("an omniscient narration has no seat to take the view of")
        cached = self._cache
        if cached is not None and cached[0] is state:
            return cached[1]
        view = self.game.view(state, self.seat)
        self._cache = (state, view)
        if self.hook is not None:
            self.hook(view)
        return view

    def line(self, before: Any, actor: int, action: Any, after: Any) -> str:
        """The text of one step: ``actor`` (a seat, or ``CHANCE``) took ``action`` in ``before``,
        which gave ``after``. Chance lines have no prefix (``"dealer 2"``, ``"seat 3 deals"``);
        seat lines start with the seat (``"seat 1: play JC"``, ``"seat 3 buries five cards (face
        down)"``) or with ``me`` for the seat's own actions."""
        game = self.game
        text = game.format_action(action)
        if self.seat is None:
            return f"chance: {_short(text)}" if actor == CHANCE else f"seat {actor}: {text}"
        view = self.view(after)
        if actor == self.seat:
            return f"{self.me}: {text}"
        named = cards_named(game, action, text)
        known = cards_in(view)
        if actor == CHANCE:
            if named <= known:
                return f"chance: {_short(text)}"
            if isinstance(action, Deal):
                return self._deals(view)
            return f"chance: {_first_word(text)} ({count_phrase(len(named))}, face down)"
        if named <= known and self._tells_apart(before, actor, action, text, view):
            return f"seat {actor}: {text}"
        verb = third_person(_first_word(text))
        what = f" {count_phrase(len(named))}" if named else ""
        return f"seat {actor} {verb}{what} (face down)"

    def _deals(self, view: Any) -> str:
        dealer = getattr(view, "dealer", None)
        if type(dealer) is int and 0 <= dealer < self.game.num_players:
            return (
                "you deal" if dealer == self.seat and self.me == "you" else f"seat {dealer} deals"
            )
        return "the cards are dealt"

    def _tells_apart(self, before: Any, actor: int, action: Any, text: str, view: Any) -> bool:
        """Whether the seat's view after ``action`` differs from its view after every other legal
        action of ``actor`` (so that seeing the view is knowing the action)."""
        game = self.game
        in_turn = game.to_move(before) == actor
        if in_turn:
            alternatives: Iterable[Any] = game.legal_actions(before)
        else:
            alternatives = game.out_of_turn_actions(before, actor)
        alternatives = tuple(alternatives)
        if len(alternatives) > _MAX_ALTERNATIVES:
            return False
        for other in alternatives:
            if other == action or game.format_action(other) == text:
                continue
            try:
                state = (
                    game.apply(before, other) if in_turn else game.apply(before, other, seat=actor)
                )
                other_view = game.view(state, self.seat)
            except CardrulesError:
                continue
            if other_view == view:
                return False
        return True


def _first_word(text: str) -> str:
    words = text.split()
    return words[0] if words else "acts"


class ReportWatcher:
    """Notices when a game's :meth:`hand_report` changes, i.e. a hand has just been scored.

    The report of a finished hand is public: its tricks were played face up, its contract was
    announced and its points are written on the score sheet, so every seat may be told it.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self._last: Any = None
        self.seen: list[Any] = []
        """Every report :meth:`update` returned, in order (for the summary at the end)."""

    def update(self, state: Any) -> Any:
        """The report of a hand finished since the last call, else ``None``."""
        hook = getattr(self.game, "hand_report", None)
        if hook is None:
            return None
        report = hook(state)
        if report is None or report == self._last:
            return None
        self._last = report
        self.seen.append(report)
        return report


def report_lines(
    report: Any, *, num_players: int | None = None, me: int | None = None
) -> list[str]:
    """A finished hand in a card player's words: the contract and how it ended, each side's points
    item by item with the rule that gave them, the tricks each side took, any revoke, the notes
    of the report, and the score. ``me`` (a seat) names the sides as ``us`` and ``them``;
    ``num_players`` tells teams (fewer sides than seats) from seats.

    >>> from cardrules.reports import HandReport, HandStatus, ContractReport, ScoreItem
    >>> from cardrules.cards import Suit
    >>> class Status(HandStatus):
    ...     MADE = "made"
    >>> report = HandReport(game="demo", hand=2, dealer=1, status=Status.MADE,
    ...     contract=ContractReport(declarer=0, bid=80, trump=Suit.GREEN), tricks=(),
    ...     points=(80, 40), items=(ScoreItem(0, 80, "R22", "counters"),
    ...     ScoreItem(1, 40, "R22", "counters")), scores_before=(0, 0), scores_after=(80, 40))
    >>> print("\\n".join(report_lines(report, num_players=4)))
    == Hand 2, dealt by seat 1: seat 0 bid 80, Green trump — made.
       team 0: +80 counters [R22]
       team 1: +40 counters [R22]
       score: team 0 80, team 1 40
    >>> report_lines(report, num_players=4, me=1)[1:]
    ['   them: +80 counters [R22]', '   us: +40 counters [R22]', '   score: us 40, them 80']
    """
    sides = Sides(num_players or len(report.points), len(report.points), me)
    single = len(report.points) == 1
    head = "== The game" if single else f"== Hand {report.hand}"  # a patience is one "hand"
    if report.dealer is not None:
        head += f", dealt by seat {report.dealer}"
    contract = report.contract
    words = ""
    if contract is not None and contract.declarer is not None:
        who = f"seat {contract.declarer}" + (" (you)" if contract.declarer == me else "")
        trump = f"{suit_words(contract.trump)} trump" if contract.trump is not None else ""
        if contract.bid is not None:
            words = f"{who} bid {contract.bid}" + (f", {trump}" if trump else "")
            words += f" ({contract.detail})" if contract.detail else ""
        elif contract.detail:  # how the contract was made: "ordered up", "named no trump"
            words = f"{who} {contract.detail}"
            words += f" {trump}" if trump and "trump" not in contract.detail else ""
        else:
            words = f"{who} made {trump or 'the contract'}"
        if contract.alone:
            words += ", alone"
        if contract.lone_defender is not None:
            words += f"; seat {contract.lone_defender} defended alone"
        words += " — "
    status = str(report.status.value).replace("_", " ")
    lines = [f"{head}: {words}{status}."]
    for item in report.items:
        sign = "+" if item.points >= 0 else ""
        who = f" (seat {item.seat})" if item.seat is not None else ""
        side = "" if single else f"{sides.name(item.side)}: "
        lines.append(f"   {side}{sign}{item.points} {item.what}{who} [{item.rule}]")
    if not single and sum(1 for _ in report.items) > len(report.points):
        signed = [f"{'+' if p >= 0 else ''}{p}" for p in report.points]
        lines.append(f"   points this hand: {sides.tally(signed)}")
    taken = [t.winner for t in report.tricks if t.winner is not None]
    if taken and not single:
        counts = [0] * len(report.points)
        for winner in taken:
            counts[sides.side_of(winner)] += 1
        lines.append(f"   tricks taken: {sides.tally(counts)}")
    for revoke in report.revokes:
        fate = {"claimed": f"claimed by seat {revoke.claimed_by}", "found": "found at the end",
                "corrected": "corrected in time", "open": "never claimed"}.get(revoke.outcome,
                revoke.outcome)  # fmt: skip
        penalty = ", penalised" if revoke.penalised else ""
        lines.append(
            f"   revoke: seat {revoke.seat} played {revoke.card.unicode} in trick "
            f"{revoke.trick} ({fate}{penalty})"
        )
    for note in report.notes:
        if note:
            lines.append(f"   note: {note}")
    if single:
        lines.append(f"   score: {report.scores_after[0]}")
    else:
        lines.append(f"   score: {sides.tally(report.scores_after)}")
    return lines


def outcome_line(game: Any, outcome: Any, seat: int | None = None) -> str:
    """The end of a game in words: who won, and the final points (``seat``: the player told).

    >>> from cardrules.game import Outcome
    >>> class Four:
    ...     num_players = 4
    >>> outcome_line(Four(), Outcome((7, 10), (7, 10, 7, 10), (1, 3), (-1, 1, -1, 1)), 0)
    'Game over: team 1 (seats 1 and 3) wins — final score: us 7, them 10 — you lose.'
    """
    if outcome is None:
        return "Game over."
    points = outcome.team_points
    if game.num_players == 1:
        total = points[0] if points else 0
        return f"Game over: {'won' if outcome.winners else 'lost'} ({total} points)."
    sides = Sides(game.num_players, len(points), seat)
    score = f"final score: {sides.tally(points)}"
    if not outcome.winners:
        return f"Game over: a draw — {score}."
    side = sides.side_of(outcome.winners[0])
    if len(outcome.winners) > 1:
        seats = " and ".join(str(s) for s in outcome.winners)
        who = f"team {side} (seats {seats}) wins"
    else:
        who = f"seat {outcome.winners[0]} wins"
    you = ""
    if seat is not None:
        you = " — you win" if seat in outcome.winners else " — you lose"
    return f"Game over: {who} — {score}{you}."
