"""One position grammar (#27): the core reader and writer of position texts, and every game's
``parse_position``/``position_text`` going through them.

A position text is one line of segments ``phase [words] key=value …`` joined by `` | ``; numbers
are ASCII digits (:func:`cardrules.notation.read_number`); a trick is ``LEADER:c,c`` with both
parts. Euchre's old form (``hand | dealer 0; hands …``) is read for one release with a
``DeprecationWarning``.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Container
from typing import Any

import pytest

from cardrules import CHANCE, get_game
from cardrules.errors import ArgumentError, NotationError
from cardrules.positions import (
    read_position,
    read_scores,
    read_trick,
    read_tricks,
    write_position,
    write_segment,
)

GAMES = ("euchre", "rook", "voormsi", "tournament")
TRICK_GAMES = ("euchre", "rook", "voormsi")

EUCHRE_NEW = (
    "play hand dealer=0 scores=0,0 hands=9C,10C,JC,QC,KC/JD,JH,QH,KH,AH/QD,KD,AD,9H,10H/"
    "9S,10S,JS,QS,KS up=AS kitty=AC,9D,10D calls=p,p,p,p,name-H"
)
EUCHRE_OLD = (
    "hand | dealer 0; hands 9C 10C JC QC KC / JD JH QH KH AH / QD KD AD 9H 10H / "
    "9S 10S JS QS KS; up AS; kitty AC 9D 10D; calls pass, pass, pass, pass, name H"
)


class _Any:
    """Every key: the shape of a text, without a game's field list."""

    def __contains__(self, key: object) -> bool:
        return True


ANY: Container[str] = _Any()


def _played(name: str, seed: int, steps: int) -> tuple[Any, Any]:
    """A game and a state ``steps`` random actions into a hand (chance dealt from ``seed``)."""
    game: Any = get_game(name)
    rng = random.Random(seed)
    state = game.new_hand(dealer=0) if name in TRICK_GAMES else game.new_hand()
    for _ in range(steps):
        if game.is_over(state):
            break
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    return game, state


def _in_play(name: str) -> tuple[Any, Any, str]:
    """A state in the play, with a trick in progress (trick games), dealer 0."""
    game: Any = get_game(name)
    rng = random.Random(5)
    state = game.new_hand(dealer=0) if name in TRICK_GAMES else game.new_hand()
    while not game.is_over(state):
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        if state.phase == "play" and (name == "tournament" or len(state.trick) >= 1):
            return game, state, game.position_text(state)
    raise AssertionError(f"no {name} state with a trick in progress")


# -- the core reader and writer -----------------------------------------------------------------
def test_read_position_gives_segments_words_and_ordered_fields() -> None:
    segs = read_position(
        "over won shuffles=3 R=KS,- | last dealer=2 tricks=0:AH,KH",
        {"over": ("shuffles", "R")},
        {"last": ("dealer", "tricks")},
    )
    assert [(s.head, s.words, s.fields, s.number) for s in segs] == [
        ("over", ("won",), (("shuffles", "3"), ("R", "KS,-")), 1),
        ("last", (), (("dealer", "2"), ("tricks", "0:AH,KH")), 2),
    ]
    assert segs[1]["dealer"] == "2" and segs[1].get("trick") is None and "tricks" in segs[1]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("play hand colour=red", r"segment 1 \(play\): unknown field 'colour'"),
        ("play hand dealer=1 dealer=2", r"segment 1 \(play\): dealer is given twice"),
        ("play hand dealer=1 match", r"segment 1 \(play\): 'match' is not a key=value field"),
        ("play hand dealer=", r"segment 1 \(play\): dealer= has no value"),
        ("play hand =3", "unknown field"),
        ("bidding hand", "starts with one of: play"),
        ("play hand | first dealer=1", r"segment 2: 'first' is not one of: last"),
        ("play hand | last dealer=1 | last dealer=2", "segment 3: last is given twice"),
        ("play hand |", "segment 2: empty"),
        ("play hand | last colour=1", r"segment 2 \(last\): unknown field 'colour'"),
    ],
)
def test_read_position_names_the_segment_and_the_field(text: str, needle: str) -> None:
    with pytest.raises(NotationError, match=needle):
        read_position(text, {"play": ("dealer",)}, {"last": ("dealer",)})


