"""A card table as an SVG picture: seats around the felt, hands, the trick by seat, won tricks, piles.

A game describes what is on the table as a :class:`TableScene` — plain, frozen values holding cards
and short texts in a player's words — and :func:`table_svg` draws it, in the spirit of
``chess.svg.board``: the seats sit around a green felt (the first seat listed at the bottom, the
others clockwise), each hand shows its face-up cards and its card backs with a count, the cards of
the trick in progress lie in front of the seats that played them with the leader marked, won tricks
lie in stacks with their counts, and the piles (an up-card, a kitty, a nest, a stock) and the
header lines (contract, score) frame the table.

>>> from cardrules import parse_cards
>>> scene = TableScene(
...     title="Whist",
...     header=("Trump ♥ · tricks: us 1 · them 0",),
...     seats=(
...         TableSeat("Seat 0 (you)", team="team 0", cards=parse_cards("9C JH 10S"), played=parse_cards("AH")),
...         TableSeat("Seat 1", team="team 1", hidden=3, played=parse_cards("KH")),
...         TableSeat("Seat 2", team="team 0", hidden=4, tags=("to play",)),
...         TableSeat("Seat 3", team="team 1", hidden=3, played=parse_cards("2H")),
...     ),
...     leader=3,
...     won=(WonStack("team 0", 1), WonStack("team 1", 0)),
... )
>>> svg = table_svg(scene)
>>> svg.startswith("<svg") and svg.count('class="card"') == 6 and svg.count('class="card back"') >= 10
True
>>> "Seat 3" in svg and "led" in svg and "1 trick" in svg
True

Every text is escaped, and a scene holds only what its builder chose to show: a picture of a seat's
view lists that seat's cards face up and the others' as backs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from xml.sax.saxutils import escape

import attrs

from cardrules.cards import Card
from cardrules.errors import ArgumentTypeError
from cardrules.svg import CARD_HEIGHT, CARD_WIDTH, card

__all__ = [
    "LastTrick",
    "Pile",
    "TableScene",
    "TableSeat",
    "WonStack",
    "hand_result_line",
    "match_over_line",
    "points_text",
    "reason_words",
    "score_line",
    "table_svg",
]


def _cards_tuple(value: Sequence[Card]) -> tuple[Card, ...]:
    cards = tuple(value)
    if not all(isinstance(c, Card) for c in cards):
        raise ArgumentTypeError("a table picture's cards must be Card values")
    return cards


def _texts(value: Sequence[str]) -> tuple[str, ...]:
    texts = tuple(value)
    if not all(isinstance(t, str) for t in texts):
        raise ArgumentTypeError("a table picture's texts must be str values")
    return texts


def _count(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise ArgumentTypeError(f"{attribute.name} must be an int of at least 0, not {value!r}")


@attrs.frozen
class TableSeat:
    """One seat: its ``name`` (``"Seat 2 (you)"``), ``team`` (``"team 0"``, or ``""``), the
    ``cards`` of its hand shown face up (its own hand, every hand of an omniscient picture, or cards
    publicly known to be there), the number of ``hidden`` cards drawn as backs, short ``tags``
    (``"dealer"``, ``"to play"``, ``"passed"``), whether it sits ``out`` this hand, and the cards it
    has ``played`` to the trick in progress (one card, or a group)."""

    name: str
    team: str = ""
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_cards_tuple)
    hidden: int = attrs.field(default=0, validator=_count)
    tags: tuple[str, ...] = attrs.field(default=(), converter=_texts)
    out: bool = False
    played: tuple[Card, ...] = attrs.field(default=(), converter=_cards_tuple)


@attrs.frozen
class Pile:
    """A pile beside the table: its ``label`` (``"Kitty"``, ``"Stock"``), the ``cards`` lying face
    up, the number of ``hidden`` face-down cards, and a short ``note`` (``"turned down"``)."""

    label: str
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_cards_tuple)
    hidden: int = attrs.field(default=0, validator=_count)
    note: str = ""


@attrs.frozen
class WonStack:
    """The tricks one seat or side has taken: its ``owner`` (``"team 0"``), how many (``count``),
    the ``unit`` counted (``"trick"``; plural by ``s``) and a ``detail`` (``"45 counters"``)."""

    owner: str
    count: int = attrs.field(validator=_count)
    unit: str = "trick"
    detail: str = ""


@attrs.frozen
class LastTrick:
    """The last completed trick: each seat's ``plays`` as ``(seat name, cards)`` in play order, and
    the ``winner``'s name."""

    plays: tuple[tuple[str, tuple[Card, ...]], ...]
    winner: str


