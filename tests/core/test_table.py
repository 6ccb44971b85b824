"""The table object (:mod:`cardrules.table`, issue #30 item 1): a game and its state with history,
push/pop in notation, chance dealt from an explicit generator, views, pictures and records.

The table must be a convenience over ``game.apply``, never a second engine: every check below
compares it with plain stepping through the game (``new_match``/``new_hand``, ``apply``,
``sample_chance``), which is what a user would write without it.
"""

from __future__ import annotations

import doctest
import random
import re
from pathlib import Path
from typing import Any, Literal

import pytest

from cardrules import (
    CHANCE,
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    Deal,
    GameRecord,
    IllegalActionError,
    NotationError,
    RecordError,
    Table,
    TableStep,
    get_game,
    svg,
)
from cardrules.records import ReplayError, replay
from cardrules.table import UndoError

Start = Literal["match", "hand"]
GAMES = ("euchre", "rook", "voormsi", "tournament")
SEEDS = range(6)


def start_of(game: Any, start: Start) -> Any:
    """The state a table of ``start`` with no dealer starts from."""
    return game.new_match() if start == "match" else game.new_hand(dealer=None)


def plain_play(
    game: Any, seed: int, start: Start, limit: int
) -> tuple[list[tuple[int, Any]], list[Any]]:
    """Random play by plain stepping: chance from ``Random(seed)`` whenever the game is at a
    chance step, the seats' choices from ``Random(seed + 1000)``. The steps and the states
    (``states[k]`` after ``k`` steps)."""
    chance, choose = random.Random(seed), random.Random(seed + 1000)
    state = start_of(game, start)
    steps: list[tuple[int, Any]] = []
    states = [state]
    while not game.is_over(state) and len(steps) < limit:
        seat = game.to_move(state)
        if seat == CHANCE:
            action = game.sample_chance(state, chance)
        else:
            action = choose.choice(game.legal_actions(state))
        state = game.apply(state, action)
        steps.append((seat, action))
        states.append(state)
    return steps, states


def table_play(
    game: Any, seed: int, start: Start, limit: int
) -> tuple[Table[Any, Any, Any], list[int]]:
    """The same random play through a table dealing from ``Random(seed)``; the table and the
    ply before each push."""
    table = Table(game, start=start, rng=random.Random(seed))
    choose = random.Random(seed + 1000)
    pushed_at = []
    while not table.is_over and table.ply < limit:
        pushed_at.append(table.ply)
        table.push(choose.choice(table.legal_actions()))
    return table, pushed_at


def hands_of(game: Any, state: Any) -> dict[int, set[str]]:
    zones = game.card_zones(state)
    return {
        seat: {card.ascii for card in zones.get(f"hand {seat}", ())}
        for seat in range(game.num_players)
    }