@pytest.mark.parametrize("brk", ["\n", "\r", "\r\n", "\u2028", "\x0b", "\x85"])
def test_read_position_refuses_a_text_over_two_lines(brk: str) -> None:
    """Every line break is refused, also at the end: a position text is one line."""
    with pytest.raises(NotationError, match="one line"):
        read_position(f"play hand{brk}dealer=1", {"play": ("dealer",)})
    with pytest.raises(NotationError, match="one line"):
        read_position(f"play hand dealer=1{brk}", {"play": ("dealer",)})


@pytest.mark.parametrize(
    ("value", "needle"),
    [
        ("2:", "a leader and no cards"),
        ("2:-", "a leader and no cards"),
        ("AH,KH", "cards and no leader"),
        (":AH,KH", "cards and no leader"),
        ("٢:AH", "digits 0-9"),
        ("4:AH", "at most 3"),
        ("1:AH,,KH", "an empty item"),
    ],
)
def test_read_trick_needs_a_leader_and_cards(value: str, needle: str) -> None:
    with pytest.raises(NotationError, match=needle):
        read_trick(value, "trick")
    with pytest.raises(NotationError, match=needle):
        read_tricks(f"0:AH,KH,QH,JH/{value}", "tricks")


@pytest.mark.parametrize("digits", ["²", "７", "١", "①", "3²"])
def test_read_scores_takes_ascii_digits_only(digits: str) -> None:
    assert read_scores("3,15") == (3, 15)
    with pytest.raises(NotationError, match="digits 0-9"):
        read_scores(f"{digits},0")


def test_write_segment_writes_only_what_read_position_reads_back() -> None:
    text = write_position(
        [
            write_segment("play", ["hand"], [("dealer", "3"), ("trick", None), ("scores", "0,0")]),
            write_segment("last", (), [("dealer", "2")]),
        ]
    )
    assert text == "play hand dealer=3 scores=0,0 | last dealer=2"
    segs = read_position(text, {"play": ("dealer", "scores")}, {"last": ("dealer",)})
    assert segs[0].fields == (("dealer", "3"), ("scores", "0,0"))
    for bad in ("", "a b", "a|b"):
        with pytest.raises(ArgumentError):
            write_segment("play", (), [("dealer", bad)])
    with pytest.raises(ArgumentError):
        write_segment("play", ["x=y"])


# -- every game speaks it -----------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_game_writes_the_shared_grammar(name: str) -> None:
    """#27 item 1: every game's text is segments ``phase [words] key=value …``; the trick games
    share the names of the same things (dealer, scores, hands, trick, tricks)."""
    for seed in range(6):
        game, state = _played(name, seed, 3 + 9 * seed)
        text = game.position_text(state)
        segs = read_position(text, dict.fromkeys(text.split()[:1], ANY), {"last": ANY})
        assert segs[0].head == state.phase
        assert game.parse_position(text) == state
    game, state, text = _in_play(name)
    keys = read_position(text, {state.phase: ANY}, {"last": ANY})[0].keys()
    if name in TRICK_GAMES:
        assert {"dealer", "scores", "hands", "trick"} <= set(keys), text
        assert read_position(text, {state.phase: ANY})[0].words == ("hand",)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("brk", ["\n", "\r\n", "\u2028"])
def test_every_game_refuses_a_position_over_two_lines(name: str, brk: str) -> None:
    """#27 item 4: Euchre read a text split over two lines; every game refuses it now."""
    game, _, text = _in_play(name)
    head, rest = text.split(" ", 1)
    with pytest.raises(NotationError, match="one line"):
        game.parse_position(f"{head}{brk}{rest}")


