"""Tests written to kill the survivors of a mutation run over the Voormsi engine (issue #18).

The engine's fast tables are generated once, when the module is imported or a game first needs
them: the V12 outcome of every (card, winning card, status, adjacency), the leads of every hand by
face rank (V16), the single cards of a hand by 9-card chunk, the interned actions. A mutation tool
runs each mutant in a process forked after the import, so a wrong generator is never run by the
rest of the suite; these tests empty the caches, generate the tables again, and check what they
make against the rule functions they stand for (``ranking.beats``/``new_status`` for V12, the face
ranks of V16). The other tests pin rare rule paths through the public API (positions,
``apply``, ``legal_actions``, ``rollout``), each naming its rule.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    group_beats,
    iter_bits,
    parse_cards,
)
from cardrules.games.voormsi import (
    Lead,
    Play,
    VoormsiGame,
    VoormsiRules,
    VoormsiState,
    engine,
    make_game,
    ranking,
)
from cardrules.games.voormsi.actions import face_rank
from cardrules.games.voormsi.ranking import (
    DECK,
    DIAMOND_THREE,
    NORMAL,
    STATUS_NAMES,
    WIN7,
    beats,
    new_status,
    resolve_single,
)
from cardrules.games.voormsi.state import BROKEN, EMPTY_INFO, NO_TRICK_YET

from ._helpers import d, play, random_play, stacked_deal, start_hand

_N = len(DECK)


# -- V12: the tables generated from ``beats`` --------------------------------------------------
@pytest.mark.parametrize("c3", [False, True])
def test_V12_C3_generated_tables_equal_beats_and_new_status(
    c3: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """V12 (and C3): the outcome table and the single-card table, generated afresh, give for
    every (adjacency, status, winner, card) what ``beats`` and ``new_status`` say."""
    monkeypatch.setattr(ranking, "_BEATS_TABLES", {})
    monkeypatch.setattr(engine, "_SINGLE_TABLES", {})
    single = engine._single_table(c3)  # builds the outcome table first
    wins = ranking.beats_table(c3)
    assert len(wins) == len(single) == 2 * len(STATUS_NAMES) * _N * _N
    for adjacent in (False, True):
        for status in range(len(STATUS_NAMES)):
            for winner in range(_N):
                for card in range(_N):
                    # The layout play_card and the rollout index by hand.
                    i = ((adjacent * len(STATUS_NAMES) + status) * _N + winner) * _N + card
                    assert engine._index(adjacent, status, winner, card) == i
                    expected = beats(
                        card,
                        winner,
                        status,
                        adjacent=adjacent,
                        spade_king_beats_led_club_king=c3,
                    )
                    assert wins[i] == expected
                    assert single[i] == (((card, new_status(card, status)),) if expected else None)
    # Cached: asking again gives the same objects.
    assert ranking.beats_table(c3) is wins
    assert engine._single_table(c3) is single


# -- V16: the lead tables ---------------------------------------------------------------------
def _reference_leads(hand: int, limit: int, d3_king: bool) -> list[int]:
    """The leads of ``hand`` by V16/V17: the non-empty groups of one face rank, at most ``limit``
    cards, rank by rank in the order of the deck's suits (the ♦3 on its own first, unless C4 makes
    it a King), each rank's groups in increasing mask order."""
    by_rank: dict[int, list[int]] = {}
    for card in iter_bits(hand):
        by_rank.setdefault(face_rank(card, diamond_three_is_king=d3_king), []).append(card)
    position = {r: i for i, r in enumerate(c.rank for c in DECK.cards[:9])}  # 5 6 7 8 9 J Q K A
    position[3] = -1  # the ♦3 as a rank of its own, the lowest
    leads = []
    for rank in sorted(by_rank, key=position.__getitem__):
        cards = by_rank[rank]
        groups = [
            sum(1 << c for c in combo)
            for size in range(1, min(limit, len(cards)) + 1)
            for combo in itertools.combinations(cards, size)
        ]
        leads.extend(sorted(groups))
    return leads


def _hand_of_transposed(first: int, bits: int) -> int:
    """The hand whose face-rank positions ``first``..``first + 2`` hold ``bits`` (bit ``4j + k``:
    the card of position ``first + j`` in suit ``k``), the layout the lead tables are indexed by."""
    return sum(
        1 << (first + j + 9 * k) for j in range(3) for k in range(4) if bits >> (4 * j + k) & 1
    )


