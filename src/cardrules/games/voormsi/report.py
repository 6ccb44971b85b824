"""Voormsi hand reports: why the last deal scored what it did (cold code).

:meth:`~cardrules.games.voormsi.VoormsiGame.hand_report` reads the finished deal the state keeps
(:class:`~cardrules.games.voormsi.state.LastDeal`, made once when the deal ends) and scores it
again, trick by trick, with the engine's own steps: each trick's winner and V22 points, each bonus
(B1–B5) with its seat, the V23 hold (points are listed when they are credited), the busts of
V25/C11 as items that bring the sum to the ladder's change, the C7 sweep and the B3 partner
capture. The items of a side always add up to its ``points``, which are ``scores_after −
scores_before``.

>>> from cardrules.games.voormsi import make_game
>>> game = make_game()
>>> s = game.parse_position(
...     "over hand dealer=3 scores=7,5 drawn=3D,8D,9D,QS,5H,6C,QH,QC,6H,AC,5D,5S,8H,KH,JS,6D,JH,"
...     "KS,JC,8C tricks=0:JD,AH,5C,7D/1:KC,8D,9D,9H/0:AD,3D,8S,6S/1:AS,QH,5D,5S/1:8H,AC,JS,QS/"
...     "2:KH,QC,5H,6H/2:JH,KS,QD,8C/2:7C+7S,9C+7H,JC+6D,6C+9S")
>>> report = game.hand_report(s)
>>> report.status, report.scores_before, report.scores_after, report.points
(<VoormsiStatus.SCORED: 'scored'>, (7, 5), (8, 5), (1, 0))
>>> for item in report.items:
...     print(item.side, item.points, item.rule, item.what)
0 1 B1 trick 6: Voormsi won the trick
0 2 V22 trick 8: reaches 5 trick units (+1), 1 beyond (+1)
0 -2 C11 bust: 8 + 2 = 10 passes 9: 8 (rule V25, subtract_overshoot)
>>> report.tricks[-1].plays[0], report.tricks[-1].winner, report.tricks[-1].points
((2, (Card.parse('7C'), Card.parse('7S'))), 2, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardrules.games.voormsi.ranking import DECK, VOORMSI
from cardrules.games.voormsi.rulebook import VoormsiRule
from cardrules.games.voormsi.state import BROKEN, EMPTY_INFO, NO_TRICK_YET, LastDeal, VoormsiState
from cardrules.reports import HandReport, HandStatus, ScoreItem, TrickReport, check_report_args

if TYPE_CHECKING:
    from cardrules.games.voormsi.game import VoormsiGame

__all__ = ["VoormsiStatus", "hand_report"]

_FAKE: Final = (1 << 64) - 1
_VOORMSI_BIT: Final = 1 << VOORMSI


class VoormsiStatus(HandStatus, game="voormsi", seats=4, sides=3):
    """How a Voormsi deal ended."""

    SCORED = "scored"
    """Played out and scored (V22–V25), the match going on (or a single deal's end)."""
    GAME_WON = "game_won"
    """A side reached the target with nothing held (V25), mid-deal or at its end."""
    DRAW = "draw"
    """Both sides reached the target at once (C11 ``simultaneous_nine="draw"``)."""
    ANNULLED = "annulled"
    """One side won every trick and the deal is void (C7 default): nothing scores."""
    SWEEP_WINS = "sweep_wins"
    """One side won every trick and so the game (C7 ``all_nine="wins_game"``)."""
    PARTNER_CAPTURE = "partner_capture"
    """Toqutsit beat the partner's Voormsi (B3): that side drops to 0 and loses at once."""


def _cards(mask: int) -> str:
    return " ".join(DECK.cards[c].ascii for c in (i for i in range(len(DECK)) if mask >> i & 1))


def _unit_words(before: int, after: int, others: int, threshold: int) -> str:
    if before >= threshold:
        return f"{after - before} more trick unit(s) ({after} in all)"
    words = f"reaches {threshold} trick units (+1)"
    if after > threshold:
        words += f", {after - threshold} beyond (+{after - threshold})"
    if others == 0:
        words += ", the first five all its own (+1)"
    return words


def hand_report(game: VoormsiGame, state: VoormsiState) -> HandReport | None:
    """The report of the last finished deal of ``state``, or ``None`` before any."""
    from cardrules.games.voormsi.game import VoormsiGame

    check_report_args(game, VoormsiGame, state)
    rec = state.last
    if rec is None:
        return None
    return _report(game, rec)


def _report(game: VoormsiGame, rec: LastDeal) -> HandReport:
    eng = game.engine
    n, sides = game.num_players, game.rules.num_sides
    side_of = eng.side
    threshold = eng.threshold
    fake = (_FAKE,) * n
    known = (0,) * n
    scores = list(rec.scores_before)
    units = [0] * sides
    seq = NO_TRICK_YET
    held: list[list[ScoreItem]] = [[] for _ in range(sides)]
    items: list[ScoreItem] = []
    notes: list[str] = []
    tricks: list[TrickReport] = []
    played = 0

    def credit(batch: list[list[ScoreItem]]) -> None:
        """Credit each side's batch at once (as settled for rule V23: the bust applies to the batch)."""
        for side, its in enumerate(batch):
            if not its:
                continue
            total = sum(i.points for i in its)
            items.extend(its)
            if not total:
                continue
            new = eng.ladder.add(scores[side], total)
            if new != scores[side] + total:
                items.append(
                    ScoreItem(
                        side, new - scores[side] - total, VoormsiRule.C11,
                        f"bust: {scores[side]} + {total} = {scores[side] + total} passes "
                        f"{game.rules.target}: {new} (rule V25, {game.rules.bust_mode})",
                    )
                )  # fmt: skip
            scores[side] = new

    for k, (plays, win_seat) in enumerate(rec.tricks):
        t: tuple[tuple[int, int], ...] = ()
        heading, info = -1, EMPTY_INFO
        statuses: tuple[tuple[int, int], ...] = ()
        for seat, mask in plays:
            _, t, heading, statuses, info, _, played, _ = eng.advance(
                fake, t, heading, statuses, info, known, played, seat, mask
            )
        w = side_of[win_seat]
        size = plays[0][1].bit_count()
        before = units[w]
        units[w] += size
        points = eng.unit_points(before, units[w], sum(units) - units[w])
        label = f"trick {k + 1}"
        earned: list[list[ScoreItem]] = [[] for _ in range(sides)]
        if points:
            earned[w].append(
                ScoreItem(w, points, VoormsiRule.V22, f"{label}: " + _unit_words(
                    before, units[w], sum(units) - units[w], threshold), win_seat)
            )  # fmt: skip
        toqu_cap, b4, b5, v_pos, v_blocked = info
        if toqu_cap == heading and toqu_cap >= 0:
            earned[w].append(
                ScoreItem(
                    w, 2, VoormsiRule.B2, f"{label}: Toqutsit captured Voormsi", t[toqu_cap][0]
                )
            )
        if b4 >= 0:
            earned[side_of[b4]].append(
                ScoreItem(
                    side_of[b4], 1, VoormsiRule.B4, f"{label}: the ♦3 beat a heading Voormsi", b4
                )
            )
        if b5 >= 0:
            earned[side_of[b5]].append(
                ScoreItem(side_of[b5], 2, VoormsiRule.B5, f"{label}: the ♦3 beat Toqutsit over Voormsi "
                          "(Toqutsit's rule B2 bonus is lost)", b5)
            )  # fmt: skip
        if v_pos >= 0 and t[heading][1] & _VOORMSI_BIT:
            v_seat = t[v_pos][0]
            if v_blocked:
                notes.append(f"rule B1: no Voormsi bonus in {label}: Toqutsit was played before it")
            elif v_pos == len(t) - 1 if eng.last_to_trick else played.bit_count() == len(DECK):
                notes.append(f"rule B1: no Voormsi bonus in {label}: Voormsi came last (rule C9)")
            elif rec.revealed:
                earned[side_of[v_seat]].append(
                    ScoreItem(
                        side_of[v_seat],
                        1,
                        VoormsiRule.B1,
                        f"{label}: Voormsi won the trick",
                        v_seat,
                    )
                )
            else:
                notes.append(
                    f"rule B1: no Voormsi bonus in {label}: seat {v_seat} held Toqutsit (rule C10)"
                )
        tricks.append(
            TrickReport(
                k + 1,
                plays[0][0],
                tuple((seat, tuple(DECK.cards[c] for c in _bits(m))) for seat, m in plays),
                win_seat,
                points,
            )
        )
        # V23: hold or credit (as Engine._hold, item by item).
        now: list[list[ScoreItem]] = [[] for _ in range(sides)]
        for side in range(sides):
            if side != w:
                now[side].extend(earned[side])
        if eng.from_first:
            if seq in (w, NO_TRICK_YET):
                seq = w
                held[w].extend(earned[w])
            else:
                if seq >= 0:
                    if held[seq]:
                        total = sum(i.points for i in held[seq])
                        notes.append(f"rule V23: {label} breaks side {seq}'s run: its {total} held "
                                     "point(s) are credited")  # fmt: skip
                    now[seq] = held[seq] + now[seq]
                    held[seq] = []
                seq = BROKEN
                now[w].extend(earned[w])
        else:
            if seq != w and seq >= 0:
                now[seq] = held[seq] + now[seq]
                held[seq] = []
            seq = w
            held[w].extend(earned[w])
        credit(now)

    status = VoormsiStatus.SCORED
    end = rec.end
    if end == "partner_capture":
        status = VoormsiStatus.PARTNER_CAPTURE
        t = ()
        heading, info = -1, EMPTY_INFO
        statuses = ()
        seat = -1
        for seat, mask in rec.trick:
            _, t, heading, statuses, info, _, played, captured = eng.advance(
                fake, t, heading, statuses, info, known, played, seat, mask
            )
            if captured:
                break
        side = side_of[seat]
        items.append(
            ScoreItem(side, -scores[side], VoormsiRule.B3, f"seat {seat} beat its partner's Voormsi with "
                      "Toqutsit: the side drops to 0 and loses the game", seat)
        )  # fmt: skip
        scores[side] = 0
        tricks.append(
            TrickReport(
                len(rec.tricks) + 1,
                rec.trick[0][0],
                tuple((s, tuple(DECK.cards[c] for c in _bits(m))) for s, m in rec.trick),
                None,
                0,
            )
        )
    elif played.bit_count() == len(DECK):  # the deal was played out
        swept = units.count(0) == sides - 1
        all_nine = game.rules.all_nine
        if swept and all_nine == "void":
            status = VoormsiStatus.ANNULLED
            for side in range(sides):
                back = rec.scores_before[side] - scores[side]
                if back:
                    items.append(ScoreItem(side, back, VoormsiRule.C7, "the sweep voids points credited "
                                           "earlier in the deal"))  # fmt: skip
                scores[side] = rec.scores_before[side]
            notes.append(f"rule C7: side {seq if seq >= 0 else units.index(max(units))} won every "
                         "trick: the deal is void, bonuses included")  # fmt: skip
            held = [[] for _ in range(sides)]
        elif swept and end == "sweep":
            status = VoormsiStatus.SWEEP_WINS
            notes.append(f"rule C7: side {rec.winner} won every trick, and with it the game")
            held = [[] for _ in range(sides)]
        else:
            if swept:
                notes.append("rule C7: one side won every trick; the deal scores normally")
            if any(held):
                notes.append("rule V23: the deal is over: the held points are credited")
            credit(held)
            held = [[] for _ in range(sides)]
    if status is VoormsiStatus.SCORED and end in ("target", "draw"):
        status = VoormsiStatus.GAME_WON if end == "target" else VoormsiStatus.DRAW
    if end == "target":
        notes.append(f"rule V25: side {rec.winner} reached {game.rules.target}: the game is won")
    elif end == "draw":
        notes.append(f"rule C11: both sides reached {game.rules.target} at once: a draw")
    for side, lapsed in enumerate(rec.pending):
        if lapsed and status is not VoormsiStatus.ANNULLED:
            notes.append(f"rule V23: side {side}'s {lapsed} held point(s) lapse")
    points_by_side = tuple(sum(i.points for i in items if i.side == s) for s in range(sides))
    return HandReport(
        game="voormsi",
        hand=rec.number,
        dealer=rec.dealer,
        status=status,
        contract=None,
        tricks=tuple(tricks),
        items=tuple(items),
        points=points_by_side,
        scores_before=rec.scores_before,
        scores_after=rec.scores_after,
        notes=tuple(notes),
    )


def _bits(mask: int) -> list[int]:
    return [c for c in range(len(DECK)) if mask >> c & 1]
