"""Table talk: what card players say between the moves.

When the contract is settled (``Seat 1 orders up 9♦ alone (♦ trump); seat 3 sits out``, ``Seat 3
wins the bid at 70 and takes the nest``, ``Seat 3 names Yellow trump``), when a trick is taken
(``Seat 2 wins trick 3 with J♥ — tricks: us 2, them 1``, ``Seat 3 takes trick 4 with Y14 and 15
points — counters: us 0, them 35``) and when the patience deals from its stock or redeals, the
``cardrules`` command says so in a line of its own.

Everything here is read from **one view** per step: the narrated seat's (``play``, ``replay
--seat``), or, for a spectator, seat 0's view, which holds every public fact. Contracts, trick
winners and the cards of completed tricks are public; nothing else is used. The last trick of a
hand is told from the game's ``hand_report`` (a finished hand's account is public), since a game
may clear its tricks as soon as the hand is scored.

:class:`TableTalk` speaks only the Game protocol and the usual names of view fields, so a plugin
game whose views use them is narrated too:

* ``tricks`` — the completed tricks of the hand in progress, each ``(leader, cards)`` (cards in
  playing order, the seats going round from the leader and skipping those sitting out) or
  ``(plays, winner)`` with ``plays`` as ``((seat, cards), …)`` (several cards for a group);
  ``leader`` — who leads next, which is the winner of the trick just completed;
* the running tally of the hand per side: ``won`` (tricks), ``captured`` (counters) or ``units``
  (trick units), with ``scores`` (a ladder) and ``pending`` (points held back) where the game has
  them;
* the contract: ``contract`` (with ``maker``, ``trump``, ``alone``, ``out``, ``picked_up``,
  ``lone_defender``), or ``bidder``, ``bid`` and ``trump``;
* a patience: ``stock``, ``redeals_used`` and ``foundations``.

A game whose views have none of these gets no table talk, only the narration of each action and
the hand reports.

>>> Sides(4, 2, me=1).name(1), Sides(4, 2, me=1).name(0), Sides(4, 2).name(0)
('us', 'them', 'team 0')
>>> Sides(4, 4, me=2).name(2), Sides(4, 4).name(3), Sides(4, 2, me=3).seat(3)
('you', 'seat 3', 'Seat 3 (you)')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from cardrules.cards import Card, Suit
from cardrules.text import Style

__all__ = ["Sides", "TableTalk", "TrickSeen", "suit_words"]

_TALLY_FIELDS: Final = (("won", "tricks"), ("captured", "counters"), ("units", "trick units"))
_EXPLAIN: Final = {
    # Said the first time a word is used in a game, so that a card player follows without the docs.
    "trick units": "trick units (a trick counts one unit per card each player put in it)",
    "held": "held back (points a side earns while its run of tricks is unbroken; they count "
    "when the other side wins a trick)",
}


def suit_words(suit: Suit | None) -> str:
    """A trump suit as players say it: ``♥`` for a French suit, ``Yellow`` for a Rook colour,
    ``no trump`` for none.

    >>> suit_words(Suit.HEARTS), suit_words(Suit.YELLOW), suit_words(None)
    ('♥', 'Yellow', 'no trump')
    """
    if suit is None:
        return "no trump"
    return suit.symbol if suit.is_french else suit.name.title()


@attrs.frozen
class Sides:
    """How the sides of a game are called: ``us``/``them`` (or ``you``) for the narrated seat,
    ``team k`` or ``seat k`` for a spectator. Side ``k`` holds the seats ``s`` with ``s % sides ==
    k``, the partnership of every shipped game."""

    num_players: int
    sides: int
    me: int | None = None

    def side_of(self, seat: int) -> int:
        """The side of ``seat``."""
        return seat % self.sides if self.sides else 0

    def name(self, side: int) -> str:
        """A side in words (lower case)."""
        if self.sides == self.num_players:
            return "you" if side == self.me else f"seat {side}"
        if self.me is not None and self.sides == 2:
            return "us" if side == self.side_of(self.me) else "them"
        return f"team {side}"

    def seat(self, seat: int) -> str:
        """A seat at the start of a sentence: ``Seat 3`` or ``Seat 3 (you)``."""
        return f"Seat {seat} (you)" if seat == self.me else f"Seat {seat}"

    def tally(self, values: Sequence[object]) -> str:
        """``us 2, them 1`` (the narrated side first), ``team 0 2, team 1 1``."""
        order = list(range(len(values)))
        if self.me is not None:
            mine = self.side_of(self.me)
            order.sort(key=lambda side: side != mine)
        return ", ".join(f"{self.name(side)} {values[side]}" for side in order)


@attrs.frozen
class TrickSeen:
    """A completed trick as the table saw it: its number (from 1), the plays (seat and cards, in
    order) and the winner."""

    number: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int

    def cards_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` played to the trick."""
        for who, cards in self.plays:
            if who == seat:
                return cards
        return ()


