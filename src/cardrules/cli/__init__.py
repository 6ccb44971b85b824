"""The ``cardrules`` command: play, watch, simulate, replay and inspect any registered game.

``python -m cardrules`` works too. Every sub-command speaks only the Game protocol, so a plugin game
gets the whole command for free; two optional hooks make it nicer: ``game.describe(view) -> str``
(how a seat's view is shown) and ``game.heuristic_bot() -> Bot`` (the ``--bots heuristic`` choice).

``play`` and ``replay --seat N`` tell a seat only what it may know (see
:mod:`cardrules.cli.narration`); ``watch`` and ``replay`` without ``--seat`` are a spectator's
omniscient view and say so. Besides each action, they tell the contract, each trick's winner and
points, and the patience's deals (:mod:`cardrules.cli.talk`), and each hand's result from the
game's hand report; ``--quiet`` leaves all that out, and ``--svg FILE`` keeps a picture of the
game (the seat's view in ``play``) in FILE after every step.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import random
import re
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Literal

from cardrules import svg
from cardrules.bots import Bot, RandomBot
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.cli import rulebook_text
from cardrules.cli.choices import Choices, ascii_spelling
from cardrules.cli.narration import (
    Narrator,
    ReportWatcher,
    ViewHook,
    outcome_line,
    report_lines,
    summary_lines,
)
from cardrules.cli.render import Style, describe_view
from cardrules.cli.talk import TableTalk
from cardrules.errors import (
    CardrulesError,
    IllegalActionError,
    NotationError,
    RecordError,
    RulesError,
)
from cardrules.game import CHANCE, Deal, RulesConfig, normalize_notation
from cardrules.notation import looks_numeric, read_number
from cardrules.records import GameRecord, record_game, replay_steps
from cardrules.recordtext import read_any
from cardrules.registry import (
    all_or_nothing,
    available_games,
    get_factory,
    get_game,
    register,
)
from cardrules.rulebook import RuleId, rule_title
from cardrules.sim import DEFAULT_MAX_STEPS, load_bot, rotate_lineups, simulate
from cardrules.table import Table

__all__ = ["main"]

BOT_CHOICES = ("heuristic", "random", "ismcts", "pimc")


_PYTHON_WORDS: dict[str, Any] = {"True": True, "False": False, "None": None}


def _parse_value(raw: str) -> Any:
    """A ``--rules`` value: JSON when it parses (numbers, true/false, null, "text"), ``True``,
    ``False`` and ``None`` as ``cardrules rules`` prints them, else the text itself."""
    if raw in _PYTHON_WORDS:
        return _PYTHON_WORDS[raw]
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def _parse_rules(pairs: Sequence[str]) -> dict[str, Any]:
    """``key=value`` pairs, each value read by :func:`_parse_value`; a key given twice is an
    error (which value was meant cannot be told), not the last one silently winning.

    >>> _parse_rules(["target_score=5", "stick_the_dealer=true"])
    {'target_score': 5, 'stick_the_dealer': True}
    >>> _parse_rules(["target_score=5", "target_score=6"])
    Traceback (most recent call last):
    ...
    cardrules.errors.CardrulesError: --rules gives target_score twice (5 and 6)
    """
    options: dict[str, Any] = {}
    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise CardrulesError(f"--rules takes key=value pairs, not {pair!r}")
        if key in given:
            raise CardrulesError(f"--rules gives {key} twice ({given[key]} and {raw})")
        given[key] = raw
        options[key] = _parse_value(raw)
    return options


def _rules_type(game: Any) -> type[RulesConfig] | None:
    """The game's rules class when it is a :class:`~cardrules.game.RulesConfig`, else ``None``."""
    kind = type(getattr(game, "rules", None))
    return kind if issubclass(kind, RulesConfig) else None


def _build_game(args: argparse.Namespace) -> Any:
    """The game of ``args.game`` with the rules of ``--preset`` (if given) and ``--rules``.

    A preset is looked up in the game's rules class (a :class:`~cardrules.game.RulesConfig`), so
    any plugin game whose factory takes its rules options as keywords gets ``--preset`` too.
    """
    options = _parse_rules(args.rules)
    preset = getattr(args, "preset", None)
    if preset is None:
        return get_game(args.game, **options)
    rules_type = _rules_type(get_game(args.game))
    if rules_type is None or not rules_type.PRESETS:
        raise RulesError(f"{args.game} has no presets")
    if preset not in rules_type.PRESETS:
        known = ", ".join(rules_type.PRESETS)
        raise RulesError(f"no preset {preset!r} for {args.game} (known: {known})")
    rules = rules_type.preset(preset, **options)
    return get_game(args.game, **rules.changed())


def _make_bot(game: Any, name: str, iterations: int) -> Bot:
    if name == "random":
        return RandomBot()
    if name == "ismcts":
        return ISMCTSBot(game, iterations=iterations)
    if name == "pimc":
        from cardrules.bots.pimc import PIMCBot
        from cardrules.solver import SolverError

        try:
            return PIMCBot(game)
        except SolverError:
            raise CardrulesError(
                f"{game.name} has no double-dummy solver for pimc; use heuristic, random or ismcts"
            ) from None
    hook = getattr(game, "heuristic_bot", None)
    if hook is None:
        raise CardrulesError(f"{game.name} has no heuristic bot; use --bots random or ismcts")
    try:
        bot: Bot = hook()
    except CardrulesError:
        raise CardrulesError(
            f"{game.name} has no heuristic bot; use --bots random or ismcts"
        ) from None
    return bot


def _load_plugins(specs: Sequence[str]) -> None:
    """Register each ``--plugin NAME=module:factory``, all or none: when one is refused, the
    registry is left as it was (a built-in game a plugin's name shadowed included)."""
    with all_or_nothing():
        for spec in specs:
            _load_plugin(spec)