@pytest.mark.parametrize(
    ("multi", "d3_king"), [(True, False), (True, True), (False, False), (False, True)]
)
def test_V16_V17_C4_generated_lead_tables_list_the_groups_of_one_face_rank(
    multi: bool, d3_king: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """V16 (one face rank), V17 (single leads without multi-card leads) and C4 (the ♦3 a King):
    the lead tables generated afresh list, for every pattern of three face ranks, exactly the
    groups the rule allows, in ``legal_actions``' order, with the largest size."""
    monkeypatch.setattr(engine, "_LEAD_TABLES", {})
    monkeypatch.setattr(engine, "_TRANSPOSE", [])
    monkeypatch.setattr(engine, "_SUBMASKS", {})
    game = make_game(multi_card_leads=multi, diamond_three_is_king=d3_king)
    eng = game._engine
    limit = 4 if multi else 1
    tables = engine._LEAD_TABLES[limit]
    assert len(tables) == 3 and all(len(t) == 1 << 12 for t in tables)
    for first in (0, 3, 6):
        for bits in range(1 << 12):
            hand = _hand_of_transposed(first, bits)
            expected = _reference_leads(hand, limit, d3_king)
            leads, masks, largest = eng.lead_entry(hand)
            assert list(masks) == expected, (first, bits)
            assert [engine.lead_of(m) for m in masks] == list(leads)
            assert largest == max((m.bit_count() for m in expected), default=0)
            assert eng.leads_of(hand) == leads


@pytest.mark.parametrize("d3_king", [False, True])
def test_V16_leads_of_hands_across_the_chunks(d3_king: bool) -> None:
    """V16 and C4: for hands spread over all three tables (and the ♦3), the leads are the groups
    of one face rank, the cached entry and the uncached listing alike."""
    game = make_game(diamond_three_is_king=d3_king)
    eng = game._engine
    cards = [DECK.index(c) for c in ("5C", "5H", "JD", "JS", "QC", "3D", "KC", "KH", "AS", "9D")]
    for size in (1, 2, 4, 6):
        for combo in itertools.islice(itertools.combinations(cards, size), 40):
            hand = sum(1 << c for c in combo)
            expected = _reference_leads(hand, 4, d3_king)
            assert [engine.lead_of(m) for m in expected] == list(eng.leads_of(hand))
            eng.leads.clear()
            leads, masks, largest = eng.lead_entry(hand)
            assert list(masks) == expected and leads == eng.leads_of(hand)
            assert largest == max(m.bit_count() for m in expected)
            assert eng.leads[hand][1] == tuple(expected)  # kept under the hand itself


# -- the single-card chunks and the interned actions --------------------------------------------
def test_V14_generated_single_chunks_list_each_card_of_a_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """V14 (any single card may follow): the chunk tables generated afresh give, for every
    9-card pattern of each quarter of the deck, its cards lowest first and their interned plays."""
    monkeypatch.setattr(engine, "SINGLE_MASK_CHUNKS", [])
    monkeypatch.setattr(engine, "SINGLE_PLAY_CHUNKS", [])
    engine._build_single_chunks()
    assert len(engine.SINGLE_MASK_CHUNKS) == len(engine.SINGLE_PLAY_CHUNKS) == 4
    for k in range(4):
        assert len(engine.SINGLE_MASK_CHUNKS[k]) == 1 << 9
        for bits in range(1 << 9):
            masks = engine.SINGLE_MASK_CHUNKS[k][bits]
            assert masks == tuple(1 << (9 * k + b) for b in range(9) if bits >> b & 1)
            assert engine.SINGLE_PLAY_CHUNKS[k][bits] == tuple(engine.play_of(m) for m in masks)
    built = engine.SINGLE_MASK_CHUNKS[0]
    engine._build_single_chunks()  # built once
    assert engine.SINGLE_MASK_CHUNKS[0] is built and len(engine.SINGLE_MASK_CHUNKS) == 4
    hand = sum(1 << DECK.index(c) for c in ("5C", "AC", "5D", "3D", "KH", "AS"))
    assert engine.single_masks(hand) == tuple(1 << c for c in iter_bits(hand))
    assert engine.single_plays(hand) == tuple(Play([DECK.cards[c]]) for c in iter_bits(hand))


def test_V16_interned_actions_cover_every_lead_and_every_small_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """V16: interning up front builds every lead of one face rank (with and without C4) and every
    play of one or two cards, each marked interned, and builds them once."""
    monkeypatch.setattr(engine, "_LEADS", {})
    monkeypatch.setattr(engine, "_PLAYS", {})
    monkeypatch.setattr(engine, "_SUBMASKS", {})
    engine._intern_common_actions()
    plays = set(engine._PLAYS)
    expected_plays = {1 << a for a in range(_N)} | {
        1 << a | 1 << b for a, b in itertools.combinations(range(_N), 2)
    }
    assert plays == expected_plays
    expected_leads = set()
    for d3_king in (False, True):
        expected_leads.update(_reference_leads((1 << _N) - 1, 4, d3_king))
    assert set(engine._LEADS) == expected_leads
    for mask, lead in engine._LEADS.items():
        assert type(lead) is Lead and lead.interned
        assert sum(1 << DECK.index(c) for c in lead.cards) == mask
    for mask, small in engine._PLAYS.items():
        assert type(small) is Play and small.interned
        assert sum(1 << DECK.index(c) for c in small.cards) == mask
    some = engine._PLAYS[1 << DIAMOND_THREE]
    engine._intern_common_actions()  # once: the same objects
    assert engine._PLAYS[1 << DIAMOND_THREE] is some
    assert len(engine._PLAYS) == len(expected_plays)


# -- V12: the checked entry points of the ranking -----------------------------------------------
def _message(error: type[Exception], call: Callable[[], object]) -> str:
    with pytest.raises(error) as caught:
        call()
    return str(caught.value)


def test_V12_beats_names_each_bad_argument_exactly() -> None:
    """V12: ``beats`` refuses a card that is no index of the 36-card deck (V2), a status outside
    the eight of V8–V11, and flags that are not booleans, each with a message naming it."""
    assert _message(ArgumentError, lambda: beats(36, 0, 0, adjacent=False)) == (
        "card must be a card index 0-35, not 36"
    )
    assert _message(ArgumentError, lambda: beats(0, -1, 0, adjacent=False)) == (
        "winner must be a card index 0-35, not -1"
    )
    assert _message(ArgumentTypeError, lambda: beats(0, True, 0, adjacent=False)) == (
        "winner must be a card index (int 0-35), not bool"
    )
    assert _message(ArgumentTypeError, lambda: beats("0", 1, 0, adjacent=False)) == (  # type: ignore[arg-type]
        "card must be a card index (int 0-35), not str"
    )
    statuses: list[Any] = [8, -1, True, 2.0]
    for status in statuses:
        bad = functools.partial(beats, 0, 1, status, adjacent=False)
        assert _message(ArgumentError, bad) == f"status must be one of 0-7, not {status!r}"

    flags = "adjacent and spade_king_beats_led_club_king are True or False"
    assert _message(ArgumentTypeError, lambda: beats(0, 1, 0, adjacent=1)) == flags  # type: ignore[arg-type]
    assert (
        _message(
            ArgumentTypeError,
            lambda: beats(0, 1, 0, adjacent=True, spade_king_beats_led_club_king=1),  # type: ignore[arg-type]
        )
        == flags
    )
    # The edges of the ranges are accepted: the first and last card, the first and last status.
    assert beats(0, 35, 0, adjacent=True) in (True, False)
    assert beats(35, 0, 7, adjacent=False) in (True, False)


def test_V13_resolve_single_names_each_bad_argument_exactly() -> None:
    """V13: ``resolve_single`` takes a non-empty sequence of different card indices and a boolean
    C3 flag, and says which rule a bad argument breaks."""
    bad_cards: list[Any] = ["3D 7H", b"\x01", {1, 2}, []]
    for cards in bad_cards:
        bad = functools.partial(resolve_single, cards)
        assert _message(ArgumentTypeError, bad) == (
            f"cards must be a non-empty sequence of card indices, not {cards!r}"
        )
    assert _message(ArgumentError, lambda: resolve_single([1, 36])) == (
        "a card of cards must be a card index 0-35, not 36"
    )
    assert _message(ArgumentError, lambda: resolve_single([3, 1, 3])) == (
        "cards must be different cards, not [3, 1, 3]"
    )
    assert (
        _message(
            ArgumentTypeError,
            lambda: resolve_single([1, 2], spade_king_beats_led_club_king=0),  # type: ignore[arg-type]
        )
        == "spade_king_beats_led_club_king is True or False"
    )
    assert resolve_single([35]) == 0  # one card wins its own trick


def test_V12_no_card_beats_itself_but_the_diamond_three() -> None:
    """V12: a card beats the winning one only by being strictly higher (step 9), or a higher
    Seven over a winning Seven (step 4); so no card beats itself — only the ♦3 beats anything
    (step 1)."""
    for card in range(_N):
        status = WIN7 if DECK.cards[card].rank == 7 else NORMAL  # a winning Seven, or a plain card
        for adjacent in (False, True):
            assert beats(card, card, status, adjacent=adjacent) is (card == DIAMOND_THREE)


def test_C3_resolve_single_lets_the_adjacent_spade_king_beat_a_led_club_king_by_default() -> None:
    """C3 (on by default): a K♠ played right after a led K♣ beats it; with C3 off it does not."""
    kings = [DECK.index("KC"), DECK.index("KS")]
    assert resolve_single(kings) == 1
    assert resolve_single(kings, spade_king_beats_led_club_king=True) == 1
    assert resolve_single(kings, spade_king_beats_led_club_king=False) == 0


# -- V17: leads limited by the smallest hand ----------------------------------------------------
def _mask(text: str) -> int:
    return sum(1 << DECK.index(c) for c in text.split())


def test_V17_limited_leads_are_kept_per_hand_and_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """V17: once a hand is shorter than the leader's largest group, the leader may lead only groups
    that everyone can answer. The limited lists are computed per (hand, limit), kept (asking
    again gives the same list), and the cache stays within its bound."""
    eng = make_game()._engine
    eng._limited_leads.clear()
    leader = _mask("9C 9S 9H 5C")
    other = _mask("AC AS AH 5D")
    cases = [
        ((leader, _mask("JS"), _mask("JH JD"), _mask("QC QS")), 1, leader),
        ((leader, _mask("JS JD"), _mask("JH QD"), _mask("QC QS")), 2, leader),
        ((other, _mask("JS"), _mask("JH JD"), _mask("QC QS")), 1, other),
    ]
    first = []
    for hands, limit, hand in cases:
        entry = eng.legal_at(0, hands, (), -1)
        expected = _reference_leads(hand, limit, False)
        assert list(entry[1]) == expected
        assert list(entry[0]) == [engine.lead_of(m) for m in expected]
        assert entry[2] == limit
        first.append(entry)
    for (hands, _, _), entry in zip(cases, first, strict=True):
        assert eng.legal_at(0, hands, (), -1) is entry  # kept
    assert len(eng._limited_leads) == 3
    # A full cache keeps nothing more (the bound is its size).
    monkeypatch.setattr(engine, "_CACHE_LIMIT", 3)
    hands = (other, _mask("JS JD"), _mask("JH QH KS"), _mask("QC QS 8D"))
    assert list(eng.legal_at(0, hands, (), -1)[1]) == _reference_leads(other, 2, False)
    assert len(eng._limited_leads) == 3


# -- C6: who plays or leads when hands run out ---------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_C6_next_holder_is_the_first_seat_clockwise_holding_cards(players: int) -> None:
    """C6 (empty hands sit out): after a seat, the next to act is the first seat clockwise that
    still holds cards; the seat itself when nobody else does."""
    eng = make_game(players=players, multi_card_leads=players > 2)._engine
    for held in itertools.product((0, 1), repeat=players):
        hands = tuple(h << seat for seat, h in enumerate(held))
        for seat in range(players):
            after = [(seat + k) % players for k in range(1, players + 1)]
            expected = next((s for s in after if hands[s]), seat)
            assert eng.next_holder(seat, hands) == expected


# -- B3: the record of a partner capture ----------------------------------------------------------
@pytest.mark.parametrize("dealer", [3, 0])
def test_B3_the_record_of_a_partner_capture_keeps_the_deal_as_it_stood(dealer: int) -> None:
    """B3: the J♣ captures the partner's K♥: the game ends at once, the side drops to 0 and the
    other side wins; the state and the deal's record keep the dealer, the leader, the units, the
    tricks and the unfinished trick as they stood, and the ladder before and after."""
    game = make_game()
    leader = (dealer + 1) % 4
    side = leader % 2
    s = game.new_hand(dealer=dealer, scores=(6, 2))
    hands = {
        leader: "KH 5C 5S 5H",
        (leader + 1) % 4: "7C 8C 9C QC",
        (leader + 2) % 4: "JC 6C 6S 6H",
    }
    s = game.apply(s, stacked_deal(game, dealer, hands))
    before = play(game, s, "lead KH", "play 7C")
    s = play(game, before, "play JC")
    after = (0, 2) if side == 0 else (6, 0)
    assert s.end == "partner_capture" and s.winner == 1 - side and s.scores == after
    assert (s.dealer, s.leader, s.to_move) == (dealer, leader, None)
    last = s.last
    assert last is not None
    assert last.units == s.units == (0, 0)
    assert last.tricks == s.tricks == ()
    assert last.revealed == s.revealed == ()
    assert last.trick == s.trick and len(last.trick) == 3
    assert (last.scores_before, last.scores_after) == ((6, 2), after)
    assert (last.end, last.winner, last.number, last.dealer) == (
        "partner_capture",
        1 - side,
        1,
        dealer,
    )
    # The final state keeps the trick as the capture left it: the K♥ still heads it (the capture
    # does not head), the run and the held points as they stood (none is credited), and the J♣
    # public and played.
    assert (s.trick_size, s.heading, s.statuses) == (4, 0, before.statuses)
    assert s.info == before.info and s.seq_side == before.seq_side == NO_TRICK_YET
    assert s.pending == (0, 0) and s.toqu_known == (0, 0, 0, 0)
    assert s.played == before.played | 1 << d("JC") and s.hands == tuple(
        h & ~(1 << d("JC")) for h in before.hands
    )


# -- V4–V6, V21, V25: what each step leaves in the state --------------------------------------------
_MATCH_CONFIGS: list[dict[str, object]] = [
    {},
    *[dict[str, object](preset=name) for name in VoormsiRules.PRESETS],
    {"all_nine": "wins_game", "target": 5},
    {"all_nine": "score_normally", "draw_order": "complete_each"},
    {"sequence_scope": "any_run", "simultaneous_nine": "play_on"},
]


def _check_step(game: VoormsiGame, before: VoormsiState, s: VoormsiState) -> None:
    """The fields each kind of step sets, against the documented empty values of the state."""
    n, sides = game.num_players, game.rules.num_sides
    empty_trick = ((), 0, -1, (), EMPTY_INFO)
    if s.phase == "deal":  # V4: between deals, the deal passes clockwise
        assert s.to_move == CHANCE
        assert s.hands == (0,) * n and s.stock == ()
        assert (s.trick, s.trick_size, s.heading, s.statuses, s.info) == empty_trick
        assert s.pending == (0,) * sides
    if s.phase == "over":
        assert s.to_move is None and s.dealer == before.dealer
        if s.end == "hand":  # a single hand played to its end: nobody wins a game
            assert s.single_hand and s.winner == -1 and s.last is not None
            assert s.last.winner == -1 and s.last.end == "hand"
    if before.phase == "deal" and s.phase == "play":  # V5, V6: a fresh deal, eldest leads
        assert s.dealer is not None
        left = (s.dealer + 1) % n
        assert s.dealer == before.dealer and s.to_move == s.leader == left
        assert all(h.bit_count() == 4 for h in s.hands) and len(s.stock) == 36 - 4 * n
        assert (s.trick, s.trick_size, s.heading, s.statuses, s.info) == empty_trick
        assert (s.tricks, s.units, s.seq_side, s.pending) == (
            (),
            (0,) * sides,
            NO_TRICK_YET,
            (0,) * sides,
        )
        assert (s.deal_start, s.scores, s.revealed, s.played) == (before.scores,) * 2 + ((), 0)
        assert s.toqu_known == (0,) * n and s.dealt_stock == s.stock
        assert s.last == before.last and s.single_hand == before.single_hand
        assert (s.winner, s.end) == (before.winner, before.end)
    if before.phase == "play" and s.phase != "play":  # the deal ended: its record
        last = s.last
        assert last is not None and last is not before.last
        assert last.number == (before.last.number + 1 if before.last else 1)
        assert last.dealer == before.dealer and last.stock == before.dealt_stock
        assert last.scores_before == before.deal_start and last.scores_after == s.scores
        assert last.tricks == s.tricks and last.units == s.units
        assert last.revealed == s.revealed and last.winner == s.winner
        assert s.deal_start == before.deal_start and s.single_hand == before.single_hand
        if s.phase == "deal":
            assert s.dealer == (before.dealer + 1) % n and last.end == s.end == ""
            assert s.leader == before.leader  # who led the last trick
    if s.phase == "play" and not s.trick:  # V6: a lead, by the winner of the last trick
        assert (s.trick_size, s.heading, s.statuses, s.info) == empty_trick[1:]
        assert s.to_move == s.leader
        if s.tricks and before.phase == "play":
            winner = s.tricks[-1][1]
            assert s.leader == (
                winner if s.hands[winner] else game._engine.next_holder(winner, s.hands)
            )
    if s.phase == "play" and s.trick:
        assert s.trick[0][0] == s.leader and 0 <= s.heading < len(s.trick)
        assert len(s.trick) < s.trick_size <= 4
        assert len(s.statuses) == s.trick[s.heading][1].bit_count()
    if s.phase != "deal" and before.phase == s.phase:
        assert s.dealer == before.dealer and s.single_hand == before.single_hand
    if before.phase == "play" and s.phase != "deal":
        # The cards played this deal are those of its tricks, finished and in progress.
        cards = [m for trick, _ in s.tricks for _, m in trick] + [m for _, m in s.trick]
        assert s.played == functools.reduce(int.__or__, cards, 0)
        assert s.played.bit_count() == sum(m.bit_count() for m in cards)
        if s.tricks and s.end != "partner_capture":
            # V23: the side on an unbroken run (from the first trick, or the last winner's)
            side = game._engine.side
            winners = [side[w] for _, w in s.tricks]
            if game.rules.sequence_scope == "any_run" or len(set(winners)) == 1:
                assert s.seq_side == winners[-1]
            else:
                assert s.seq_side == BROKEN
    if before.phase == "play" and s.phase == "over":
        assert s.last is not None and s.last.end == s.end != ""
        if s.end != "partner_capture":  # (B3 keeps the trick, tested on its own)
            # V25: the game ended with a complete trick, recorded; nothing is in progress.
            assert (s.trick, s.trick_size, s.heading, s.statuses, s.info) == empty_trick
            assert s.last.trick == () and s.leader == before.leader


@pytest.mark.parametrize(
    "options", _MATCH_CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_V4_V5_V6_V25_each_step_leaves_the_documented_fields(options: dict[str, object]) -> None:
    """V4 (the deal passes clockwise), V5 (four cards each, the rest the stock), V6 (eldest leads,
    then the trick's winner), V25 (the end): along random matches, every step leaves the fields it
    does not use at their documented empty values, starts a deal from a clean slate and records
    the deal that ended."""
    game = make_game(**options)
    rng = random.Random(len(game.rules.to_dict()) + len(options))
    for match in range(3):
        s = game.new_match() if match else game.new_hand(dealer=1)
        steps = 0
        while not game.is_over(s) and steps < 3000:
            if s.phase == "play":
                legal = game.legal_actions(s)
                nxt = game.apply(s, legal[rng.randrange(len(legal))])
            else:
                nxt = game.apply(s, game.sample_chance(s, rng))
            if s.phase != "choose_dealer":
                _check_step(game, s, nxt)
            s = nxt
            steps += 1
        assert game.is_over(s)


# -- the rule steps on their own -------------------------------------------------------------------
def test_V16_C4_rank_masks_group_the_deck_by_face_rank() -> None:
    """V16 groups a lead by face rank; C4 counts the ♦3 among the Kings (else it is a rank of its
    own, the lowest)."""
    for d3_king in (False, True):
        masks = engine.rank_masks(d3_king)
        ranks = sorted({face_rank(c, diamond_three_is_king=d3_king) for c in range(_N)})
        assert masks == tuple(
            sum(1 << c for c in range(_N) if face_rank(c, diamond_three_is_king=d3_king) == r)
            for r in ranks
        )
        assert len(masks) == (9 if d3_king else 10)
        assert sum(masks) == (1 << _N) - 1


def test_V17_combos_are_the_groups_of_a_size_in_combination_order() -> None:
    """V17: a group led of k cards is answered by k cards: every k-subset of the hand, in
    :func:`itertools.combinations` order (the order ``legal_actions`` lists them)."""
    hand = _mask("5C 9C KC 5D 3D KH AS")
    cards = [1 << c for c in iter_bits(hand)]
    for size in range(1, 5):
        assert engine._combos(hand, size) == [
            sum(group) for group in itertools.combinations(cards, size)
        ]


@pytest.mark.parametrize("multi", [True, False])
def test_V17_C6_max_lead_is_the_smallest_hand_still_holding_cards(multi: bool) -> None:
    """V17 (everyone must be able to answer) and C6 (empty hands sit out): the largest group that
    may be led is the smallest hand that holds cards, at most four; one card without V16's
    multi-card leads."""
    eng = make_game(multi_card_leads=multi)._engine
    for sizes in itertools.product(range(5), repeat=4):
        if not any(sizes):
            continue
        hands = tuple((1 << k) - 1 << 9 * seat for seat, k in enumerate(sizes))
        expected = min(k for k in sizes if k) if multi else 1
        assert eng.max_lead(hands) == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_V27_trick_size_counts_the_players_holding_cards(players: int) -> None:
    """V27: a two-player trick is four single cards; otherwise one play per player holding cards."""
    eng = make_game(players=players, multi_card_leads=players > 2)._engine
    for held in itertools.product((0, 1), repeat=players):
        hands = tuple(h << seat for seat, h in enumerate(held))
        assert eng.trick_size(hands) == (4 if players == 2 else sum(held))


@pytest.mark.parametrize("threshold", [3, 5])
def test_V22_unit_points_for_every_step_of_trick_units(threshold: int) -> None:
    """V22: nothing below the threshold; reaching it is 1 point, 1 more with the other sides on
    no unit, then 1 a unit beyond it."""
    eng = make_game(trick_threshold=threshold)._engine
    for before in range(10):
        for after in range(before, 10):
            for others in (0, 1, 4):
                if after < threshold:
                    expected = 0
                elif before >= threshold:
                    expected = after - before
                else:
                    expected = 1 + (after - threshold) + (others == 0)
                assert eng.unit_points(before, after, others) == expected


def _reference_draw(
    order: list[int],
    hands: tuple[int, ...],
    stock: tuple[int, ...],
    complete_each: bool,
) -> tuple[int, ...]:
    """V21/C6 written plainly: back to four cards from the top of the stock, in ``order``; each
    player completes their hand in turn, or one card each per round."""
    held = list(hands)
    needs = {s: 4 - h.bit_count() for s, h in enumerate(hands)}
    cards = list(stock)
    while cards and any(needs.values()):
        for s in order:
            while cards and needs[s] > 0:
                held[s] |= 1 << cards.pop(0)
                needs[s] -= 1
                if not complete_each:
                    break
    return tuple(held)


@pytest.mark.parametrize("complete_each", [False, True])
@pytest.mark.parametrize("players", [3, 4])
def test_V21_C6_draw_back_to_four_in_either_order(complete_each: bool, players: int) -> None:
    """V21 and C6: after a trick everyone draws back to four from the stock, starting with the
    trick's winner, clockwise: one card each per round (round robin) or each hand completed in
    turn; a short stock runs out where it runs out. A seat known to lack the J♣ (``1``) is no
    longer known to once it draws; the other marks stay."""
    draw_order = "complete_each" if complete_each else "round_robin"
    eng = make_game(players=players, draw_order=draw_order)._engine
    rng = random.Random(players)
    for _ in range(300):
        deck = list(range(_N))
        rng.shuffle(deck)
        sizes = [rng.choice((1, 2, 3, 3, 4)) for _ in range(players)]
        hands = []
        for k in sizes:
            hands.append(sum(1 << deck.pop() for _ in range(k)))
        stock = tuple(deck[: rng.randrange(0, 12)])
        known = tuple(rng.choice((0, 1, 2)) for _ in range(players))
        first = rng.randrange(players)
        order = [(first + k) % players for k in range(players)]
        held, rest, after = eng.draw(first, tuple(hands), stock, known)
        assert held == _reference_draw(order, tuple(hands), stock, complete_each)
        drawn = sum(h.bit_count() for h in held) - sum(h.bit_count() for h in hands)
        assert rest == stock[drawn:]
        assert after == tuple(
            0 if k == 1 and held[s] != hands[s] else k for s, k in enumerate(known)
        )


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"draw_order": "complete_each"},
        {"preset": "table_variants"},
        {"multi_card_leads": False},
    ],
    ids=["default", "complete_each", "table_variants", "single_cards"],
)
def test_V5_V21_with_four_players_the_stock_is_a_multiple_of_four(options: dict[str, Any]) -> None:
    """V5 leaves 20 cards in the stock with four players, and V21 draws back as many cards as were
    played, the same number from each hand (V14): so while the stock lasts every hand holds four
    cards at a lead and the stock is a multiple of four. (A trick of single cards then draws one
    card each, which the engine's single-card trick end relies on.)"""
    game = make_game(**options)
    for seed in range(40):
        for s in random_play(game, seed):
            assert len(s.stock) % 4 == 0
            if s.stock and not s.trick:
                assert all(h.bit_count() == 4 for h in s.hands)


