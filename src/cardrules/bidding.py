"""Bidding: an ascending auction and calling rounds, as immutable values.

An :class:`AscendingAuction` is Rook's auction: bids from a minimum to a maximum by a step, each
above the current high bid; a player who passes is out; it ends when one bidder remains (a bid
exists and everybody else has passed) or when the maximum is bid. If everybody passes without a
bid, :attr:`AscendingAuction.all_passed` says so and the game decides what happens.

>>> a = AscendingAuction.start(num_players=4, first=1, minimum=70, maximum=120, step=5)
>>> a = a.bid(1, 70).pass_(2).bid(3, 75).pass_(0).bid(1, 80).pass_(3)
>>> a.is_over, a.winner
(True, (1, 80))

:class:`CallingRounds` is Euchre's trump making: in each round every player in turn may call or
pass; the first call ends it, and the last player of the last round may be forced to call.

>>> c = CallingRounds.start(num_players=4, first=1, rounds=2, forced_last=True)
>>> c = c.pass_(1).pass_(2).pass_(3).pass_(0)
>>> c.round, c.to_move
(1, 1)
>>> c = c.pass_(1).pass_(2).pass_(3)
>>> c.may_pass
False
>>> c.call(0, "S").caller
(0, 1, 'S')

:class:`BidRound` is the contract bidding of Spades and Oh Hell: every player, in turn, names one
number of tricks; with ``teams`` and ``team_maximum`` the partners' bids together may not pass a cap.

>>> from cardrules.scoring import Partnership
>>> r = BidRound.start(num_players=4, first=0, maximum=13,
...                    teams=Partnership.opposite(4), team_maximum=13)
>>> r = r.bid(0, 9).bid(1, 0)
>>> r.to_move, r.legal_bids()[-1]
(2, 4)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import final

import attrs

from cardrules.errors import ArgumentTypeError, IllegalActionError, RulesError, short_repr
from cardrules.rulebook import RuleId
from cardrules.scoring import Partnership

__all__ = ["AscendingAuction", "BidRound", "CallingRounds"]


@final
@attrs.frozen
class AscendingAuction:
    """An ascending auction. Build it with :meth:`start`; each bid or pass returns a new auction.

    ``history`` holds ``(seat, amount)`` pairs with ``None`` for a pass. ``rule`` prefixes the
    errors (a game passes its own rule id, e.g. ``"R10"``).
    """

    num_players: int
    minimum: int
    maximum: int
    step: int
    to_move: int | None
    high_bid: int | None = None
    high_bidder: int | None = None
    passed: frozenset[int] = frozenset()
    history: tuple[tuple[int, int | None], ...] = ()
    rule: RuleId | None = None

    @classmethod
    def start(
        cls,
        *,
        num_players: int,
        first: int,
        minimum: int,
        maximum: int,
        step: int = 1,
        rule: RuleId | None = None,
    ) -> AscendingAuction:
        """A fresh auction in which seat ``first`` speaks first."""
        if num_players < 2:
            raise RulesError("an auction needs at least two players")
        if not 0 <= first < num_players:
            raise RulesError(f"first bidder {first} is not a seat of {num_players}")
        if step < 1 or minimum > maximum or (maximum - minimum) % step:
            raise RulesError(
                f"bids {minimum}..{maximum} by {step}: the maximum must be the minimum plus whole steps"
            )
        return cls(num_players, minimum, maximum, step, first, rule=rule)

    @property
    def is_over(self) -> bool:
        """Whether the auction has ended (a winner, or everybody passed)."""
        return self.to_move is None

    @property
    def all_passed(self) -> bool:
        """Whether everybody passed without a single bid."""
        return len(self.passed) == self.num_players

    @property
    def winner(self) -> tuple[int, int] | None:
        """``(seat, bid)`` of the winning bidder once the auction is over, else ``None``."""
        if self.to_move is not None or self.high_bidder is None or self.high_bid is None:
            return None
        return (self.high_bidder, self.high_bid)

    def legal_bids(self) -> tuple[int, ...]:
        """Every amount the player to move may bid (empty when the auction is over)."""
        if self.to_move is None:
            return ()
        low = self.minimum if self.high_bid is None else self.high_bid + self.step
        return tuple(range(low, self.maximum + 1, self.step))

    def _check_turn(self, seat: int, action: str) -> None:
        if type(seat) is not int:  # True == 1 would pass the turn test below
            raise ArgumentTypeError(
                f"seat must be an int, not {type(seat).__name__} {short_repr(seat)}"
            )
        if self.to_move is None:
            raise IllegalActionError(self.rule, "the auction is over", action=action, seat=seat)
        if seat != self.to_move:
            raise IllegalActionError(
                self.rule, f"it is seat {self.to_move}'s turn to bid", action=action, seat=seat
            )

    def _next(self, seat: int, passed: frozenset[int], high_bid: int | None) -> int | None:
        n = self.num_players
        if len(passed) == n:
            return None
        if high_bid is not None and (high_bid >= self.maximum or len(passed) == n - 1):
            return None
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if nxt not in passed:
                return nxt
        return None  # pragma: no cover - unreachable: some seat has not passed

    def bid(self, seat: int, amount: int) -> AscendingAuction:
        """``seat`` bids ``amount``; it must be legal (above the high bid, on the step, in range)."""
        self._check_turn(seat, f"bid {amount}")
        if type(amount) is not int:  # 75.0 == 75 would pass the range test below
            raise ArgumentTypeError(
                f"amount must be an int, not {type(amount).__name__} {short_repr(amount)}"
            )
        if amount not in self.legal_bids():
            low = self.minimum if self.high_bid is None else self.high_bid + self.step
            raise IllegalActionError(
                self.rule,
                f"a bid must be a multiple of {self.step} from {low} to {self.maximum}",
                action=f"bid {amount}",
                seat=seat,
            )
        return AscendingAuction(
            self.num_players,
            self.minimum,
            self.maximum,
            self.step,
            self._next(seat, self.passed, amount),
            amount,
            seat,
            self.passed,
            (*self.history, (seat, amount)),
            self.rule,
        )

    def pass_(self, seat: int) -> AscendingAuction:
        """``seat`` passes and is out of the auction."""
        self._check_turn(seat, "pass")
        passed = self.passed | {seat}
        return AscendingAuction(
            self.num_players,
            self.minimum,
            self.maximum,
            self.step,
            self._next(seat, passed, self.high_bid),
            self.high_bid,
            self.high_bidder,
            passed,
            (*self.history, (seat, None)),
            self.rule,
        )


@final
@attrs.frozen
class CallingRounds:
    """Rounds of calls: each player in turn, from ``first``, calls or passes; the first call ends it.

    What may be called is the game's business (Euchre: round 0 accepts the up-card, round 1 names a
    suit); this value only keeps turn, round and outcome. With ``forced_last`` the last player of
    the last round may not pass (stick the dealer).
    """

    num_players: int
    first: int
    rounds: int
    forced_last: bool = False
    round: int = 0
    position: int = 0
    caller: tuple[int, int, Hashable] | None = None
    history: tuple[tuple[int, Hashable | None], ...] = ()
    rule: RuleId | None = None

    @classmethod
    def start(
        cls,
        *,
        num_players: int,
        first: int,
        rounds: int,
        forced_last: bool = False,
        rule: RuleId | None = None,
    ) -> CallingRounds:
        """Fresh calling rounds in which seat ``first`` speaks first in each round."""
        if num_players < 1 or rounds < 1 or not 0 <= first < num_players:
            raise RulesError(
                "calling rounds need players, at least one round and a valid first seat"
            )
        return cls(num_players, first, rounds, forced_last, rule=rule)

    @property
    def is_over(self) -> bool:
        """Whether someone called or every round passed."""
        return self.caller is not None or self.round >= self.rounds

    @property
    def all_passed(self) -> bool:
        """Whether every player passed in every round."""
        return self.caller is None and self.round >= self.rounds

    @property
    def to_move(self) -> int | None:
        """The seat to speak, or ``None`` when over."""
        if self.is_over:
            return None
        return (self.first + self.position) % self.num_players

    @property
    def may_pass(self) -> bool:
        """Whether the player to move may pass (not so for a forced last caller)."""
        last = self.round == self.rounds - 1 and self.position == self.num_players - 1
        return not self.is_over and not (self.forced_last and last)

    def _check_turn(self, seat: int, action: str) -> None:
        if self.is_over:
            raise IllegalActionError(self.rule, "the calling is over", action=action, seat=seat)
        if seat != self.to_move:
            raise IllegalActionError(
                self.rule, f"it is seat {self.to_move}'s turn to call", action=action, seat=seat
            )

    def pass_(self, seat: int) -> CallingRounds:
        """``seat`` passes."""
        self._check_turn(seat, "pass")
        if not self.may_pass:
            raise IllegalActionError(
                self.rule, "the last caller must call", action="pass", seat=seat
            )
        position = self.position + 1
        round_no = self.round
        if position == self.num_players:
            position, round_no = 0, round_no + 1
        # The constructor, not attrs.evolve: a bidding step sits in the hot loop of random play.
        return CallingRounds(
            self.num_players,
            self.first,
            self.rounds,
            self.forced_last,
            round_no,
            position,
            None,
            (*self.history, (seat, None)),
            self.rule,
        )

    def call(self, seat: int, value: Hashable) -> CallingRounds:
        """``seat`` calls ``value``; the calling is then over with ``caller`` set."""
        self._check_turn(seat, f"call {value}")
        return CallingRounds(
            self.num_players,
            self.first,
            self.rounds,
            self.forced_last,
            self.round,
            self.position,
            (seat, self.round, value),
            (*self.history, (seat, value)),
            self.rule,
        )


@final
@attrs.frozen
class BidRound:
    """One round of bids: each player in turn, from ``first``, bids once, from ``minimum`` to ``maximum``.

    With ``teams`` and ``team_maximum``, a player may bid at most ``team_maximum`` minus what their
    partners have bid already (Spades: partners together bid at most 13 tricks). ``bids[seat]`` is
    ``None`` until that seat has bid. ``rule`` names the game's bidding rule in the errors.

    >>> r = BidRound.start(num_players=3, first=2, maximum=3)
    >>> r.bid(2, 1).bid(0, 3).bid(1, 0).bids
    (3, 0, 1)
    >>> r.bid(2, 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: a bid is a whole number from 0 to 3 [seat 2, action bid 4]
    """

    num_players: int
    first: int
    minimum: int
    maximum: int
    bids: tuple[int | None, ...]
    teams: Partnership | None = None
    team_maximum: int | None = None
    rule: RuleId | None = None

    @classmethod
    def start(
        cls,
        *,
        num_players: int,
        first: int,
        maximum: int,
        minimum: int = 0,
        teams: Partnership | None = None,
        team_maximum: int | None = None,
        rule: RuleId | None = None,
    ) -> BidRound:
        """A fresh round in which seat ``first`` bids first."""
        if num_players < 1 or not 0 <= first < num_players:
            raise RulesError(f"first bidder {first} is not a seat of {num_players}")
        if minimum > maximum:
            raise RulesError(f"bids {minimum}..{maximum}: the minimum is above the maximum")
        if (teams is None) != (team_maximum is None):
            raise RulesError("a team maximum needs the teams, and teams need a team maximum")
        if teams is not None and teams.num_players != num_players:
            raise RulesError(f"the teams cover {teams.num_players} seats, not {num_players}")
        return cls(num_players, first, minimum, maximum, (None,) * num_players, teams,
                   team_maximum, rule)  # fmt: skip

    @property
    def num_bids(self) -> int:
        """How many players have bid."""
        return sum(b is not None for b in self.bids)

    @property
    def is_over(self) -> bool:
        """Whether everybody has bid."""
        return self.num_bids == self.num_players

    @property
    def to_move(self) -> int | None:
        """The seat to bid, or ``None`` when everybody has."""
        if self.is_over:
            return None
        return (self.first + self.num_bids) % self.num_players

    def highest_bid(self, seat: int) -> int:
        """The highest bid ``seat`` may make now: the maximum, lowered by its partners' bids."""
        if self.teams is None or self.team_maximum is None:
            return self.maximum
        partners = sum(self.bids[s] or 0 for s in self.teams.partners(seat))
        return min(self.maximum, self.team_maximum - partners)

    def legal_bids(self) -> tuple[int, ...]:
        """Every amount the player to move may bid (empty when the round is over)."""
        seat = self.to_move
        if seat is None:
            return ()
        return tuple(range(self.minimum, self.highest_bid(seat) + 1))

    def bid(self, seat: int, amount: int) -> BidRound:
        """``seat`` bids ``amount``; it must be its turn and the amount in range."""
        if self.to_move is None:
            raise IllegalActionError(
                self.rule, "the bidding is over", action=f"bid {amount}", seat=seat
            )
        if seat != self.to_move:
            raise IllegalActionError(
                self.rule,
                f"it is seat {self.to_move}'s turn to bid",
                action=f"bid {amount}",
                seat=seat,
            )
        top = self.highest_bid(seat)
        if type(amount) is not int or not self.minimum <= amount <= top:
            why = f"a bid is a whole number from {self.minimum} to {top}"
            if top < self.maximum:
                why += f" (partners together bid at most {self.team_maximum})"
            raise IllegalActionError(self.rule, why, action=f"bid {amount!r}", seat=seat)
        bids = list(self.bids)
        bids[seat] = amount
        return BidRound(self.num_players, self.first, self.minimum, self.maximum, tuple(bids),
                        self.teams, self.team_maximum, self.rule)  # fmt: skip