def drawn_face_up(picture: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', picture))


def euchre_revoke_pending(seed_from: int = 0) -> tuple[Any, Table[Any, Any, Any], int, Any]:
    """A Euchre table in revoke mode (E17) where some seat not to move may correct a revoke:
    (game, table, that seat, its correction)."""
    game = get_game("euchre", renege_mode=True)
    for seed in range(seed_from, seed_from + 500):
        table = Table(game, start="hand", dealer=0, rng=random.Random(seed))
        choose = random.Random(seed)
        while not table.is_over:
            for seat in range(4):
                if seat != table.to_move:
                    extra = game.out_of_turn_actions(table.state, seat)
                    if extra:
                        return game, table, seat, extra[0]
            table.push(choose.choice(table.legal_actions()))
    raise AssertionError("no revoke in 500 hands")


# -- push and pop against plain stepping -----------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_push_steps_as_plain_apply_and_pop_walks_back(name: str, seed: int) -> None:
    game = get_game(name)
    steps, states = plain_play(game, seed, "hand", 400)
    table, pushed_at = table_play(game, seed, "hand", 400)
    assert table.steps == tuple(steps[: table.ply])
    assert table.state == states[table.ply]
    assert [step.notation for step in table.history] == [game.format_action(a) for _, a in steps]
    assert all(step.auto == (step.seat == CHANCE) for step in table.history)
    for ply in reversed(pushed_at):
        popped = table.pop()
        assert table.ply == ply
        assert table.state == states[ply]
        assert (popped.seat, popped.action) == steps[ply]
    # Only the table's own first deal is left: pop has nothing pushed to take back.
    assert all(step.auto for step in table.history)
    with pytest.raises(UndoError):
        table.pop()


@pytest.mark.parametrize("seed", range(3))
def test_a_match_deals_every_new_hand_after_the_push_that_ends_the_last(seed: int) -> None:
    """E3/E4: the first dealer and each hand's deal are chance steps the table deals itself;
    popping the play that ended a hand takes its next deal back with it."""
    game = get_game("euchre")
    steps, states = plain_play(game, seed, "match", 120)
    table, pushed_at = table_play(game, seed, "match", 120)
    assert table.steps == tuple(steps[: table.ply])
    deals = [k for k, (seat, action) in enumerate(table.steps) if isinstance(action, Deal)]
    assert len(deals) >= 2  # several hands were dealt along the way
    ended = deals[1] - 1  # the play that finished the first hand, followed by the next deal
    assert ended in pushed_at
    table.undo_to(ended + 1)
    table.pop()
    assert table.ply == ended and table.state == states[ended]


@pytest.mark.parametrize("name", GAMES)
def test_undo_to_reaches_every_earlier_point_and_play_goes_on_from_there(name: str) -> None:
    game = get_game(name)
    steps, states = plain_play(game, 11, "hand", 300)
    table, _ = table_play(game, 11, "hand", 300)
    history = table.history
    table.rng = None  # steps pushed below are the plain game's, chance ones included
    for ply in sorted({0, 1, len(steps) // 2, len(steps) - 1, len(steps)}, reverse=True):
        taken = table.undo_to(ply)
        assert table.ply == ply and table.state == states[ply]
        assert table.history == history[:ply]
        assert len(taken) == 0 or taken[0] == history[ply]
        if ply < len(steps):
            # Going on from there: the next step pushed by hand gives the plain game's next state.
            seat, action = steps[ply]
            table.push(action, seat=seat)
            assert table.state == states[ply + 1]
            table.undo_to(ply)
    with pytest.raises(ArgumentError, match="ply must be from 0 to"):
        table.undo_to(table.ply + 1)


def test_undo_to_a_chance_step_waits_for_a_push_or_deal() -> None:
    game = get_game("rook")
    table = Table(game, start="hand", dealer=0, rng=random.Random(3))
    dealt = table.state
    table.undo_to(0)
    assert table.to_move == CHANCE and table.legal == () and table.ply == 0
    assert table.deal(random.Random(3)) == 1  # the same generator deals the same cards (R5)
    assert table.state == dealt
    first = table.pop()  # a deal() is a push: pop takes it back
    assert first.seat == CHANCE and not first.auto and table.ply == 0
    assert table.deal() == 1  # from the table's own generator, drawn on from where it was
    assert table.to_move not in (CHANCE, None)


# -- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_text_pushes_as_its_action_and_legal_is_the_notation(name: str) -> None:
    game = get_game(name)
    by_action = Table(game, start="hand", rng=random.Random(5))
    by_text = Table(game, start="hand", rng=random.Random(5))
    choose = random.Random(9)
    for _ in range(12):
        if by_action.is_over:
            break
        assert by_text.legal == tuple(game.format_action(a) for a in by_text.legal_actions())
        k = choose.randrange(len(by_action.legal))
        by_action.push(by_action.legal_actions()[k])
        by_text.push(by_text.legal[k])
        assert by_text.state == by_action.state
    assert by_text.history == by_action.history


def test_a_stacked_deck_is_pushed_as_text_or_as_a_deal() -> None:
    """E4: the deal is a chance step; a stacked deck is that step pushed."""
    game = get_game("euchre")
    order = tuple(reversed(range(24)))
    as_action = Table(game, start="hand", dealer=0)
    assert as_action.to_move == CHANCE
    as_action.push(Deal(order))
    as_text = Table(game, start="hand", dealer=0)
    as_text.push(as_action.history[0].notation)
    plain = game.apply(game.new_hand(dealer=0), Deal(order))
    assert as_action.state == as_text.state == plain
    assert as_action.history[0] == TableStep(CHANCE, Deal(order), as_action.history[0].notation)


# -- out of turn -----------------------------------------------------------------------------


def test_E17_a_revoke_is_corrected_out_of_turn_with_its_seat() -> None:
    game, table, seat, correction = euchre_revoke_pending()
    before, ply = table.state, table.ply
    text = game.format_action(correction)
    assert text in table.legal_texts(seat=seat)
    assert correction in table.legal_actions(seat=seat)
    assert text not in table.legal
    # Without its seat, the correction is the seat to move's: the game refuses it.
    with pytest.raises(CardrulesError):
        table.push(text)
    assert table.state is before and table.ply == ply
    table.push(text, seat=seat)
    assert table.history[-1].seat == seat and table.history[-1].notation == text
    assert table.state == game.apply(before, correction, seat=seat)
    record = table.to_record()
    assert record.actions[ply] == (seat, text)
    assert replay(record) == table.state
    assert table.pop().seat == seat and table.state is before


def test_R24_a_revoke_claim_out_of_turn_in_rook() -> None:
    """R24: in table play a revoke may be claimed by an opponent, out of turn."""
    game = get_game("rook", renege_mode=True)
    for seed in range(400):
        table = Table(game, start="hand", dealer=0, rng=random.Random(seed))
        choose = random.Random(seed)
        while not table.is_over:
            claims = [
                (seat, a)
                for seat in range(4)
                if seat != table.to_move
                for a in game.out_of_turn_actions(table.state, seat)
                if "claim" in game.format_action(a)
            ]
            if claims:
                seat, claim = claims[0]
                before = table.state
                table.push(game.format_action(claim), seat=seat)
                assert table.state == game.apply(before, claim, seat=seat)
                assert table.history[-1].seat == seat
                return
            table.push(choose.choice(table.legal_actions()))
    raise AssertionError("no claim in 400 hands")


# -- chance ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_chance_is_dealt_from_the_tables_rng_only(name: str) -> None:
    game = get_game(name)
    random.seed(1)
    outside = random.getstate()
    a = Table(game, rng=random.Random(42))
    b = Table(game, rng=random.Random(42))
    c = Table(game, rng=random.Random(43))
    assert random.getstate() == outside  # the global generator is never touched
    assert a.history == b.history and a.state == b.state
    assert a.history != c.history
    assert a.history and all(step.seat == CHANCE and step.auto for step in a.history)
    assert a.to_move not in (CHANCE, None)
    without = Table(game)
    assert without.ply == 0 and without.to_move == CHANCE


# -- views, text and pictures ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["euchre", "rook", "voormsi"])
def test_a_seats_picture_and_text_never_show_the_other_hands(name: str) -> None:
    game = get_game(name)
    table, _ = table_play(game, 2, "hand", 6)
    hands = hands_of(game, table.state)
    whole = drawn_face_up(table.svg())
    assert set().union(*hands.values()) <= whole  # the whole table shows every hand
    for seat in range(game.num_players):
        mine = drawn_face_up(table.svg(seat=seat))
        others = set().union(*(cards for s, cards in hands.items() if s != seat))
        assert hands[seat] <= mine
        assert not mine & others, (seat, mine & others)
        assert table.svg(seat=seat) == svg.render(game.view(table.state, seat), game)
        assert table.text(seat=seat) == game.describe(game.view(table.state, seat))  # type: ignore[attr-defined]
    assert table._repr_svg_() == table.svg() == svg.render(table.state, game)
    assert table.svg(bottom=2, size=300) == svg.render(table.state, game, bottom=2, size=300)
    assert str(table) == table.text()
    assert table.position_text() in str(table)


def test_the_patience_table_is_its_one_seat() -> None:
    game = get_game("tournament")
    table = Table(game, rng=random.Random(1))
    assert table.svg(seat=0) == svg.render(game.view(table.state, 0), game)
    assert table.view(0) == game.view(table.state, 0)
    assert table.text(seat=0) in table.text()


@pytest.mark.parametrize("name", GAMES)
def test_reports_and_positions_are_the_games(name: str) -> None:
    game = get_game(name)
    table, _ = table_play(game, 4, "hand", 1000)
    assert table.is_over and table.outcome == game.outcome(table.state)
    assert table.hand_report() == game.hand_report(table.state)  # type: ignore[attr-defined]
    assert table.hand_report() is not None
    again = Table.from_position(game, table.position_text())
    assert again.state == table.state and again.ply == 0 and again.start is None


# -- records ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("start", ["match", "hand"])
def test_record_round_trip(name: str, start: Start) -> None:
    game = get_game(name)
    table, _ = table_play(game, 7, start, 60)
    record = table.to_record({"Event": "test"})
    assert record == GameRecord.from_json(record.to_json())
    assert replay(record) == table.state
    back = Table.from_record(record)
    assert back.state == table.state and back.steps == table.steps
    assert back.start == start and back.to_record({"Event": "test"}) == record
    from_text = Table.from_text(table.to_text(), game)
    assert from_text.state == table.state and from_text.steps == table.steps
    # A record read back can be taken back: the last push, with the deal after it.
    if any(not step.auto for step in back.history):
        assert back.pop() == table.pop()
        assert back.state == table.state


def test_a_record_with_a_dealer_starts_there() -> None:
    """E3: the first dealer; a table started at dealer 2 records it and starts there again."""
    game = get_game("euchre")
    table = Table(game, start="match", dealer=2, rng=random.Random(0))
    table.push(table.legal_actions()[0])
    record = table.to_record()
    assert record.dealer == 2 and record.start == "match"
    back = Table.from_record(record, game)
    assert back.dealer == 2 and back.state == table.state


def test_a_record_read_with_an_rng_is_dealt_on() -> None:
    game = get_game("rook")
    record = Table(game, start="hand", dealer=1).to_record()  # no step yet: the deal is due
    assert Table.from_record(record).to_move == CHANCE
    dealt = Table.from_record(record, rng=random.Random(8))
    assert dealt.to_move not in (CHANCE, None) and dealt.history[-1].auto


def test_a_table_at_a_position_has_no_record() -> None:
    game = get_game("euchre")
    table = Table.from_state(game, game.new_hand(dealer=0), rng=random.Random(1))
    assert table.start is None and table.ply == 1
    with pytest.raises(RecordError, match="started at a position"):
        table.to_record()


# -- bad input: a clear error, the table untouched --------------------------------------------


# The bad input below is what mypy would refuse: a caller without types is who sends it.
Loose: Any = Table


def snapshot(table: Table[Any, Any, Any]) -> tuple[Any, ...]:
    return (table.state, table.history, table.start_state)


@pytest.mark.parametrize(
    ("action", "seat", "error", "words"),
    [
        ("play nothing", None, NotationError, "not an action of euchre"),
        ("", None, NotationError, "not an action of euchre: ''"),
        (42, None, NotationError, "not an action of euchre: int 42"),
        (None, None, NotationError, "not an action of euchre: NoneType"),
        ("pass", True, ArgumentTypeError, "seat must be an int"),
        ("pass", 1.0, ArgumentTypeError, "seat must be an int"),
        ("pass", 4, ArgumentError, "seat must be from 0 to 3"),
        ("pass", -2, ArgumentError, "seat must be from 0 to 3"),
        ("pass", "1", ArgumentTypeError, "seat must be an int"),
        ("play AS", None, IllegalActionError, "E6"),
        ("pass", 3, IllegalActionError, "it is seat 1's turn"),  # and seat 3 has no claim
        ("pass", CHANCE, ArgumentError, "may act only at a chance state"),
        (Deal(tuple(range(24))), None, IllegalActionError, "E6"),  # the deal is done
    ],
)
def test_a_refused_push_leaves_the_table_as_it_was(
    action: Any, seat: Any, error: type[Exception], words: str
) -> None:
    table = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(7))
    before = snapshot(table)
    with pytest.raises(error, match=re.escape(words)):
        table.push(action, seat=seat)
    assert snapshot(table) == before


def test_a_push_after_the_end_is_refused() -> None:
    game = get_game("voormsi")
    table, _ = table_play(game, 1, "hand", 1000)
    assert table.is_over and table.legal == ()
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match="V25"):
        table.push(table.history[-1].action)  # an action of the game, after its end (V25)
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [
        (lambda: Loose("euchre"), ArgumentTypeError, "build it with cardrules.get_game"),
        (lambda: Loose(None), ArgumentTypeError, "game must be a game"),
        (lambda: Loose(get_game("euchre"), start="deal"), ArgumentError, "start must be"),
        (lambda: Loose(get_game("euchre"), dealer=4), ArgumentError, "dealer must be from 0 to 3"),
        (lambda: Loose(get_game("euchre"), dealer=True), ArgumentTypeError, "dealer must be"),
        (
            lambda: Loose(get_game("euchre"), rng=7),
            ArgumentTypeError,
            "rng must be a random.Random",
        ),
        (lambda: Loose(get_game("euchre"), rng=random), ArgumentTypeError, "rng must be"),
        (
            lambda: Loose.from_state(get_game("euchre"), get_game("rook").new_hand(dealer=0)),
            ArgumentTypeError,
            "state must be a EuchreState",
        ),
        (
            lambda: Loose.from_state(
                get_game("euchre"), get_game("euchre", target_score=5).new_match()
            ),
            ArgumentError,
            "target_score",
        ),
        (lambda: Loose.from_state(get_game("euchre"), None), ArgumentTypeError, "state must be"),
        (
            lambda: Loose.from_position(get_game("euchre"), 5),
            ArgumentTypeError,
            "text must be a str",
        ),
        (lambda: Loose.from_position(get_game("euchre"), "nonsense"), NotationError, "nonsense"),
        (lambda: Loose.from_record("{}"), ArgumentTypeError, "Table.from_text"),
        (lambda: Loose.from_text("not a record"), RecordError, "begins with its tags"),
        (
            lambda: Loose.from_record(
                GameRecord("euchre", {}, "hand", ((0, "play AS"),), dealer=0)
            ),
            ReplayError,
            "step 1",
        ),
        (
            lambda: Loose.from_record(
                GameRecord("euchre", {}, "hand", (), dealer=0), get_game("rook")
            ),
            RecordError,
            "not 'rook'",
        ),
    ],
)
def test_bad_arguments_are_refused_by_name(make: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=re.escape(words)):
        make()