def _load_plugin(spec: str) -> None:
    name, _, target = spec.partition("=")
    module_name, _, attr = target.partition(":")
    if not name or not module_name or not attr:
        raise CardrulesError(f"--plugin takes NAME=module:factory, not {spec!r}")
    sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a missing module, or one that fails as it is imported
        raise CardrulesError(
            f"--plugin {spec}: cannot import {module_name}: {type(exc).__name__}: {exc}"
        ) from None
    factory = getattr(module, attr, None)
    if factory is None:
        raise CardrulesError(f"--plugin {spec}: module {module_name} has no {attr!r}")
    try:
        register(name, factory)
        # Built once now, with its default rules, so that a factory that is not a game's
        # is a one-line error here rather than a traceback in whatever command runs.
        get_game(name)
    except CardrulesError as exc:
        raise CardrulesError(f"--plugin {spec}: {exc}") from None
    except Exception as exc:
        raise CardrulesError(
            f"--plugin {spec}: the factory fails: {type(exc).__name__}: {exc}"
        ) from None


class _Session:
    """Reads commands and writes output; kept apart so tests can drive it with strings."""

    def __init__(
        self, inp: IO[str], out: IO[str], style: Style, view_hook: ViewHook | None = None
    ) -> None:
        self.inp, self.out, self.style = inp, out, style
        self.view_hook = view_hook

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        return line.strip()