@attrs.frozen
class TableScene:
    """What a picture of a card table shows.

    ``seats`` in play order, drawn clockwise from ``seats[bottom]`` at the bottom; ``leader`` and
    ``heading`` are indices into ``seats`` (who led the trick in progress, who heads it now, where
    the game says so), ``None`` when there is none. ``header`` and ``footer`` are lines of text in a
    player's words (the contract, the score; the result of a hand or match).
    """

    title: str
    seats: tuple[TableSeat, ...]
    header: tuple[str, ...] = attrs.field(default=(), converter=_texts)
    bottom: int = 0
    leader: int | None = None
    heading: int | None = None
    piles: tuple[Pile, ...] = ()
    won: tuple[WonStack, ...] = ()
    last_trick: LastTrick | None = None
    footer: tuple[str, ...] = attrs.field(default=(), converter=_texts)

    def __attrs_post_init__(self) -> None:
        n = len(self.seats)
        if not n or not all(isinstance(s, TableSeat) for s in self.seats):
            raise ArgumentTypeError("a table scene needs at least one TableSeat")
        for name in ("bottom", "leader", "heading"):
            value = getattr(self, name)
            if value is None and name != "bottom":
                continue
            if type(value) is not int or not 0 <= value < n:
                raise ArgumentTypeError(f"{name} must be a seat index below {n}, not {value!r}")


def points_text(value: int) -> str:
    """A score as a player writes it, negative ones with a true minus sign.

    >>> points_text(-120), points_text(45)
    ('−120', '45')
    """
    return f"−{-value}" if value < 0 else str(value)


# The rule ids that lead a hand's reason ("E15: ", "R22, R21: "): the pictures say it in words only.
_RULE_PREFIX = re.compile(r"^(?:[A-Z]+\d+[a-z]?(?:[,/ ]+)?)+:\s*")


def reason_words(reason: str) -> str:
    """A hand's reason without the rule ids it starts with.

    >>> reason_words("E15: makers euchred")
    'makers euchred'
    """
    return _RULE_PREFIX.sub("", reason)


def hand_result_line(points: Sequence[int], reason: str) -> str:
    """What a hand gave each team, then why, in words.

    >>> hand_result_line((0, 2), "E15: makers euchred")
    'team 1 +2 — makers euchred'
    >>> hand_result_line((-120, 45), "")
    'team 0 −120, team 1 +45'
    """
    gains = [f"team {t} {'+' if p > 0 else ''}{points_text(p)}" for t, p in enumerate(points) if p]
    words = reason_words(reason)
    return (", ".join(gains) or "no points") + (f" — {words}" if words else "")


def score_line(scores: Sequence[int], target: int) -> str:
    """The match score of two teams and its target.

    >>> score_line((-40, 120), 300)
    'Score: team 0: −40, team 1: 120 (to 300)'
    """
    return (
        f"Score: team 0: {points_text(scores[0])}, team 1: {points_text(scores[1])} (to {target})"
    )


def match_over_line(scores: Sequence[int], winner: int) -> str:
    """The end of a two-team match.

    >>> match_over_line((10, 6), 0)
    'Match over: team 0 wins, 10 to 6'
    """
    return (
        f"Match over: team {winner} wins, {points_text(scores[winner])} to "
        f"{points_text(scores[1 - winner])}"
    )


# --- drawing ---------------------------------------------------------------------------------

CARD_W = CARD_WIDTH
CARD_H = CARD_HEIGHT
_FAN = 21  # step between face-up cards of a fan: the corner index stays readable
_BACK_FAN = 9  # step between card backs
_MAX_PILE_BACKS = 10
_GAP = 14
_PAD = 16
_LINE = 18
_LABEL = 18  # height of a seat's name line
_FELT = "#1e6b3c"
_FELT_EDGE = "#14502c"
_INK = "#222"
_MUTED = "#666"
_ACCENT = "#d4a017"
_FONT = 'font-family="sans-serif"'


def _text(
    x: float, y: float, text: str, *, size: int = 13, fill: str = _INK, extra: str = ""
) -> str:
    return f'<text x="{x:.0f}" y="{y:.0f}" {_FONT} font-size="{size}" fill="{fill}"{extra}>{escape(text)}</text>'


def _text_width(text: str, size: int = 13) -> float:
    return len(text) * size * 0.58


def _fan_width(face_up: int, backs: int) -> float:
    if not face_up and not backs:
        return 0.0
    steps = max(face_up - 1, 0) * _FAN + max(backs - 1, 0) * _BACK_FAN
    if face_up and backs:
        steps += _FAN
    return steps + CARD_W