def test_V21_each_of_four_draws_one_card_from_the_winner_on() -> None:
    """V21: after a trick of four single cards the k-th card of the stock goes to the k-th seat
    from the winner (both draw orders agree); nobody is then known to lack the J♣."""
    hands = (_mask("5C 6C 7C"), _mask("5D 6D 7D"), _mask("5H 6H 7H"), _mask("5S 6S 7S"))
    stock = tuple(DECK.index(c) for c in (["AC", "AD", "AH", "AS", "KC"]))
    for first in range(4):
        for known in ((0, 1, 2, 0), (0, 0, 0, 0)):
            held, rest, after = engine.one_card_each(first, hands, stock, known)
            assert rest == stock[4:]
            for k in range(4):
                seat = (first + k) % 4
                assert held[seat] == hands[seat] | 1 << stock[k]
            assert after == tuple(0 if m == 1 else m for m in known)
            for complete_each in (False, True):
                eng = make_game(draw_order="complete_each" if complete_each else "round_robin")
                assert eng._engine.draw(first, hands, stock, known) == (held, rest, after)


def test_V17_legal_caches_stay_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The caches of legal groups are bounded (``_CACHE_LIMIT`` entries each): a full cache keeps
    nothing more, and what it returns stays right."""
    monkeypatch.setattr(engine, "_CACHE_LIMIT", 2)
    for follow in (False, True):
        eng = make_game(must_follow_suit=follow)._engine
        eng.leads.clear()
        eng._plays.clear()
        # A J♠ led: any card answers it, or under C2 a spade when the hand holds one.
        answers = [
            (_mask("5C 9C KC 5D"), "5C 9C KC 5D"),
            (_mask("6C 6D 6H 8S"), "8S" if follow else "6C 6D 6H 8S"),
            (_mask("QC QS AH AD"), "QS" if follow else "QC QS AH AD"),
        ]
        for hand, cards in answers:
            assert list(eng.lead_entry(hand)[1]) == _reference_leads(hand, 4, False)
            entry = eng.legal_at(0, (hand, 1, 1, 1), ((1, _mask("JS")),), 0)
            assert set(entry[1]) == {_mask(c) for c in cards.split()}
        assert len(eng.leads) == 2 and len(eng._plays) == 2


def test_V16_V17_groups_are_interned_once() -> None:
    """V16/V17: a lead or play of a group is built once and then always the same object (``apply``
    trusts the fields of interned actions only), for small groups and for large ones built on
    demand."""
    for text in ("5C", "5C 5D", "JC KH 3D", "9C 9D 9H 9S"):
        mask = _mask(text)
        play_ = engine.play_of(mask)
        assert engine.play_of(mask) is play_ and play_.interned
        assert play_ == Play([DECK.cards[c] for c in iter_bits(mask)])
    for text in ("5C", "6C 6D 6H", "9C 9D 9H 9S"):
        mask = _mask(text)
        lead = engine.lead_of(mask)
        assert engine.lead_of(mask) is lead and lead.interned
        assert lead == Lead([DECK.cards[c] for c in iter_bits(mask)])


def test_V15_C2_a_seat_without_the_club_jack_is_told_to_follow_suit_not_to_capture() -> None:
    """V15 binds only the holder of the J♣: under an opponent's heading K♥, a seat without it that
    breaks C2 (follow the suit led) is told C2, and the holder that keeps its J♣ back is told V15."""
    game, s = start_hand(
        {0: "KH 5C 5S 5D", 1: "6H 6C 6S 6D", 2: "7C 8C 9C QC", 3: "JC 8H 8S 8D"},
        must_follow_suit=True,
    )
    s = play(game, s, "lead KH")
    with pytest.raises(IllegalActionError, match=r"^rule C2 \("):
        play(game, s, "play 6C")
    s = play(game, s, "play 6H", "play 7C")
    with pytest.raises(IllegalActionError, match=r"^rule V15 \("):
        play(game, s, "play 8H")


def test_V15_C2_the_club_jack_is_free_under_any_other_heading_card() -> None:
    """V15 compels only under an opponent's heading K♥: the holder of the J♣ who breaks C2 under
    another heading card, or under the partner's K♥, is told C2."""
    game, s = start_hand(
        {0: "5C 5S 5D 6D", 1: "JC 6C 6S 7D", 2: "KH 8C 9C QC", 3: "7C 8H 8S 8D"},
        must_follow_suit=True,
    )
    s = play(game, s, "lead 5C")
    with pytest.raises(IllegalActionError, match=r"^rule C2 \("):
        play(game, s, "play 6S")
    game, s = start_hand(
        {0: "KH 5S 5D 6D", 1: "7C 6C 6S 7D", 2: "JC 8H 9C QC", 3: "8C 9H 8S 8D"},
        must_follow_suit=True,
    )
    s = play(game, s, "lead KH", "play 7D")
    with pytest.raises(IllegalActionError, match=r"^rule C2 \("):
        play(game, s, "play 9C")


