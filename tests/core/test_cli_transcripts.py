"""Issue #15's done-criterion: every card the command prints to a player is one its seat may know.

Whole matches and single hands of each shipped game are played through ``cardrules.cli.main`` with
scripted input. The command hands every view of the human's seat to a hook before it prints
anything built from it; the transcript is then read back card by card (ASCII ``JH 10S R5 R``,
Unicode ``J♥ 10♠``, suit-grouped hands ``♣ 9 10 | ♥ J A``, ``R 5 7 | Bird``) and each card must
appear in the seat's latest view or the one before it (a hand's result may name the cards of the
hand before, which the views keep; any other line only those of the hand in progress).
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules import get_game
from cardrules.cards import BIRD, Card, Suit
from cardrules.cli import main
from cardrules.decks import CardSet

GAMES = ("euchre", "rook", "voormsi", "tournament")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_TOKEN = re.compile(r"[^\s,;:()\[\]{}|=·→>]+")
_FRENCH = {"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES}
_FRENCH.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
_ROOK = {"R": Suit.RED, "Y": Suit.YELLOW, "G": Suit.GREEN, "B": Suit.BLACK}
_FRENCH_RANKS = {**{str(r): r for r in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def cards_of(value: Any, depth: int = 0) -> set[Card]:
    """Every card in a view: through card sets, sequences, mappings and attrs fields."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, CardSet):
        return set(value)
    if depth > 20 or value is None or isinstance(value, str | bytes | int | float):
        return set()
    found: set[Card] = set()
    if isinstance(value, Mapping):
        for key, item in value.items():
            found |= cards_of(key, depth + 1) | cards_of(item, depth + 1)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            found |= cards_of(item, depth + 1)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            found |= cards_of(getattr(value, field.name), depth + 1)
    return found


def _single(token: str, deck: set[Card]) -> Card | None:
    """``token`` as one card of the deck, written exactly as the library writes cards."""
    try:
        card = Card.parse(token)
    except ValueError:
        return None
    if card not in deck:
        return None
    if token in (card.ascii, card.unicode) or (card is BIRD and token == "Bird"):
        return card
    if card.suit is not None and card.suit.is_french:  # suit first, or T for ten
        rank = token[1:] if token[0] in _FRENCH else token[:-1]
        if rank.upper() == rank and rank in _FRENCH_RANKS:
            return card
    return None


def printed_cards(text: str, deck_cards: Sequence[Card]) -> Iterator[tuple[int, Card]]:
    """Every card printed in ``text``, with its offset: single tokens in ASCII or Unicode, and
    the suit-grouped form of hands (a suit symbol or Rook colour letter followed by ranks)."""
    deck = set(deck_cards)
    rook = any(c.suit is not None and not c.suit.is_french for c in deck)
    matches = list(_TOKEN.finditer(_ANSI.sub("", text)))
    i = 0
    while i < len(matches):
        token = matches[i].group()
        suit = _FRENCH.get(token)  # (Suit.CLUBS is 0: test for None, not truth)
        if suit is None and rook:
            suit = _ROOK.get(token)
        if suit is not None:
            j = i + 1
            while j < len(matches):
                rank_text = matches[j].group()
                if suit.is_french:
                    rank = _FRENCH_RANKS.get(rank_text)
                else:
                    rank = int(rank_text) if rank_text.isdigit() else None
                    rank = rank if rank is not None and 1 <= rank <= 14 else None
                if rank is None or Card(rank, suit) not in deck:
                    break
                yield matches[j].start(), Card(rank, suit)
                j += 1
            if j > i + 1:
                i = j
                continue
        card = BIRD if token == "Bird" and BIRD in deck else _single(token, deck)
        if card is not None:
            yield matches[i].start(), card
        i += 1


_PREVIOUS_HAND = frozenset({"last", "last_points", "last_reason", "match"})
"""View fields that hold the hands before this one (Rook's last hand, Euchre's match history)."""


def current_cards(view: Any) -> set[Card]:
    """The cards of a view's hand in progress: every field but those of the hands before."""
    if not attrs.has(type(view)):
        return cards_of(view)
    found: set[Card] = set()
    for field in attrs.fields(type(view)):
        if field.name not in _PREVIOUS_HAND:
            found |= cards_of(getattr(view, field.name))
    return found


