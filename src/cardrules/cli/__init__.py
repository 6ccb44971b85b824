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
from cardrules.cli.narration import Narrator, ReportWatcher, ViewHook, outcome_line, report_lines
from cardrules.cli.render import Style, describe_view
from cardrules.cli.talk import TableTalk
from cardrules.errors import CardrulesError, RecordError, RulesError
from cardrules.game import CHANCE, Deal, RulesConfig, normalize_notation
from cardrules.records import GameRecord, record_game, replay_steps
from cardrules.registry import available_games, get_factory, get_game, register
from cardrules.sim import DEFAULT_MAX_STEPS, simulate

__all__ = ["main"]

BOT_CHOICES = ("heuristic", "random", "ismcts")


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
    """``key=value`` pairs, each value read by :func:`_parse_value`."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise CardrulesError(f"--rules takes key=value pairs, not {pair!r}")
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
    for spec in specs:
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


def _bots_for(game: Any, names: Sequence[str], iterations: int) -> list[Bot]:
    if len(names) == 1:
        names = list(names) * game.num_players
    if len(names) != game.num_players:
        raise CardrulesError(f"--bots takes 1 or {game.num_players} names")
    return [_make_bot(game, n, iterations) for n in names]


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
    if args.rule is not None:  # one entry of the rule book, in full
        for line in rulebook_text.entry_lines(game, args.rule):
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


HELP = """Commands: a number from the list, or an action in notation (e.g. "play JH");
  help        this text
  save FILE   write the record of the finished hands (the hand in progress is left out:
              it would show the other seats' cards; --record FILE saves all at the end)
  q           quit"""


class _Table:
    """One game being played or watched: the game, its state, the steps so far."""

    def __init__(self, game: Any, state: Any) -> None:
        self.game = game
        self.state = state
        self.steps: list[tuple[int, Any]] = []

    def step(self, seat: int, action: Any, *, out_of_turn: bool = False) -> Any:
        """Apply ``action`` by ``seat``; record it; return the state before it."""
        before = self.state
        if out_of_turn:
            self.state = self.game.apply(before, action, seat=seat)
        else:
            self.state = self.game.apply(before, action)
        self.steps.append((seat, action))
        return before


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


def _check_record_path(path: Path) -> None:
    """Refuse, before a game is played, a ``--record`` file that could not be written at its end."""
    folder = path.parent
    if not folder.is_dir():
        raise CardrulesError(f"--record {path}: there is no folder {folder}")
    if path.is_dir():
        raise CardrulesError(f"--record {path}: that is a folder, not a file")
    writable = os.access(path, os.W_OK) if path.exists() else os.access(folder, os.W_OK | os.X_OK)
    if not writable:
        raise CardrulesError(f"--record {path}: cannot write there (permission denied)")


def _cmd_play(args: argparse.Namespace, session: _Session) -> int:
    if args.record:
        _check_record_path(Path(args.record))
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
    table = _Table(game, game.new_hand(dealer=None) if args.hand else game.new_match())
    narrator = Narrator(game, human, hook=session.view_hook, me="you")
    teller = _Teller(game, session, narrator.view, me=human, quiet=args.quiet)
    picture = Path(args.svg) if args.svg else None
    seed_text = f" Seed {seed}." if told else ""
    session.say(f"{game.name}: you are seat {human}.{seed_text} Type help for commands.")

    def tell_seed() -> None:
        if not told:
            session.say(f"Seed {seed}: --seed {seed} deals this game again.")

    _draw(picture, narrator.view(table.state), game)

    def tell(actor: int, action: Any, *, out_of_turn: bool = False) -> None:
        before = table.step(actor, action, out_of_turn=out_of_turn)
        line = narrator.line(before, actor, action, table.state)
        session.say(f"-- {line}" if actor == CHANCE else line)
        teller.after(table.state)
        # The seat's own view only: the picture shows what the narration may tell.
        _draw(picture, narrator.view(table.state), game)

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
        session.say(describe_view(game, narrator.view(state), session.style))
        for k, (_, _, text) in enumerate(options, 1):
            session.say(f"  {k}) {text}")
        if seat != human:
            # The human may act out of turn (a claim); offer it before the bot moves.
            answer = session.ask("Enter to continue, or an out-of-turn action: ")
        else:
            answer = session.ask("Your action: ")
        if answer is None or answer in ("q", "quit"):
            tell_seed()
            return _quit(game, table.steps, args, session)
        if seat != human and answer == "":
            tell(seat, _bot_choice(game, state, seat, bots[seat], rng))
            continue
        if answer in ("help", "h", "?"):
            session.say(HELP)
            continue
        if answer == "save" or answer.startswith("save "):
            _save_finished_hands(game, table.steps, args, answer[4:].strip(), session)
            continue
        if seat != human:
            # Only the listed out-of-turn actions: reading or trying anything else in another
            # seat's turn could make the engine's refusal name that seat's cards.
            chosen = _listed_choice(options, answer, session)
        else:
            chosen = _read_choice(game, state, options, answer, session)
        if chosen is None:
            continue
        action, actor = chosen
        try:
            if actor is not None:
                tell(actor, action, out_of_turn=True)
            else:
                tell(human, action)
        except CardrulesError as exc:
            session.say(f"Not allowed: {exc}")
            continue
    if args.record and not _save(game, table.steps, args, Path(args.record), session):
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


def _read_choice(
    game: Any,
    state: Any,
    options: list[tuple[Any, int | None, str]],
    answer: str,
    session: _Session,
) -> tuple[Any, int | None] | None:
    if answer.isdigit():
        k = int(answer)
        if 1 <= k <= len(options):
            return options[k - 1][0], options[k - 1][1]
        session.say(f"Choose a number from 1 to {len(options)}.")
        return None
    try:
        action = game.parse_action(answer, state)
    except CardrulesError as exc:
        session.say(f"Cannot read that: {exc}. Type help for commands.")
        return None
    for option, actor, _ in options:
        if option == action:
            return option, actor
    return action, None


def _listed_choice(
    options: list[tuple[Any, int | None, str]], answer: str, session: _Session
) -> tuple[Any, int | None] | None:
    """One of ``options`` by number or by its text (in any notation); else a "not your turn"."""
    if answer.isdigit() and 1 <= int(answer) <= len(options):
        option = options[int(answer) - 1]
        return option[0], option[1]
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
    game: Any, steps: list[tuple[int, Any]], args: argparse.Namespace, session: _Session
) -> int:
    session.say("Bye.")
    if args.record and not _save(game, steps, args, Path(args.record), session):
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
    game: Any, steps: list[tuple[int, Any]], args: argparse.Namespace, name: str, session: _Session
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


def _save(
    game: Any,
    steps: Sequence[tuple[int, Any]],
    args: argparse.Namespace,
    path: Path,
    session: _Session,
) -> bool:
    """Write the record of ``steps`` to ``path``; whether it was written (if not, it says why)."""
    record = record_game(game, steps, start="hand" if getattr(args, "hand", False) else "match")
    try:
        path.write_text(record.to_json(indent=1), encoding="utf-8")
    except OSError as exc:
        session.say(f"Cannot save the record: {exc}")
        return False
    session.say(f"Record saved to {path}")
    return True


def _cmd_watch(args: argparse.Namespace, session: _Session) -> int:
    game = _build_game(args)
    bots = _bots_for(game, args.bots, args.iterations)
    seed = args.seed if args.seed is not None else 0
    rng = random.Random(seed)
    table = _Table(game, game.new_hand(dealer=None) if args.hand else game.new_match())
    narrator = Narrator(game, None)
    teller = _Teller(
        game, session, lambda state: game.view(state, 0), quiet=args.quiet, omniscient=True
    )
    picture = Path(args.svg) if args.svg else None
    session.say(f"{game.name}, seed {seed}. omniscient: every hand is shown.")
    _draw(picture, table.state, game)
    while (seat := game.to_move(table.state)) is not None:
        state = table.state
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = _bot_choice(game, state, seat, bots[seat], rng)
        table.step(seat, action)
        line = narrator.line(state, seat, action, table.state)
        session.say(f"-- {line}" if seat == CHANCE else line)
        if isinstance(action, Deal) and not args.quiet:
            _show_zones(game, table.state, session)
        teller.after(table.state)
        _draw(picture, table.state, game)  # the omniscient table, as watched
    if not args.quiet:
        _show_every_seat(game, table.state, session)
    session.say(outcome_line(game, game.outcome(table.state)))
    return 0


def _progress_printer(
    total: int, session: _Session
) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    try:
        from tqdm import tqdm
    except ImportError:

        def plain(done: int, total: int) -> None:
            print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

        return plain, lambda: print(file=sys.stderr)
    bar = tqdm(total=total, unit="game", file=sys.stderr)
    last = [0]

    def update(done: int, total: int) -> None:
        bar.update(done - last[0])
        last[0] = done

    return update, bar.close


def _cmd_simulate(args: argparse.Namespace, session: _Session) -> int:
    game = _build_game(args)
    bots = _bots_for(game, args.bots, args.iterations)
    progress, finish = _progress_printer(args.games, session)
    start: Literal["match", "hand"] = "hand" if args.hand else "match"
    options: dict[str, Any] = {
        "games": args.games,
        "seed": args.seed,
        "start": start,
        "progress": progress,
        "max_steps": args.max_steps,
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
    return 0 if not result.failures else 1


def _read_record(name: str) -> GameRecord:
    """The record in file ``name``; a :class:`RecordError` naming the file if it is not one."""
    data = Path(name).read_bytes()
    try:
        return GameRecord.from_json(data)
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from None


def _cmd_replay(args: argparse.Namespace, session: _Session) -> int:
    record = _read_record(args.file)
    game = record.build_game()
    seat = args.seat if args.seat is None else _check_seat_arg(args.seat, game)
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
            _show_every_seat(game, state, session)
        else:
            session.say(describe_view(game, narrator.view(state), session.style))
    if game.is_over(state):
        session.say(outcome_line(game, game.outcome(state)))
    return 0


def _count(minimum: int) -> Callable[[str], int]:
    """An argparse ``type``: an integer >= ``minimum`` (argparse reports anything else)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    parse.__name__ = "count"
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
    positive, seat_number = _count(1), _count(0)

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
            default=[],
            metavar="KEY=VALUE",
            help="rules options, on top of the preset (`cardrules rules GAME` lists them)",
        )
        return p

    play = game_command("play", "play one seat against bots; you see only what your seat may know")
    play.add_argument("--seat", type=seat_number, default=0)
    play.add_argument("--bots", nargs="+", default=["heuristic"], choices=BOT_CHOICES)
    play.add_argument("--iterations", type=positive, default=300, help="ISMCTS iterations per move")
    play.add_argument("--seed", type=int)
    play.add_argument("--hand", action="store_true", help="play a single hand instead of a match")
    play.add_argument(
        "--winnable",
        action="store_true",
        help="deal only a game the solver proves winnable (tournament): tries the seeds from "
        "--seed on and prints the one it deals",
    )
    play.add_argument(
        "--record", metavar="FILE", help="save the whole game record there at the end"
    )
    quiet_help = "one line per action, no table talk or hand reports (for scripts)"
    svg_help = "after each step, write the picture of {} to FILE (SVG)"
    play.add_argument("--quiet", action="store_true", help=quiet_help)
    play.add_argument("--svg", metavar="FILE", help=svg_help.format("your seat's view"))
    play.set_defaults(func=_cmd_play)

    watch = game_command("watch", "watch a bot match, narrated omnisciently (every hand shown)")
    watch.add_argument("--bots", nargs="+", default=["heuristic"], choices=BOT_CHOICES)
    watch.add_argument("--iterations", type=positive, default=200)
    watch.add_argument("--seed", type=int)
    watch.add_argument("--hand", action="store_true")
    watch.add_argument("--quiet", action="store_true", help=quiet_help)
    watch.add_argument("--svg", metavar="FILE", help=svg_help.format("the whole table"))
    watch.set_defaults(func=_cmd_watch)

    sim = game_command("simulate", "play many bot games and summarise them")
    sim.add_argument("--games", type=positive, required=True)
    sim.add_argument("--jobs", type=positive, default=1)
    sim.add_argument("--bots", nargs="+", default=["heuristic"], choices=BOT_CHOICES)
    sim.add_argument("--iterations", type=positive, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--max-steps",
        type=positive,
        default=DEFAULT_MAX_STEPS,
        help=f"stop a game after this many steps and count it as truncated ({DEFAULT_MAX_STEPS})",
    )
    sim.add_argument("--hand", action="store_true", help="single hands instead of matches")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=_cmd_simulate)

    rules = game_command(
        "rules",
        "show the rules: every option with its value, default, allowed values and meaning, "
        "and the presets with what each changes",
    )
    rules.add_argument(
        "rule",
        nargs="?",
        metavar="ID",
        help="print this rule of the game's rule book in full (E13, r17 …; any case)",
    )
    rules.set_defaults(func=_cmd_rules)

    replay = sub.add_parser("replay", help="step through a saved game record")
    replay.add_argument("file")
    replay.add_argument(
        "--seat",
        type=seat_number,
        default=None,
        help="narrate from this seat's view (hidden cards left out); default: omniscient",
    )
    replay.add_argument("--step", action="store_true", help="wait for Enter after each step")
    replay.add_argument("--quiet", action="store_true", help=quiet_help)
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