# -- V18/V19: a group against the heading group ---------------------------------------------------
_TELLING_CARDS = [DECK.index(c) for c in parse_cards("7C 7S 7H 7D KC KS KH 3D JC AS 9C 5D QH")]


def _single_rule(adjacent: bool, c3: bool) -> Callable[[tuple[int, int], tuple[int, int]], bool]:
    """V12 between a group card ``(card, _)`` and a heading card ``(card, status)``."""

    def rule(card: tuple[int, int], heading: tuple[int, int]) -> bool:
        return beats(
            card[0], heading[0], heading[1], adjacent=adjacent, spade_king_beats_led_club_king=c3
        )

    return rule


@pytest.mark.parametrize("size", [2, 3, 4])
def test_V18_V19_group_beats_pairs_each_card_with_one_it_beats(size: int) -> None:
    """V18: a group beats the heading group when its cards pair one-to-one with the heading's,
    each beating its partner by V12 (with the partner's status, and V19's adjacency); each card
    then earns the status of beating its partner. The pairing is the core matcher's
    (:func:`~cardrules.tricks.group_beats`) on ``ranking.beats``, for both C3 settings."""
    rng = random.Random(size)
    for c3 in (False, True):
        eng = make_game(spade_king_beats_led_club_king=c3)._engine
        for _ in range(1500):
            cards = rng.sample(_TELLING_CARDS, 2 * size)
            group = sorted(cards[:size])
            ref = tuple((c, rng.randrange(len(STATUS_NAMES))) for c in cards[size:])
            adjacent = rng.random() < 0.5
            pairing = group_beats([(c, 0) for c in group], ref, _single_rule(adjacent, c3))
            expected = (
                None
                if pairing is None
                else tuple((group[i], new_status(group[i], ref[j][1])) for i, j in pairing)
            )
            mask = sum(1 << c for c in group)
            assert eng._group_beats(mask, ref, adjacent) == expected