@pytest.mark.parametrize("name", TRICK_GAMES)
@pytest.mark.parametrize("digit", ["²", "７", "١"])
def test_every_game_reads_the_dealer_in_ascii_digits_only(name: str, digit: str) -> None:
    """#27 item 2: Euchre and Rook read full-width and Arabic-Indic digits; none does now."""
    game, _, text = _in_play(name)
    assert " dealer=0 " in text
    with pytest.raises(NotationError, match="digits 0-9"):
        game.parse_position(text.replace(" dealer=0 ", f" dealer={digit} ", 1))


@pytest.mark.parametrize("digit", ["²", "７", "١"])
def test_tournament_reads_its_counts_in_ascii_digits_only(digit: str) -> None:
    game: Any = get_game("tournament")
    with pytest.raises(NotationError, match="digits 0-9"):
        game.parse_position(f"deal shuffles={digit}")


def test_rook_bids_in_other_digits_are_not_bids() -> None:
    """R10: ``bids=7²`` is no bid (``str.isdigit`` is true of ``²``, ``int`` refuses it)."""
    game, state = _played("rook", 1, 3)
    text = game.position_text(state)
    assert state.phase == "bidding" and " bids=" in text, text
    for bad in ("7²", "７0", "٧0"):
        with pytest.raises(NotationError, match="neither a bid nor a pass"):
            game.parse_position(text.replace(" bids=", f" bids={bad},", 1))


@pytest.mark.parametrize("name", TRICK_GAMES)
@pytest.mark.parametrize("trick", ["2:", "1:-"])
def test_a_trick_with_a_leader_and_no_cards_is_refused(name: str, trick: str) -> None:
    """#27 item 4: Rook and Voormsi dropped ``trick=2:`` silently (a leader that may even
    contradict the real one); Euchre raised a bare ValueError on ``trick 1:``."""
    game, _, text = _in_play(name)
    fields = [t for t in text.split(" ") if not t.startswith("trick=")]
    with pytest.raises(NotationError, match="a leader and no cards"):
        game.parse_position(" ".join([*fields, f"trick={trick}"]))


@pytest.mark.parametrize("name", ["rook", "voormsi"])
def test_an_empty_trick_is_not_dropped_at_the_start_of_a_trick(name: str) -> None:
    """R14/R19, V6: between tricks there is no trick in progress; ``trick=2:`` added to the text
    used to read back to the very same state."""
    game: Any = get_game(name)
    rng = random.Random(2)
    state = game.new_hand(dealer=0)
    while not (state.phase == "play" and not state.trick and state.tricks):
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    text = game.position_text(state)
    assert game.parse_position(text) == state
    with pytest.raises(NotationError, match="a leader and no cards"):
        game.parse_position(text + " trick=2:")


# -- Euchre: the new form, and the old one for one release -------------------------------------
def test_euchre_old_form_reads_to_the_same_state_with_a_deprecation_warning() -> None:
    game: Any = get_game("euchre")
    with pytest.warns(DeprecationWarning, match="old form") as caught:
        old = game.parse_position(EUCHRE_OLD)
    assert caught[0].filename == __file__  # stacklevel: the warning points at the caller
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new form warns of nothing
        new = game.parse_position(EUCHRE_NEW)
    assert old == new
    assert game.position_text(old) == EUCHRE_NEW


def test_euchre_old_form_trick_with_a_leader_and_no_cards_is_a_notation_error() -> None:
    """#27 item 4: ``…; trick 1:`` raised a bare ValueError (from a strict zip)."""
    game: Any = get_game("euchre")
    text = EUCHRE_OLD + "; trick 1:"
    with (
        pytest.warns(DeprecationWarning, match="old form"),
        pytest.raises(NotationError, match="no cards"),
    ):
        game.parse_position(text)
    with (
        pytest.warns(DeprecationWarning, match="old form"),
        pytest.raises(NotationError, match="digits 0-9"),
    ):
        game.parse_position(EUCHRE_OLD.replace("dealer 0", "dealer ０"))