def test_bad_arguments_to_the_methods_leave_the_table_as_it_was() -> None:
    table: Any = Table(get_game("euchre"), start="hand", dealer=0, rng=random.Random(7))
    table.push("pass")
    before = snapshot(table)
    calls: list[tuple[Any, type[Exception], str]] = [
        (lambda: table.view(4), ArgumentError, "seat must be from 0 to 3"),
        (lambda: table.view(True), ArgumentTypeError, "seat must be"),
        (lambda: table.legal_actions(seat=-1), ArgumentError, "seat"),
        (lambda: table.legal_texts(seat="0"), ArgumentTypeError, "seat"),
        (lambda: table.undo_to(-1), ArgumentError, "ply must be from 0 to 2"),
        (lambda: table.undo_to(3), ArgumentError, "ply must be from 0 to 2"),
        (lambda: table.undo_to(1.0), ArgumentTypeError, "ply must be an int"),
        (lambda: table.deal(rng=3), ArgumentTypeError, "rng must be"),
        (lambda: table.text(seat=9), ArgumentError, "seat"),
        (lambda: table.text(color="yes"), ArgumentTypeError, "color must be True or False"),
        (lambda: table.svg(seat=-1), ArgumentError, "seat"),
        (lambda: table.svg(size=0), ArgumentError, "size"),
        (lambda: table.svg(bottom=4), ArgumentError, "bottom must be a seat from 0 to 3"),
        (lambda: table.svg(highlight="AS"), ArgumentTypeError, "highlight"),
        (lambda: table.to_record(metadata={1: 2}), ArgumentTypeError, "metadata keys"),
        (lambda: table.to_record(metadata={"x": {1}}), RecordError, "JSON"),
        (lambda: setattr(table, "rng", 5), ArgumentTypeError, "rng must be"),
    ]
    for call, error, words in calls:
        with pytest.raises(error, match=re.escape(words)):
            call()
        assert snapshot(table) == before