# -- C7: a sweep ---------------------------------------------------------------------------------
def _random_hand(game: VoormsiGame, seed: int) -> VoormsiState:
    """One single hand dealt and played out at random from ``seed`` (dealer ``seed % 4``)."""
    rng = random.Random(seed)
    s = game.new_hand(dealer=seed % game.num_players, scores=(3, 4))
    s = game.apply(s, game.sample_chance(s, rng))
    while s.phase == "play":
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])
    return s


@pytest.mark.parametrize("all_nine", ["wins_game", "void"])
def test_C7_a_sweep_is_recorded_whole(all_nine: str) -> None:
    """C7: a side that takes every trick wins the game (``wins_game``) or the deal scores nothing
    (``void``, its held points lapsing). The deal's record keeps the tricks, the units, the proofs
    shown and no unfinished trick; the ladder goes back to where the deal began."""
    game = make_game(all_nine=all_nine)
    swept = 0
    for seed in range(400):
        s = _random_hand(game, seed)
        units = s.units
        if units.count(0) != 1 or s.end == "partner_capture":  # (B3 ends a deal early)
            continue
        swept += 1
        last = s.last
        assert last is not None
        sweeper = 1 - units.index(0)
        assert last.trick == () and last.tricks == s.tricks and last.units == units
        assert last.revealed == s.revealed and last.scores_before == (3, 4)
        assert s.scores == last.scores_after == (3, 4) and s.pending == (0, 0)
        if all_nine == "wins_game":
            assert (s.end, s.winner, last.end, last.winner) == ("sweep", sweeper, "sweep", sweeper)
        # The final state: the deal's fields as the last trick left them, no trick in progress.
        assert (s.phase, s.to_move, s.dealer) == ("over", None, seed % 4)
        assert s.hands == (0,) * 4 and s.stock == ()
        assert s.leader == s.tricks[-1][0][0][0]  # who led the last trick
        assert (s.trick, s.trick_size, s.heading, s.statuses, s.info) == ((), 0, -1, (), EMPTY_INFO)
        assert s.seq_side in (BROKEN, sweeper) and s.deal_start == (3, 4)
        assert s.played == (1 << _N) - 1 and s.single_hand and s.dealt_stock == last.stock
        assert all(k in (0, 1, 2) for k in s.toqu_known) and len(s.toqu_known) == 4
        if all_nine == "void":
            assert s.end == last.end == "hand"
    assert swept > 0


