"""V2–V13: the deck, the normal ranking, the special cards and the V12 algorithm, case by case."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Suit, get_deck, parse_cards
from cardrules.games.voormsi import beats, resolve_single
from cardrules.games.voormsi.ranking import (
    D3_LED,
    D3_UNBEATABLE,
    KC_LEAD,
    KC_OVER7,
    KS_LEAD,
    KS_OVER_KC7,
    NORMAL,
    NORMAL_ORDER,
    WIN7,
)

from ._helpers import d


def win(cards: str, *, c3: bool = True) -> str:
    idx = [d(c) for c in cards.split()]
    return cards.split()[resolve_single(idx, spade_king_beats_led_club_king=c3)]


def test_V2_deck_has_36_cards_with_the_diamond_three() -> None:
    deck = get_deck("voormsi36")
    assert len(deck) == 36
    assert Card(3, Suit.DIAMONDS) in deck
    assert Card.parse("KD") not in deck
    assert {c.rank for c in deck.cards} == {3, 5, 6, 7, 8, 9, 11, 12, 13, 14}


def test_V3_suit_order_breaks_ties_inside_a_rank() -> None:
    assert win("9D 9H 9S 9C") == "9C"
    assert win("9C 9S") == "9C"
    assert win("AH AD") == "AH"


def test_V6_normal_ranking_table_levels() -> None:
    high_to_low = (
        "8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D 5C 5S 5H 5D 8C 8H 8D QC QS QH QD KC KS"
    )
    powers = [NORMAL_ORDER.power(d(c)) for c in high_to_low.split()]
    assert powers == sorted(powers, reverse=True)  # type: ignore[type-var]
    assert len(set(powers)) == len(powers)
    assert NORMAL_ORDER.power(d("JC")) == NORMAL_ORDER.power(d("KH")) > NORMAL_ORDER.power(d("8S"))  # type: ignore[operator]
    for special in ("3D", "7C", "7S", "7H", "7D"):
        assert NORMAL_ORDER.power(d(special)) is None


# --- V12, one test per step ------------------------------------------------------------------
def test_V12_step1_diamond_three_beats_anything() -> None:
    for status in (NORMAL, WIN7, KC_OVER7, KS_OVER_KC7, KC_LEAD, KS_LEAD):
        assert beats(d("3D"), d("KH"), status, adjacent=False)


def test_V12_step2_unled_diamond_three_is_unbeatable() -> None:
    for c in ("JC", "KH", "7C", "KC", "KS"):
        assert not beats(d(c), d("3D"), D3_UNBEATABLE, adjacent=True)


def test_V12_step3_led_diamond_three_loses_to_anything() -> None:
    for c in ("QD", "7D", "KS", "5H"):
        assert beats(d(c), d("3D"), D3_LED, adjacent=True)


def test_V12_step4_winning_seven_beaten_only_by_club_king_or_higher_seven() -> None:
    assert beats(d("KC"), d("7H"), WIN7, adjacent=False)
    assert beats(d("7S"), d("7H"), WIN7, adjacent=False)
    assert not beats(d("7D"), d("7H"), WIN7, adjacent=True)
    for c in ("JC", "KH", "8S", "9C", "AC", "KS"):
        assert not beats(d(c), d("7H"), WIN7, adjacent=True)


def test_V12_step5_club_king_over_seven_beaten_by_spade_king_only_when_next() -> None:
    assert beats(d("KS"), d("KC"), KC_OVER7, adjacent=True)
    assert not beats(d("KS"), d("KC"), KC_OVER7, adjacent=False)
    for c in ("JC", "KH", "9C", "7C"):
        assert not beats(d(c), d("KC"), KC_OVER7, adjacent=True)


def test_V12_step6_spade_king_over_club_king_over_seven_is_beaten_by_nothing_else() -> None:
    for c in ("JC", "KH", "8S", "7C", "KC"):
        assert not beats(d(c), d("KS"), KS_OVER_KC7, adjacent=True)


def test_V12_step7_led_club_king_loses_to_all_but_sevens_and_a_late_spade_king() -> None:
    assert beats(d("QD"), d("KC"), KC_LEAD, adjacent=False)
    assert not beats(d("7C"), d("KC"), KC_LEAD, adjacent=True)
    assert beats(d("KS"), d("KC"), KC_LEAD, adjacent=True)
    assert not beats(d("KS"), d("KC"), KC_LEAD, adjacent=False)
    # C3 variant (Parlett): the K♠ never beats a led K♣.
    assert not beats(d("KS"), d("KC"), KC_LEAD, adjacent=True, spade_king_beats_led_club_king=False)


def test_V12_step8_led_spade_king_loses_to_any_non_seven() -> None:
    assert beats(d("QD"), d("KS"), KS_LEAD, adjacent=True)
    assert beats(d("KC"), d("KS"), KS_LEAD, adjacent=True)
    assert not beats(d("7C"), d("KS"), KS_LEAD, adjacent=True)


def test_V12_step9_normal_cards_by_table_and_the_equal_matadors() -> None:
    assert beats(d("9D"), d("AC"), NORMAL, adjacent=True)  # any Nine beats any Ace
    assert not beats(d("AC"), d("9D"), NORMAL, adjacent=True)
    assert not beats(d("7C"), d("QD"), NORMAL, adjacent=True)  # a non-leading Seven loses
    assert beats(d("KH"), d("JC"), NORMAL, adjacent=False)
    assert beats(d("JC"), d("KH"), NORMAL, adjacent=False)
    assert beats(d("KC"), d("KS"), NORMAL, adjacent=True)


def test_V13_leader_wins_when_nobody_beats_the_first_card() -> None:
    assert win("8S 9C AC QD") == "8S"


# --- V7–V11 in play, edge cases of 3.5 -------------------------------------------------------
def test_V7_led_diamond_three_makes_the_second_card_the_effective_lead() -> None:
    assert win("3D KC 7C 9C") == "9C"  # the K♣ is the effective lead: the 7♣ cannot beat it
    assert win("3D KC KS 7C") == "KS"  # ... and the K♠ played next does
    assert win("3D 7H AC QD") == "7H"


def test_V8_diamond_three_unbeatable_when_not_led() -> None:
    assert win("JC 3D KH 7C") == "3D"


def test_V9_seven_loses_to_everything_unless_effective_lead() -> None:
    assert win("QD 7C KS 5D") == "5D"


def test_V10_club_king_beats_a_winning_seven() -> None:
    assert win("7D KC JC 9C") == "KC"


def test_V11_spade_king_led_holds_only_against_sevens() -> None:
    assert win("KS 7C 7H 7D") == "KS"
    assert win("KS 7C QD 7D") == "QD"


def test_edge_3_5_1_toqu_and_voormsi_later_one_wins() -> None:
    assert win("JC KH QD 5D") == "KH"
    assert win("KH JC QD 5D") == "JC"


def test_edge_3_5_4_led_diamond_three_gives_seven_led_status() -> None:
    assert win("3D 7H 9C 7C") == "7C"
    assert win("3D 7H 9C QD") == "7H"


def test_edge_3_5_5_seven_seven_club_king_spade_king() -> None:
    assert win("7D 7C KC KS") == "KS"


def test_edge_3_5_6_spade_king_not_next_after_club_king() -> None:
    assert win("7D KC 9H KS") == "KC"


def test_edge_3_5_7_led_club_king_and_spade_king() -> None:
    assert win("KC KS 7C 7D") == "KS"
    assert win("KC KS 7C 7D", c3=False) == "KC"
    assert win("KC 7H KS 7D") == "KC"
    assert win("KC 7H KS 7D", c3=False) == "KC"


def test_3_7_spade_king_that_beat_a_led_club_king_is_a_plain_card() -> None:
    assert win("KC KS QD 7D") == "QD"


def test_edge_3_5_8_led_spade_king_against_sevens() -> None:
    assert win("KS 7C 7S 7H") == "KS"
    assert win("KS 7C 5D 7H") == "5D"


def test_edge_3_5_9_diamond_three_unled_beats_matadors_led_loses_to_queen() -> None:
    assert win("JC 3D KH QC") == "3D"
    assert win("KH JC 3D 8S") == "3D"
    assert win("3D QD") == "QD"


# --- A slow, obviously correct reference of V12 (DESIGN §8) ----------------------------------
_ORDER = (
    "JC/KH 8S 9C 9S 9H 9D AC AS AH AD JS JH JD 6C 6S 6H 6D 5C 5S 5H 5D 8C 8H 8D QC QS QH QD KC KS"
)
_RANK = {c: -k for k, level in enumerate(_ORDER.split()) for c in level.split("/")}
_SUIT = {"C": 4, "S": 3, "H": 2, "D": 1}


def _reference_winner(cards: list[str], c3: bool = True) -> int:
    w, what = 0, "lead"
    first = cards[0]
    what = (
        "d3led" if first == "3D" else "seven" if first[0] == "7" else
        "kclead" if first == "KC" else "kslead" if first == "KS" else "plain"
    )  # fmt: skip
    for i in range(1, len(cards)):
        c, wc, nxt = cards[i], cards[w], i == w + 1
        if c == "3D":
            w, what = i, "d3"
            continue
        if what == "d3":
            continue
        if what == "d3led":
            what = (
                "seven" if c[0] == "7" else "kclead" if c == "KC" else
                "kslead" if c == "KS" else "plain"
            )  # fmt: skip
            w = i
            continue
        if what == "seven":
            if c == "KC":
                w, what = i, "kc7"
            elif c[0] == "7" and _SUIT[c[1]] > _SUIT[wc[1]]:
                w = i
            continue
        if what == "kc7":
            if c == "KS" and nxt:
                w, what = i, "ks"
            continue
        if what == "ks":
            continue
        if c[0] == "7":
            continue
        if what == "kclead":
            if c != "KS" or (nxt and c3):
                w, what = i, "plain"
            continue
        if what == "kslead":
            w, what = i, "plain"
            continue
        if (
            _RANK[c] > _RANK[wc]
            or {c, wc} == {"JC", "KH"}
            or (
                _RANK[c] == _RANK[wc]
                and c != wc
                and {c, wc} != {"JC", "KH"}
                and _SUIT[c[1]] > _SUIT[wc[1]]
            )
        ):
            w = i
    return w


_ALL = [c.ascii for c in get_deck("voormsi36").cards]


@settings(max_examples=400, deadline=None)
@given(cards=st.lists(st.sampled_from(_ALL), min_size=2, max_size=4, unique=True), c3=st.booleans())
def test_V12_single_card_winner_matches_reference(cards: list[str], c3: bool) -> None:
    got = resolve_single([d(c) for c in cards], spade_king_beats_led_club_king=c3)
    assert got == _reference_winner(cards, c3)


def test_reference_sanity() -> None:
    assert parse_cards("3D")[0].rank == 3
    assert _reference_winner(["7D", "7C", "KC", "KS"]) == 3
