"""Numbers in the text notation are written with the ASCII digits 0-9, and nothing else (#27).

``str.isdigit()`` is true of superscripts (``²``) and circled digits (``①``) that ``int()`` then
refuses with a bare ``ValueError``, while ``int()`` reads full-width (``１２``) and Arabic-Indic
(``١٢``) digits that a text written by the library never holds. Every reader goes through
:mod:`cardrules.notation`, so each such text is a :class:`~cardrules.errors.NotationError` that
quotes it: a card (``R²``, ``R１２``, ``１0H``), an action of each game (``play R²``,
``dealer ２``, ``T²>F♠↑``), the CLI's menus and number options, and the test helper
``play_moves``.
"""

from __future__ import annotations

import io
import random
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import get_game
from cardrules.cards import Card, parse_cards
from cardrules.cli import main
from cardrules.errors import NotationError
from cardrules.game import CHANCE, ChooseDealer
from cardrules.notation import DIGITS, is_number, looks_numeric, read_number
from cardrules.testing import play_moves

# Characters Unicode counts as digits or numbers (decimal digits of every script, superscripts,
# circled and full-width digits, fractions...), less the ten ASCII digits the notation reads.
OTHER_DIGITS = st.characters(categories=["Nd", "No"], exclude_characters=DIGITS)
# A number in which at least one digit is not ASCII ("7²", "１0", "٣").
MIXED_NUMBERS = st.builds(
    lambda head, odd, tail: head + odd + tail,
    st.text(alphabet=DIGITS, max_size=2),
    OTHER_DIGITS,
    st.text(alphabet=DIGITS, max_size=2),
)


def _quoted(message: str, text: str) -> bool:
    """Whether ``message`` quotes ``text`` (readers may change its case, as the notation does)."""
    return any(form in message for form in (text, text.lower(), text.upper()))


def _dealt(name: str, **options: Any) -> tuple[Any, Any]:
    """A game and a state of it past the chance steps that start it, from a fixed seed."""
    game = get_game(name, **options)
    state = game.new_hand(dealer=0)
    rng = random.Random(7)
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.sample_chance(state, rng))
    return game, state


# --- the reader itself ---------------------------------------------------------------------------


@given(MIXED_NUMBERS)
def test_read_number_refuses_every_non_ascii_digit(text: str) -> None:
    assert looks_numeric(text) and not is_number(text)
    with pytest.raises(NotationError, match="digits 0-9") as caught:
        read_number(text, "a bid")
    assert "a bid" in str(caught.value) and _quoted(str(caught.value), text)


@given(st.integers(min_value=0, max_value=10**12))
def test_read_number_reads_ascii_numbers(value: int) -> None:
    assert read_number(str(value), "a count") == value
    assert read_number(f"-{value}", "a score", signed=True) == -value