def test_V17_a_group_of_three_is_answered_by_every_three_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """V17: a lead of three cards is answered by three cards: every 3-card subset of the hand
    (groups of three and four are built on demand, not up front: the interned plays start here
    from those of one or two cards, as after the import)."""
    small = {m: p for m, p in engine._PLAYS.items() if m.bit_count() <= 2}
    monkeypatch.setattr(engine, "_PLAYS", small)
    game, s = start_hand({0: "9C 9S 9H 5D", 1: "5S 6S 7S 8S"})
    s = play(game, s, "lead 9C 9S 9H")
    legal = game.legal_actions(s)
    cards = parse_cards("5S 6S 7S 8S")
    assert legal == tuple(Play(group) for group in itertools.combinations(cards, 3))
    assert all(action.interned for action in legal)


@pytest.mark.parametrize("follow", [False, True])
def test_C2_V14_answers_are_kept_per_hand_and_per_suit_led(follow: bool) -> None:
    """V14 (any single card answers a single card) and C2 (follow the suit led, when asked): the
    answers of a hand are kept, and under C2 kept apart for each card led."""
    eng = make_game(must_follow_suit=follow)._engine
    eng._plays.clear()
    hand = _mask("6C 6D 6H 8S")
    spade = eng.legal_at(0, (hand, 1, 1, 1), ((1, _mask("JS")),), 0)
    heart = eng.legal_at(0, (hand, 1, 1, 1), ((1, _mask("5H")),), 0)
    assert set(spade[1]) == {_mask(c) for c in ("8S" if follow else "6C 6D 6H 8S").split()}
    assert set(heart[1]) == {_mask(c) for c in ("6H" if follow else "6C 6D 6H 8S").split()}
    assert eng.legal_at(0, (hand, 1, 1, 1), ((1, _mask("JS")),), 0) is spade
    assert eng.legal_at(0, (hand, 1, 1, 1), ((1, _mask("5H")),), 0) is heart
    assert len(eng._plays) == (2 if follow else 1)