def test_without_an_rng_deal_says_what_to_do() -> None:
    table = Table(get_game("euchre"))
    with pytest.raises(ArgumentError, match="no rng to deal from"):
        table.deal()
    assert table.ply == 0
    table.rng = random.Random(2)
    assert table.deal() == 2  # the first dealer (E3), then the deal (E4)
    assert table.history[0].notation.startswith("dealer ")
    assert [step.auto for step in table.history] == [False, True]
    table.pop()
    assert table.ply == 0


def test_a_game_that_never_leaves_chance_is_stopped() -> None:
    """A plugin whose chance never ends: the table gives up with an error, not a hang."""

    class Endless:
        name = "endless"
        num_players = 1

        def new_match(self) -> int:
            return 0

        def new_hand(self, dealer: int | None = None) -> int:
            return 0

        def to_move(self, state: int) -> int:
            return CHANCE

        def legal_actions(self, state: int) -> tuple[()]:
            return ()

        def out_of_turn_actions(self, state: int, seat: int) -> tuple[()]:
            return ()

        def apply(self, state: int, action: Any, seat: int | None = None) -> int:
            return state + 1

        def sample_chance(self, state: int, rng: random.Random) -> str:
            return "coin"

        def is_over(self, state: int) -> bool:
            return False

        def outcome(self, state: int) -> None:
            return None

        def view(self, state: int, seat: int) -> int:
            return state

        def format_action(self, action: Any) -> str:
            return str(action)

        def parse_action(self, text: str, state: int) -> str:
            return text

    table = Loose(Endless())
    with pytest.raises(CardrulesError, match="chance steps in a row"):
        table.deal(random.Random(0))
    assert table.ply == 0 and table.state == 0
    with pytest.raises(CardrulesError, match="no position text"):
        table.position_text()
    with pytest.raises(CardrulesError, match="no hand reports"):
        table.hand_report()