def _seats_round(leader: int, count: int, num_players: int, out: int) -> list[int]:
    """``count`` seats in playing order from ``leader``, skipping the seats in bitmask ``out``."""
    seats: list[int] = []
    seat = leader
    for _ in range(count):
        seats.append(seat)
        seat = (seat + 1) % num_players
        for _skip in range(num_players):
            if not out >> seat & 1:
                break
            seat = (seat + 1) % num_players
    return seats


def tricks_seen(view: Any, num_players: int) -> list[TrickSeen] | None:
    """The completed tricks of the hand in ``view`` with their winners, or ``None`` when the view
    has no ``tricks`` in a known form."""
    tricks = getattr(view, "tricks", None)
    if not isinstance(tricks, tuple):
        return None
    contract = getattr(view, "contract", None)
    out = getattr(contract, "out", 0)
    out = out if type(out) is int and out >= 0 else 0
    seen: list[TrickSeen] = []
    for k, entry in enumerate(tricks):
        if not (isinstance(entry, tuple) and len(entry) == 2):
            return None
        first, second = entry
        if type(first) is int and isinstance(second, tuple):  # (leader, cards)
            # The winner leads the next trick (the view's leader after the last one).
            winner = tricks[k + 1][0] if k + 1 < len(tricks) else getattr(view, "leader", None)
            if type(winner) is not int:
                return None
            seats = _seats_round(first, len(second), num_players, out)
            plays = tuple((s, (c,)) for s, c in zip(seats, second, strict=True))
        elif isinstance(first, tuple) and type(second) is int:  # (plays, winner)
            plays = tuple((int(s), tuple(cards)) for s, cards in first)
            winner = second
        else:
            return None
        seen.append(TrickSeen(k + 1, plays, winner))
    return seen


def _scores(side: str, points: int) -> str:
    """``team 1 scores 2``, ``we score 1``, ``they lose 3``."""
    subject = {"us": "we", "them": "they"}.get(side, side)
    plural = subject in ("we", "they", "you")
    verb = ("score" if plural else "scores") if points > 0 else ("lose" if plural else "loses")
    return f"{subject} {verb} {abs(points)}"


def _ints(view: Any, field: str) -> tuple[int, ...] | None:
    """The view's field ``field`` when it is a non-empty tuple of ints (one per side)."""
    values = getattr(view, field, None)
    if isinstance(values, tuple) and values and all(type(v) is int for v in values):
        return values
    return None


def _tally_of(view: Any) -> tuple[str, tuple[int, ...]] | None:
    """What the view counts per side in the hand (tricks, counters, trick units), and the counts."""
    for field, label in _TALLY_FIELDS:
        values = _ints(view, field)
        if values is not None:
            return label, values
    return None