def test_euchre_between_hands_keeps_the_last_hand_and_checks_its_score() -> None:
    """E15: the last hand's points take the score from its ``scores=`` to the position's."""
    game: Any = get_game("euchre")
    rng = random.Random(3)
    state = game.new_match(dealer=0)
    while state.match.record is None:
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, game.legal_actions(state)[0])
    text = game.position_text(state)
    assert text.startswith("deal match dealer=1 ") and " | last dealer=0 " in text
    assert game.parse_position(text) == state
    main, last = text.split(" | ")
    now = read_position(main, {"deal": ANY})[0]["scores"]
    wrong = "9,9" if now != "9,9" else "8,8"
    with pytest.raises(Exception, match="E15") as info:
        game.parse_position(main.replace(f"scores={now}", f"scores={wrong}") + " | " + last)
    assert isinstance(info.value, ArgumentError)


@pytest.mark.parametrize("name", TRICK_GAMES)
@pytest.mark.parametrize("mark", [",", "+"])
def test_a_card_list_with_a_separator_and_nothing_after_it_is_refused(name: str, mark: str) -> None:
    """#27 item 4: ``hands=…,KS,`` left a card out of the text; Rook and Voormsi read it as if the
    last separator were not there (their card lists turned ``,`` into a blank)."""
    game, _, text = _in_play(name)
    words = text.split(" ")
    (k,) = [i for i, w in enumerate(words) if w.startswith("hands=")]
    words[k] += mark
    with pytest.raises(NotationError):
        game.parse_position(" ".join(words))


# The keyword path (``game.position(trick=…)``) answers a leader with no cards as the text does.
_ROOK_FIELDS: dict[str, Any] = {
    "dealer": 3,
    "bids": "70 p p p",
    "buried": "B5 B6 B7 B13 Y14",
    "trump": "Green",
    "hands": [
        "R13 R14 G10 G11 G12 G13 G14 B14",
        "R10 R11 R12 Y11 Y12 Y13 G5 B12",
        "R7 R8 R9 Y8 Y9 Y10 G7 B11",
        "R5 R6 Y5 Y6 Y7 B8 B9 B10",
    ],
    "tricks": [(0, "R G6 G8 G9")],
}


@pytest.mark.parametrize("trick", [(2, ""), (0, "-"), (1, [])])
def test_rook_position_keyword_trick_with_a_leader_and_no_cards_is_refused(trick: Any) -> None:
    game = get_game("rook")
    with pytest.raises(ArgumentError, match="given with no cards"):
        game.position(**_ROOK_FIELDS, trick=trick)
    assert game.position(**_ROOK_FIELDS, trick="") == game.position(**_ROOK_FIELDS)


def test_euchre_position_keyword_trick_with_a_leader_and_no_cards_is_refused() -> None:
    game = get_game("euchre")
    fields: dict[str, Any] = {
        "dealer": 0,
        "hands": "9C 10C JC QC KC / JD JH QH KH AH / QD KD AD 9H 10H / 9S 10S JS QS KS",
        "upcard": "AS",
        "kitty": "AC 9D 10D",
        "calls": "pass, pass, pass, pass, name H",
    }
    with pytest.raises(ArgumentError, match="given with no cards"):
        game.position(**fields, trick=(1, ""))
    assert game.position(**fields, trick="") == game.position(**fields)


def test_voormsi_position_keyword_trick_with_a_leader_and_no_cards_is_refused() -> None:
    game = get_game("voormsi")
    state = game.new_hand(dealer=0)
    state = game.apply(state, game.sample_chance(state, random.Random(2)))
    hands = [[str(card) for card in game.view(state, seat).hand] for seat in range(4)]
    base = game.parse_position(game.position_text(state))
    assert base == state
    for trick in [(1, ""), (1, "-"), (1, [])]:
        with pytest.raises(ArgumentError, match="given with no cards"):
            game.position(dealer=0, hands=hands, stock=_stock_of(game, state), trick=trick)


def _stock_of(game: Any, state: Any) -> str:
    """The stock of a Voormsi position text, as ``position``'s ``stock`` takes it."""
    for token in game.position_text(state).split():
        if token.startswith("stock="):
            return str(token[len("stock=") :]).replace(",", " ")
    return ""