def _fan(cards: Sequence[Card], backs: int, x: float, y: float) -> str:
    parts = [card(c, x + k * _FAN, y) for k, c in enumerate(cards)]
    start = x + len(cards) * _FAN
    parts.extend(card(None, start + k * _BACK_FAN, y, face_down=True) for k in range(backs))
    return "".join(parts)


def _seat_label(seat: TableSeat) -> str:
    held = len(seat.cards) + seat.hidden
    words = [seat.name]
    if seat.team:
        words.append(seat.team)
    if seat.out:
        words.append("sits out")
    else:
        words.append(f"{held} card{'s' if held != 1 else ''}")
    words.extend(seat.tags)
    return " · ".join(words)


def _seat_size(seat: TableSeat) -> tuple[float, float]:
    width = max(_fan_width(len(seat.cards), seat.hidden), _text_width(_seat_label(seat)), CARD_W)
    return width, _LABEL + CARD_H


def _draw_seat(seat: TableSeat, x: float, y: float, *, highlight: bool) -> str:
    label = _seat_label(seat)
    weight = ' font-weight="bold"' if highlight else ""
    parts = [_text(x, y + 13, label, extra=weight)]
    body = _fan(seat.cards, seat.hidden, x, y + _LABEL)
    if not seat.cards and not seat.hidden:
        body = (
            f'<rect x="{x:.0f}" y="{y + _LABEL:.0f}" width="{CARD_W}" height="{CARD_H}" rx="5" '
            f'fill="none" stroke="#bbb" stroke-dasharray="4 3"/>'
        )
    opacity = ' opacity="0.4"' if seat.out else ""
    parts.append(f'<g class="hand"{opacity}>{body}</g>')
    return f'<g class="seat">{"".join(parts)}</g>'


def _slots(n: int) -> list[str]:
    """Where each seat sits, clockwise from the bottom: bottom, left, the top row, right."""
    if n == 1:
        return ["bottom"]
    if n == 2:
        return ["bottom", "top"]
    if n == 3:
        return ["bottom", "left", "right"]
    return ["bottom", "left", *["top"] * (n - 3), "right"]


def _play_width(seat: TableSeat) -> float:
    return _fan_width(len(seat.played), 0) or CARD_W


def _marks(scene: TableScene, index: int) -> list[str]:
    marks = []
    if scene.leader == index:
        marks.append("led")
    if scene.heading == index:
        marks.append("heads the trick")
    return marks


def _play_block_width(scene: TableScene, index: int) -> float:
    """The width of a seat's play with its caption (its name, then its marks)."""
    seat = scene.seats[index]
    captions = [seat.name.split(" (")[0], ", ".join(_marks(scene, index))]
    return max(_play_width(seat), *(_text_width(c, 11) for c in captions))


def _draw_play(scene: TableScene, index: int, x: float, y: float) -> str:
    """The cards ``seats[index]`` played to the trick, with its marks (led, heads the trick)."""
    seat = scene.seats[index]
    parts = [_fan(seat.played, 0, x, y)]
    width = _play_width(seat)
    marks = _marks(scene, index)
    if marks:
        parts.append(
            f'<rect x="{x - 3:.0f}" y="{y - 3:.0f}" width="{width + 6:.0f}" height="{CARD_H + 6}" '
            f'rx="7" fill="none" stroke="{_ACCENT}" stroke-width="2.5"/>'
        )
    who = seat.name.split(" (")[0]
    parts.append(_text(x, y + CARD_H + 14, who, size=11, fill="#f4f4f4", extra=' class="who"'))
    if marks:
        parts.append(
            _text(
                x,
                y + CARD_H + 27,
                ", ".join(marks),
                size=11,
                fill="#f7dc6f",
                extra=' class="marks"',
            )
        )
    return f'<g class="play">{"".join(parts)}</g>'


def _pile_label(pile: Pile) -> str:
    label = pile.label + (f" · {pile.note}" if pile.note else "")
    count = len(pile.cards) + pile.hidden
    if not count:
        return label + " · empty"
    return label + (f" · {count} card{'s' if count != 1 else ''}" if pile.hidden else "")


def _pile_block(pile: Pile) -> tuple[float, float]:
    label = _pile_label(pile)
    backs = min(pile.hidden, _MAX_PILE_BACKS)
    width = max(_fan_width(len(pile.cards), backs), _text_width(label, 12), CARD_W)
    return width, _LABEL + CARD_H