class TableTalk:
    """The table talk of one game, told from the views ``view_of`` gives (see the module doc).

    Call :meth:`after` with each state after a step, and the hand report that step produced (if
    any); it returns the lines to print, each starting with ``"* "``. ``me`` is the narrated seat
    (``None`` for a spectator); ``omniscient`` lets a spectator's talk name every card of a
    finished trick even where ``view_of`` gives a seat's view.

    A plugin's views need only the usual fields; here a trick of four seats, led by seat 0 and
    won by seat 3, who leads next:

    >>> @attrs.frozen
    ... class View:
    ...     leader: int
    ...     tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    ...     won: tuple[int, int]
    >>> class Game:
    ...     num_players = 4
    >>> first = tuple(Card.parse(c) for c in "9H JH 10H AH".split())
    >>> views = [View(0, (), (0, 0)), View(3, ((0, first),), (0, 1))]
    >>> talk = TableTalk(Game(), views.__getitem__, me=2)
    >>> talk.after(0), talk.after(1)
    ([], ['* Seat 3 wins trick 1 with A♥ — tricks: us 0, them 1'])
    """

    def __init__(
        self,
        game: Any,
        view_of: Callable[[Any], Any],
        *,
        me: int | None = None,
        style: Style | None = None,
        omniscient: bool = False,
    ) -> None:
        self.game = game
        self.view_of = view_of
        self.me = me
        self.style = style or Style()
        self._told = 0
        self._prev: Any = None
        self._omniscient = me is None and omniscient
        self._explained: set[str] = set()
        self._seen: list[Any] | None = None  # the views the last draws are told from

    def _sides(self, count: int) -> Sides:
        return Sides(self.game.num_players, count, self.me)

    def _cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.style.card(c) for c in cards)

    def after(self, state: Any, report: Any = None) -> list[str]:
        """The lines to say after a step that led to ``state`` (``report``: the hand report the
        step produced, if it finished a hand)."""
        view = self.view_of(state)
        prev = self._prev
        lines = self._contract(prev, view)
        tricks = tricks_seen(view, self.game.num_players)
        if report is not None:
            lines += self._report_tricks(prev, view, report)
            self._told = len(tricks) if tricks is not None else 0
        elif tricks is not None:
            if len(tricks) < self._told:  # a new hand
                self._told = 0
                prev = None
            for trick in tricks[self._told :]:
                lines.append(self._trick_line(trick, prev, view))
            self._told = len(tricks)
        lines += self._patience(prev, view)
        lines += self._draws(state, view)
        self._prev = view
        return [f"* {line}" for line in lines]

    # -- the contract ------------------------------------------------------------------------------
    def _contract(self, prev: Any, view: Any) -> list[str]:
        lines: list[str] = []
        contract = getattr(view, "contract", None)
        if contract is not None and getattr(prev, "contract", None) is None:
            line = self._euchre_like(view, contract)
            if line:
                lines.append(line)
        bidder = getattr(view, "bidder", None)
        if type(bidder) is int and bidder >= 0:
            sides = self._sides(2 if self.game.num_players == 4 else self.game.num_players)
            if getattr(prev, "bidder", -1) != bidder:
                bid = getattr(view, "bid", None)
                at = f" at {bid}" if type(bid) is int and bid > 0 else ""
                takes = " and takes the nest" if hasattr(view, "nest_size") else ""
                lines.append(f"{sides.seat(bidder)} wins the bid{at}{takes}.")
            trump = getattr(view, "trump", None)
            if isinstance(trump, Suit) and getattr(prev, "trump", None) is None:
                lines.append(f"{sides.seat(bidder)} names {suit_words(trump)} trump.")
        return lines

    def _euchre_like(self, view: Any, contract: Any) -> str | None:
        maker = getattr(contract, "maker", None)
        if type(maker) is not int or maker < 0:
            return None
        sides = self._sides(2)
        trump = getattr(contract, "trump", None)
        trump = trump if isinstance(trump, Suit) else None
        upcard = getattr(view, "upcard", None)
        alone = " alone" if getattr(contract, "alone", False) else ""
        if getattr(contract, "picked_up", False) and isinstance(upcard, Card):
            dealer = getattr(view, "dealer", None)
            verb = "orders up"
            if maker == dealer:
                verb = "picks up"
            elif type(dealer) is int and (maker - dealer) % 2 == 0:
                verb = "assists: orders up"  # the dealer's partner
            line = f"{sides.seat(maker)} {verb} {self.style.card(upcard)}{alone}"
            line += f" ({suit_words(trump)} trump)"
        elif trump is None:
            line = f"{sides.seat(maker)} calls no trump{alone}"
        else:
            line = f"{sides.seat(maker)} names {suit_words(trump)}{alone}"
        defender = getattr(contract, "lone_defender", -1)
        if type(defender) is int and defender >= 0:
            line += f"; seat {defender} defends alone"
        out = getattr(contract, "out", 0)
        if type(out) is int and out > 0:
            seats = [s for s in range(self.game.num_players) if out >> s & 1]
            names = " and ".join(f"seat {s}" for s in seats)
            line += f"; {names} {'sits' if len(seats) == 1 else 'sit'} out"
        return line + "."

    # -- tricks ------------------------------------------------------------------------------------
    def _trick_line(self, trick: TrickSeen, prev: Any, view: Any) -> str:
        tally = _tally_of(view)
        sides = self._sides(len(tally[1]) if tally is not None else 2)
        cards = trick.cards_of(trick.winner)
        line = f"{sides.seat(trick.winner)} wins trick {trick.number}"
        if cards:
            line += f" with {self._cards(cards)}"
        if tally is None:
            return line
        label, values = tally
        side = sides.side_of(trick.winner)
        before = _tally_of(prev) if prev is not None else None
        old = before[1] if before is not None and len(before[1]) == len(values) else None
        gained = values[side] - (old[side] if old is not None else 0)
        if label == "counters":
            line += (
                f" and {gained} point{'s' if gained != 1 else ''}" if gained else ", no counters"
            )
        elif label == "trick units" and len(cards) > 1:
            line += f" ({gained} units)"
        line += f" — {self._word(label)}: {sides.tally(values)}"
        return line + self._score_changes(prev, view, sides)

    def _word(self, word: str) -> str:
        """``word``, explained the first time the game's narration uses it."""
        if word in self._explained:
            return word
        self._explained.add(word)
        rules = getattr(self.game, "rules", None)
        target = getattr(rules, "target", getattr(rules, "target_score", None))
        if word == "score" and type(target) is int:
            return f"score (first to {target} wins)"
        return _EXPLAIN.get(word, word)

    def _score_changes(self, prev: Any, view: Any, sides: Sides) -> str:
        """What the step did to the score (a ladder) and to the points held back: ``; team 1
        scores 1 — score: team 0 0, team 1 1``."""
        text = ""
        for field, words in (("scores", "score"), ("pending", "held")):
            now = _ints(view, field)
            then = _ints(prev, field) if prev is not None else None
            if now is None or now == then or (then is None and not any(now)):
                continue
            if field == "scores" and then is not None and len(then) == len(now):
                gains = [
                    _scores(sides.name(k), d)
                    for k, d in enumerate(b - a for a, b in zip(then, now, strict=True))
                    if d
                ]
                text += f"; {' and '.join(gains)}" if gains else ""
                text += f" — {self._word(words)}: {sides.tally(now)}"
            else:
                text += f"; {self._word(words)}: {sides.tally(now)}"
        return text

    def _report_tricks(self, prev: Any, view: Any, report: Any) -> list[str]:
        """The tricks of a just finished hand not told yet, from its report.

        A seat is told the winning cards only when its views before and after hold them: a game
        may clear the last trick from the view as the hand is scored, and then the narration of
        that last play did not show the card either.
        """
        from cardrules.cli.narration import cards_in

        tricks = [t for t in report.tricks if t.winner is not None]
        if not tricks or len(tricks) <= self._told:
            return []
        shown = None if self._omniscient else cards_in(prev) | cards_in(view)
        sides = self._sides(len(report.points))
        prev_tally = _tally_of(prev) if prev is not None else None
        label = prev_tally[0] if prev_tally is not None else "tricks"
        counts = [0] * len(report.points)
        lines = []
        for k, trick in enumerate(tricks):
            side = sides.side_of(trick.winner)
            if label == "counters":
                counts[side] += trick.points
            elif label == "trick units":
                counts[side] += len(trick.plays[0][1]) if trick.plays else 1
            else:
                counts[side] += 1
            if k < self._told:
                continue
            cards = next((c for s, c in trick.plays if s == trick.winner), ())
            if shown is not None and not set(cards) <= shown:
                cards = ()
            if k == len(tricks) - 1:
                line = f"{sides.seat(trick.winner)} wins the last trick ({trick.number})"
            else:
                line = f"{sides.seat(trick.winner)} wins trick {trick.number}"
            if cards:
                line += f" with {self._cards(cards)}"
            if label == "counters":
                line += f" and {trick.points} points" if trick.points else ", no counters"
            line += f" — {self._word(label)}: {sides.tally(counts)}"
            if k == len(tricks) - 1:  # the points this last trick scored, on its own line
                line += self._score_changes(prev, view, sides)
            lines.append(line)
        return lines

    # -- draws from a stock ------------------------------------------------------------------------
    def _draws(self, state: Any, view: Any) -> list[str]:
        """Who drew what from the stock in the step (Voormsi's V21): every card for a spectator,
        one's own cards and the others' count for a seat."""
        if type(getattr(view, "stock_size", None)) is not int:
            return []
        from cardrules.cli.narration import draws_line

        seen = (
            [self.game.view(state, s) for s in range(self.game.num_players)]
            if self._omniscient
            else [view]
        )
        before, self._seen = self._seen, seen
        if before is None:
            return []
        line = draws_line(
            before, seen, me=self.me, card=self.style.card, players=self.game.num_players
        )
        return [line] if line else []

    # -- a patience ----------------------------------------------------------------------------
    def _patience(self, prev: Any, view: Any) -> list[str]:
        redeals = getattr(view, "redeals_used", None)
        stock = getattr(view, "stock", None)
        if type(redeals) is not int or not isinstance(stock, tuple) or prev is None:
            return []
        foundations = getattr(view, "foundations", ())
        home = sum(len(pile) for pile in foundations) if isinstance(foundations, tuple) else 0
        before = getattr(prev, "redeals_used", redeals)
        most = getattr(getattr(self.game, "rules", None), "max_redeals", None)
        if redeals > before:
            of = f" of {most}" if type(most) is int else ""
            return [
                f"Redeal {redeals}{of}: the tableau is gathered into a new stock and dealt again "
                f"({len(stock)} left in the stock, {home} cards on the foundations)."
            ]
        old_stock = getattr(prev, "stock", stock)
        if isinstance(old_stock, tuple) and len(stock) < len(old_stock):
            dealt = len(old_stock) - len(stock)
            return [
                f"{dealt} cards dealt from the stock: {len(stock)} left "
                f"({home} cards on the foundations)."
            ]
        return []