def unknown_cards(
    text: str, views: Sequence[tuple[int, Any]], deck: Sequence[Card]
) -> list[tuple[str, Card]]:
    """The cards printed at a point where the seat's latest view, and the one before it, did not
    hold them, each with the line it was printed on. A line of a hand's result (``== …`` and the
    lines indented below it) may also name the cards of the hand before, which the views keep;
    any other line only those of the hand in progress."""
    now: set[Card] = set()
    before: set[Card] = set()
    now_all: set[Card] = set()
    before_all: set[Card] = set()
    k = 0
    bad = []
    for offset, card in printed_cards(text, deck):
        while k < len(views) and views[k][0] <= offset:
            before, before_all = now, now_all
            now, now_all = current_cards(views[k][1]), cards_of(views[k][1])
            k += 1
        start = text.rfind("\n", 0, offset) + 1
        end = text.find("\n", offset)
        line = text[start : end if end >= 0 else None]
        report = line.startswith(("== ", "   "))
        if card not in ((now_all | before_all) if report else (now | before)):
            bad.append((line, card))
    return bad


def transcript(argv: Sequence[str], answers: str) -> tuple[str, list[tuple[int, Any]], int]:
    """Run the command; its output, the hook's views with the output offset at which each came,
    and the exit status."""
    out, err = io.StringIO(), io.StringIO()
    views: list[tuple[int, Any]] = []
    with contextlib.redirect_stderr(err):
        status = main(
            ["--no-color", *argv],
            stdin=io.StringIO(answers),
            stdout=out,
            view_hook=lambda view: views.append((out.tell(), view)),
        )
    assert "Traceback" not in err.getvalue()
    return out.getvalue(), views, status


def test_the_reader_finds_every_notation() -> None:
    rook = get_game("rook").deck.cards
    french = get_game("euchre").deck.cards
    text = "Your hand: ♣ 9 10 | ♥ J A\nseat 1: play JH\nLast trick: seat 0 A♠, seat 1 ♦10 T1>F♣↓"
    assert [str(c) for _, c in printed_cards(text, french)] == [
        "9C",
        "10C",
        "JH",
        "AH",
        "JH",
        "AS",
        "10D",
    ]
    text = "Your hand: R 6 7 | Y 5 | Bird\nseat 3: play R14\nLast trick: seat 0 R, seat 1 B8"
    assert [str(c) for _, c in printed_cards(text, rook)] == [
        "R6",
        "R7",
        "Y5",
        "R",
        "R14",
        "R",
        "B8",
    ]
    # Words are not cards, nor are Tournament's pile names or cards of another deck.
    assert not list(printed_cards("Game over as a team: bid 85, R1 9, R8 F♥↑", french))


def test_the_check_catches_a_leak() -> None:
    game = get_game("euchre")
    text, views, status = transcript(["play", "euchre", "--hand", "--seed", "4"], "1\n" * 50)
    assert status == 0
    assert unknown_cards(text, views, game.deck.cards) == []
    # The old narration printed the shuffle: after it the seat knew its five cards and the up-card.
    cut = text.index("\n", text.index("deals")) + 1
    deal = "-- chance: deal " + " ".join(str(c) for c in game.deck.cards) + "\n"
    leaks = unknown_cards(text[:cut] + deal + text[cut:], views, game.deck.cards)
    assert len(leaks) == 24 - 6 and all(line == deal.strip() for line, _ in leaks)
    unicode = "seat 2 shows " + " ".join(c.unicode for c in game.deck.cards) + "\n"
    assert len(unknown_cards(text[:cut] + unicode + text[cut:], views, game.deck.cards)) == 18


def test_the_check_holds_in_later_hands() -> None:
    """Rook's views keep the whole hand before (``last``): a card it names is known for the
    hand's result, not for the play of the next hand."""
    deck = get_game("rook").deck.cards
    text, views, status = transcript(
        ["play", "rook", "--seed", "5", "--bots", "random"], "1\n" * 3000
    )
    assert status == 0 and unknown_cards(text, views, deck) == []
    second = text.index("\n", text.index("deals", text.index("== "))) + 1  # hand 2's deal
    shows = "seat 2 shows " + " ".join(c.ascii for c in deck) + "\n"
    leaks = unknown_cards(text[:second] + shows + text[second:], views, deck)
    assert len(leaks) >= len(deck) - 20 and all(line == shows.strip() for line, _ in leaks)


SEATS = {"euchre": 3, "rook": 1, "voormsi": 2, "tournament": 0}


