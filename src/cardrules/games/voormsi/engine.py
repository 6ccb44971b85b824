"""The Voormsi engine: legal plays, trick resolution, bonuses, holds and the ladder, on ints.

An :class:`Engine` holds what one rules config needs precomputed: the V12 ``beats`` outcome of every
(card, winning card, status, adjacency) as a table, the legal groups as table look-ups (leads by
face rank, single cards by 9-card chunk of the deck) or bounded caches (the rarer positions),
seat tables. The rules are written on plain values (tuples of ints and bitmasks) in general steps:

* :meth:`Engine.advance` adds one group to the trick in progress (V12–V19 heading, the bonus
  bookkeeping of V24, the V15 deduction);
* :meth:`Engine.next_to_play` says who plays next in the trick (with the V27 draw between the plays
  of a 2-player trick);
* :meth:`Engine.finish_trick` scores a complete trick (V20–V25, in :meth:`Engine.score_trick`),
  draws (V21) and ends the deal or the game, building the next state.

:meth:`Engine.play` chains them for any group in any game. The hot paths are not here: one card in
a four-player game (nine plays in ten), the legality checks ``VoormsiGame.apply`` makes without
the legal groups, and the fused rollout are tagged copies of these steps in
:mod:`cardrules.games.voormsi.fast`, the one module that may hold such copies, and its tests
check each against the functions here. A next state is a
:func:`~cardrules.games.voormsi.state.blank_copy` of the previous one with the changed fields
written over.

Every rule of the book (:data:`~cardrules.games.voormsi.VOORMSI_RULES`) and where it lives
(the card ranking is :mod:`cardrules.games.voormsi.ranking`; the state's fields
:mod:`cardrules.games.voormsi.state`):

=====  ============================================================================================
Rule   Function
=====  ============================================================================================
V1     :class:`Engine` (its seat tables: partners with four players, else each for themselves)
V2     :data:`~cardrules.games.voormsi.ranking.DECK` (36 cards)
V3     :data:`~cardrules.games.voormsi.ranking.SUIT_ORDER`
V4     :func:`cut_for_dealer`; the deal passes clockwise in :meth:`Engine.end_deal`
V5     :meth:`Engine.deal`
V6     :data:`~cardrules.games.voormsi.ranking.NORMAL_ORDER` (the ranking); :meth:`Engine.deal` (eldest leads) and
       :meth:`Engine.next_lead` (the winner leads)
V7     :func:`~cardrules.games.voormsi.ranking.lead_status`
V8     :func:`~cardrules.games.voormsi.ranking.beats` and :func:`~cardrules.games.voormsi.ranking.new_status` (the ♦3)
V9     :func:`~cardrules.games.voormsi.ranking.beats` and :func:`~cardrules.games.voormsi.ranking.new_status` (the Sevens)
V10    :func:`~cardrules.games.voormsi.ranking.beats` and :func:`~cardrules.games.voormsi.ranking.new_status` (the K♣)
V11    :func:`~cardrules.games.voormsi.ranking.beats` and :func:`~cardrules.games.voormsi.ranking.new_status` (the K♠)
V12    :func:`~cardrules.games.voormsi.ranking.beats`; the engine's tables are generated from it
V13    :meth:`Engine.advance` (the heading card or group); :func:`~cardrules.games.voormsi.ranking.resolve_single`
V14    :meth:`Engine.legal_at` (any single card may follow)
V15    :meth:`Engine.compelled` and :meth:`Engine.legal_at`
V16    :meth:`Engine.leads_of` (groups of one face rank)
V17    :meth:`Engine.max_lead` and :meth:`Engine.legal_at` (a group is answered by as many cards)
V18    ``Engine._group_beats`` (a one-to-one pairing, with the core :func:`~cardrules.tricks.pair_up`)
V19    :meth:`Engine.advance` (each group against the heading one)
V20    :meth:`Engine.score_trick` (k cards each make k trick units)
V21    :meth:`Engine.draw`
V22    :meth:`Engine.unit_points`
V23    ``Engine._hold`` (the points of an unbroken run are held)
V24    :meth:`Engine.advance` (what a play earns) and :meth:`Engine.score_trick` (the credit)
V25    :meth:`Engine.credit` (the target, the bust)
V26    the ``three_player`` preset of :class:`~cardrules.games.voormsi.rules.VoormsiRules`, on
       :class:`Engine`'s seat tables
V27    :meth:`Engine.next_to_play` (the draw between the plays of a two-player trick)
B1     :meth:`Engine.score_trick` (credit) and :class:`Engine` (who is shown the hand)
B2     :meth:`Engine.advance` (the J♣ beats a heading K♥) and :meth:`Engine.score_trick`
B3     :meth:`Engine.partner_capture`
B4     :meth:`Engine.advance` (the ♦3 beats a heading K♥) and :meth:`Engine.score_trick`
B5     :meth:`Engine.advance` (the ♦3 beats the capturing J♣) and :meth:`Engine.score_trick`
C1     :data:`~cardrules.games.voormsi.ranking.TOQUTSIT` (the J♣)
C2     :meth:`Engine.legal_at` with ``_follow_suit`` (option ``must_follow_suit``)
C3     :func:`~cardrules.games.voormsi.ranking.beats` (option ``spade_king_beats_led_club_king``)
C4     :func:`rank_masks` (option ``diamond_three_is_king``)
C5     :meth:`Engine.advance` (option ``multi_compare``)
C6     :meth:`Engine.draw` and :meth:`Engine.next_holder` (option ``draw_order``)
C7     :meth:`Engine.end_deal` (option ``all_nine``)
C8     ``Engine._hold`` (option ``sequence_scope``)
C9     :meth:`Engine.score_trick` (option ``voormsi_last_card``)
C10    :meth:`Engine.score_trick` (option ``voormsi_bonus_requires_proof``)
C11    :meth:`Engine.credit` (options ``bust_mode`` and ``simultaneous_nine``)
C12    :func:`cut_for_dealer` (option ``cut_rank``)
C13    :meth:`Engine.score_trick` (bonuses are credited with the trick, through ``Engine._hold``)
VV1    :meth:`Engine.advance` (option ``over_capture_needs_next_card``)
=====  ============================================================================================
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from cardrules import (
    CHANCE,
    ArgumentError,
    CardSet,
    ChooseDealer,
    IllegalActionError,
    Ladder,
    iter_bits,
    pair_up,
)
from cardrules.errors import short_repr
from cardrules.game import check_rng
from cardrules.games.voormsi.actions import Lead, Play, face_rank
from cardrules.games.voormsi.ranking import (
    DECK,
    DIAMOND_THREE,
    NORMAL_ORDER,
    TOQUTSIT,
    VOORMSI,
    beats_table,
    lead_status,
    new_status,
)
from cardrules.games.voormsi.rulebook import VoormsiRule
from cardrules.games.voormsi.rules import CHOICES, VoormsiRules
from cardrules.games.voormsi.state import (
    BLANK_STATE,
    BROKEN,
    EMPTY_INFO,
    NO_TRICK_YET,
    LastDeal,
    Phase,
    TrickInfo,
    VoormsiState,
    blank_copy,
    make_last_deal,
)

__all__ = [
    "ADJACENT",
    "BIT_LENGTHS",
    "D3_BIT",
    "HAND_SIZE",
    "LEAD_STATUSES",
    "NUM_CARDS",
    "NUM_STATUSES",
    "SINGLE_MASK_CHUNKS",
    "SINGLE_PLAY_CHUNKS",
    "SPECIAL_BITS",
    "TOQ_BIT",
    "VOORMSI_BIT",
    "Engine",
    "LegalEntry",
    "cut_for_dealer",
    "interned",
    "lead_of",
    "one_card_each",
    "play_of",
    "rank_masks",
    "replace_at",
    "single_masks",
    "single_plays",
    "suit_masks",
]

HAND_SIZE: Final = 4
"""V5: cards in a full hand."""

_N: Final = len(DECK)
_new: Final = object.__new__
_SUIT_MASKS: Final = tuple(DECK.suit_masks[s] for s in DECK.suits)
_TOQ_BIT: Final = 1 << TOQUTSIT
_VOORMSI_BIT: Final = 1 << VOORMSI
_D3_BIT: Final = 1 << DIAMOND_THREE
_SPECIAL: Final = _TOQ_BIT | _VOORMSI_BIT | _D3_BIT
"""The cards that can change the bonus bookkeeping (``info``) or the J♣ deductions."""
_NUM_STATUSES: Final = 8
_ADJACENT: Final = _NUM_STATUSES * _N * _N
"""The offset of the adjacent half of the V12 tables (see ``_index``)."""
_COMPELLED: Final = 1 << 48
"""Marks a play key under the V15 compulsion (hands hold 36 bits, shifted by 3 in the key)."""
_BIT_LENGTHS: Final = tuple(n.bit_length() for n in range(64))
"""``n.bit_length()`` for the counts of legal groups (at most 15: the subsets of a 4-card hand)."""

# The names the fast module (:mod:`cardrules.games.voormsi.fast`) reads: its copies of the rules
# run on the same tables.
NUM_CARDS: Final = _N
"""Cards in the deck (V2)."""
TOQ_BIT: Final = _TOQ_BIT
"""The J♣'s bit (C1)."""
VOORMSI_BIT: Final = _VOORMSI_BIT
"""The K♥'s bit (B1)."""
D3_BIT: Final = _D3_BIT
"""The ♦3's bit (V8)."""
SPECIAL_BITS: Final = _SPECIAL
"""The cards that can change the bonus bookkeeping or the J♣ deductions (V15, V24)."""
NUM_STATUSES: Final = _NUM_STATUSES
"""Statuses a winning card can carry (V7–V12): the stride of the V12 tables."""
ADJACENT: Final = _ADJACENT
"""The offset of the adjacent half of the V12 tables (:attr:`Engine.single_table`)."""
BIT_LENGTHS: Final = _BIT_LENGTHS
"""``n.bit_length()`` for the counts of legal groups (how many bits ``rng.randrange`` draws)."""
_CACHE_LIMIT: Final = 1 << 15
"""Entries per legal-groups cache (about 300 bytes each, so some 10 MB per full cache): the hands a
run of a few thousand deals meets; later hands are computed without being kept."""

