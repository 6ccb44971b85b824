"""A slow, obviously correct reference of a Voormsi deal's scoring: V5, V6, V12, V18–V25, B1–B5.

DESIGN §8: a check that runs over many deals must not share the code it checks. The engine's
hand report scores a deal again with the engine's own steps, and the fused rollout is a tagged
copy of them, so both agree with a bug in the engine's bonus bookkeeping. This module rebuilds a
deal from plain data only — the dealer, the shuffled deck as card texts, the ladder before the
deal and the public plays ``(seat, card texts)`` in order — and scores it straight from the rule
text (``shared/rules/voormsi.md`` §3.3 and the settled readings of §3.7). It imports nothing from
``cardrules.games.voormsi``: cards are two-letter texts ("JC", "KH", "3D"), hands are sets.

It covers the four-player game and the three-player one, every option that bears on the bonuses
and the ladder (C3, C7, C8, C9, C10, C11, VV1) and the default C4, C5 and C6 (no ♦3 among the
Kings, each group against the heading one, round-robin draws); :class:`Options` refuses the rest.

>>> beats("KH", "JC", "plain", adjacent=True, c3=True)  # V12 step 9: the later matador wins
True
>>> beats("9C", "7D", lead_status("7D"), adjacent=True, c3=True)  # V9: a led Seven holds
False
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DealResult",
    "Item",
    "Options",
    "TrickResult",
    "beats",
    "group_beats",
    "lead_status",
    "report_items",
    "score_deal",
]

TOQUTSIT = "JC"
VOORMSI = "KH"
DIAMOND_THREE = "3D"

# The normal ranking of rule V12 step 9, highest level first (the table under V6); inside a level
# the suit order of V3 decides, except for the equal matadors of level 1.
_LEVELS = [
    ["JC", "KH"],
    ["8S"],
    ["9C", "9S", "9H", "9D"],
    ["AC", "AS", "AH", "AD"],
    ["JS", "JH", "JD"],
    ["6C", "6S", "6H", "6D"],
    ["5C", "5S", "5H", "5D"],
    ["8C", "8H", "8D"],
    ["QC", "QS", "QH", "QD"],
    ["KC"],  # "second lowest card of all"
    ["KS"],  # "lowest card of all"
]
_LEVEL = {card: k for k, cards in enumerate(_LEVELS) for card in cards}
_SUIT = {"C": 4, "S": 3, "H": 2, "D": 1}  # V3: ♣ > ♠ > ♥ > ♦

# V12 statuses, as words.
PLAIN = "plain"  # a normal card
D3_LED = "d3 led"  # the ♦3 led: powerless (V8)
D3 = "d3"  # the ♦3 played anywhere else: unbeatable (V8)
SEVEN = "seven"  # a winning Seven: the effective lead, or one that beat one (V9)
KC_OVER_SEVEN = "kc over seven"  # V10
KS_OVER_KC = "ks over kc"  # V11: a K♠ that beat a K♣-over-Seven
KC_LED = "kc led"  # V10: the K♣ as the effective lead
KS_LED = "ks led"  # V11: the K♠ as the effective lead


def lead_status(card: str) -> str:
    """The status of ``card`` as the effective lead (V7)."""
    if card == DIAMOND_THREE:
        return D3_LED
    if card[0] == "7":
        return SEVEN
    if card == "KC":
        return KC_LED
    if card == "KS":
        return KS_LED
    return PLAIN


def _ranks_higher(card: str, other: str) -> bool:
    """V12 step 9: higher in the normal ranking, V3 inside a level, the later matador winning."""
    if {card, other} == {TOQUTSIT, VOORMSI}:
        return True
    if _LEVEL[card] != _LEVEL[other]:
        return _LEVEL[card] < _LEVEL[other]
    return _SUIT[card[1]] > _SUIT[other[1]]


def beats(card: str, winner: str, status: str, *, adjacent: bool, c3: bool) -> bool:
    """V12, step by step: does ``card`` beat ``winner``, which holds ``status``? ``adjacent``: the
    card comes directly after the winner (for groups: the next player's group)."""
    if card == DIAMOND_THREE:  # step 1
        return True
    if status == D3:  # step 2
        return False
    if status == D3_LED:  # step 3
        return True
    if status == SEVEN:  # step 4
        return card == "KC" or (card[0] == "7" and _SUIT[card[1]] > _SUIT[winner[1]])
    if status == KC_OVER_SEVEN:  # step 5
        return card == "KS" and adjacent
    if status == KS_OVER_KC:  # step 6
        return False
    if card[0] == "7":  # steps 7-9: a Seven beats none of these
        return False
    if status == KC_LED:  # step 7 (C3: the seed lets the very next K♠ beat it)
        return card != "KS" or (adjacent and c3)
    if status == KS_LED:  # step 8
        return True
    return _ranks_higher(card, winner)  # step 9


def _status_after(card: str, beaten_status: str) -> str:
    """The status ``card`` earns by beating a card of ``beaten_status`` (V7–V11, §3.7)."""
    if card == DIAMOND_THREE:
        return D3
    if beaten_status == D3_LED:  # the card becomes the effective lead (V7)
        return lead_status(card)
    if beaten_status == SEVEN:
        return KC_OVER_SEVEN if card == "KC" else SEVEN
    if beaten_status == KC_OVER_SEVEN:
        return KS_OVER_KC
    return PLAIN  # §3.7: a K♠ that beat a led K♣ is a plain card


def group_beats(
    group: list[str], heading: list[tuple[str, str]], *, adjacent: bool, c3: bool
) -> list[str] | None:
    """V18 by brute force: the statuses ``group`` earns if some one-to-one pairing lets each of its
    cards beat a different card of ``heading`` (``(card, status)`` pairs), else ``None``.

    Every valid pairing is tried; where two give the cards different statuses the rules do not
    say which holds, and the reference refuses to guess (an AssertionError).
    """
    outcomes = set()
    for order in itertools.permutations(heading):
        if all(
            beats(c, w, st, adjacent=adjacent, c3=c3)
            for c, (w, st) in zip(group, order, strict=True)
        ):
            outcomes.add(
                tuple(_status_after(c, st) for c, (_, st) in zip(group, order, strict=True))
            )
    if not outcomes:
        return None
    assert len(outcomes) == 1, f"{group} over {heading}: pairings give statuses {outcomes}"
    return list(outcomes.pop())


@dataclass(frozen=True)
class Options:
    """The rules options the reference plays by (the names and defaults of ``VoormsiRules``)."""

    players: int = 4
    target: int = 9
    trick_threshold: int = 5
    spade_king_beats_led_club_king: bool = True
    all_nine: str = "void"
    sequence_scope: str = "from_first"
    voormsi_last_card: str = "last_to_trick"
    voormsi_bonus_requires_proof: bool = True
    bust_mode: str = "subtract_overshoot"
    simultaneous_nine: str = "draw"
    over_capture_needs_next_card: bool = False

    def __post_init__(self) -> None:
        assert self.players in (3, 4), "the 2-player trick (V27) is not modelled here"

    def side(self, seat: int) -> int:
        """V1: partners opposite with four players, else each for themselves."""
        return seat % 2 if self.players == 4 else seat

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players


@dataclass(frozen=True)
class Item:
    """One scoring item as a hand report lists it: ``trick`` is the trick it belongs to (``None``
    for a bust, a sweep's take-back or a partner capture)."""

    rule: str
    side: int
    points: int
    seat: int | None = None
    trick: int | None = None


@dataclass
class TrickResult:
    """A complete trick: its winner, its V22 points, and the deal's fields after it (after the
    deal's end, for its last trick)."""

    number: int
    winner: int
    points: int
    units: tuple[int, ...]
    pending: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass
class DealResult:
    """What the reference makes of a deal. ``status`` uses the report's words (``"scored"``,
    ``"game_won"``, ``"draw"``, ``"annulled"``, ``"sweep_wins"``, ``"partner_capture"``);
    ``seen`` counts the situations met (bonus kinds, multi-card tricks, B1's exceptions) so a test
    can tell that its deals reached them."""

    tricks: list[TrickResult] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    status: str = "scored"
    scores_after: tuple[int, ...] = ()
    seen: Counter[str] = field(default_factory=Counter)


def _add(options: Options, score: int, points: int) -> int:
    """V25/C11: the ladder after ``points`` are added to ``score``."""
    new = score + points
    if new <= options.target or options.bust_mode == "no_bust":
        return new
    overshoot = new - options.target
    if options.bust_mode == "subtract_overshoot":
        return options.target - overshoot
    return score - overshoot  # "subtract_overshoot_from_previous"


def _unit_points(options: Options, before: int, after: int, others: int) -> int:
    """V22: 1 for reaching the threshold (2 when the first five were all this side's: the others
    have none), 1 for each unit beyond it."""
    threshold = options.trick_threshold
    if after < threshold:
        return 0
    if before >= threshold:
        return after - before
    return (2 if others == 0 else 1) + (after - threshold)


def score_deal(
    options: Options,
    dealer: int,
    deck: list[str],
    scores_before: tuple[int, ...],
    plays: list[tuple[int, list[str]]],
) -> DealResult:
    """Play ``plays`` (in order, as ``(seat, cards)``) on the deal of the shuffled ``deck`` and
    score it. Checks, on the way, that each play comes from the seat whose turn it is (V6, V13)
    and from that seat's hand (V5, V21), and that no play follows the end of the game."""
    n, sides = options.players, options.sides
    side = options.side
    c3 = options.spade_king_beats_led_club_king
    result = DealResult()
    seen = result.seen
    items = result.items
    # V5: four cards each, one at a time, clockwise from the dealer's left; the rest is the stock.
    hands: list[set[str]] = [set() for _ in range(n)]
    for k in range(4 * n):
        hands[(dealer + 1 + k) % n].add(deck[k])
    stock = list(deck[4 * n :])
    scores = list(scores_before)
    units = [0] * sides
    pending = [0] * sides
    held: list[list[Item]] = [[] for _ in range(sides)]  # V23: items not yet credited
    run: int | None = None  # the side on an unbroken run (V23); None before the first trick
    broken = False
    toqutsit_played = False
    leader = (dealer + 1) % n  # V6: eldest leads
    over = False
    trick_no = 0
    queue = list(plays)

    def credit(batch: list[list[Item]]) -> None:
        """Credit each side's items as one batch (V23 with V25: the bust applies to the batch)."""
        for s in range(sides):
            if not batch[s]:
                continue
            items.extend(batch[s])
            total = sum(i.points for i in batch[s])
            new = _add(options, scores[s], total)
            if new != scores[s] + total:
                seen["bust"] += 1
                items.append(Item("C11", s, new - scores[s] - total))
            scores[s] = new

    def game_over() -> str | None:
        """V25/C11: a side on the target with nothing held anywhere wins; two at once draw."""
        if options.bust_mode == "no_bust":
            reached = [s for s in range(sides) if scores[s] >= options.target]
        else:
            reached = [s for s in range(sides) if scores[s] == options.target]
        if not reached or any(pending):
            return None
        if len(reached) == 1:
            return "game_won"
        return "draw" if options.simultaneous_nine == "draw" else None

    while queue and not over:
        trick_no += 1
        label = trick_no
        size = len(queue[0][1])
        if size > 1:
            seen["multi-card trick"] += 1
        plays_in_trick: list[tuple[int, list[str]]] = []
        heading_pos = 0
        heading: list[tuple[str, str]] = []
        capture_pos = -1  # the group whose J♣ beat a heading K♥ (B2, if it wins)
        b4_seat = b5_seat = -1
        voormsi_pos = -1
        voormsi_blocked = False
        partner_capture = False
        for pos in range(n):
            seat = (leader + pos) % n
            assert queue, f"trick {label}: the plays stop mid-trick"
            who, group = queue.pop(0)
            assert who == seat, f"trick {label}: seat {who} played, seat {seat} was to play"
            assert len(group) == size, f"trick {label}: {group} answers a lead of {size} (V17)"
            assert set(group) <= hands[seat], f"trick {label}: seat {seat} does not hold {group}"
            hands[seat] -= set(group)
            plays_in_trick.append((seat, group))
            if VOORMSI in group:
                voormsi_pos = pos
                # B1 (b), as settled: a J♣ earlier in the deal, in the trick, or in this group.
                voormsi_blocked = toqutsit_played or TOQUTSIT in group
            toqutsit_played = toqutsit_played or TOQUTSIT in group
            if pos == 0:
                heading = [(c, lead_status(c)) for c in group]
                continue
            statuses = group_beats(group, heading, adjacent=pos == heading_pos + 1, c3=c3)
            if statuses is None:
                continue
            head_seat, head_group = plays_in_trick[heading_pos]
            if VOORMSI in head_group and TOQUTSIT in group:
                if side(head_seat) == side(seat):  # B3: the game ends at once
                    partner_capture = True
                    seen["B3"] += 1
                    seen["B3 in a group" if size > 1 else "B3 single"] += 1
                    break
                capture_pos = pos  # B2 if this group wins (§3.7: the J♣ before the ♦3)
                if DIAMOND_THREE in group:
                    seen["J♣ and ♦3 in one group over K♥"] += 1
            elif VOORMSI in head_group and DIAMOND_THREE in group:
                b4_seat = seat  # B4
            elif (
                capture_pos == heading_pos
                and DIAMOND_THREE in group
                and (not options.over_capture_needs_next_card or pos == heading_pos + 1)
            ):
                b5_seat = seat  # B5
            heading_pos = pos
            heading = list(zip(group, statuses, strict=True))
        if partner_capture:
            s = side(seat)
            items.append(Item("B3", s, -scores[s], seat))
            scores[s] = 0
            result.status = "partner_capture"
            over = True
            break
        win_seat = plays_in_trick[heading_pos][0]
        w = side(win_seat)
        before = units[w]
        units[w] += size  # V20
        points = _unit_points(options, before, units[w], sum(units) - units[w])
        earned: list[list[Item]] = [[] for _ in range(sides)]
        if points:
            earned[w].append(Item("V22", w, points, win_seat, label))
        kind = "in a group" if size > 1 else "single"
        if capture_pos >= 0 and capture_pos == heading_pos:
            earned[w].append(Item("B2", w, 2, plays_in_trick[capture_pos][0], label))
            seen["B2"] += 1
            seen[f"B2 {kind}"] += 1
        if b4_seat >= 0:
            earned[side(b4_seat)].append(Item("B4", side(b4_seat), 1, b4_seat, label))
            seen["B4"] += 1
            seen[f"B4 {kind}"] += 1
        if b5_seat >= 0:
            earned[side(b5_seat)].append(Item("B5", side(b5_seat), 2, b5_seat, label))
            seen["B5"] += 1
            seen[f"B5 {kind}"] += 1
        if voormsi_pos >= 0 and voormsi_pos == heading_pos:  # the K♥ wins the trick
            v_seat = win_seat
            if options.voormsi_last_card == "last_to_trick":
                last = voormsi_pos == n - 1
            else:  # "last_trick": the deal's last trick
                last = not stock and not any(hands)
            if voormsi_blocked:
                seen["B1 refused: J♣ played before"] += 1
            elif last:
                seen["B1 refused: last card"] += 1
            elif options.voormsi_bonus_requires_proof and TOQUTSIT in hands[v_seat]:
                seen["B1 refused: holds J♣"] += 1
            else:
                earned[side(v_seat)].append(Item("B1", side(v_seat), 1, v_seat, label))
                seen["B1"] += 1
                seen[f"B1 {kind}"] += 1
        # V23: an unbroken run holds its points until the opponents win a trick.
        now: list[list[Item]] = [earned[s] if s != w else [] for s in range(sides)]
        if options.sequence_scope == "from_first":
            if not broken and run in (None, w):
                run = w
                held[w] += earned[w]
            else:
                if not broken and run is not None:
                    now[run] = held[run] + now[run]
                    held[run] = []
                broken = True
                now[w] += earned[w]
        else:  # "any_run"
            if run is not None and run != w:
                now[run] = held[run] + now[run]
                held[run] = []
            run = w
            held[w] += earned[w]
        pending = [sum(i.points for i in h) for h in held]
        credit(now)
        end = game_over()
        if end is not None:
            result.status, over = end, True
        # V21: draw round by round from the winner while anyone is short and the stock lasts.
        if not over:
            while stock and any(len(h) < 4 for h in hands):
                for k in range(n):
                    s = (win_seat + k) % n
                    if stock and len(hands[s]) < 4:
                        hands[s].add(stock.pop(0))
            leader = win_seat  # V6
        result.tricks.append(
            TrickResult(label, win_seat, points, tuple(units), tuple(pending), tuple(scores))
        )
        if not over and not any(hands):  # the deal is played out
            over = True
            swept = units.count(0) == sides - 1
            if swept:
                seen["sweep"] += 1
            if swept and options.all_nine == "void":  # C7: nothing scores, bonuses included
                result.status = "annulled"
                for s in range(sides):
                    back = scores_before[s] - scores[s]
                    if back:
                        items.append(Item("C7", s, back))
                    scores[s] = scores_before[s]
                held = [[] for _ in range(sides)]
            elif swept and options.all_nine == "wins_game":
                result.status = "sweep_wins"
                scores = list(scores_before)
                held = [[] for _ in range(sides)]
            else:
                credit(held)
                held = [[] for _ in range(sides)]
                pending = [0] * sides
                end = game_over()
                if end is not None:
                    result.status = end
            final = result.tricks[-1]
            final.pending, final.scores = (0,) * sides, tuple(scores)
    assert not queue, f"{len(queue)} play(s) after the end of the game"
    result.scores_after = tuple(scores)
    return result


_TRICK = re.compile(r"trick (\d+):")


def report_items(items: Iterable[Any]) -> Counter[Item]:
    """A hand report's items (``ScoreItem``) as :class:`Item` values, the trick read from the
    ``what`` text ("trick 3: ...")."""
    out: Counter[Item] = Counter()
    for item in items:
        found = _TRICK.match(item.what)
        trick = int(found.group(1)) if found and item.rule not in ("C11", "C7", "B3") else None
        out[Item(item.rule, item.side, item.points, item.seat, trick)] += 1
    return out