@pytest.mark.parametrize("bots", ["heuristic", "random"])
@pytest.mark.parametrize("start", ["hand", "match"])
@pytest.mark.parametrize("game_name", GAMES)
def test_a_player_is_shown_only_what_its_seat_may_know(
    game_name: str, start: str, bots: str
) -> None:
    game = get_game(game_name)
    seed = {"hand": 7, "match": 5}[start] + (bots == "random")
    seat = SEATS[game_name] if start == "match" else 0
    argv = ["play", game_name, "--seed", str(seed), "--seat", str(seat), "--bots", bots]
    if start == "hand":
        argv.append("--hand")
    text, views, status = transcript(argv, "1\n" * 3000)
    assert status == 0
    assert "Game over" in text or "Bye." in text
    assert views, "the hook saw no view"
    printed = {card for _, card in printed_cards(text, game.deck.cards)}
    assert len(printed) >= 5, "the reader should at least find the player's own cards"
    assert unknown_cards(text, views, game.deck.cards) == []
    # The shuffle is never printed, nor another seat's face-down cards.
    assert not re.search(r"^-- chance: deal ", text, re.MULTILINE)
    if game_name != "tournament":
        assert re.search(r"^-- (seat \d deals|you deal)$", text, re.MULTILINE)


@pytest.mark.parametrize("hand", [True, False], ids=["hand", "match"])
def test_a_plugin_game_gets_the_same_care(hand: bool) -> None:
    """The narration speaks only the Game protocol: the reference Whist plugin is told as
    carefully as the shipped games."""
    import cardrules_whist

    game = cardrules_whist.make_game()
    argv = ["--plugin", "whist=cardrules_whist:make_game", "play", "whist", "--bots", "random"]
    argv += ["--seat", "1", "--seed", "9", *(["--hand"] if hand else [])]
    text, views, status = transcript(argv, "1\n" * 2000)
    assert status == 0 and "Game over" in text
    assert unknown_cards(text, views, game.deck.cards) == []
    assert len({card for _, card in printed_cards(text, game.deck.cards)}) >= 13


def test_hidden_moves_are_told_by_their_count() -> None:
    text, _views, _ = transcript(["play", "rook", "--seed", "11", "--hand"], "1\n" * 400)
    assert re.search(r"^seat \d buries five cards \(face down\)$", text, re.MULTILINE)
    assert not re.search(r"^seat \d: bury", text, re.MULTILINE)
    text, _views, _ = transcript(
        ["play", "euchre", "--seed", "11", "--bots", "random"], "1\n" * 900
    )
    assert re.search(r"^seat \d discards a card \(face down\)$", text, re.MULTILINE)
    assert not re.search(r"^seat \d: discard", text, re.MULTILINE)
    assert re.search(r"^-- seat \d deals$", text, re.MULTILINE)
    assert re.search(r"^-- chance: dealer \d$", text, re.MULTILINE)


@pytest.mark.parametrize("game_name", GAMES)
def test_replay_from_a_seat_shows_only_what_it_may_know(game_name: str, tmp_path: Path) -> None:
    game = get_game(game_name)
    record = tmp_path / "game.json"
    _text, _views, status = transcript(
        ["play", game_name, "--hand", "--seed", "3", "--record", str(record)], "1\n" * 400
    )
    assert status == 0 and record.exists()
    for seat in range(game.num_players):
        text, views, status = transcript(["replay", str(record), "--seat", str(seat)], "")
        assert status == 0
        assert f"seat {seat}'s view" in text
        assert unknown_cards(text, views, game.deck.cards) == []
        stepped, views, status = transcript(
            ["replay", str(record), "--seat", str(seat), "--step"], "\n" * 400
        )
        assert status == 0 and unknown_cards(stepped, views, game.deck.cards) == []
    omniscient, _views, status = transcript(["replay", str(record)], "")
    assert status == 0 and "omniscient" in omniscient
    assert set(game.deck.cards) <= {c for _, c in printed_cards(omniscient, game.deck.cards)}


@pytest.mark.parametrize("name", ["euchre", "rook", "tournament"])
def test_play_tells_each_hands_result_from_the_hand_report(name: str) -> None:
    """#17: play narrates the result of every hand from hand_report, and the end in words."""
    out = io.StringIO()
    answers = "resign\n" if name == "tournament" else "1\n" * 400  # the patience may loop
    main(
        ["--no-color", "play", name, "--seed", "4", "--hand"],
        stdin=io.StringIO(answers),
        stdout=out,
    )
    text = out.getvalue()
    head = "== The game: resigned." if name == "tournament" else "== Hand 1, dealt by seat"
    assert head in text and "score:" in text
    assert "Game over: " in text and "Outcome(" not in text