LegalEntry = tuple[tuple[Lead | Play, ...], tuple[int, ...], int]
"""The legal groups of a position: the interned actions, their masks in the same order (what a
rollout draws from), and the size of the largest."""

Statuses = tuple[tuple[int, int], ...]
Trick = tuple[tuple[int, int], ...]


def suit_masks() -> tuple[int, ...]:
    """The four suit masks of the deck (C2 needs them; the ♦3 is a diamond)."""
    return _SUIT_MASKS


def rank_masks(diamond_three_is_king: bool) -> tuple[int, ...]:
    """Masks of the cards of each face rank (V16), the ♦3 among the Kings under C4."""
    groups: dict[int, int] = {}
    for i in range(_N):
        r = face_rank(i, diamond_three_is_king=diamond_three_is_king)
        groups[r] = groups.get(r, 0) | 1 << i
    return tuple(groups[r] for r in sorted(groups))


# -- interned actions (rules-independent, so shared by every game object) ------------------------
# Each is marked interned (a slot outside its fields, see actions._Interned): apply trusts the
# fields of these, and only these, without checking them.
_LEADS: dict[int, Lead] = {}
_PLAYS: dict[int, Play] = {}


def lead_of(mask: int) -> Lead:
    """The interned :class:`Lead` of a group mask."""
    lead = _LEADS.get(mask)
    if lead is None:
        lead = _LEADS[mask] = Lead(DECK.cards[i] for i in iter_bits(mask))
        object.__setattr__(lead, "interned", True)
    return lead


def play_of(mask: int) -> Play:
    """The interned :class:`Play` of a group mask."""
    play = _PLAYS.get(mask)
    if play is None:
        play = _PLAYS[mask] = Play(DECK.cards[i] for i in iter_bits(mask))
        object.__setattr__(play, "interned", True)
    return play


def interned(action: Lead | Play) -> Lead | Play:
    """The interned action equal to the group ``action`` where there is one (what ``apply`` takes
    without checking its fields), else ``action`` itself.

    >>> interned(Lead.of("9C")) is lead_of(Lead.of("9C").mask)
    True
    """
    known = (_LEADS if type(action) is Lead else _PLAYS).get(action.mask)
    return action if known is None else known


def _intern_common_actions() -> None:
    """Build every lead and every play of one or two cards once (about 800 values, a few ms), so
    that a hand met for the first time costs no action construction."""
    if _PLAYS:
        return
    for c4 in (False, True):
        for rank_mask in rank_masks(c4):
            for mask in _submasks(rank_mask, HAND_SIZE):
                lead_of(mask)
    for a in range(_N):
        play_of(1 << a)
        for b in range(a + 1, _N):
            play_of(1 << a | 1 << b)


_CHUNK: Final = 9
SINGLE_MASK_CHUNKS: list[tuple[tuple[int, ...], ...]] = []
"""The single cards of a hand by 9-card chunk of the deck: ``[k][bits]`` holds the masks of the
cards ``9k + b`` for the set bits ``b`` of ``bits``, lowest first. A hand's single cards are then
four look-ups, not a loop over its cards (:func:`single_masks`)."""
SINGLE_PLAY_CHUNKS: list[tuple[tuple[Play, ...], ...]] = []
"""The interned plays of the same cards (what ``legal_actions`` lists for a hand free to play any
card)."""