def test_V16_the_leads_of_a_hand_are_kept() -> None:
    """V16: the leads of a hand are computed once and kept: asking again gives the same list."""
    eng = make_game()._engine
    eng.leads.clear()
    hands = (_mask("9C 9S 5H 3D"), _mask("JS JD QD KS"), _mask("JH QH AC AD"), _mask("QC 8S 8C 8D"))
    first = eng.legal_at(0, hands, (), -1)
    assert list(first[1]) == _reference_leads(hands[0], 4, False)
    assert eng.legal_at(0, hands, (), -1) is first
    assert eng.leads[hands[0]] is first


def test_V14_V15_answers_are_kept_apart_for_every_hand() -> None:
    """V14 and V15: the answers kept for one hand are never those of another, however alike (the
    hands below differ in one low card), nor those of the same hand under the V15 compulsion."""
    eng = make_game()._engine
    eng._plays.clear()
    led = ((1, _mask("9C")),)
    for text in ("5C 9D JD QD", "6C 9D JD QD", "7C 9D JD QD", "5C 6C 9D JD"):
        hand = _mask(text)
        entry = eng.legal_at(0, (hand, 1, 1, 1), led, 0)
        assert set(entry[1]) == {1 << c for c in iter_bits(hand)}
    # The J♣ under an opponent's heading K♥ (V15), and the same hand under another card.
    hand = _mask("JC 9D JD QD")
    assert eng.legal_at(0, (hand, 1, 1, 1), ((1, _mask("KH")),), 0)[1] == (_mask("JC"),)
    assert len(eng.legal_at(0, (hand, 1, 1, 1), led, 0)[1]) == 4


def test_V20_a_trick_of_one_play_scores_its_cards() -> None:
    """V20 (k cards each make k trick units), for a trick of one play: when nobody else holds
    cards (C6) the leader's group is the whole trick, and its k cards still make k units."""
    eng = make_game()._engine
    trick = ((2, _mask("9C 9S")),)
    units, seq, pending, scores, revealed, known, over = eng.score_trick(
        (3, 0), 0, (1, 0), (2, 2), (), (0, 0, 0, 0), (), trick, 1, 0, EMPTY_INFO, (0, 0, 0, 0)
    )
    assert units == (5, 0)
    # V22: reaching five (+1) with the others on none (+1); V23: the run from the first trick
    # holds them until the deal ends.
    assert (seq, pending, scores, over) == (0, (3, 0), (2, 2), None)
    assert (revealed, known) == ((), (0, 0, 0, 0))


def _score(
    trick: tuple[tuple[int, int], ...], heading: int, info: tuple[int, int, int, int, bool]
) -> tuple[int, ...]:
    """The points held after ``trick`` (four players, defaults), the winner's side on the run from
    the first trick with four units before it and the other side on none."""
    eng = make_game()._engine
    w = trick[heading][0] % 2
    units = (4, 0) if w == 0 else (0, 4)
    hands = (_mask("5H"), _mask("6H"), _mask("8H"), _mask("9H"))
    result = eng.score_trick(
        units, w, (0, 0), (2, 2), (), hands, (1, 2), trick, 4, heading, info, (0, 0, 0, 0)
    )
    assert result[0] == ((5, 0) if w == 0 else (0, 5))
    return result[2]


