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
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import final

import attrs

from cardrules.errors import IllegalActionError, RulesError
from cardrules.rulebook import RuleId

__all__ = ["AscendingAuction", "CallingRounds"]


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