# -- the README's first example ---------------------------------------------------------------


def test_the_readmes_first_example_drives_a_table_and_runs_as_written() -> None:
    """Issue #30: the README shows the table object in its first example, and it is true."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    first = re.search(r"```python\n(.*?)```", readme, re.S)
    assert first is not None
    assert "Table(" in first.group(1) and ">>> " in first.group(1)
    test = doctest.DocTestParser().get_doctest(first.group(1), {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, len(test.examples))


# -- the command line plays on this table ------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "watch"])
def test_the_cli_plays_and_watches_on_the_public_table(
    command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue #30: the CLI's private table class became :class:`cardrules.table.Table`; the
    record ``--record`` saves is the table's own."""
    import io

    import cardrules.cli as cli

    made: list[Table[Any, Any, Any]] = []

    class Watched(Table):  # type: ignore[type-arg]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(cli, "Table", Watched)
    path = tmp_path / "game.json"
    argv = [command, "euchre", "--hand", "--seed", "3", "--quiet", "--record", str(path)]
    assert cli.main(argv, stdin=io.StringIO("1\n" * 60), stdout=io.StringIO()) == 0
    assert len(made) == 1 and made[0].is_over
    assert GameRecord.from_json(path.read_text(encoding="utf-8")) == made[0].to_record(
        GameRecord.from_json(path.read_text(encoding="utf-8")).metadata
    )