def test_B2_B5_bonuses_add_to_the_points_of_the_trick() -> None:
    """B2 (the J♣ captures an opponent's K♥ and wins the trick: +2) and B5 (a ♦3 beats the J♣
    that captured the K♥: +2 to its side) come on top of the trick's V22 points (here 2: reaching
    five with the other side on none), held together by V23's run."""
    kh, jc, d3 = _mask("KH"), _mask("JC"), _mask("3D")
    # B2: seat 0 leads the K♥, seat 1 captures it with the J♣, which wins the trick.
    b2 = ((0, kh), (1, jc), (2, _mask("5C")), (3, _mask("6C")))
    assert _score(b2, 1, (1, -1, -1, 0, True)) == (0, 4)
    # B5: seat 1 leads the K♥, seat 2 captures it, seat 0 (seat 0's side) beats the J♣ with the ♦3.
    b5 = ((1, kh), (2, jc), (3, _mask("5C")), (0, d3))
    assert _score(b5, 3, (1, -1, 0, 0, True)) == (4, 0)
    # B5 by seat 3 (the other side): +2 there, and the trick's points to seat 3's side too.
    b5 = ((0, kh), (1, jc), (2, _mask("5C")), (3, d3))
    assert _score(b5, 3, (1, -1, 3, 0, True)) == (0, 4)


@pytest.mark.parametrize("last_card", ["last_trick", "last_to_trick"])
def test_B1_C9_the_voormsi_bonus_lapses_only_when_played_last(last_card: str) -> None:
    """B1: the K♥ heading a trick earns its side a point and is shown to the next opponent; C9's
    exception (a): not when it was played in the deal's last trick (``last_trick``: no stock left
    and every hand empty after it), or as the last card of its trick (``last_to_trick``)."""
    eng = make_game(voormsi_last_card=last_card)._engine
    kh = _mask("KH")
    for v_pos in (0, 3):
        trick = tuple(
            (seat, kh if k == v_pos else _mask(c))
            for k, (seat, c) in enumerate([(0, "5C"), (1, "6C"), (2, "8C"), (3, "QC")])
        )
        for stock, hands in (((1, 2), (1, 2, 4, 8)), ((), (1, 2, 4, 8)), ((), (0, 0, 0, 0))):
            info = (-1, -1, -1, v_pos, False)
            result = eng.score_trick(
                (0, 0), NO_TRICK_YET, (0, 0), (2, 2), (), hands, stock, trick, 4, v_pos, info,
                (0, 0, 0, 0),
            )  # fmt: skip
            in_last_trick = not stock and not any(hands)
            lapsed = in_last_trick if last_card == "last_trick" else v_pos == 3
            side = v_pos % 2
            seat = trick[v_pos][0]
            assert result[2][side] == (0 if lapsed else 1)  # held on the run (V23)
            viewer = (seat + 1) % 4
            assert result[4] == (() if lapsed else ((viewer, seat, hands[seat]),))


@pytest.mark.parametrize("scope", ["from_first", "any_run"])
def test_V23_C8_a_broken_run_credits_its_points_with_the_trick_bonus(scope: str) -> None:
    """V23/C8: when the other side wins a trick, the run it breaks is credited: its held points
    come on top of what that side earned in the same trick (a bonus, such as B1 or B4)."""
    eng = make_game(sequence_scope=scope)._engine
    seq, pending, credit = eng._hold(0, (3, 0), 1, [1, 2])
    if scope == "from_first":
        assert (seq, pending, credit) == (BROKEN, (0, 0), [4, 2])
    else:  # the winner's points start a run of their own
        assert (seq, pending, credit) == (1, (0, 2), [4, 0])


def test_V25_C11_reaching_the_target_exactly_wins_without_a_bust_too() -> None:
    """V25/C11: a side that reaches the target with nothing held wins, with the bust or without
    (``no_bust``: reaching it or more); below it, play goes on."""
    for bust in ("subtract_overshoot", "no_bust"):
        eng = make_game(bust_mode=bust, target=5)._engine
        assert eng.credit((3, 2), (0, 0), [2, 0]) == ((5, 2), (0, "target"))
        assert eng.credit((3, 2), (0, 0), [1, 0]) == ((4, 2), None)
        assert eng.credit((3, 2), (0, 1), [2, 0]) == ((5, 2), None)  # points still held


@pytest.mark.parametrize("next_card", [False, True])
def test_B5_on_the_general_path_with_two_players(next_card: bool) -> None:
    """B5 (and its next-card variant) where a play goes through ``Engine.advance``, not the
    four-player single-card path: two players, a trick of four cards. The ♦3 beats the J♣ that
    captured the K♥: right after it (the J♣'s own second card) B5 counts under both settings;
    two cards later (the K♥'s owner) only by default."""
    options: dict[str, Any] = {
        "players": 2,
        "multi_card_leads": False,
        "over_capture_needs_next_card": next_card,
    }
    game, s = start_hand({0: "KH 5C 5S 6S", 1: "JC 3D 6C 6H"}, dealer=1, **options)
    s = play(game, s, "lead KH", "play JC", "play 3D", "play 5S")
    assert s.tricks[-1][1] == 1 and s.pending == (0, 2)  # one trick unit, B5's 2 held (V23)
    game, s = start_hand({0: "KH 3D 5S 6S", 1: "JC 6C 6H 7H"}, dealer=1, **options)
    s = play(game, s, "lead KH", "play JC", "play 6C", "play 3D")
    assert s.tricks[-1][1] == 0 and s.pending == ((0, 0) if next_card else (2, 0))


@pytest.mark.parametrize("d3_king", [True, False])
def test_C4_an_illegal_lead_of_a_king_and_the_diamond_three_names_the_right_rule(
    d3_king: bool,
) -> None:
    """C4 puts the ♦3 among the Kings. Seat 3 holds K♣ 6♦ 3♦ and a seat holds one card, so no
    lead of two cards is allowed (V17): "K♣ 3♦" is refused for its size under C4, and as not one
    face rank (V16) without it; "6♦ 3♦" is never one face rank."""
    game = make_game(diamond_three_is_king=d3_king, draw_order="complete_each")
    s = game.parse_position(
        "play hand dealer=0 scores=0,0 hands=6H/7H/9C,JD,QH/KC,6D,3D drawn=JC,QC,9H,6H,6C,8H,9S,"
        "9C,3D,5S,QD,6S,QS,8S,7C,7H,JD,QH,9D,KC tricks=1:KH,AS,8D,5C/1:JC+JH,QC+KS,AC+9H,5D+AH/"
        "1:JS,9S,5H,6S/2:7D+7S,5S+8S,7C+QD,8C+8H/2:QS,9D,AD,6C"
    )
    assert s.to_move == 3
    size = "every player holding cards must be able to follow 2 cards"
    rank = "a lead is of one face rank"
    for text, why in (("lead KC 3D", size if d3_king else rank), ("lead 6D 3D", rank)):
        with pytest.raises(IllegalActionError, match=why):
            game.apply(s, game.parse_action(text, s))
