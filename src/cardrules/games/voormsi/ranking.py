"""The Voormsi card order and the V12 ``beats`` algorithm, on card indices of ``voormsi36``.

The normal ranking (V3, V6 table) is a core :class:`~cardrules.TableOrder` with the suit order
♣ > ♠ > ♥ > ♦ inside a level and J♣ = K♥ as an equal level. The special cards (the ♦3 and the
Sevens) are unranked in that table: V8–V11 decide what they do, through the *status* a winning card
carries (led ♦3, winning Seven, K♣ over a Seven, …).

>>> d = DECK.index
>>> beats(d("KC"), d("7D"), WIN7, adjacent=False)  # V12 step 4: the K♣ beats a winning Seven
True
>>> beats(d("9C"), d("7H"), WIN7, adjacent=True)  # nothing else does
False
>>> resolve_single([d(c) for c in ("3D", "7H", "9C", "7C")])  # ♦3 led: the 7♣ wins (rule V7)
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardrules import (
    ACE,
    JACK,
    KING,
    QUEEN,
    ArgumentError,
    ArgumentTypeError,
    Card,
    Suit,
    TableOrder,
    get_deck,
    parse_cards,
)

__all__ = [
    "CLUB_KING",
    "D3_LED",
    "D3_UNBEATABLE",
    "DECK",
    "DIAMOND_THREE",
    "KC_LEAD",
    "KC_OVER7",
    "KS_LEAD",
    "KS_OVER_KC7",
    "NORMAL",
    "NORMAL_ORDER",
    "SPADE_KING",
    "STATUS_NAMES",
    "SUIT_ORDER",
    "TOQUTSIT",
    "VOORMSI",
    "WIN7",
    "beats",
    "beats_table",
    "lead_status",
    "new_status",
    "resolve_single",
]

DECK: Final = get_deck("voormsi36")
"""V2: the 36-card deck: A K Q J 9 8 7 6 5 of each suit, the ♦3 in place of the K♦."""

SUIT_ORDER: Final = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
"""V3: the suit order inside a rank, highest first."""

NORMAL_ORDER: Final = TableOrder(
    DECK,
    [
        parse_cards("JC KH"),  # level 1: Toqutsit = Voormsi
        parse_cards("8S"),
        parse_cards("9C 9S 9H 9D"),
        parse_cards("AC AS AH AD"),
        parse_cards("JS JH JD"),
        parse_cards("6C 6S 6H 6D"),
        parse_cards("5C 5S 5H 5D"),
        parse_cards("8C 8H 8D"),
        parse_cards("QC QS QH QD"),
        parse_cards("KC KS"),  # K♣ second lowest, K♠ lowest
    ],
    suit_order=SUIT_ORDER,
    equal_levels={0},
)
"""The normal ranking of the V6 table (the ♦3 and the Sevens are unranked here: V8–V11)."""

TOQUTSIT: Final = DECK.index(Card(JACK, Suit.CLUBS))
"""C1: Toqutsit, the highest matador, is the J♣ (its index in :data:`DECK`)."""
VOORMSI: Final = DECK.index(Card(KING, Suit.HEARTS))
DIAMOND_THREE: Final = DECK.index(Card(3, Suit.DIAMONDS))
CLUB_KING: Final = DECK.index(Card(KING, Suit.CLUBS))
SPADE_KING: Final = DECK.index(Card(KING, Suit.SPADES))

# Statuses of a winning card (what V12 needs to know about W beyond its identity).
NORMAL: Final = 0
D3_LED: Final = 1  # a ♦3 that was led (V8: powerless; the next card becomes the effective lead)
D3_UNBEATABLE: Final = 2  # a ♦3 played in any other position (V8)
WIN7: Final = 3  # an effective-lead Seven, or a Seven that beat one (V9)
KC_OVER7: Final = 4  # a K♣ that beat a winning Seven (V10)
KS_OVER_KC7: Final = 5  # a K♠ that beat a K♣-over-a-Seven (V11)
KC_LEAD: Final = 6  # a K♣ that is the effective lead (V10)
KS_LEAD: Final = 7  # a K♠ that is the effective lead (V11)
STATUS_NAMES: Final = (
    "normal",
    "led ♦3",
    "unbeatable ♦3",
    "winning Seven",
    "K♣ over a Seven",
    "K♠ over a K♣-over-Seven",
    "led K♣",
    "led K♠",
)

_POWER: Final = tuple(-1 if p is None else p for p in NORMAL_ORDER.powers)
_IS_SEVEN: Final = tuple(c.rank == 7 for c in DECK.cards)
_SUIT_RANK: Final = tuple(
    len(SUIT_ORDER) - SUIT_ORDER.index(c.suit) if c.suit is not None else 0 for c in DECK.cards
)
_MATADOR_PAIR: Final = (1 << TOQUTSIT) | (1 << VOORMSI)

# Sanity of the table: every card but the ♦3 and the Sevens is ranked (V6).
assert all(
    (p is None) == (i == DIAMOND_THREE or _IS_SEVEN[i]) for i, p in enumerate(NORMAL_ORDER.powers)
)
assert {c.rank for c in DECK.cards} == {3, 5, 6, 7, 8, 9, JACK, QUEEN, KING, ACE}


def lead_status(card: int) -> int:
    """The status of ``card`` as the effective lead (V7): led ♦3, winning Seven, led K♣/K♠, or normal."""
    if card == DIAMOND_THREE:
        return D3_LED
    if _IS_SEVEN[card]:
        return WIN7
    if card == CLUB_KING:
        return KC_LEAD
    if card == SPADE_KING:
        return KS_LEAD
    return NORMAL


def _check_card(card: object, argument: str) -> None:
    if type(card) is not int:
        raise ArgumentTypeError(
            f"{argument} must be a card index (int 0-{len(DECK) - 1}), not {type(card).__name__}"
        )
    if not 0 <= card < len(DECK):
        raise ArgumentError(f"{argument} must be a card index 0-{len(DECK) - 1}, not {card}")


def beats(
    card: int,
    winner: int,
    status: int,
    *,
    adjacent: bool,
    spade_king_beats_led_club_king: bool = True,
) -> bool:
    """V12: whether ``card`` beats ``winner`` (the card now winning, with its ``status``).

    ``adjacent`` says whether ``card`` is played directly after ``winner`` (the next card, or for
    groups the next player's group, rule V19). The cases are tested in exactly the order of V12.
    Cards are ``voormsi36`` indices (``int``), ``status`` one of the eight statuses above; the
    arguments are checked (the engine's tables are built by the unchecked twin).
    """
    _check_card(card, "card")
    _check_card(winner, "winner")
    if type(status) is not int or not 0 <= status < len(STATUS_NAMES):
        raise ArgumentError(f"status must be one of 0-{len(STATUS_NAMES) - 1}, not {status!r}")
    if type(adjacent) is not bool or type(spade_king_beats_led_club_king) is not bool:
        raise ArgumentTypeError("adjacent and spade_king_beats_led_club_king are True or False")
    return _beats(card, winner, status, adjacent, spade_king_beats_led_club_king)


def _beats(
    card: int, winner: int, status: int, adjacent: bool, spade_king_beats_led_club_king: bool
) -> bool:
    """:func:`beats` without the argument checks (the engine builds its tables with it)."""
    if card == DIAMOND_THREE:  # 1
        return True
    if status == D3_UNBEATABLE:  # 2
        return False
    if status == D3_LED:  # 3 (card then becomes the effective lead, V7)
        return True
    if status == WIN7:  # 4
        return card == CLUB_KING or (_IS_SEVEN[card] and _SUIT_RANK[card] > _SUIT_RANK[winner])
    if status == KC_OVER7:  # 5
        return card == SPADE_KING and adjacent
    if status == KS_OVER_KC7:  # 6
        return False
    if status == KC_LEAD:  # 7
        if _IS_SEVEN[card]:
            return False
        if card == SPADE_KING:
            return adjacent and spade_king_beats_led_club_king
        return True
    if status == KS_LEAD:  # 8
        return not _IS_SEVEN[card]
    # 9: a normal card.
    if _IS_SEVEN[card]:
        return False
    return _POWER[card] > _POWER[winner] or ((1 << card) | (1 << winner)) == _MATADOR_PAIR


_BEATS_TABLES: dict[bool, bytes] = {}


def beats_table(spade_king_beats_led_club_king: bool) -> bytes:
    """V12 for every case at once: byte ``((adjacent * 8 + status) * 36 + winner) * 36 + card`` is
    1 where :func:`beats` says ``card`` beats ``winner`` (C3 fixed), else 0. Built once per C3
    value (the engine's tables are made from it).

    >>> table = beats_table(True)
    >>> len(table), table[DIAMOND_THREE] == beats(DIAMOND_THREE, 0, 0, adjacent=False)
    (20736, True)
    """
    c3 = bool(spade_king_beats_led_club_king)
    table = _BEATS_TABLES.get(c3)
    if table is None:
        n = len(DECK)
        table = _BEATS_TABLES[c3] = bytes(
            _beats(card, winner, status, adj, c3)
            for adj in (False, True)
            for status in range(len(STATUS_NAMES))
            for winner in range(n)
            for card in range(n)
        )
    return table


def new_status(card: int, beaten_status: int) -> int:
    """The status ``card`` earns by beating a card of ``beaten_status`` (V8–V11, as settled for V11 and V18)."""
    if card == DIAMOND_THREE:
        return D3_UNBEATABLE
    if beaten_status == D3_LED:
        return lead_status(card)  # V7: the card after a led ♦3 is the effective lead
    if beaten_status == WIN7:
        # beats() allows only the K♣ or a higher Seven here.
        return KC_OVER7 if card == CLUB_KING else WIN7
    if beaten_status == KC_OVER7:
        return KS_OVER_KC7
    # As settled for V11: a K♠ that beat a *led* K♣ is afterwards a plain card; so is every other winner.
    return NORMAL


def resolve_single(cards: Sequence[int], *, spade_king_beats_led_club_king: bool = True) -> int:
    """V12/V13: the position of the card that wins a trick of single ``cards`` (in play order).

    ``cards`` are 1 or more different ``voormsi36`` indices.
    """
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence) or not cards:
        raise ArgumentTypeError(
            f"cards must be a non-empty sequence of card indices, not {cards!r}"
        )
    for card in cards:
        _check_card(card, "a card of cards")
    if len(set(cards)) != len(cards):
        raise ArgumentError(f"cards must be different cards, not {list(cards)}")
    if type(spade_king_beats_led_club_king) is not bool:
        raise ArgumentTypeError("spade_king_beats_led_club_king is True or False")
    best = 0
    status = lead_status(cards[0])
    for pos in range(1, len(cards)):
        card = cards[pos]
        if _beats(card, cards[best], status, pos == best + 1, spade_king_beats_led_club_king):
            status = new_status(card, status)
            best = pos
    return best
