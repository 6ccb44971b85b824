"""The one position grammar: the reader and writer every game's position text goes through.

A position text is **one line** of segments joined by ``" | "``; a segment is a head word (the
phase, or ``last`` for the last finished hand), some bare words (``match``/``hand``, a result)
and then ``key=value`` fields::

    play hand dealer=3 scores=0,0 hands=R13,R14/-/R7/R5 bids=70,p,p,p trick=0:G14 | last dealer=2 …

The same things are written the same way in every game, by the small readers and writers here:
numbers (ASCII digits only, :func:`cardrules.notation.read_number`), score lists ``A,B``, card
lists ``c,c`` (``-`` for none), card groups by seat ``c,c/c/-``, tricks ``LEADER:c,c`` joined by
``/``. :func:`read_position` refuses what is not such a line with a
:class:`~cardrules.errors.NotationError` naming the segment and the field — an unknown head or key,
a key given twice, a bare word after the fields began, an empty value, a line break — so every
game answers a malformed text alike. :func:`write_segment` is the one writer, so reading and
writing cannot drift apart.

>>> segs = read_position("play hand dealer=3 scores=0,0 | last dealer=2",
...                      {"play": ("dealer", "scores")}, {"last": ("dealer",)})
>>> [(s.head, s.words, s.fields) for s in segs]
[('play', ('hand',), (('dealer', '3'), ('scores', '0,0'))), ('last', (), (('dealer', '2'),))]
>>> read_seat(segs[0]["dealer"], "dealer"), read_scores(segs[0]["scores"], "scores")
(3, (0, 0))
>>> write_position([write_segment("play", ["hand"], [("dealer", "3"), ("trick", None)])])
'play hand dealer=3'
>>> read_position("play hand dealer=3 dealer=2", {"play": ("dealer",)})
Traceback (most recent call last):
...
cardrules.errors.NotationError: position text, segment 1 (play): dealer is given twice
"""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardrules.cards import Card, parse_cards
from cardrules.decks import DeckSpec
from cardrules.errors import ArgumentError, ArgumentTypeError, NotationError, PositionError
from cardrules.notation import read_number
from cardrules.rulebook import RuleId

__all__ = [
    "Segment",
    "card_indices",
    "key_value_fields",
    "position_line",
    "read_cards",
    "read_groups",
    "read_list",
    "read_position",
    "read_scores",
    "read_seat",
    "read_trick",
    "read_tricks",
    "write_cards",
    "write_groups",
    "write_position",
    "write_segment",
    "write_trick",
    "write_tricks",
]

NONE = "-"
"""The value written for an empty group (no cards, no tricks)."""
SEPARATOR = " | "
"""What joins the segments of a position text."""