def _draw_pile(pile: Pile, x: float, y: float) -> str:
    label = _pile_label(pile)
    count = len(pile.cards) + pile.hidden
    # A long face-down pile (a stock) is drawn short; its label gives the count.
    body = _fan(pile.cards, min(pile.hidden, _MAX_PILE_BACKS), x, y + _LABEL)
    if not count:
        body = (
            f'<rect x="{x:.0f}" y="{y + _LABEL:.0f}" width="{CARD_W}" height="{CARD_H}" rx="5" '
            f'fill="none" stroke="#bbb" stroke-dasharray="4 3"/>'
        )
    return f'<g class="pile">{_text(x, y + 13, label, size=12)}{body}</g>'


def _won_label(stack: WonStack) -> str:
    unit = stack.unit if stack.count == 1 else stack.unit + "s"
    text = f"{stack.owner}: {stack.count} {unit}"
    return text + (f" · {stack.detail}" if stack.detail else "")


def _won_size(stack: WonStack) -> tuple[float, float]:
    shown = min(stack.count, 8)
    return max(CARD_W + max(shown - 1, 0) * 4, _text_width(_won_label(stack), 12)), _LABEL + CARD_H


def _draw_won(stack: WonStack, x: float, y: float) -> str:
    # Won tricks lie squared up, face down: a short stack, a few pixels a trick.
    parts = [_text(x, y + 13, _won_label(stack), size=12)]
    if stack.count:
        parts.extend(
            card(None, x + k * 4, y + _LABEL - k * 2 + 6, face_down=True)
            for k in range(min(stack.count, 8))
        )
    else:
        parts.append(
            f'<rect x="{x:.0f}" y="{y + _LABEL:.0f}" width="{CARD_W}" height="{CARD_H}" rx="5" '
            f'fill="none" stroke="#bbb" stroke-dasharray="4 3"/>'
        )
    return f'<g class="won">{"".join(parts)}</g>'


def _last_trick_size(last: LastTrick) -> tuple[float, float]:
    widths = [max(_fan_width(len(cards), 0), _text_width(name, 11)) for name, cards in last.plays]
    body = sum(widths) + _GAP * max(len(widths) - 1, 0)
    return max(body, _text_width(f"Last trick, won by {last.winner}", 12)), _LABEL + CARD_H + 16


def _draw_last_trick(last: LastTrick, x: float, y: float) -> str:
    parts = [_text(x, y + 13, f"Last trick, won by {last.winner}", size=12)]
    cx = x
    for name, cards in last.plays:
        parts.append(_fan(cards, 0, cx, y + _LABEL))
        parts.append(_text(cx, y + _LABEL + CARD_H + 13, name, size=11, fill=_MUTED))
        cx += max(_fan_width(len(cards), 0), _text_width(name, 11)) + _GAP
    return f'<g class="last-trick">{"".join(parts)}</g>'