@pytest.mark.parametrize(
    ("text", "options", "message"),
    [
        ("", {}, "is missing"),
        ("+3", {}, "digits 0-9"),
        ("-3", {}, "digits 0-9"),  # a sign only when the reader allows one
        ("−3", {"signed": True}, "digits 0-9"),  # U+2212 MINUS SIGN is not the ASCII "-"
        ("1_000", {}, "digits 0-9"),  # int() would read it
        ("9" * 19, {}, "too long"),
        ("4", {"maximum": 3}, "at most 3, not 4"),
        ("-6", {"signed": True, "minimum": -5}, "at least -5, not -6"),
    ],
)
def test_read_number_refuses_what_int_would_take_or_is_out_of_range(
    text: str, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(NotationError, match=message):
        read_number(text, "a seat", **options)


# --- cards ---------------------------------------------------------------------------------------


@given(MIXED_NUMBERS, st.sampled_from("RYGBrygb"))
def test_rook_card_rank_must_be_ascii(number: str, colour: str) -> None:
    """``R²`` was a bare ValueError from int(); ``R１２`` and ``R١٢`` were read as R12."""
    text = colour + number
    with pytest.raises(NotationError, match="not a card") as caught:
        Card.parse(text)
    assert _quoted(str(caught.value), text)
    with pytest.raises(NotationError):
        parse_cards(f"G14 {text}")
    assert Card.parse(colour + "12").rank == 12


@given(MIXED_NUMBERS, st.sampled_from(["H", "♥", "s", "♣"]))
def test_french_card_rank_must_be_ascii(number: str, suit: str) -> None:
    """``１0H`` was refused as an unknown rank; the message now says which digits a rank takes."""
    for text in (number + suit, suit + number):  # rank first (10H) and suit first (♦3)
        with pytest.raises(NotationError, match="not a card") as caught:
            Card.parse(text)
        assert _quoted(str(caught.value), text) and "digits 0-9" in str(caught.value)
    assert Card.parse("10" + suit).rank == 10 and Card.parse(suit + "3").rank == 3


# --- each game's actions -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["euchre", "rook", "voormsi"])
@given(odd=OTHER_DIGITS)
def test_dealer_seat_must_be_ascii(name: str, odd: str) -> None:
    """``dealer ²`` was a bare ValueError, ``dealer ２`` was read as seat 2."""
    game = get_game(name)
    state = game.new_match()
    assert game.parse_action("dealer 2", state) == ChooseDealer(2)
    for text in (f"dealer {odd}", f"dealer 1{odd}", f"Dealer {odd}0"):
        with pytest.raises(NotationError) as caught:
            game.parse_action(text, state)
        assert _quoted(str(caught.value), text)


@given(MIXED_NUMBERS)
def test_rook_card_actions_refuse_non_ascii_ranks(number: str) -> None:
    """``play R²`` and ``bury R² …`` were bare ValueErrors; ``play R１２`` read as ``play R12``."""
    game, state = _dealt("rook")
    for text in (f"play R{number}", f"bury R{number} G14 Y1 B1 R1", f"bid 7{number}"):
        with pytest.raises(NotationError) as caught:
            game.parse_action(text, state)
        assert _quoted(str(caught.value), number)
    for action in game.legal_actions(state):  # what the library writes still reads back
        assert game.parse_action(game.format_action(action), state) == action


@given(MIXED_NUMBERS)
def test_euchre_actions_refuse_non_ascii_digits(number: str) -> None:
    game, state = _dealt("euchre")
    for text in (f"play R{number}", f"play {number}H", f"discard 1{number}S"):
        with pytest.raises(NotationError) as caught:
            game.parse_action(text, state)
        assert _quoted(str(caught.value), number)


@given(MIXED_NUMBERS)
def test_voormsi_groups_refuse_non_ascii_ranks(number: str) -> None:
    """``lead R²`` was a bare ValueError (the Rook reading of a card is tried first)."""
    game, state = _dealt("voormsi")
    for text in (f"lead R{number}", f"play {number}C 9H", f"lead 9C {number}H"):
        with pytest.raises(NotationError) as caught:
            game.parse_action(text, state)
        assert _quoted(str(caught.value), number)


@given(odd=OTHER_DIGITS, pile=st.sampled_from("TRtr"))
def test_patience_pile_numbers_must_be_ascii(odd: str, pile: str) -> None:
    """``T²>F♠↑`` was a bare ValueError and ``T１>F♠↑`` read as ``T1>F♠↑`` (T7, T8)."""
    game, state = _dealt("tournament")
    kingsdown, kd_state = _dealt("tournament", preset="kingsdown_eights")
    for text in (f"{pile}{odd}>F♠↑", f"T1>{pile}{odd}", f"{pile}{odd}->FS+"):
        with pytest.raises(NotationError) as caught:
            game.parse_action(text, state)
        assert _quoted(str(caught.value), pile + odd)
    with pytest.raises(NotationError):
        kingsdown.parse_action(f"{pile}{odd}>F♠1", kd_state)
    for action in game.legal_actions(state):  # what the library writes still reads back
        assert game.parse_action(game.format_action(action), state) == action


# --- the test helper and the command line --------------------------------------------------------


@given(odd=OTHER_DIGITS)
def test_play_moves_seat_prefix_must_be_ascii(odd: str) -> None:
    """``²: pass`` was a bare ValueError from the seat prefix, not the helper's AssertionError."""
    game, state = _dealt("euchre")
    with pytest.raises(AssertionError, match="move 1"):
        play_moves(game, state, f"{odd}: pass")


def _run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        status = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    finally:
        sys.stderr = old
    return status, out.getvalue(), err.getvalue()


def test_cli_answers_a_non_ascii_card_and_keeps_playing() -> None:
    """``printf 'play R²\\nq\\n' | cardrules play rook --seed 1 --hand`` was a traceback."""
    status, out, err = _run(
        "--no-color", "play", "rook", "--seed", "1", "--hand", stdin="play R²\nplay R１２\nq\n"
    )
    assert status == 0, err
    assert out.count("Cannot read that") == 2 and "'play R²'" in out
    assert out.rstrip().endswith("Bye.") and "Traceback" not in out + err


@pytest.mark.parametrize("answer", ["²", "１", "٣", "①"])
def test_cli_menu_numbers_must_be_ascii(answer: str) -> None:
    """A menu answer ``²`` was a traceback; ``１`` chose option 1."""
    status, out, err = _run(
        "--no-color", "play", "rook", "--seed", "1", "--hand", stdin=f"{answer}\nq\n"
    )
    assert status == 0, err
    assert "Choose a number from 1 to" in out and "digits 0-9" in out
    assert "you: " not in out  # nothing was played for the human


@pytest.mark.parametrize(
    "argv",
    [
        ("simulate", "euchre", "--games", "２"),
        ("play", "euchre", "--seat", "¹"),
    ],
)
def test_cli_number_options_must_be_ascii(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(list(argv), stdin=io.StringIO(""), stdout=io.StringIO())
    assert exit_.value.code == 2
    assert "digits 0-9" in capsys.readouterr().err


def test_cli_seed_is_read_by_the_notation(capsys: pytest.CaptureFixture[str]) -> None:
    """``--seed ３`` was seed 3 (``int()`` reads full-width digits); a negative seed still reads."""
    with pytest.raises(SystemExit) as exit_:
        main(["watch", "euchre", "--seed", "３"], stdin=io.StringIO(""), stdout=io.StringIO())
    assert exit_.value.code == 2 and "digits 0-9" in capsys.readouterr().err
    status, out, _ = _run("--no-color", "watch", "euchre", "--hand", "--quiet", "--seed", "-4")
    assert status == 0 and "seed -4" in out


@pytest.mark.parametrize("text", ["Jſ", "ﬀ", "Kﬆ", "R１x"])
def test_card_notation_refuses_letters_that_upper_case_onto_ascii(text: str) -> None:
    # "ſ".upper() == "S": without the check, "Jſ" was read as the jack of spades.
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(text)
