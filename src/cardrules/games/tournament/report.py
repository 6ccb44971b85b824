"""Tournament game reports: how a finished game ended (cold code).

:meth:`~cardrules.games.tournament.engine.TournamentGame.hand_report` reads a finished state and
returns a :class:`~cardrules.reports.HandReport`: the status (:class:`TournamentStatus`), no
contract and no tricks (a patience has neither), one item per suit with the cards it has on the
foundations (T4) — the game's points, as :meth:`~cardrules.Game.outcome` counts them — and notes
with the redeals used (T9) and the shuffles drawn (T2/B1). A state does not keep the moves
played, so the report does not count them.

>>> from cardrules.games.tournament import make_game
>>> game = make_game()
>>> s = game.position(reserve=["KS"], stock="", foundations={"F♠↑": 12, "F♠↓": 13})
>>> game.hand_report(s) is None
True
>>> report = game.hand_report(game.apply(s, game.parse_action("R1>F♠↑", s)))
>>> report.status, report.points, [i.points for i in report.items]
(<TournamentStatus.WON: 'won'>, (104,), [26, 26, 26, 26])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.games.tournament.rulebook import TournamentRule
from cardrules.games.tournament.state import TournamentState
from cardrules.reports import HandReport, HandStatus, ScoreItem, check_report_args

if TYPE_CHECKING:
    from cardrules.games.tournament.game import TournamentGame
    from cardrules.games.tournament.state import KingsdownState

__all__ = ["TournamentStatus", "hand_report", "kingsdown_report"]

_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
# Notes cite rules in their written form ("rule T9: …"), never as a bare id like a pile name.
_T2, _T9, _T11, _KE7 = (
    TournamentRule.T2.written,
    TournamentRule.T9.written,
    TournamentRule.T11.written,
    TournamentRule.KE7.written,
)


class TournamentStatus(HandStatus, game="tournament", seats=1, sides=1):
    """How a game of Tournament ended (T11)."""

    WON = "won"
    """All 104 cards reached the foundations."""
    LOST = "lost"
    """The stock is empty, no redeal is left and no progress move is possible."""
    RESIGNED = "resigned"
    """The player gave up (a loss)."""


def hand_report(game: TournamentGame, state: TournamentState) -> HandReport | None:
    """The report of a finished game, or ``None`` while it is not over."""
    from cardrules.games.tournament.game import TournamentGame

    check_report_args(game, TournamentGame, state)
    if state.phase != "over":
        return None
    status = TournamentStatus(state.result)
    items = []
    for suit, name in enumerate(_SUIT_NAMES):
        up, down = state.foundations[2 * suit], state.foundations[2 * suit + 1]
        items.append(
            ScoreItem(
                0, len(up) + len(down), TournamentRule.T4,
                f"{name} on the foundations ({len(up)} up from A, {len(down)} down from K)",
            )
        )  # fmt: skip
    points = sum(len(p) for p in state.foundations)
    outcome = {
        TournamentStatus.WON: f"{_T11}: won, all 104 cards are on the foundations",
        TournamentStatus.LOST: f"{_T11}: lost, the stock is empty, no redeal is left and no "
        "progress move is possible",
        TournamentStatus.RESIGNED: f"{_T11}: resigned with {104 - points} cards off the foundations",
    }[status]
    notes = (
        outcome,
        f"{_T9}: {state.redeals_used} of {game.rules.max_redeals} redeals used",
        f"{_T2}: {state.reserve_deals} shuffle(s) drawn for the reserve",
        f"{len(state.stock)} card(s) left in the stock",
    )
    return HandReport(
        game="tournament",
        hand=1,
        dealer=None,
        status=status,
        contract=None,
        tricks=(),
        items=tuple(items),
        points=(points,),
        scores_before=(0,),
        scores_after=(points,),
        notes=notes,
    )


def kingsdown_report(state: KingsdownState) -> HandReport | None:
    """The report of a finished game of Kingsdown Eights (KE7), or ``None`` while it is not over.

    One item per suit with its cards on the two Ace foundations (KE2); no redeals exist.
    """
    if state.phase != "over":
        return None
    status = TournamentStatus(state.result)
    items = tuple(
        ScoreItem(
            0, len(state.foundations[2 * s]) + len(state.foundations[2 * s + 1]), TournamentRule.KE2,
            f"{name} on the foundations",
        )
        for s, name in enumerate(_SUIT_NAMES)
    )  # fmt: skip
    points = sum(len(p) for p in state.foundations)
    outcome = {
        TournamentStatus.WON: f"{_KE7}: won, all 104 cards are on the foundations",
        TournamentStatus.LOST: f"{_KE7}: lost, the stock is empty and no move is left",
        TournamentStatus.RESIGNED: f"{_KE7}: resigned with {104 - points} cards off the foundations",
    }[status]
    return HandReport(
        game="tournament",
        hand=1,
        dealer=None,
        status=status,
        contract=None,
        tricks=(),
        items=items,
        points=(points,),
        scores_before=(0,),
        scores_after=(points,),
        notes=(outcome, f"{len(state.stock)} card(s) left in the stock"),
    )