def table_svg(scene: TableScene) -> str:
    """The SVG document of ``scene`` (a :class:`TableScene`)."""
    if not isinstance(scene, TableScene):
        raise ArgumentTypeError(f"table_svg draws a TableScene, not {type(scene).__name__}")
    n = len(scene.seats)
    order = [(scene.bottom + k) % n for k in range(n)]
    slots = dict(zip(order, _slots(n), strict=True))
    by_slot: dict[str, list[int]] = {"bottom": [], "left": [], "top": [], "right": []}
    for index in order:
        by_slot[slots[index]].append(index)
    sizes = [_seat_size(s) for s in scene.seats]

    # The felt holds the trick: one spot per seat, placed towards that seat.
    play_w = max(_play_block_width(scene, i) for i in range(n))
    spot_w, spot_h = max(play_w, 90.0) + _GAP, CARD_H + 32
    top_count = max(len(by_slot["top"]), 1)
    felt_w = max(3 * spot_w + 2 * _GAP, top_count * spot_w + 2 * _GAP, 300.0)
    # The side spots sit between the top and bottom ones, beside them: two rows tall is enough.
    felt_h = 2 * spot_h + 3 * _GAP
    left_w = max((sizes[i][0] for i in by_slot["left"]), default=0.0)
    right_w = max((sizes[i][0] for i in by_slot["right"]), default=0.0)
    top_w = sum(sizes[i][0] for i in by_slot["top"]) + _GAP * max(len(by_slot["top"]) - 1, 0)
    bottom_w = sum(sizes[i][0] for i in by_slot["bottom"])
    middle_w = left_w + (_GAP if left_w else 0) + felt_w + (_GAP if right_w else 0) + right_w

    # The side band: piles, won stacks and the last trick, in reading order.
    blocks: list[tuple[str, object, tuple[float, float]]] = []
    blocks.extend(("pile", p, _pile_block(p)) for p in scene.piles)
    blocks.extend(("won", w, _won_size(w)) for w in scene.won)
    if scene.last_trick is not None:
        blocks.append(("last", scene.last_trick, _last_trick_size(scene.last_trick)))

    title_h = 24 if scene.title else 0
    text_w = max(
        [_text_width(scene.title, 16) if scene.title else 0.0]
        + [_text_width(line) for line in (*scene.header, *scene.footer)]
    )
    width = max(middle_w, top_w, bottom_w, text_w, 320.0) + 2 * _PAD
    # Wrap the side band to the width.
    band_rows: list[list[tuple[str, object, tuple[float, float]]]] = [[]]
    used = 0.0
    for block in blocks:
        w = block[2][0]
        if band_rows[-1] and used + w > width - 2 * _PAD:
            band_rows.append([])
            used = 0.0
        band_rows[-1].append(block)
        used += w + 2 * _GAP
    band_rows = [row for row in band_rows if row]

    parts: list[str] = []
    y = float(_PAD)
    if scene.title:
        parts.append(_text(_PAD, y + 16, scene.title, size=16, extra=' font-weight="bold"'))
        y += title_h
    for line in scene.header:
        parts.append(_text(_PAD, y + 13, line))
        y += _LINE
    y += 6

    def highlighted(index: int) -> bool:
        return index == scene.bottom or "to play" in scene.seats[index].tags

    # Top row of seats, centred.
    if by_slot["top"]:
        x = (width - top_w) / 2
        for index in by_slot["top"]:
            parts.append(_draw_seat(scene.seats[index], x, y, highlight=highlighted(index)))
            x += sizes[index][0] + _GAP
        y += _LABEL + CARD_H + _GAP
    # The middle band: left seat, felt, right seat.
    mx = (width - middle_w) / 2
    felt_x = mx + left_w + (_GAP if left_w else 0)
    felt_y = y
    for index in by_slot["left"]:
        parts.append(
            _draw_seat(
                scene.seats[index],
                mx,
                y + (felt_h - sizes[index][1]) / 2,
                highlight=highlighted(index),
            )
        )
    for index in by_slot["right"]:
        rx = felt_x + felt_w + _GAP
        parts.append(
            _draw_seat(
                scene.seats[index],
                rx,
                y + (felt_h - sizes[index][1]) / 2,
                highlight=highlighted(index),
            )
        )
    parts.append(
        f'<rect class="felt" x="{felt_x:.0f}" y="{felt_y:.0f}" width="{felt_w:.0f}" height="{felt_h:.0f}" '
        f'rx="18" fill="{_FELT}" stroke="{_FELT_EDGE}" stroke-width="3"/>'
    )
    cx = felt_x + felt_w / 2
    for index in order:
        seat = scene.seats[index]
        if not seat.played:
            continue
        w = _play_block_width(scene, index)
        slot = slots[index]
        if slot == "bottom":
            px, py = cx - w / 2, felt_y + felt_h - _GAP - spot_h + 4
        elif slot == "left":
            px, py = felt_x + _GAP, felt_y + (felt_h - spot_h) / 2
        elif slot == "right":
            px, py = felt_x + felt_w - _GAP - w, felt_y + (felt_h - spot_h) / 2
        else:
            k = by_slot["top"].index(index)
            share = (felt_w - 2 * _GAP) / len(by_slot["top"])
            px, py = felt_x + _GAP + share * k + (share - w) / 2, felt_y + _GAP
        parts.append(_draw_play(scene, index, px, py))
    y += felt_h + _GAP
    # Bottom seat, centred.
    for index in by_slot["bottom"]:
        parts.append(
            _draw_seat(
                scene.seats[index], (width - sizes[index][0]) / 2, y, highlight=highlighted(index)
            )
        )
        y += _LABEL + CARD_H + _GAP
    # The side band.
    for row in band_rows:
        x = float(_PAD)
        tallest = 0.0
        for kind, value, (w, h) in row:
            if kind == "pile":
                assert isinstance(value, Pile)
                parts.append(_draw_pile(value, x, y))
            elif kind == "won":
                assert isinstance(value, WonStack)
                parts.append(_draw_won(value, x, y))
            else:
                assert isinstance(value, LastTrick)
                parts.append(_draw_last_trick(value, x, y))
            x += w + 2 * _GAP
            tallest = max(tallest, h)
        y += tallest + _GAP
    for line in scene.footer:
        parts.append(_text(_PAD, y + 13, line, extra=' font-weight="bold"'))
        y += _LINE
    height = y + _PAD
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}">'
        f'<rect width="100%" height="100%" fill="#fafaf7"/>{"".join(parts)}</svg>'
    )