def _build_single_chunks() -> None:
    """Fill the two chunk tables (once; some 2,000 small tuples)."""
    if SINGLE_MASK_CHUNKS:
        return
    for k in range(_N // _CHUNK):
        masks = [
            tuple(1 << (_CHUNK * k + b) for b in range(_CHUNK) if bits >> b & 1)
            for bits in range(1 << _CHUNK)
        ]
        SINGLE_MASK_CHUNKS.append(tuple(masks))
        SINGLE_PLAY_CHUNKS.append(tuple(tuple(map(play_of, m)) for m in masks))


def single_masks(hand: int) -> tuple[int, ...]:
    """The masks of the single cards of ``hand``, lowest first (the tables must be built)."""
    c0, c1, c2, c3 = SINGLE_MASK_CHUNKS
    return c0[hand & 0x1FF] + c1[hand >> 9 & 0x1FF] + c2[hand >> 18 & 0x1FF] + c3[hand >> 27]


def single_plays(hand: int) -> tuple[Play, ...]:
    """The interned plays of the single cards of ``hand``, lowest first (the tables must be built)."""
    c0, c1, c2, c3 = SINGLE_PLAY_CHUNKS
    return c0[hand & 0x1FF] + c1[hand >> 9 & 0x1FF] + c2[hand >> 18 & 0x1FF] + c3[hand >> 27]


assert _N == 4 * _CHUNK  # a hand is read in four chunks


_TRANSPOSE: list[tuple[int, ...]] = []
"""Per suit ``k``: a 9-card chunk of a hand (``hand >> 9k & 0x1FF``) with the bit of the card of
face-rank position ``r`` moved to bit ``4r + k``. OR-ing the four gives the hand rank by rank, four
bits a rank (the ♦3 sits in the King position of the diamonds)."""
_LEAD_TABLES: dict[int, tuple[tuple[tuple[tuple[Lead, ...], tuple[int, ...], int], ...], ...]] = {}
"""Per lead size limit (1 or 4): for the face-rank positions 0–2, 3–5 and 6–8, a table indexed by
those ranks' 12 bits of a transposed hand holding ``(leads, masks, largest)`` in the order of
:meth:`Engine.lead_entry` (rank by rank, each rank's submasks increasing). A hand met for the first
time then costs seven look-ups instead of a loop over the ranks."""


def _lead_tables(
    limit: int,
) -> tuple[tuple[tuple[tuple[Lead, ...], tuple[int, ...], int], ...], ...]:
    """The three tables of :data:`_LEAD_TABLES` for ``limit`` (built once, some 40 ms)."""
    tables = _LEAD_TABLES.get(limit)
    if tables is None:
        _intern_common_actions()
        if not _TRANSPOSE:
            for k in range(4):
                _TRANSPOSE.append(
                    tuple(
                        sum(1 << (4 * b + k) for b in range(_CHUNK) if bits >> b & 1)
                        for bits in range(1 << _CHUNK)
                    )
                )
        per_rank = [
            [
                _submasks(sum(1 << (r + _CHUNK * k) for k in range(4) if held >> k & 1), limit)
                if held
                else ()
                for held in range(16)
            ]
            for r in range(_CHUNK)
        ]
        built = []
        for first in (0, 3, 6):
            a, b, c = per_rank[first : first + 3]
            table = []
            for bits in range(1 << 12):
                masks = a[bits & 15] + b[bits >> 4 & 15] + c[bits >> 8]
                largest = max(map(int.bit_count, masks), default=0)
                table.append((tuple(map(_LEADS.__getitem__, masks)), masks, largest))
            built.append(tuple(table))
        tables = _LEAD_TABLES[limit] = tuple(built)
    return tables


_D3_LEAD: Final = (lead_of(_D3_BIT),)


# -- V12 as tables ------------------------------------------------------------------------------
def _index(adjacent: bool, status: int, winner: int, card: int) -> int:
    """Where the tables below keep the outcome of ``card`` against ``winner`` with ``status``."""
    return ((adjacent * _NUM_STATUSES + status) * _N + winner) * _N + card


_SINGLE_TABLES: dict[bool, tuple[Statuses | None, ...]] = {}


def _single_table(c3: bool) -> tuple[Statuses | None, ...]:
    """For a single card against a single winner: ``None`` if it does not beat it, else the heading's
    new statuses ``((card, status),)`` — interned, so a play allocates nothing here."""
    table = _SINGLE_TABLES.get(c3)
    if table is None:
        wins = beats_table(c3)
        table = _SINGLE_TABLES[c3] = tuple(
            ((card, new_status(card, status)),) if wins[_index(adj, status, winner, card)] else None
            for adj in (False, True)
            for status in range(_NUM_STATUSES)
            for winner in range(_N)
            for card in range(_N)
        )
    return table


_LEAD_STATUSES: Final[tuple[Statuses, ...]] = tuple(((c, lead_status(c)),) for c in range(_N))
"""The statuses of a single card led (V7), interned."""
LEAD_STATUSES: Final = _LEAD_STATUSES
"""The statuses of each single card led (V7), interned (what a lead of one card heads with)."""


def _lead_statuses(mask: int) -> Statuses:
    if mask & (mask - 1):
        return tuple((c, lead_status(c)) for c in iter_bits(mask))
    return _LEAD_STATUSES[mask.bit_length() - 1]


def replace_at(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with item ``i`` set to ``value`` (a new tuple).

    >>> replace_at((0, 0, 0), 1, 2)
    (0, 2, 0)
    """
    return (*values[:i], value, *values[i + 1 :])


_SUBMASKS: dict[tuple[int, int], tuple[int, ...]] = {}


def _submasks(mask: int, limit: int) -> tuple[int, ...]:
    """The non-empty submasks of ``mask`` with at most ``limit`` bits, in increasing order (cached:
    ``mask`` is the part of a hand in one rank, so there are a few hundred keys)."""
    key = (mask, limit)
    out = _SUBMASKS.get(key)
    if out is None:
        bits = list(iter_bits(mask))
        out = _SUBMASKS[key] = tuple(
            sorted(
                sum(1 << b for b in combo)
                for size in range(1, min(limit, len(bits)) + 1)
                for combo in combinations(bits, size)
            )
        )
    return out


def _combos(hand: int, size: int) -> list[int]:
    """The ``size``-card subsets of ``hand`` as masks, in :func:`itertools.combinations` order."""
    cards = single_masks(hand)
    if size == 1:
        return list(cards)
    if size == 2:
        return [a | b for a, b in combinations(cards, 2)]
    return [sum(group) for group in combinations(cards, size)]


def _follow_suit(hand: int, led: int, options: list[int]) -> list[int]:
    """C2 (as settled): per suit play at least min(led, held) cards of it, as far as V15 allows."""
    req = [min((led & m).bit_count(), (hand & m).bit_count()) for m in _SUIT_MASKS]

    def followed(group: int) -> int:
        return sum(min((group & m).bit_count(), r) for m, r in zip(_SUIT_MASKS, req, strict=True))

    best = max(followed(g) for g in options)
    return [g for g in options if followed(g) == best]


def one_card_each(
    first: int, hands: tuple[int, ...], stock: tuple[int, ...], toqu_known: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """V21 when four players each played one card and the stock lasts: both draw orders (C6) give
    the k-th card of the stock to the k-th seat from ``first``. Returns ``(hands, stock,
    toqu_known)``; a seat known to lack the J♣ may have drawn it, so nobody is known to lack it."""
    h0, h1, h2, h3 = hands
    x0, x1, x2, x3 = stock[:4]
    if first == 0:
        hands = (h0 | 1 << x0, h1 | 1 << x1, h2 | 1 << x2, h3 | 1 << x3)
    elif first == 1:
        hands = (h0 | 1 << x3, h1 | 1 << x0, h2 | 1 << x1, h3 | 1 << x2)
    elif first == 2:
        hands = (h0 | 1 << x2, h1 | 1 << x3, h2 | 1 << x0, h3 | 1 << x1)
    else:
        hands = (h0 | 1 << x1, h1 | 1 << x2, h2 | 1 << x3, h3 | 1 << x0)
    if 1 in toqu_known:
        toqu_known = tuple(0 if k == 1 else k for k in toqu_known)
    return hands, stock[4:], toqu_known


# -- the first dealer (V4, C12) ----------------------------------------------------------------
_SUIT_CUT: Final = {"C": 4, "S": 3, "H": 2, "D": 1}


def _cut_value(card: int, cut_rank: str) -> int:
    """How high ``card`` cuts (C12). Face value: 3 < 5 < … < Q < K < A, suits tie.
    Game ranking: the normal ranking, the Sevens and then the ♦3 below the K♠ (inferred)."""
    c = DECK.cards[card]
    if cut_rank == "face_value":
        return c.rank
    power = NORMAL_ORDER.power(card)
    if power is not None:
        return power
    if c.rank == 3:
        return -20
    assert c.suit is not None
    return -10 + _SUIT_CUT[c.suit.letter]


def cut_for_dealer(
    num_players: int, rng: random.Random, cut_rank: str = "face_value"
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """V4/C12: every seat cuts a card; the lowest deals, tied seats cut again (inferred).

    Returns the dealer and the cuts as ``(seat, card index)``. By symmetry the dealer is uniform.

    >>> dealer, cuts = cut_for_dealer(4, random.Random(2))
    >>> dealer in range(4), len(cuts) >= 4
    (True, True)
    """
    if type(num_players) is not int or not 2 <= num_players <= 4:
        raise ArgumentError(
            f"num_players must be 2, 3 or 4 (V1, V26, V27), not {short_repr(num_players)}"
        )
    check_rng(rng)
    if cut_rank not in CHOICES["cut_rank"]:
        raise ArgumentError(
            f"cut_rank must be one of {CHOICES['cut_rank']}, not {short_repr(cut_rank)}"
        )
    seats = list(range(num_players))
    cuts: list[tuple[int, int]] = []
    while True:
        cards = rng.sample(range(len(DECK)), len(seats))
        cuts.extend(zip(seats, cards, strict=True))
        values = [_cut_value(c, cut_rank) for c in cards]
        low = min(values)
        seats = [s for s, v in zip(seats, values, strict=True) if v == low]
        if len(seats) == 1:
            return seats[0], tuple(cuts)


class Engine:
    """The rules of one :class:`VoormsiRules` config on ints (see the module docstring).

    Not part of the public API: :class:`~cardrules.games.voormsi.VoormsiGame` owns one.
    """

    def __init__(self, rules: VoormsiRules, ladder: Ladder) -> None:
        self.rules = rules
        self.ladder = ladder
        n = self.n = rules.players
        self.sides = rules.num_sides
        # V1: partnerships with four players, else every player for themselves.
        self.side = tuple(seat % 2 if n == 4 else seat for seat in range(n))
        self.next_seat = tuple((seat + 1) % n for seat in range(n))
        # B1: the Voormsi hand is shown to the next opponent clockwise.
        self.viewer = tuple(
            next((v + k) % n for k in range(1, n) if self.side[(v + k) % n] != self.side[v])
            for v in range(n)
        )
        # V21/C6: the draw goes round from the trick's winner.
        self.draw_order = tuple(tuple((first + k) % n for k in range(n)) for first in range(n))
        self.zeros_seats = (0,) * n
        self.one_short = (HAND_SIZE - 1,) * n
        self.zeros_sides = (0,) * self.sides
        self.rk = rank_masks(rules.diamond_three_is_king)
        # The cards of each card's face rank (V16; the ♦3 among the Kings under C4).
        self.rank_of = tuple(next(m for m in self.rk if m >> card & 1) for card in range(_N))
        self.d3_king = rules.diamond_three_is_king
        self._lead_tables = _lead_tables(HAND_SIZE if rules.multi_card_leads else 1)
        self._lead_actions = tuple(tuple(e[0] for e in table) for table in self._lead_tables)
        c3 = rules.spade_king_beats_led_club_king
        self.beats_table = beats_table(c3)
        self.single_table = _single_table(c3)
        self.multi = rules.multi_card_leads
        self.vs_led = rules.multi_compare == "vs_led_group_last_wins"
        self.follow = rules.must_follow_suit
        self.threshold = rules.trick_threshold
        self.last_to_trick = rules.voormsi_last_card == "last_to_trick"
        self.proof = rules.voormsi_bonus_requires_proof
        self.next_card_b5 = rules.over_capture_needs_next_card
        self.complete_each = rules.draw_order == "complete_each"
        self.from_first = rules.sequence_scope == "from_first"
        self.target = rules.target
        self.no_bust = rules.bust_mode == "no_bust"
        self.draw_on_nine = rules.simultaneous_nine == "draw"
        self.four = n == 4
        # Interned trick entries of single cards: ``(seat, mask)`` and the trick ``((seat, mask),)``.
        self.trick_entries = tuple(tuple((seat, 1 << c) for c in range(_N)) for seat in range(n))
        self.lead_tricks: tuple[tuple[Trick, ...], ...] = tuple(
            tuple((e,) for e in entries) for entries in self.trick_entries
        )
        # The legal groups per key (see legal_at). Leads are keyed by the hand and hold every lead
        # of it; the V16/V17 size limit, rarely below the largest group held, filters them.
        self.leads: dict[int, LegalEntry] = {}
        self._limited_leads: dict[tuple[int, int], LegalEntry] = {}
        self._plays: dict[int | tuple[int, int], LegalEntry] = {}
        _intern_common_actions()
        _build_single_chunks()

    # -- legal plays ---------------------------------------------------------------------------
    def max_lead(self, hands: tuple[int, ...]) -> int:
        """The largest group that may be led: every player still holding cards must follow (V17, C6)."""
        if not self.multi:
            return 1
        limit = min(map(int.bit_count, hands))
        if limit:  # nobody sits out (the usual case, computed in C)
            return min(limit, HAND_SIZE)
        limit = HAND_SIZE
        for hand in hands:
            if hand:
                count = hand.bit_count()
                if count < limit:
                    limit = count
        return limit

    def why_illegal(
        self, s: VoormsiState, seat: int, lead: bool, mask: int
    ) -> tuple[VoormsiRule, str] | None:
        """Why ``seat`` may not lead (``lead``) or play the group ``mask`` in ``s``: the rule it
        breaks and a reason for people, or ``None`` when it is legal (V15–V17, V27, C2).

        >>> from cardrules.games.voormsi import make_game, stacked_deal
        >>> game = make_game()
        >>> s = game.apply(game.new_hand(dealer=3), stacked_deal(game, 3, {0: "7D 7C 5S 5H"}))
        >>> game.engine.why_illegal(s, 0, True, 1 << DECK.index("7D") | 1 << DECK.index("5S"))
        (<VoormsiRule.V16: 'V16'>, 'a lead is of one face rank')
        """
        leading = not s.trick
        if leading and not lead:
            return VoormsiRule.V16, "the trick is empty: lead a group"
        if not leading and lead:
            return VoormsiRule.V17, "the trick is led: play a group"
        hand = s.hands[seat]
        if mask & ~hand:
            return VoormsiRule.V17, f"seat {seat} does not hold {CardSet(DECK, mask & ~hand)}"
        size = mask.bit_count()
        if leading:
            if mask & ~self.rank_of[mask.bit_length() - 1]:
                return VoormsiRule.V16, "a lead is of one face rank"
            if size > self.max_lead(s.hands):
                if not self.multi:
                    return VoormsiRule.V27, "only single cards are led in this game"
                return (
                    VoormsiRule.V16,
                    f"every player holding cards must be able to follow {size} cards",
                )
        else:
            need = s.trick[0][1].bit_count()
            if size != need:
                return VoormsiRule.V17, f"play {need} card(s), as led"
        if mask not in self.legal_at(seat, s.hands, s.trick, s.heading)[1]:
            if self.compelled(s, seat) and not mask & _TOQ_BIT:
                return (
                    VoormsiRule.V15,
                    "an opponent's Voormsi heads the trick: play Toqutsit (JC)",
                )
            return VoormsiRule.C2, "must follow the led suits as far as able"
        return None

    def dealer_seat(self, action: ChooseDealer, shown: str) -> int:
        """V4: the seat of a :class:`~cardrules.ChooseDealer`, if it is an ``int`` seat of this
        game; else :class:`~cardrules.errors.IllegalActionError` naming V4 (``shown`` is the
        action as the error shows it)."""
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.n:
            raise IllegalActionError(
                VoormsiRule.V4, f"the dealer must be a seat 0-{self.n - 1}", action=shown
            )
        return seat

    def compelled(self, s: VoormsiState, seat: int) -> bool:
        """V15: an opponent's group holding the K♥ heads the trick and ``seat`` holds the J♣."""
        if not s.trick or not s.hands[seat] & _TOQ_BIT:
            return False
        head_seat, head_mask = s.trick[s.heading]
        return bool(head_mask & _VOORMSI_BIT) and self.side[head_seat] != self.side[seat]

    def legal_at(self, seat: int, hands: tuple[int, ...], trick: Trick, heading: int) -> LegalEntry:
        """The legal groups of ``seat`` in a position of the play.

        They depend only on that hand and a few facts (the lead limit; or the size led, the V15
        compulsion and, under C2, the cards led), so they are computed once per such key.
        """
        hand = hands[seat]
        if not trick:
            entry = self.leads.get(hand)
            if entry is None:
                entry = self.lead_entry(hand)
            if entry[2] > 1:
                limit = self.max_lead(hands)
                if limit < entry[2]:
                    return self._limited_lead_entry(hand, limit, entry)
            return entry
        led = trick[0][1]
        size = led.bit_count()
        key = hand << 3 | size
        if hand & _TOQ_BIT:
            head_seat, head_mask = trick[heading]
            if head_mask & _VOORMSI_BIT and self.side[head_seat] != self.side[seat]:
                key |= _COMPELLED
        entry = self._plays.get((key, led) if self.follow else key)  # C2: the suits led too
        if entry is None:
            entry = self._play_entry(key, hand, led)
        return entry

    def leads_of(self, hand: int) -> tuple[Lead, ...]:
        """Every lead of ``hand`` (V16, any size), in :meth:`lead_entry`'s order: seven table look-ups,
        no cache (what ``legal_actions`` lists while no size limit can bite)."""
        s0, s1, s2, s3 = _TRANSPOSE
        if hand & _D3_BIT and not self.d3_king:  # the ♦3 alone, the lowest rank (see lead_entry)
            hand ^= _D3_BIT
            t = s0[hand & 0x1FF] | s1[hand >> 9 & 0x1FF] | s2[hand >> 18 & 0x1FF] | s3[hand >> 27]
            a0, a1, a2 = self._lead_actions
            return _D3_LEAD + a0[t & 0xFFF] + a1[t >> 12 & 0xFFF] + a2[t >> 24]
        t = s0[hand & 0x1FF] | s1[hand >> 9 & 0x1FF] | s2[hand >> 18 & 0x1FF] | s3[hand >> 27]
        a0, a1, a2 = self._lead_actions
        return a0[t & 0xFFF] + a1[t >> 12 & 0xFFF] + a2[t >> 24]

    def lead_entry(self, hand: int) -> LegalEntry:
        """Every lead of ``hand`` (V16, any size), built from the rank tables and cached."""
        # The hand's leads from the rank tables (see _LEAD_TABLES); without C4 the ♦3 is a rank of
        # its own, the lowest, so its lead comes first and it is left out of the Kings.
        t0, t1, t2 = self._lead_tables
        s0, s1, s2, s3 = _TRANSPOSE
        d3 = hand & _D3_BIT and not self.d3_king
        if d3:
            hand ^= _D3_BIT
        t = s0[hand & 0x1FF] | s1[hand >> 9 & 0x1FF] | s2[hand >> 18 & 0x1FF] | s3[hand >> 27]
        l0, m0, g0 = t0[t & 0xFFF]
        l1, m1, g1 = t1[t >> 12 & 0xFFF]
        l2, m2, g2 = t2[t >> 24]
        if d3:
            entry = (
                (_LEADS[_D3_BIT], *l0, *l1, *l2),
                (_D3_BIT, *m0, *m1, *m2),
                max(g0, g1, g2, 1),
            )
        else:
            entry = (l0 + l1 + l2, m0 + m1 + m2, max(g0, g1, g2))
        if len(self.leads) < _CACHE_LIMIT:
            self.leads[hand | _D3_BIT if d3 else hand] = entry
        return entry

    def _limited_lead_entry(self, hand: int, limit: int, full: LegalEntry) -> LegalEntry:
        key = (hand, limit)
        entry = self._limited_leads.get(key)
        if entry is None:
            masks = tuple(m for m in full[1] if m.bit_count() <= limit)
            entry = (tuple(map(_LEADS.__getitem__, masks)), masks, min(limit, full[2]))
            if len(self._limited_leads) < _CACHE_LIMIT:
                self._limited_leads[key] = entry
        return entry

    def _play_entry(self, key: int, hand: int, led: int) -> LegalEntry:
        size = led.bit_count()
        compelled = key & _COMPELLED
        if size == 1 and not compelled and not self.follow:
            entry = (single_plays(hand), single_masks(hand), 1)  # any card (V14)
        else:
            masks = _combos(hand, size)
            if compelled:
                masks = [m for m in masks if m & _TOQ_BIT]  # V15
            if self.follow:
                masks = _follow_suit(hand, led, masks)
            # Plays of one or two cards are interned up front: a plain dict lookup each.
            actions = tuple(map(_PLAYS.__getitem__ if size <= 2 else play_of, masks))
            entry = (actions, tuple(masks), size)
        if len(self._plays) < _CACHE_LIMIT:
            self._plays[(key, led) if self.follow else key] = entry
        return entry

    # -- one play ------------------------------------------------------------------------------
    def trick_size(self, hands: tuple[int, ...]) -> int:
        """Plays in a trick about to be led: one per player holding cards; 4 single cards with 2 (V27)."""
        if self.n == 2:
            return 4
        return len(hands) - hands.count(0)

    def advance(
        self,
        hands: tuple[int, ...],
        trick: Trick,
        heading: int,
        statuses: Statuses,
        info: TrickInfo,
        toqu_known: tuple[int, ...],
        played: int,
        seat: int,
        mask: int,
    ) -> tuple[tuple[int, ...], Trick, int, Statuses, TrickInfo, tuple[int, ...], int, bool]:
        """``seat`` plays the legal group ``mask`` into the trick.

        Returns the new ``(hands, trick, heading, statuses, info, toqu_known, played, captured)``;
        ``captured`` means the play captured the partner's Voormsi (B3: the game ends at once, and
        ``heading``/``statuses`` are left as they were).
        """
        pos = len(trick)
        hand = hands[seat]
        if pos and played & _VOORMSI_BIT:  # (the K♥ cannot head a trick before it is played)
            head_seat, head_mask = trick[heading]
            if (
                head_mask & _VOORMSI_BIT
                and not hand & _TOQ_BIT
                and self.side[head_seat] != self.side[seat]
            ):
                # V15 was in force and the J♣ was not played: everyone now knows this seat lacks it.
                toqu_known = replace_at(toqu_known, seat, 1)
        hands = (*hands[:seat], hand & ~mask, *hands[seat + 1 :])
        trick = (*trick, (seat, mask))
        special = mask & _SPECIAL
        if special:
            toqu_cap, b4, b5, v_pos, v_blocked = info
            if special & _VOORMSI_BIT:
                v_pos = pos
                # B1 (b), as settled: a J♣ earlier in the deal, earlier in this trick, or in this group.
                v_blocked = bool((played | mask) & _TOQ_BIT)
            if special & _TOQ_BIT:
                toqu_known = self.zeros_seats  # the J♣ is public now
            info = (toqu_cap, b4, b5, v_pos, v_blocked)
        played |= mask
        # Sequential heading resolution that carries a per-card status: V12 needs what each winning
        # card earned (rule V18), which no plain "does this play beat the heading one" can give.
        if not pos:
            return hands, trick, 0, _lead_statuses(mask), info, toqu_known, played, False
        new: Statuses | None
        if mask & (mask - 1):
            if self.vs_led:
                ref_pos = 0  # C5 variant: every group is compared with the led group
                ref = _lead_statuses(trick[0][1])
            else:
                ref_pos, ref = heading, statuses
            new = self._group_beats(mask, ref, pos == ref_pos + 1)
        else:
            ref_pos = heading
            w_card, w_status = statuses[0]
            new = self.single_table[
                (((pos == heading + 1) * _NUM_STATUSES + w_status) * _N + w_card) * _N
                + mask.bit_length()
                - 1
            ]
        if new is None:
            return hands, trick, heading, statuses, info, toqu_known, played, False
        if special:
            toqu_cap, b4, b5, v_pos, v_blocked = info
            ref_seat, ref_mask = trick[ref_pos]
            if ref_mask & _VOORMSI_BIT:
                if special & _TOQ_BIT:
                    if self.side[ref_seat] == self.side[seat]:
                        if ref_seat != seat:
                            return hands, trick, heading, statuses, info, toqu_known, played, True
                    else:
                        toqu_cap = pos  # B2, if it wins the trick
                elif special & _D3_BIT:
                    b4 = seat  # B4: the ♦3 beat a heading K♥
            elif (
                toqu_cap == ref_pos
                and special & _D3_BIT
                and (not self.next_card_b5 or pos == ref_pos + 1)
            ):
                b5 = seat  # B5: the ♦3 beats the J♣ that captured the K♥ (rule VV1 variant)
            info = (toqu_cap, b4, b5, v_pos, v_blocked)
        return hands, trick, pos, new, info, toqu_known, played, False

    def _group_beats(self, mask: int, ref: Statuses, adjacent: bool) -> Statuses | None:
        """V18/V19: the group beats ``ref`` through a one-to-one pairing; its cards' new statuses.

        The core's matcher (:func:`~cardrules.tricks.pair_up`) on edges read from the V12 table: bit ``j``
        of a group card's edges says it beats the ``j``-th card of ``ref`` with its status."""
        table = self.beats_table
        base = adjacent * _NUM_STATUSES
        if len(ref) == 2:  # a pair, the common group: pair_up's choice, written out
            (w0, s0), (w1, s1) = ref
            row0 = ((base + s0) * _N + w0) * _N
            row1 = ((base + s1) * _N + w1) * _N
            low = mask & -mask
            a = low.bit_length() - 1
            b = (mask ^ low).bit_length() - 1
            a0, a1, b0, b1 = table[row0 + a], table[row1 + a], table[row0 + b], table[row1 + b]
            if not (a0 or a1) or not (b0 or b1):
                return None
            # The lower card takes its first edge; the higher one its first, unless that is
            # taken: then the lower card moves to its other edge, else the higher one does.
            ja = 0 if a0 else 1
            jb = 0 if b0 else 1
            if jb == ja:
                if a0 and a1:
                    ja = 1 - ja
                elif b0 and b1:
                    jb = 1 - jb
                else:
                    return None
            sa, sb = (s0, s1) if ja == 0 else (s1, s0)
            return ((a, new_status(a, sa)), (b, new_status(b, sb)))
        group = list(iter_bits(mask))
        rows = [((base + status) * _N + winner) * _N for winner, status in ref]
        edges = [sum(table[row + card] << j for j, row in enumerate(rows)) for card in group]
        partners = pair_up(edges)
        if partners is None:
            return None
        return tuple(
            (card, new_status(card, ref[j][1])) for card, j in zip(group, partners, strict=True)
        )

    def next_to_play(
        self,
        hands: tuple[int, ...],
        stock: tuple[int, ...],
        toqu_known: tuple[int, ...],
        trick: Trick,
        heading: int,
        seat: int,
    ) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Who plays next in an unfinished trick after ``seat``: ``(to_move, hands, stock,
        toqu_known)``, which change only by the draw inside a 2-player trick."""
        if self.n == 2:
            if len(trick) == 2:
                # V27: whoever played the higher card draws first, then plays third.
                head_seat = trick[heading][0]
                hands, stock, toqu_known = self.draw(head_seat, hands, stock, toqu_known)
                return head_seat, hands, stock, toqu_known
            return 1 - seat, hands, stock, toqu_known
        nxt = self.next_seat[seat]
        return (nxt if hands[nxt] else self.next_holder(seat, hands)), hands, stock, toqu_known

    def next_holder(self, seat: int, hands: Sequence[int]) -> int:
        """The first seat clockwise after ``seat`` that holds cards (empty hands sit out, C6)."""
        n = self.n
        for step in range(1, n + 1):
            s = (seat + step) % n
            if hands[s]:
                return s
        return seat

    def draw(
        self,
        first: int,
        hands: tuple[int, ...],
        stock: tuple[int, ...],
        toqu_known: tuple[int, ...],
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """V21: draw back to four from the stock, starting with ``first`` (C6 draw order)."""
        if not stock:
            return hands, stock, toqu_known
        n = self.n
        order = self.draw_order[first]
        held = list(hands)
        if len(stock) >= n and tuple(map(int.bit_count, hands)) == self.one_short:
            # The common case: everyone played one card and the stock lasts. Both draw orders
            # then give the k-th card of the stock to the k-th seat from the winner.
            if n == 4:
                return one_card_each(first, hands, stock, toqu_known)
            for seat, card in zip(order, stock):  # noqa: B905 (stops after the n seats)
                held[seat] |= 1 << card
            pos = n
        else:
            needs = [HAND_SIZE - h.bit_count() for h in held]
            left = len(stock)
            pos = 0
            if self.complete_each:
                for s in order:
                    while needs[s] > 0 and pos < left:
                        held[s] |= 1 << stock[pos]
                        pos += 1
                        needs[s] -= 1
            else:  # one card each per round, while anyone is short and the stock lasts
                for _ in range(max(needs)):
                    for s in order:
                        if needs[s] > 0 and pos < left:
                            held[s] |= 1 << stock[pos]
                            pos += 1
                            needs[s] -= 1
        if 1 in toqu_known:
            # A seat known to lack the J♣ may have drawn it.
            toqu_known = tuple(
                0 if k == 1 and held[s] != hands[s] else k for s, k in enumerate(toqu_known)
            )
        return tuple(held), stock[pos:], toqu_known

    # -- the end of a trick, a deal and a game --------------------------------------------------
    def finish_trick(
        self,
        s: VoormsiState,
        hands: tuple[int, ...],
        stock: tuple[int, ...],
        trick: Trick,
        trick_size: int,
        heading: int,
        info: TrickInfo,
        toqu_known: tuple[int, ...],
        played: int,
    ) -> VoormsiState:
        """The state after the complete ``trick``; ``s`` supplies what a trick does not change."""
        units, seq_side, pending, scores, revealed, toqu_known, over = self.score_trick(
            s.units, s.seq_side, s.pending, s.scores, s.revealed, hands, stock, trick, trick_size,
            heading, info, toqu_known,
        )  # fmt: skip
        win_seat = trick[heading][0]
        tricks = (*s.tricks, (trick, win_seat))
        if over is not None:
            rec = self.record(s, tricks, (), units, scores, pending, revealed, over[1], over[0])
            return VoormsiState(
                "over", None, s.dealer, hands, stock, s.leader, (), 0, -1, (), EMPTY_INFO, tricks,
                units, seq_side, pending, scores, s.deal_start, revealed, toqu_known,
                s.single_hand, over[0], over[1], played, (s.history[0], rec),
                s.config,
            )  # fmt: skip
        hands, stock, toqu_known = self.draw(win_seat, hands, stock, toqu_known)
        return self.next_lead(
            s, tricks, win_seat, hands, stock, units, seq_side, pending, scores, revealed,
            toqu_known, played,
        )  # fmt: skip

    def score_trick(
        self,
        units: tuple[int, ...],
        seq_side: int,
        pending: tuple[int, ...],
        scores: tuple[int, ...],
        revealed: tuple[tuple[int, int, int], ...],
        hands: tuple[int, ...],
        stock: tuple[int, ...],
        trick: Trick,
        trick_size: int,
        heading: int,
        info: TrickInfo,
        toqu_known: tuple[int, ...],
    ) -> tuple[
        tuple[int, ...],
        int,
        tuple[int, ...],
        tuple[int, ...],
        tuple[tuple[int, int, int], ...],
        tuple[int, ...],
        tuple[int, str] | None,
    ]:
        """Score the complete ``trick`` (V20, V22, the bonuses of V24, V23's hold, V25's credit)
        from the deal's fields before it: the new ``(units, seq_side, pending, scores, revealed,
        toqu_known, over)``, ``over`` being ``(winner, end)`` when the game ended."""
        side = self.side
        win_seat, head_mask = trick[heading]
        w = side[win_seat]
        size = trick[0][1].bit_count()  # V20: k cards each = k trick units
        before = units[w]
        after = before + size
        units = (*units[:w], after, *units[w + 1 :])
        earned = [0] * self.sides
        earned[w] = self.unit_points(before, after, sum(units) - after)
        if info is not EMPTY_INFO:
            toqu_cap, b4, b5, v_pos, v_blocked = info
            if toqu_cap == heading:
                earned[w] += 2  # B2
            if b4 >= 0:
                earned[side[b4]] += 1  # B4
            if b5 >= 0:
                earned[side[b5]] += 2  # B5
            if v_pos >= 0 and head_mask & _VOORMSI_BIT and not v_blocked:
                # C9: exception (a) of B1, the K♥ came last to the trick, or in the deal's last one.
                if self.last_to_trick:
                    last = v_pos == trick_size - 1
                else:
                    last = not stock and not any(hands)
                if not last:
                    v_seat = trick[v_pos][0]
                    if self.proof and hands[v_seat] & _TOQ_BIT:
                        # C10: the bonus is refused, so everyone knows it holds the J♣.
                        toqu_known = replace_at(toqu_known, v_seat, 2)
                    else:
                        earned[side[v_seat]] += 1  # B1
                        revealed = (*revealed, (self.viewer[v_seat], v_seat, hands[v_seat]))
                        if self.proof:
                            toqu_known = replace_at(toqu_known, v_seat, 1)
        seq_side, pending, credit = self._hold(seq_side, pending, w, earned)
        scores, over = self.credit(scores, pending, credit)
        return units, seq_side, pending, scores, revealed, toqu_known, over

    def next_lead(
        self,
        s: VoormsiState,
        tricks: tuple[tuple[Trick, int], ...],
        win_seat: int,
        hands: tuple[int, ...],
        stock: tuple[int, ...],
        units: tuple[int, ...],
        seq_side: int,
        pending: tuple[int, ...],
        scores: tuple[int, ...],
        revealed: tuple[tuple[int, int, int], ...],
        toqu_known: tuple[int, ...],
        played: int,
    ) -> VoormsiState:
        """The state after a scored trick and the draw: the winner leads the next one (V6), or the
        deal ends when no cards are left; ``s`` is the state the trick's last play was made in."""
        if not any(hands):
            return self.end_deal(
                s, tricks, units, seq_side, pending, scores, revealed, toqu_known, played, s.leader
            )
        leader = win_seat if hands[win_seat] else self.next_holder(win_seat, hands)
        # blank_copy(s) with the trick's fields, inlined: each field written once (a trick end
        # changes most of them).
        n = _new(BLANK_STATE)
        n.phase = s.phase
        n.to_move = n.leader = leader
        n.dealer = s.dealer
        n.hands = hands
        n.stock = stock
        n.trick = n.statuses = ()
        n.trick_size = 0
        n.heading = -1
        n.info = EMPTY_INFO
        n.tricks = tricks
        n.units = units
        n.seq_side = seq_side
        n.pending = pending
        n.scores = scores
        n.deal_start = s.deal_start
        n.revealed = revealed
        n.toqu_known = toqu_known
        n.single_hand = s.single_hand
        n.winner = s.winner
        n.end = s.end
        n.played = played
        n.history = s.history
        n.config = s.config
        n.__class__ = VoormsiState
        state: VoormsiState = n
        return state

    def unit_points(self, before: int, after: int, others: int) -> int:
        """V22: the points a side earns as its trick units go from ``before`` to ``after``, the
        other sides holding ``others``: 1 for reaching the threshold (five), 1 more with the others
        on none, then 1 a unit.

        >>> from cardrules.games.voormsi import make_game
        >>> engine = make_game().engine
        >>> engine.unit_points(4, 5, 0), engine.unit_points(4, 6, 3), engine.unit_points(5, 6, 3)
        (2, 2, 1)
        """
        threshold = self.threshold
        if after < threshold:
            return 0
        if before >= threshold:
            return after - before
        return 1 + (after - threshold) + (others == 0)

    def _hold(
        self, seq: int, pending: tuple[int, ...], w: int, earned: list[int]
    ) -> tuple[int, tuple[int, ...], list[int]]:
        """V23: hold or credit the trick's points.

        Returns ``(seq_side, pending, credit)``: the side on an unbroken run (or BROKEN), the points
        held, and the points to credit now (``earned`` itself, changed)."""
        if self.from_first:
            if seq in (w, NO_TRICK_YET):
                points = earned[w]
                earned[w] = 0
                return (
                    w,
                    (replace_at(pending, w, pending[w] + points) if points else pending),
                    earned,
                )
            if seq >= 0:  # the other side's run from the first trick ends: its points count
                earned[seq] += pending[seq]
                pending = replace_at(pending, seq, 0)
            return BROKEN, pending, earned
        # any_run: every unbroken run holds its points until it breaks or the deal ends.
        if seq != w and seq >= 0:
            earned[seq] += pending[seq]
            pending = replace_at(pending, seq, 0)
        points = earned[w]
        earned[w] = 0
        return w, (replace_at(pending, w, pending[w] + points) if points else pending), earned

    def credit(
        self, scores: tuple[int, ...], pending: tuple[int, ...], credit: list[int]
    ) -> tuple[tuple[int, ...], tuple[int, str] | None]:
        """Credit points (each side's as one batch, so the bust applies to the batch: rule V23), then
        V25/C11: a side on the target with nothing held wins; two at once draw or play on.

        Returns the scores and, when the game ended, ``(winner, end)``."""
        if any(credit):
            add = self.ladder.add
            new = list(scores)  # (a loop, not a generator: this runs after most tricks)
            for side, points in enumerate(credit):
                if points:
                    new[side] = add(new[side], points)
            scores = tuple(new)
        target = self.target
        if self.no_bust:
            if max(scores) < target:
                return scores, None
            reached = [side for side, v in enumerate(scores) if v >= target]
        else:
            if target not in scores:
                return scores, None
            reached = [side for side, v in enumerate(scores) if v == target]
        if any(pending):
            return scores, None
        if len(reached) == 1:
            return scores, (reached[0], "target")
        if self.draw_on_nine:
            return scores, (-1, "draw")
        return scores, None

    def end_deal(
        self,
        s: VoormsiState,
        tricks: tuple[tuple[Trick, int], ...],
        units: tuple[int, ...],
        seq_side: int,
        pending: tuple[int, ...],
        scores: tuple[int, ...],
        revealed: tuple[tuple[int, int, int], ...],
        toqu_known: tuple[int, ...],
        played: int,
        leader: int,
    ) -> VoormsiState:
        """The last trick is taken: the held points are credited, then the next deal or the end
        (``leader`` led the last trick; ``s`` supplies the fields a deal does not change)."""
        zeros = self.zeros_sides
        hands = self.zeros_seats
        lapsed = zeros
        if units.count(0) == len(units) - 1:  # C7: one side took every trick (each earns units)
            sweeper = next(side for side, won in enumerate(units) if won)
            all_nine = self.rules.all_nine
            if all_nine == "void":  # C7: the deal scores nothing, bonuses included
                scores = s.deal_start
                lapsed, pending = pending, zeros
            elif all_nine == "wins_game":
                rec = self.record(
                    s, tricks, (), units, s.deal_start, pending, revealed, "sweep", sweeper
                )
                return VoormsiState(
                    "over", None, s.dealer, hands, (), leader, (), 0, -1, (), EMPTY_INFO, tricks,
                    units, seq_side, zeros, s.deal_start, s.deal_start, revealed, toqu_known,
                    s.single_hand, sweeper, "sweep", played, (s.history[0], rec),
                    s.config,
                )  # fmt: skip
        scores, over = self.credit(scores, zeros, list(pending))
        dealer, winner, end = s.dealer, s.winner, s.end
        phase: Phase
        to_move: int | None
        if over is not None:
            phase, to_move, (winner, end) = "over", None, over
        elif s.single_hand:
            phase, to_move, winner, end = "over", None, -1, "hand"
        else:
            assert dealer is not None
            # V4: the deal passes clockwise; the next step is the shuffle.
            phase, to_move, dealer = "deal", CHANCE, (dealer + 1) % self.n
        n = blank_copy(s)  # (once a deal: the fields a deal's end changes, written over)
        n.phase = phase
        n.to_move = to_move
        n.dealer = dealer
        n.leader = leader
        n.hands = hands
        n.stock = n.trick = n.statuses = ()
        n.trick_size = 0
        n.heading = -1
        n.info = EMPTY_INFO
        n.tricks = tricks
        n.units = units
        n.seq_side = seq_side
        n.pending = zeros
        n.scores = scores
        n.revealed = revealed
        n.toqu_known = toqu_known
        n.winner = winner
        n.end = end
        n.played = played
        n.history = (
            s.history[0],
            self.record(s, tricks, (), units, scores, lapsed, revealed, end, winner),
        )
        n.__class__ = VoormsiState
        state: VoormsiState = n
        return state

    def record(
        self,
        s: VoormsiState,
        tricks: tuple[tuple[Trick, int], ...],
        trick: Trick,
        units: tuple[int, ...],
        scores: tuple[int, ...],
        lapsed: tuple[int, ...],
        revealed: tuple[tuple[int, int, int], ...],
        end: str,
        winner: int,
    ) -> LastDeal:
        """The :class:`LastDeal` of the deal ending now (once a deal, never on a play)."""
        assert s.dealer is not None
        dealt, last = s.history
        number = last.number + 1 if last is not None else 1
        return make_last_deal(
            number, s.dealer, dealt, s.deal_start, scores, tricks, trick, units, lapsed, revealed, end,
            winner,
        )  # fmt: skip

    def partner_capture(
        self,
        s: VoormsiState,
        hands: tuple[int, ...],
        stock: tuple[int, ...],
        trick: Trick,
        trick_size: int,
        heading: int,
        statuses: Statuses,
        info: TrickInfo,
        toqu_known: tuple[int, ...],
        played: int,
        seat: int,
    ) -> VoormsiState:
        """B3: the side drops to 0 and loses at once; held points are not credited (as settled).

        ``heading`` and ``statuses`` are those before the capturing play (it does not head)."""
        side = self.side[seat]
        scores = replace_at(s.scores, side, 0)
        rec = self.record(
            s, s.tricks, trick, s.units, scores, s.pending, s.revealed, "partner_capture", 1 - side
        )
        return VoormsiState(
            "over", None, s.dealer, hands, stock, s.leader, trick, trick_size, heading,
            statuses, info, s.tricks, s.units, s.seq_side, self.zeros_sides, scores, s.deal_start,
            s.revealed, toqu_known, s.single_hand, 1 - side, "partner_capture", played,
            (s.history[0], rec), s.config,
        )  # fmt: skip

    # -- transitions ----------------------------------------------------------------------------
    def deal(self, s: VoormsiState, order: tuple[int, ...]) -> VoormsiState:
        """V5: four cards each, one at a time from the dealer's left; the rest is the stock."""
        assert s.dealer is not None
        n = self.n
        left = (s.dealer + 1) % n
        dealt = HAND_SIZE * n
        hands = [0] * n
        if n == 4:  # the cards dealt k-th, (4 + k)-th, … go to seat left + k
            c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15 = order[:16]
            hands[left] = 1 << c0 | 1 << c4 | 1 << c8 | 1 << c12
            hands[(left + 1) % 4] = 1 << c1 | 1 << c5 | 1 << c9 | 1 << c13
            hands[(left + 2) % 4] = 1 << c2 | 1 << c6 | 1 << c10 | 1 << c14
            hands[(left + 3) % 4] = 1 << c3 | 1 << c7 | 1 << c11 | 1 << c15
        else:
            for k in range(n):  # seat left + k gets the cards dealt k-th, (n + k)-th, …
                a, b, c, d = order[k:dealt:n]
                hands[(left + k) % n] = 1 << a | 1 << b | 1 << c | 1 << d
        zeros = self.zeros_sides
        n = blank_copy(s)
        n.phase = "play"
        n.to_move = n.leader = left  # V6: eldest leads
        n.hands = tuple(hands)
        n.stock = stock = tuple(order[dealt:])
        n.history = (stock, s.history[1])
        n.trick = ()
        n.trick_size = 0
        n.heading = -1
        n.statuses = ()
        n.info = EMPTY_INFO
        n.tricks = ()
        n.units = n.pending = zeros
        n.seq_side = NO_TRICK_YET
        n.deal_start = s.scores
        n.revealed = ()
        n.toqu_known = self.zeros_seats
        n.played = 0
        n.__class__ = VoormsiState
        state: VoormsiState = n
        return state

    def play(self, s: VoormsiState, seat: int, mask: int) -> VoormsiState:
        """The state after ``seat`` plays the legal group ``mask`` (any group, any game): the general
        step, chaining :meth:`advance`, :meth:`partner_capture`, :meth:`finish_trick` and
        :meth:`next_to_play`. (The fast module's ``play_card`` writes it out for one card with
        four players, the bulk of the plays.)"""
        trick = s.trick
        statuses = s.statuses
        info = s.info
        toqu_known = s.toqu_known
        trick_size = s.trick_size if trick else self.trick_size(s.hands)
        hands, trick, heading, new_statuses, new_info, new_known, played, captured = self.advance(
            s.hands, trick, s.heading, statuses, info, toqu_known, s.played, seat, mask
        )
        if captured:
            return self.partner_capture(
                s, hands, s.stock, trick, trick_size, heading, new_statuses, new_info, new_known,
                played, seat,
            )  # fmt: skip
        if len(trick) == trick_size:
            return self.finish_trick(
                s, hands, s.stock, trick, trick_size, heading, new_info, new_known, played
            )
        n = blank_copy(s)
        if self.n == 2:
            to_move, hands, n.stock, new_known = self.next_to_play(
                hands, s.stock, new_known, trick, heading, seat
            )
        else:  # next_to_play, inlined for the common case
            to_move = self.next_seat[seat]
            if not hands[to_move]:
                to_move = self.next_holder(seat, hands)
        n.to_move = to_move
        n.hands = hands
        n.trick = trick
        n.played = played
        # The other fields a play may change are written only when it did (each write costs).
        if len(trick) == 1:
            n.trick_size = trick_size
        if heading != s.heading:  # the play heads the trick (advance changes both, or neither)
            n.heading = heading
            n.statuses = new_statuses
        if new_info is not info:
            n.info = new_info
        if new_known is not toqu_known:
            n.toqu_known = new_known
        n.__class__ = VoormsiState
        state: VoormsiState = n
        return state