def _bot_lineup(names: Sequence[str], num_players: int) -> list[str]:
    """The bot of each seat for ``--bots NAME …``: the names are a line-up repeated round the table,
    so their number must divide the number of seats.

    One name plays every seat; in a four-seat partnership game two names are the two teams (seats
    0 and 2 play the first, 1 and 3 the second); one name per seat sets each seat.

    >>> _bot_lineup(["heuristic", "random"], 4)
    ['heuristic', 'random', 'heuristic', 'random']
    >>> _bot_lineup(["random"], 3)
    ['random', 'random', 'random']
    >>> _bot_lineup(["heuristic", "random", "ismcts"], 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.CardrulesError: --bots takes 1, 2 or 4 names for 4 seats (a line-up repeated round the table: --bots heuristic random seats heuristic at 0 and 2, random at 1 and 3), not 3
    """
    if num_players % len(names) == 0:
        return list(names) * (num_players // len(names))
    counts = [str(k) for k in range(1, num_players + 1) if num_players % k == 0]
    if len(counts) == 1:
        raise CardrulesError(f"--bots takes one name for 1 seat, not {len(names)}")
    allowed = ", ".join(counts[:-1]) + f" or {counts[-1]}"
    example = (
        ": --bots heuristic random seats heuristic at 0 and 2, random at 1 and 3"
        if num_players == 4
        else ""
    )
    raise CardrulesError(
        f"--bots takes {allowed} names for {num_players} seats (a line-up repeated round the "
        f"table{example}), not {len(names)}"
    )


def _bots_for(game: Any, names: Sequence[str], iterations: int) -> list[Bot]:
    # The same names as simulate's: built-in bots, module:Class, or an entry point's name.
    return _sim_bots(game, names, iterations)


def _check_seat_arg(seat: int, game: Any) -> int:
    """``--seat`` must name a seat of the game (known only once the game is built)."""
    if not 0 <= seat < game.num_players:
        last = game.num_players - 1
        raise CardrulesError(
            f"argument --seat: {game.name} has seat 0 only, not {seat}"
            if last == 0
            else f"argument --seat: must be from 0 to {last} for {game.name}, not {seat}"
        )
    return seat


_PATH_REFERENCE = re.compile(
    r"\s*\b(?:of|in|from|see)\s+``[^`]*(?:/|\.[A-Za-z]{1,4})``"  # "of ``shared/x.md``"
    r"|\s*``[^`]*/[^`]*``"  # any other ``path/like``
    r"|\s*(?<![\w`])[\w.-]+(?:/[\w.-]+)+\.[A-Za-z]{1,4}\b"  # a bare path/like.md
)
_ROLE = re.compile(r":[\w:.-]+:`~?([^`<]*?)\s*(?:<([^`>]*)>)?`")
_LITERAL = re.compile(r"``(.+?)``")
_EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(\S(?:.*?\S)?)\*")


def _plain_role(match: re.Match[str]) -> str:
    text, target = match.group(1), match.group(2)
    if target is not None:  # :role:`words <target>`
        return text
    return text.rsplit(".", 1)[-1] if match.group(0).split("`", 1)[1].startswith("~") else text


def _plain_summary(doc: str | None) -> str:
    r"""The first paragraph of a docstring as plain text on one line: reStructuredText roles,
    literals and emphasis are reduced to their text, and references to files are dropped.

    >>> _plain_summary("Euchre (rules E1-E17 of ``shared/rules/euchre.md``) on the :class:`Game`.")
    'Euchre (rules E1-E17) on the Game.'
    >>> _plain_summary("A :class:`~cardrules.game.Deal` or :func:`a sampler <sample>`.\n\nMore.")
    'A Deal or a sampler.'
    >>> _plain_summary("Whist (see docs/whist.md), **plain** and ``simple``.")
    'Whist, plain and simple.'
    """
    lines = []
    for line in (doc or "").strip().splitlines():
        if not line.strip():
            break
        lines.append(line.strip())
    text = " ".join(lines)
    text = _PATH_REFERENCE.sub("", text)
    text = _ROLE.sub(_plain_role, text)
    text = _LITERAL.sub(r"\1", text)
    text = _EMPHASIS.sub(lambda m: m.group(1) or m.group(2), text)
    text = re.sub(r"\(\s*(?:see|in|of|from)?\s*\)", "", text)  # parentheses left empty
    text = re.sub(r"\s+([),.;:])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def _cmd_list(args: argparse.Namespace, session: _Session) -> int:
    for name in available_games():
        try:
            game = get_game(name)
            summary = _plain_summary(type(game).__doc__)
            session.say(f"{name:<12} {game.num_players} player(s)  {summary}")
        except Exception as exc:
            session.say(f"{name:<12} (cannot load: {exc})")
    return 0


def _say_wrapped(session: _Session, text: str, indent: str, later: str) -> None:
    for line in textwrap.wrap(text, width=100, initial_indent=indent, subsequent_indent=later):
        session.say(line)


def _changes_text(changes: Mapping[str, Any]) -> str:
    if not changes:
        return "no change: the defaults"
    return ", ".join(f"{key}={value!r}" for key, value in changes.items())


def _cmd_rules(args: argparse.Namespace, session: _Session) -> int:
    game = _build_game(args)
    if args.rule is not None:  # one entry of the rule book in full, or those that mention words
        for line in rulebook_text.lookup_lines(game, args.rule):
            session.say(line)
        return 0
    rules = game.rules
    chosen = f", preset {args.preset}" if args.preset else ""
    session.say(f"{game.name} rules ({type(rules).__name__}{chosen})")
    rules_type = _rules_type(game)
    if rules_type is None:
        session.say(f"  {rules!r}")
        for line in rulebook_text.summary_lines(game):
            session.say(line)
        return 0
    session.say("options (--rules NAME=VALUE):")
    for option in rules_type.options():
        value = getattr(rules, option.name)
        same = type(value) is type(option.default) and value == option.default
        marker = "   (default)" if same else f"   (default {option.default!r})"
        session.say(f"  {option.name} = {value!r}{marker}")
        meaning = f"[{option.rule}] {option.meaning}" if option.rule else option.meaning
        if meaning:
            _say_wrapped(session, meaning, " " * 6, " " * 6)
        _say_wrapped(session, f"allowed: {option.allowed_text}", " " * 6, " " * 15)
    if rules_type.PRESETS:
        session.say("presets (--preset NAME):")
        width = max(len(name) for name in rules_type.PRESETS) + 2
        for name in rules_type.PRESETS:
            mark = "*" if name == args.preset else " "
            text = _changes_text(rules_type.preset_changes(name))
            _say_wrapped(session, text, f" {mark}{name:<{width}}", " " * (width + 2))
    for line in rulebook_text.summary_lines(game):
        session.say(line)
    return 0


_OUT_OF_TURN = "   (out of turn)"


def _format_options(game: Any, state: Any, seat: int) -> list[tuple[Any, int | None, str]]:
    options: list[tuple[Any, int | None, str]] = []
    if game.to_move(state) == seat:
        options += [(a, None, game.format_action(a)) for a in game.legal_actions(state)]
    options += [
        (a, seat, game.format_action(a) + _OUT_OF_TURN)
        for a in game.out_of_turn_actions(state, seat)
    ]
    return options


class _Teller:
    """What is said after each step besides the step itself: the table talk (contract, tricks, a
    patience's deals) and the report of each hand as it is scored; nothing with ``--quiet``."""

    def __init__(
        self,
        game: Any,
        session: _Session,
        view_of: Callable[[Any], Any],
        *,
        me: int | None = None,
        quiet: bool = False,
        omniscient: bool = False,
    ) -> None:
        self.game, self.session, self.me, self.quiet = game, session, me, quiet
        self.reports = ReportWatcher(game)
        self.talk = TableTalk(game, view_of, me=me, style=session.style, omniscient=omniscient)

    def after(self, state: Any) -> None:
        """Say what the step that led to ``state`` calls for."""
        if self.quiet:
            return
        report = self.reports.update(state)
        for line in self.talk.after(state, report):
            self.session.say(line)
        if report is not None:
            for line in report_lines(report, num_players=self.game.num_players, me=self.me):
                self.session.say(line)


def _draw(path: Path | None, value: Any, game: Any) -> None:
    """Write the picture of ``value`` (a view or a state) to ``path`` (``--svg``), if given."""
    if path is not None:
        path.write_text(svg.render(value, game), encoding="utf-8")


def _show_zones(game: Any, state: Any, session: _Session) -> None:
    """Every non-empty zone of cards (the omniscient picture after a deal)."""
    try:
        zones = game.card_zones(state)
    except (AttributeError, NotImplementedError, CardrulesError):
        return
    for name, cards in zones.items():
        if cards:
            session.say(f"   {name}: " + " ".join(session.style.card(c) for c in cards))


def _show_every_seat(game: Any, state: Any, session: _Session) -> None:
    """Each seat's view, one after the other (omniscient)."""
    for seat in range(game.num_players):
        if game.num_players > 1:
            session.say(f"-- seat {seat}'s view")
        session.say(describe_view(game, game.view(state, seat), session.style))


def _show_the_end(game: Any, state: Any, reports: Sequence[Any], session: _Session) -> None:
    """The end of an omniscient narration: the hands in summary when there were several (each
    seat's view of an empty table would tell nothing, and one hand's report was just told); a
    patience's last layout, which is the whole table."""
    if game.num_players == 1:
        _show_every_seat(game, state, session)
    elif len(reports) > 1:
        for line in summary_lines(reports, num_players=game.num_players):
            session.say(line)


def _output_path(option: str, name: str | None) -> Path | None:
    """The file of an output option (``--record``, ``--svg``), refused before a game is played
    when it could not be written later: a missing folder, a folder, no permission.

    ``None`` (the option not given) stays ``None``.
    """
    if not name:
        return None
    path = Path(name)
    folder = path.parent
    if not folder.is_dir():
        raise CardrulesError(f"{option} {path}: there is no folder {folder}")
    if path.is_dir():
        raise CardrulesError(f"{option} {path}: that is a folder, not a file")
    writable = os.access(path, os.W_OK) if path.exists() else os.access(folder, os.W_OK | os.X_OK)
    if not writable:
        raise CardrulesError(f"{option} {path}: cannot write there (permission denied)")
    return path


def _cmd_play(args: argparse.Namespace, session: _Session) -> int:
    _output_path("--record", args.record)
    picture = _output_path("--svg", args.svg)
    game = _build_game(args)
    human = _check_seat_arg(args.seat, game)
    bots = _bots_for(game, args.bots, args.iterations)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    if args.winnable:
        seed = _winnable_seed(game, seed, session)
    # A seed the player did not give is told only at the end: ``watch --seed`` would show every
    # hidden card of the game in progress.
    told = args.seed is not None and not args.winnable
    rng = random.Random(seed)
    players = [
        "human" if s == human else name
        for s, name in enumerate(_bot_lineup(args.bots, game.num_players))
    ]
    tags = _record_tags(seed, players)  # for the record written at the end only: it has the seed
    # The table of cardrules.table, dealing nothing itself: each chance step is drawn here, in
    # turn with the bots' choices from the one seeded generator, and told as it is taken.
    table = Table(game, start="hand" if args.hand else "match")
    narrator = Narrator(game, human, hook=session.view_hook, me="you")
    teller = _Teller(game, session, narrator.view, me=human, quiet=args.quiet)
    seed_text = f" Seed {seed}." if told else ""
    session.say(f"{game.name}: you are seat {human}.{seed_text} Type help for commands.")

    def tell_seed() -> None:
        if not told:
            session.say(f"Seed {seed}: --seed {seed} deals this game again.")

    _draw(picture, narrator.view(table.state), game)

    def tell(actor: int, action: Any, *, out_of_turn: bool = False) -> None:
        before = table.state
        table.push(action, seat=actor if out_of_turn else None)
        line = narrator.line(before, actor, action, table.state)
        session.say(f"-- {line}" if actor == CHANCE else line)
        teller.after(table.state)
        # The seat's own view only: the picture shows what the narration may tell.
        _draw(picture, narrator.view(table.state), game)

    menu = Choices([])
    shown: Any = None  # the state whose table and choices were shown last
    reshow = False  # show the table and the choices (again)
    relist = False  # the picks changed: show the choices again
    told_ascii = False
    while True:
        state = table.state
        seat = game.to_move(state)
        if seat is None:
            session.say(describe_view(game, narrator.view(state), session.style))
            session.say(outcome_line(game, game.outcome(state), human))
            tell_seed()
            break
        if seat == CHANCE:
            tell(CHANCE, game.sample_chance(state, rng))
            continue
        options = _format_options(game, state, human)
        if seat != human and not options:
            tell(seat, _bot_choice(game, state, seat, bots[seat], rng))
            continue
        if shown is not state:
            shown, menu, reshow = state, Choices(options), True
        if reshow:
            # The table and the choices once per step; a bad answer, an empty line or help is
            # followed by the prompt alone (``show`` prints them again).
            reshow = relist = False
            session.say(describe_view(game, narrator.view(state), session.style))
            told_ascii = _show_choices(game, state, menu, session, told_ascii)
        elif relist:
            relist = False
            _show_choices(game, state, menu, session, told_ascii)
        if seat != human:
            # The human may act out of turn (a claim); offer it before the bot moves.
            answer = session.ask("Enter to continue, or an out-of-turn action: ")
        elif menu.picked:
            answer = session.ask(f"Your action (picked {menu.picked_text()}): ")
        else:
            answer = session.ask("Your action: ")
        if answer is None or answer in ("q", "quit"):
            tell_seed()
            return _quit(game, table.steps, args, session, tags)
        if answer == "":
            if seat != human:
                tell(seat, _bot_choice(game, state, seat, bots[seat], rng))
            continue
        if answer in ("help", "h", "?"):
            session.say(_help_text(game, state, menu))
            continue
        if answer == "show":
            reshow = True
            continue
        if answer == "save" or answer.startswith("save "):
            _save_finished_hands(game, table.steps, args, answer[4:].strip(), session)
            continue
        if seat != human:
            # Only the listed out-of-turn actions: reading or trying anything else in another
            # seat's turn could make the engine's refusal name that seat's cards.
            chosen = _listed_choice(options, answer, session)
        else:
            picks = list(menu.picked)
            chosen = _read_choice(game, state, menu, answer, session)
            relist = menu.picked != picks
        if chosen is None:
            continue
        action, actor = chosen
        try:
            if actor is not None:
                tell(actor, action, out_of_turn=True)
            else:
                tell(human, action)
        except CardrulesError as exc:
            session.say(f"Not allowed: {_refusal(game, action, exc)}")
            continue
    if args.record and not _save(game, table.steps, args, Path(args.record), session, tags):
        return 2
    return 0


def _winnable_seed(game: Any, start: int, session: _Session) -> int:
    """``--winnable``: the first seed from ``start`` on whose deal the solver proves won.

    The game is then dealt from that seed as usual, so ``--seed`` with it replays the same deal.
    """
    finder = getattr(game, "winnable_deal", None)
    if finder is None:
        raise CardrulesError(f"{game.name} cannot deal winnable games (--winnable needs a solver)")
    found = finder(start)
    session.say(
        f"Winnable deal: the solver found a win ({len(found.tries)} deal(s) tried); its seed is "
        "told when the game ends."
    )
    return int(found.seed)


def _bot_choice(game: Any, state: Any, seat: int, bot: Bot, rng: random.Random) -> Any:
    """What ``bot`` (seat ``seat``) plays, decided from its own view."""
    return bot.choose(game.view(state, seat), game.legal_actions(state), rng)


def _menu_number(answer: str, count: int, session: _Session) -> int | None:
    """The item number ``answer`` gives (1 to ``count``), or ``None`` after saying why it does
    not: out of range, or not written with the digits 0-9 (``²``, ``１``)."""
    try:
        return read_number(answer, "the number", minimum=1, maximum=count)
    except NotationError as exc:
        session.say(f"Choose a number from 1 to {count} ({exc}).")
        return None


def _read_choice(
    game: Any, state: Any, menu: Choices, answer: str, session: _Session
) -> tuple[Any, int | None] | None:
    """The action ``answer`` chooses in the seat's turn, or ``None`` (said why, or a card was
    picked or taken back: ``menu.picked`` tells)."""
    if menu.long and answer in ("undo", "back"):
        taken = menu.undo()
        session.say(f"Took {taken} back." if taken else "Nothing is picked yet.")
        return None
    if menu.long and answer == "done":
        option = menu.done()
        if option is None:
            picked = menu.picked_text()
            session.say(
                f"{picked} is not a whole action yet: pick more."
                if picked
                else "Pick a card first."
            )
            return None
        return option[0], option[1]
    if looks_numeric(answer):
        k = _menu_number(answer, len(menu.items()), session)
        option = None if k is None else menu.choose(k)
        return None if option is None else (option[0], option[1])
    try:
        action = game.parse_action(answer, state)
    except CardrulesError as exc:
        if menu.long:
            why = menu.pick_words(answer.split())
            if why is None:
                return None  # picked
            session.say(f"Cannot read that: {exc}; {why}. Type help for commands.")
            return None
        session.say(f"Cannot read that: {exc}. Type help for commands.")
        return None
    for option, actor, _ in menu.options:
        if option == action:
            return option, actor
    return action, None


def _show_choices(game: Any, state: Any, menu: Choices, session: _Session, told: bool) -> bool:
    """Print the numbered choices (in a long menu: what it holds, the picks so far and what may
    be picked next); the first time an action is written with symbols, say how to type it in
    ASCII. Returns whether that has been said."""
    if menu.long:
        if menu.picked:
            session.say(f"  picked: {menu.picked_text()} (undo takes the last one back)")
        else:
            _say_wrapped(session, menu.summary(), "  ", "  ")
    items = menu.items()
    for k, (_, text) in enumerate(items, 1):
        session.say(f"  {k}) {text}")
    if told:
        return True
    for option, _, text in menu.options:
        spelled = ascii_spelling(game, state, option, text.removesuffix(_OUT_OF_TURN))
        if spelled is not None:
            session.say(f"  (actions can be typed in ASCII too: {spelled} for {text})")
            return True
    return False


def _help_text(game: Any, state: Any, menu: Choices) -> str:
    """The commands at this step, with examples in the game's own notation (its legal actions)."""
    examples: dict[type[Any], str] = {}  # one example of each kind of action
    for option, _, text in menu.options:
        text = text.removesuffix(_OUT_OF_TURN)
        if type(option) not in examples and len(examples) < 3:
            spelled = ascii_spelling(game, state, option, text)
            examples[type(option)] = f'"{text}"' + (f' (in ASCII "{spelled}")' if spelled else "")
    lines = ["Commands:", "  a number    the choice of that number in the list"]
    if examples:
        said = f"in {game.name}'s notation, e.g. " + ", ".join(examples.values())
        lines += textwrap.wrap(
            said, width=100, initial_indent="  an action   ", subsequent_indent=" " * 14
        )
    if menu.long:
        lines += [
            "  a card      (a long list) picks it, by name or number; the list shows what may",
            "              still be picked",
            "  undo        takes the last card picked back (also: back)",
            "  done        takes the action the cards picked make",
        ]
    lines += [
        "  show        the table and the choices again",
        "  help        this text",
        "  save FILE   write the record of the finished hands (the hand in progress is left out:",
        "              its record holds the shuffle, which would show the cards hidden from you;",
        "              --record FILE saves the whole game at the end)",
        "  q           quit",
    ]
    return "\n".join(lines)


def _refusal(game: Any, action: Any, exc: CardrulesError) -> str:
    """Why ``action`` was refused, for a person: the rule with its title and the reason, the
    action in the game's notation (never a Python repr)."""
    try:
        written = game.format_action(action)
    except CardrulesError:
        written = type(action).__name__
    if not isinstance(exc, IllegalActionError):
        return f"{written}: {exc}"
    rule = exc.rule
    if isinstance(rule, RuleId):
        title = rule_title(rule)
        prefix = f"{rule.written} ({title}): " if title else f"{rule.written}: "
    else:
        prefix = f"{rule}: " if rule else ""
    why = f"{prefix}{exc.why}"
    return why if written in exc.why else f"{written}: {why}"


def _listed_choice(
    options: list[tuple[Any, int | None, str]], answer: str, session: _Session
) -> tuple[Any, int | None] | None:
    """One of ``options`` by number or by its text (in any notation); else a "not your turn"."""
    if looks_numeric(answer):
        k = _menu_number(answer, len(options), session)
        return None if k is None else (options[k - 1][0], options[k - 1][1])
    try:
        wanted = normalize_notation(answer)
    except CardrulesError:
        wanted = answer
    for option, actor, text in options:
        if normalize_notation(text.removesuffix(_OUT_OF_TURN)) == wanted:
            return option, actor
    session.say("Not your turn: press Enter, or choose one of the listed actions.")
    return None


def _quit(
    game: Any,
    steps: Sequence[tuple[int, Any]],
    args: argparse.Namespace,
    session: _Session,
    tags: Mapping[str, Any] | None = None,
) -> int:
    session.say("Bye.")
    if args.record and not _save(game, steps, args, Path(args.record), session, tags):
        return 2
    return 0


def _finished_hands(steps: Sequence[tuple[int, Any]]) -> int:
    """How many of ``steps`` belong to finished hands: everything before the chance steps that
    began the hand in progress (its shuffle, with any rejected shuffle or dealer draw before it).

    Each hand starts with a new shuffle (a :class:`~cardrules.game.Deal` of the whole deck), so
    nothing in an earlier hand's record tells where the cards of the hand in progress are.
    """
    last_deal = max((k for k, (seat, a) in enumerate(steps) if isinstance(a, Deal)), default=-1)
    if last_deal < 0:
        return 0
    cut = last_deal
    while cut > 0 and steps[cut - 1][0] == CHANCE:
        cut -= 1
    return cut


def _save_finished_hands(
    game: Any,
    steps: Sequence[tuple[int, Any]],
    args: argparse.Namespace,
    name: str,
    session: _Session,
) -> None:
    if not name:
        session.say("save takes a file name: save FILE")
        return
    cut = _finished_hands(steps)
    if cut == 0:
        session.say(
            "Nothing to save yet: no hand has finished, and the record of the hand in progress "
            "would show the other seats' cards. Use --record FILE to save the game when it ends."
        )
        return
    _save(game, steps[:cut], args, Path(name), session)
    session.say(
        f"({cut} steps of finished hands; the hand in progress is left out while it is played)"
    )


def _record_tags(seed: int, players: Sequence[str]) -> dict[str, Any]:
    """The tags of a record written at the end of a game (PGN's Date, and the seed and players):
    never of a record saved while a hand is played, whose seed would deal the hand in play."""
    return {
        "Date": datetime.date.today().strftime("%Y.%m.%d"),
        "Seed": seed,
        "Players": ", ".join(players),
    }


def _save(
    game: Any,
    steps: Sequence[tuple[int, Any]],
    args: argparse.Namespace,
    path: Path,
    session: _Session,
    tags: Mapping[str, Any] | None = None,
) -> bool:
    """Write the record of ``steps`` to ``path``, as text (the record notation, as PGN is
    chess's) unless its name ends in ``.json``; whether it was written (if not, it says why)."""
    start: Literal["match", "hand"] = "hand" if getattr(args, "hand", False) else "match"
    record = record_game(game, steps, start=start, metadata=tags)
    as_json = path.suffix.lower() == ".json"
    try:
        path.write_text(
            record.to_json(indent=1) if as_json else record.to_text(game), encoding="utf-8"
        )
    except OSError as exc:
        session.say(f"Cannot save the record: {exc}")
        return False
    session.say(f"Record saved to {path}")
    return True


def _cmd_watch(args: argparse.Namespace, session: _Session) -> int:
    _output_path("--record", args.record)
    picture = _output_path("--svg", args.svg)
    game = _build_game(args)
    bots = _bots_for(game, args.bots, args.iterations)
    seed = args.seed if args.seed is not None else 0
    rng = random.Random(seed)
    table = Table(game, start="hand" if args.hand else "match")
    narrator = Narrator(game, None)
    teller = _Teller(
        game, session, lambda state: game.view(state, 0), quiet=args.quiet, omniscient=True
    )
    session.say(f"{game.name}, seed {seed}. omniscient: every hand is shown.")
    _draw(picture, table.state, game)
    while (seat := game.to_move(table.state)) is not None:
        state = table.state
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = _bot_choice(game, state, seat, bots[seat], rng)
        table.push(action)
        line = narrator.line(state, seat, action, table.state)
        session.say(f"-- {line}" if seat == CHANCE else line)
        if isinstance(action, Deal) and not args.quiet:
            _show_zones(game, table.state, session)
        teller.after(table.state)
        _draw(picture, table.state, game)  # the omniscient table, as watched
    if not args.quiet:
        _show_the_end(game, table.state, teller.reports.seen, session)
    session.say(outcome_line(game, game.outcome(table.state)))
    if args.record:
        tags = _record_tags(seed, _bot_lineup(args.bots, game.num_players))
        if not _save(game, table.steps, args, Path(args.record), session, tags):
            return 2
    return 0


def _progress_printer(
    total: int, session: _Session, unit: str = "game"
) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    try:
        from tqdm import tqdm
    except ImportError:

        def plain(done: int, total: int) -> None:
            print(f"\r{done}/{total} {unit}s", end="", file=sys.stderr, flush=True)

        return plain, lambda: print(file=sys.stderr)
    bar = tqdm(total=total, unit=unit, file=sys.stderr)
    last = [0]

    def update(done: int, total: int) -> None:
        bar.update(done - last[0])
        last[0] = done

    return update, bar.close


def _sim_bots(game: Any, names: Sequence[str], iterations: int) -> list[Bot]:
    """``simulate``'s bots: a built-in name, ``module:Class`` (or ``module:factory``), or the name
    of a ``cardrules.bots`` entry point (:func:`cardrules.sim.load_bot`), each made once."""
    if any(":" in name for name in names) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as for --plugin: a bot module beside the user
    made: dict[str, Bot] = {}
    for name in dict.fromkeys(names):
        if name in BOT_CHOICES:
            made[name] = _make_bot(game, name, iterations)
            continue
        try:
            made[name] = load_bot(name, game)
        except CardrulesError as exc:
            built_in = "" if ":" in name else f" (built in: {', '.join(BOT_CHOICES)})"
            raise CardrulesError(f"--bots: {exc}{built_in}") from None
    return [made[name] for name in _bot_lineup(names, game.num_players)]


def _cmd_simulate(args: argparse.Namespace, session: _Session) -> int:
    game = _build_game(args)
    bots = _sim_bots(game, args.bots, args.iterations)
    if args.duplicate:
        rotate_lineups(game, bots, 0)  # refuses a game with no line-ups to swap, before any output
    progress, finish = _progress_printer(args.games, session, "deal" if args.duplicate else "game")
    start: Literal["match", "hand"] = "hand" if args.hand else "match"
    options: dict[str, Any] = {
        "games": args.games,
        "seed": args.seed,
        "start": start,
        "progress": progress,
        "max_steps": args.max_steps,
        "duplicate": args.duplicate,
    }
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.jobs) as pool:
            result = simulate(game, bots, executor=pool, **options)
    else:
        result = simulate(game, bots, **options)
    finish()
    if args.json:
        session.say(json.dumps(result.to_dict(), indent=1))
    else:
        session.say(result.table())
        if result.duplicate is not None:
            lineup = _bot_lineup(args.bots, game.num_players)
            named = (
                f"{t} = {' '.join(lineup[s] for s in team)}"
                for t, team in enumerate(result.duplicate.lineups)
            )
            session.say(f"  line-ups: {'; '.join(named)}")
    return 0 if not result.failures else 1


def _read_record(name: str) -> GameRecord:
    """The record in file ``name``; a :class:`RecordError` naming the file if it is not one."""
    data = Path(name).read_bytes()
    try:
        return read_any(data)  # the text form or JSON
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from None


def _cmd_replay(args: argparse.Namespace, session: _Session) -> int:
    record = _read_record(args.file)
    game = record.build_game()
    seat = args.seat if args.seat is None else _check_seat_arg(args.seat, game)
    if args.analyse and seat is not None:
        # The solver knows every hand: its marks would show a seat what its view does not hold.
        raise CardrulesError("--analyse is omniscient (every hand known): not with --seat")
    narrator = Narrator(game, seat, hook=session.view_hook)
    view_of = narrator.view if seat is not None else (lambda state: game.view(state, 0))
    teller = _Teller(game, session, view_of, quiet=args.quiet, omniscient=seat is None)
    if seat is None:
        session.say(
            f"{record.game}: omniscient review: every hand is shown "
            "(--seat N shows only what seat N may know)."
        )
    else:
        session.say(f"{record.game}: seat {seat}'s view: only what seat {seat} may know is shown.")
    state = record.start_state(game)
    try:
        for step in replay_steps(record, game):
            state = step.after
            session.say(
                f"{step.step:>4}. {narrator.line(step.before, step.seat, step.action, state)}"
            )
            if seat is None and isinstance(step.action, Deal) and not args.quiet:
                _show_zones(game, state, session)
            teller.after(state)
            if args.step:
                if seat is None:
                    _show_zones(game, state, session)
                else:
                    session.say(describe_view(game, narrator.view(state), session.style))
                if session.ask("(Enter for the next step, q to stop) ") in (None, "q"):
                    return 0
    except RecordError as exc:
        raise RecordError(f"{args.file}: {exc}") from None
    if not args.quiet:
        if seat is None:
            _show_the_end(game, state, teller.reports.seen, session)
        else:
            session.say(describe_view(game, narrator.view(state), session.style))
    if game.is_over(state):
        session.say(outcome_line(game, game.outcome(state)))
    if args.analyse:
        _say_analysis(game, record, session)
    return 0


def _say_analysis(game: Any, record: Any, session: _Session) -> None:
    """``replay --analyse``: each card play with its double-dummy cost, in the game's points."""
    from cardrules.solver import SolverError, analyse_steps

    steps = [(step.seat, step.action) for step in replay_steps(record, game)]
    try:
        marks = analyse_steps(game, record.start_state(game), steps)
    except SolverError as exc:
        raise CardrulesError(f"--analyse: {exc}") from None
    session.say("")
    session.say(
        "Double-dummy analysis (every hand known): the points each play gave away against the "
        "best play, for its side."
    )
    for mark in marks:
        played = f"{mark.step + 1:>4}. seat {mark.seat} {game.format_action(mark.action)}"
        if mark.cost is None:
            session.say(f"{played}: not analysed (too deep for the solver's node limit)")
        elif mark.cost == 0:
            session.say(f"{played}: best")
        else:
            best = ", ".join(game.format_action(a) for a in mark.best)
            session.say(f"{played}: -{mark.cost} (best: {best})")
    costly = [m for m in marks if m.cost]
    session.say(
        f"{len(marks)} card plays, {sum(m.analysed for m in marks)} analysed, "
        f"{len(costly)} gave points away ({sum(m.cost or 0 for m in costly)} in all)."
    )


def _count(minimum: int | None) -> Callable[[str], int]:
    """An argparse ``type``: an integer >= ``minimum`` (any integer for ``None``, a ``-`` sign
    allowed), written with the digits 0-9 (:mod:`cardrules.notation`); argparse reports
    anything else."""

    def parse(text: str) -> int:
        try:
            value = read_number(text, "the number", signed=True)
        except NotationError:
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise argparse.ArgumentTypeError(
                f"not an integer: {shown!r} (write it with the digits 0-9)"
            ) from None
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    parse.__name__ = "count" if minimum is not None else "integer"
    return parse


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardrules`` command."""
    parser = argparse.ArgumentParser(
        prog="cardrules", description="Play, watch, simulate and replay card games."
    )
    parser.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="NAME=module:factory",
        help="register an extra game for this run",
    )
    parser.add_argument(
        "--no-color",
        action="store_true",
        help="plain text (also when NO_COLOR is set and not empty, or output is not a terminal)",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    positive, seat_number, integer = _count(1), _count(0), _count(None)
    bots_option: dict[str, Any] = {
        "nargs": "+",
        "default": ["heuristic"],
        "metavar": "BOT",
        "help": "the bots at the table: heuristic, random, ismcts, pimc (euchre, rook, voormsi), module:Class (or "
        "module:factory) for a bot of your own, or the name of a cardrules.bots entry point; "
        "one for every seat, or a line-up repeated round the table (in a 4-seat game, --bots "
        "heuristic random puts heuristic at seats 0 and 2 and random at 1 and 3; four set "
        "each seat); default: heuristic",
    }

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("game", help="a registered game (see `cardrules list`)")
        p.add_argument(
            "--preset",
            metavar="NAME",
            help="start from a named preset of the rules (`cardrules rules GAME` lists them)",
        )
        p.add_argument(
            "--rules",
            nargs="*",
            action="extend",  # "--rules a=1 --rules b=2" keeps both (and a key twice is refused)
            default=[],
            metavar="KEY=VALUE",
            help="rules options, on top of the preset (`cardrules rules GAME` lists them)",
        )
        return p

    play = game_command("play", "play one seat against bots; you see only what your seat may know")
    play.add_argument(
        "--seat", type=seat_number, default=0, help="the seat you play, from 0 (default: 0)"
    )
    play.add_argument("--bots", **bots_option)
    play.add_argument(
        "--iterations", type=positive, default=300, help="ISMCTS iterations per move (300)"
    )
    play.add_argument(
        "--seed",
        type=integer,
        help="the seed of the shuffles: the same seed deals the same game (default: a random "
        "seed, told when the game ends)",
    )
    play.add_argument("--hand", action="store_true", help="play a single hand instead of a match")
    play.add_argument(
        "--winnable",
        action="store_true",
        help="deal only a game the solver proves winnable (tournament): tries the seeds from "
        "--seed on and prints the one it deals",
    )
    record_help = (
        "save the whole game record there at the end: text (tags, then the moves in the game's "
        "notation, as PGN is chess's; e.g. game.cgn) unless FILE ends in .json"
    )
    play.add_argument("--record", metavar="FILE", help=record_help)
    quiet_help = "one line per action, no table talk or hand reports (for scripts)"
    svg_help = "after each step, write the picture of {} to FILE (SVG)"
    play.add_argument("--quiet", action="store_true", help=quiet_help)
    play.add_argument("--svg", metavar="FILE", help=svg_help.format("your seat's view"))
    play.set_defaults(func=_cmd_play)

    watch = game_command("watch", "watch a bot match, narrated omnisciently (every hand shown)")
    watch.add_argument("--bots", **bots_option)
    watch.add_argument(
        "--iterations", type=positive, default=200, help="ISMCTS iterations per move (200)"
    )
    watch.add_argument(
        "--seed", type=integer, help="the seed of the shuffles and the bots' choices (default: 0)"
    )
    watch.add_argument("--hand", action="store_true", help="watch a single hand instead of a match")
    watch.add_argument("--quiet", action="store_true", help=quiet_help)
    watch.add_argument("--svg", metavar="FILE", help=svg_help.format("the whole table"))
    watch.add_argument("--record", metavar="FILE", help=record_help)
    watch.set_defaults(func=_cmd_watch)

    sim = game_command("simulate", "play many bot games and summarise them")
    sim.add_argument(
        "--games", type=positive, required=True, help="how many games (matches, or hands) to play"
    )
    sim.add_argument(
        "--jobs",
        type=positive,
        default=1,
        help="worker processes to spread the games over (default: 1, this process); the "
        "result does not depend on it",
    )
    sim.add_argument("--bots", **bots_option)
    sim.add_argument(
        "--iterations", type=positive, default=100, help="ISMCTS iterations per move (100)"
    )
    sim.add_argument(
        "--seed",
        type=integer,
        default=0,
        help="the simulation's seed: each game's seed is drawn from it and the game's number "
        "(default: 0)",
    )
    sim.add_argument(
        "--max-steps",
        type=positive,
        default=DEFAULT_MAX_STEPS,
        help=f"stop a game after this many steps and count it as truncated ({DEFAULT_MAX_STEPS})",
    )
    sim.add_argument("--hand", action="store_true", help="single hands instead of matches")
    sim.add_argument(
        "--duplicate",
        action="store_true",
        help="duplicate play: --games N deals, each played once per team with the line-ups "
        "moved round (swapped in a partnership game), the same cards every time; reports the "
        "paired 95 %% interval on the difference between the line-ups",
    )
    sim.add_argument(
        "--json", action="store_true", help="print the result as JSON instead of a table"
    )
    sim.set_defaults(func=_cmd_simulate)

    rules = game_command(
        "rules",
        "show the rules: every option with its value, default, allowed values and meaning, "
        "and the presets with what each changes",
    )
    rules.add_argument(
        "rule",
        nargs="?",
        metavar="ID|WORDS",
        help="print this rule of the game's rule book in full (E13, r17 …; any case), or list "
        'the rules that mention the words (`cardrules rules euchre "left bower"`)',
    )
    rules.set_defaults(func=_cmd_rules)

    replay = sub.add_parser("replay", help="step through a saved game record")
    replay.add_argument(
        "file",
        help="a game record (text or JSON), as play --record, watch --record or save write it",
    )
    replay.add_argument(
        "--seat",
        type=seat_number,
        default=None,
        help="narrate from this seat's view (hidden cards left out); default: omniscient",
    )
    replay.add_argument("--step", action="store_true", help="wait for Enter after each step")
    replay.add_argument("--quiet", action="store_true", help=quiet_help)
    replay.add_argument(
        "--analyse",
        action="store_true",
        help="after the replay, mark each card play with its double-dummy cost (euchre, rook, "
        "voormsi; omniscient: every hand is known to the solver)",
    )
    replay.set_defaults(func=_cmd_replay)

    lister = sub.add_parser("list", help="the registered games, plugins included")
    lister.set_defaults(func=_cmd_list)
    return parser


def _colour_wanted(args: argparse.Namespace, out: IO[str]) -> bool:
    """Colour unless ``--no-color``, ``NO_COLOR`` set to a non-empty value, or not a terminal."""
    if args.no_color or os.environ.get("NO_COLOR", ""):
        return False
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):
        return False


def _quiet_stdout(out: IO[str]) -> None:
    """After a broken pipe: send what is still written to ``out`` (when it is the process's
    standard output) to devnull."""
    if out is not sys.stdout:
        return
    try:
        fd = out.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    view_hook: ViewHook | None = None,
) -> int:
    """Run the command; returns the exit status (0 success, 2 bad usage or input).

    ``view_hook``, if given, is called with every view of the narrated seat (``play``'s seat,
    ``replay --seat``'s) before anything built from it is printed: a test can check that each card
    the command prints was in a view the seat had seen.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    out = stdout or sys.stdout
    session = _Session(stdin or sys.stdin, out, Style(_colour_wanted(args, out)), view_hook)
    try:
        _load_plugins(args.plugin)
        if hasattr(args, "game"):
            get_factory(args.game)
        status: int = args.func(args, session)
    except BrokenPipeError:
        # The reader went away (``cardrules rules rook | head -2``): nothing more can be shown,
        # and that is no error. Python's recipe: point stdout at devnull, so that the flush at
        # exit does not fail again.
        _quiet_stdout(out)
        return 0
    except CardrulesError as exc:
        print(f"cardrules: {exc}", file=sys.stderr)
        return 2
    except (OSError, ImportError) as exc:
        print(f"cardrules: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return status