def _shown(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def position_line(text: object) -> str:
    """``text`` without surrounding blanks, if it is a one-line ``str``; else a clear error.

    Every line break :meth:`str.splitlines` knows (``\\n``, ``\\r``, ``\\u2028`` …) is refused,
    also one at either end: a position text is one line in every game.

    >>> position_line("  play hand dealer=3 ")
    'play hand dealer=3'
    >>> position_line("play hand\\ndealer=3")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: a position text is one line, not 2 lines
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a position text is a str, not {type(text).__name__}")
    lines = text.splitlines()
    if len(lines) > 1 or (lines and len(lines[0]) != len(text)):
        raise NotationError(f"a position text is one line, not {max(len(lines), 2)} lines")
    return text.strip()


@attrs.frozen
class Segment:
    """One ``|``-separated part of a position text: ``head words… key=value…``.

    ``number`` counts the segments from 1 (for messages); ``fields`` keeps the order written.

    >>> seg = read_position("over won shuffles=3", {"over": ("shuffles",)})[0]
    >>> seg.words, seg["shuffles"], seg.get("redeals"), "shuffles" in seg, seg.where
    (('won',), '3', None, True, 'segment 1 (over)')
    """

    head: str
    words: tuple[str, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    number: int = 1

    @property
    def where(self) -> str:
        """The segment in a message: ``segment 2 (last)``."""
        return f"segment {self.number} ({self.head})"

    def keys(self) -> tuple[str, ...]:
        """The keys given, in the order written."""
        return tuple(k for k, _ in self.fields)

    def get(self, key: str, default: str | None = None) -> str | None:
        """The value of ``key``, or ``default`` when it is not given."""
        for k, v in self.fields:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> str:
        value = self.get(key)
        if value is None:
            raise NotationError(f"position text, {self.where}: {key}= is missing")
        return value

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.fields)

    def as_dict(self) -> dict[str, str]:
        """The fields as a dict (keys are unique)."""
        return dict(self.fields)


def _read_segment(text: str, number: int, keys: Container[str]) -> Segment:
    tokens = text.split()
    head = tokens[0]
    where = f"segment {number} ({head})"
    words: list[str] = []
    fields: list[tuple[str, str]] = []
    seen: set[str] = set()
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        if not eq:
            if fields:
                raise NotationError(
                    f"position text, {where}: {_shown(token)} is not a key=value field "
                    "(bare words come before the fields)"
                )
            words.append(token)
            continue
        if not key or key not in keys:
            raise NotationError(f"position text, {where}: unknown field {_shown(key or token)}")
        if key in seen:
            raise NotationError(f"position text, {where}: {key} is given twice")
        if not value:
            raise NotationError(
                f"position text, {where}: {key}= has no value (write {NONE} for none)"
            )
        seen.add(key)
        fields.append((key, value))
    return Segment(head, tuple(words), tuple(fields), number)


def read_position(
    text: object,
    first: Mapping[str, Container[str]],
    then: Mapping[str, Container[str]] | None = None,
) -> tuple[Segment, ...]:
    """The segments of a position text, checked against the game's grammar.

    ``first`` maps each head the first segment may have (the phases) to the keys that segment
    takes; ``then`` the same for the segments after it (``last``), each at most once. Anything
    else is a :class:`~cardrules.errors.NotationError` naming the segment and the field.

    >>> read_position("bidding hand | play", {"bidding": ()})
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: position text, segment 2: 'play' is not one of: (nothing)
    >>> read_position("play hand trick=", {"play": ("trick",)})
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: position text, segment 1 (play): trick= has no value (write - for none)
    """
    line = position_line(text)
    later = then or {}
    parts = line.split("|")
    segments: list[Segment] = []
    for number, part in enumerate(parts, start=1):
        heads = first if number == 1 else later
        tokens = part.split()
        if not tokens:
            raise NotationError(
                f"position text, segment {number}: empty (segments are joined by ' | ')"
            )
        head = tokens[0]
        if head not in heads:
            choices = ", ".join(heads) or "(nothing)"
            if number == 1:
                raise NotationError(
                    f"position text starts with one of: {choices}; not {_shown(head, 30)}"
                )
            raise NotationError(
                f"position text, segment {number}: {_shown(head, 30)} is not one of: {choices}"
            )
        if number > 1 and any(s.head == head for s in segments[1:]):
            raise NotationError(f"position text, segment {number}: {head} is given twice")
        segments.append(_read_segment(part, number, heads[head]))
    return tuple(segments)


# -- values ------------------------------------------------------------------------------------
def read_seat(value: str, what: str, seats: int = 4) -> int:
    """A seat number ``0`` to ``seats - 1`` (ASCII digits).

    >>> read_seat("٣", "dealer")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: dealer must be written with the digits 0-9, not '٣'
    """
    return read_number(value, what, maximum=seats - 1)


def read_list(value: str, what: str) -> tuple[str, ...]:
    """The ``,``-separated items of ``value``; ``-`` alone is no item; an empty item is an error.

    >>> read_list("70,p,p", "bids"), read_list("-", "bids")
    (('70', 'p', 'p'), ())
    """
    if value.strip() == NONE:
        return ()
    items = tuple(item.strip() for item in value.split(","))
    if any(not item for item in items):
        raise NotationError(f"{what}: an empty item in {_shown(value)}")
    return items


def read_scores(
    value: str, what: str = "scores", sides: int = 2, *, signed: bool = False
) -> tuple[int, ...]:
    """``sides`` numbers joined by ``,`` (the match scores of the sides); ``signed`` lets a score
    start with ``-`` (a side below zero).

    >>> read_scores("15,-20", signed=True)
    (15, -20)
    >>> read_scores("7²,0")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: scores must be written with the digits 0-9, not '7²'
    """
    items = value.split(",")
    if len(items) != sides:
        raise NotationError(f"{what}: {sides} numbers joined by ',', not {_shown(value)}")
    return tuple(read_number(item, what, signed=signed) for item in items)


def read_cards(value: str, what: str) -> tuple[str, ...]:
    """The card texts of a ``,``-joined card list (``-`` for none); cards are read by the game."""
    return read_list(value, what)


def read_groups(value: str, what: str, count: int) -> tuple[tuple[str, ...], ...]:
    """``count`` card lists joined by ``/`` (one per seat), each as :func:`read_cards`.

    >>> read_groups("9C,10C/-/AS/KS", "hands", 4)
    (('9C', '10C'), (), ('AS',), ('KS',))
    """
    parts = value.split("/")
    if len(parts) != count:
        raise NotationError(f"{what}: {count} groups joined by '/', not {len(parts)}")
    return tuple(read_cards(p, f"{what} {k}") for k, p in enumerate(parts))


def read_trick(value: str, what: str, seats: int = 4) -> tuple[int, tuple[str, ...]]:
    """``LEADER:c,c``: the leader's seat and the plays in order. Both parts are required: a
    leader without cards, or cards without a leader, is a :class:`~cardrules.errors.NotationError`.

    >>> read_trick("2:AH,KH", "trick")
    (2, ('AH', 'KH'))
    >>> read_trick("2:", "trick")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: trick: '2:' has a leader and no cards (LEADER:c,c)
    """
    head, sep, rest = value.partition(":")
    if not sep:
        raise NotationError(f"{what}: {_shown(value)} has cards and no leader (LEADER:c,c)")
    if not rest.strip() or rest.strip() == NONE:
        raise NotationError(f"{what}: {_shown(value)} has a leader and no cards (LEADER:c,c)")
    if not head.strip():
        raise NotationError(f"{what}: {_shown(value)} has cards and no leader (LEADER:c,c)")
    return read_seat(head, f"{what}: the leader", seats), read_cards(rest, what)


def read_tricks(value: str, what: str, seats: int = 4) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Tricks as :func:`read_trick` joined by ``/`` (``-`` for none).

    >>> read_tricks("0:AH,KH,QH,JH/3:9C,10C,JC,QC", "tricks")[1]
    (3, ('9C', '10C', 'JC', 'QC'))
    """
    if value.strip() == NONE:
        return ()
    return tuple(read_trick(t, f"{what} {k + 1}", seats) for k, t in enumerate(value.split("/")))


def write_cards(cards: Iterable[str]) -> str:
    """Card texts joined by ``,``; ``-`` for none."""
    return ",".join(cards) or NONE


def write_groups(groups: Iterable[Iterable[str]]) -> str:
    """Card lists (one per seat) joined by ``/``."""
    return "/".join(write_cards(g) for g in groups)


def write_trick(leader: int, cards: Iterable[str]) -> str:
    """``LEADER:c,c`` (see :func:`read_trick`)."""
    return f"{leader}:{write_cards(cards)}"


def write_tricks(tricks: Iterable[tuple[int, Iterable[str]]]) -> str:
    """Tricks joined by ``/`` (see :func:`read_tricks`); ``-`` for none."""
    return "/".join(write_trick(lead, cards) for lead, cards in tricks) or NONE


def write_segment(
    head: str, words: Iterable[str] = (), fields: Iterable[tuple[str, str | None]] = ()
) -> str:
    """One segment: ``head words… key=value…``; a field whose value is ``None`` is left out.

    A head, word, key or value that :func:`read_position` could not read back (empty, holding a
    blank, ``|`` or — for a word or key — ``=``) is an :class:`~cardrules.errors.ArgumentError`.

    >>> write_segment("play", ["hand"], [("dealer", "3"), ("nest", None), ("scores", "0,0")])
    'play hand dealer=3 scores=0,0'
    """
    out = [_token(head, "head", "=")]
    out += [_token(w, "word", "=") for w in words]
    for key, value in fields:
        if value is not None:
            out.append(f"{_token(key, 'key', '=')}={_token(value, key, '')}")
    return " ".join(out)


def write_position(segments: Iterable[str]) -> str:
    """Segments (from :func:`write_segment`) joined by ``" | "``."""
    return SEPARATOR.join(segments)


def _token(text: str, what: str, also: str) -> str:
    if not isinstance(text, str) or not text or "|" in text or any(c in text for c in also):
        raise ArgumentError(f"position text: {what} {text!r:.40} cannot be written")
    if len(text.split()) != 1 or text.strip() != text:
        raise ArgumentError(f"position text: {what} {text!r:.40} holds a blank")
    return text


# -- older helpers, kept for the games' keyword paths --------------------------------------------
def key_value_fields(tokens: Iterable[str], allowed: Collection[str]) -> dict[str, str]:
    """The ``key=value`` tokens as a dict; an unknown key, a token without ``=``, a key given
    twice or an empty value is a :class:`~cardrules.errors.NotationError` (as in
    :func:`read_position`, which games use for whole texts).

    >>> key_value_fields("dealer=3 scores=0,0".split(), ("dealer", "scores"))
    {'dealer': '3', 'scores': '0,0'}
    """
    segment = _read_segment(" ".join(["-", *tokens]), 1, allowed)
    if segment.words:
        raise NotationError(
            f"position text: {_shown(segment.words[0])} is not a known key=value field"
        )
    return segment.as_dict()


def card_indices(deck: DeckSpec, value: object, what: str, rule: RuleId) -> list[int]:
    """Deck indices of ``value``: card text (``"5C 5S"``, ``"5C,5S"`` or ``"5C+5S"``; ``"-"`` or
    ``""`` for none) or a sequence of :class:`~cardrules.cards.Card` or card texts.

    A value of another type is an :class:`~cardrules.errors.ArgumentTypeError`; a card outside
    ``deck`` a :class:`~cardrules.errors.PositionError` citing ``rule`` (the game's "every card"
    rule); ``what`` names the field in both.

    >>> from cardrules import get_deck
    >>> from cardrules.games.euchre import EuchreRule
    >>> card_indices(get_deck("euchre24"), "9C,JH", "hand 0", EuchreRule.E2)
    [0, 14]
    >>> card_indices(get_deck("euchre24"), "2C", "hand 0", EuchreRule.E2)
    Traceback (most recent call last):
    ...
    cardrules.errors.PositionError: position: rule E2 (the deck): hand 0: 2C is not a card of the euchre24 deck
    """
    if isinstance(value, str):
        items = value.replace("+", ",").split(",")
        if len(items) > 1 and any(not item.strip() for item in items):
            # A separator with nothing on one side: a card left out, never read as no card.
            raise NotationError(f"{what}: an empty item in {_shown(value)}")
        text = " ".join(items).strip()
        cards: Sequence[Any] = () if text in ("", NONE) else parse_cards(text)
    elif isinstance(value, Sequence):
        cards = value
    else:
        raise ArgumentTypeError(
            f"{what} must be card text or a sequence of cards, not {type(value).__name__}"
        )
    out = []
    for card in cards:
        if isinstance(card, str):
            card = Card.parse(card)
        if type(card) is not Card:
            raise ArgumentTypeError(f"{what}: a card must be a Card, not {type(card).__name__}")
        if card not in deck:
            raise PositionError(rule, f"{what}: {card} is not a card of the {deck.name} deck")
        out.append(deck.index(card))
    return out
