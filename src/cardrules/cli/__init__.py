"""The ``cardrules`` command: play, watch, simulate, replay and inspect any registered game.

``python -m cardrules`` works too. Every sub-command speaks only the Game protocol, so a plugin game
gets the whole command for free; two optional hooks make it nicer: ``game.describe(view) -> str``
(how a seat's view is shown) and ``game.heuristic_bot() -> Bot`` (the ``--bots heuristic`` choice).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Literal

from cardrules.bots import Bot, RandomBot
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.cli.render import Style, describe_view
from cardrules.errors import CardrulesError
from cardrules.game import CHANCE, Game
from cardrules.records import GameRecord, record_game
from cardrules.registry import available_games, get_factory, get_game, register
from cardrules.sim import simulate

__all__ = ["main"]

BOT_CHOICES = ("heuristic", "random", "ismcts")


def _parse_rules(pairs: Sequence[str]) -> dict[str, Any]:
    """``key=value`` pairs; values are read as JSON when they parse (numbers, true/false, null)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise CardrulesError(f"--rules takes key=value pairs, not {pair!r}")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


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
        module = importlib.import_module(module_name)
        register(name, getattr(module, attr))


class _Session:
    """Reads commands and writes output; kept apart so tests can drive it with strings."""

    def __init__(self, inp: IO[str], out: IO[str], style: Style) -> None:
        self.inp, self.out, self.style = inp, out, style

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


def _cmd_list(args: argparse.Namespace, session: _Session) -> int:
    for name in available_games():
        try:
            game = get_game(name)
            doc = (type(game).__doc__ or "").strip().splitlines()
            summary = doc[0] if doc else ""
            session.say(f"{name:<12} {game.num_players} player(s)  {summary}")
        except Exception as exc:
            session.say(f"{name:<12} (cannot load: {exc})")
    return 0


def _cmd_rules(args: argparse.Namespace, session: _Session) -> int:
    game = get_game(args.game, **_parse_rules(args.rules))
    rules = game.rules
    session.say(f"{game.name} rules ({type(rules).__name__})")
    import attrs

    if attrs.has(type(rules)):
        defaults = type(rules)()
        for field in attrs.fields(type(rules)):
            value = getattr(rules, field.name)
            default = getattr(defaults, field.name)
            meaning = field.metadata.get("doc", "")
            marker = "" if value == default else f"   (default {default!r})"
            session.say(f"  {field.name} = {value!r}{marker}")
            if meaning:
                session.say(f"      {meaning}")
    presets = getattr(type(rules), "PRESETS", {})
    if presets:
        session.say("presets: " + ", ".join(presets))
    return 0


def _format_options(game: Any, state: Any, seat: int) -> list[tuple[Any, int | None, str]]:
    options: list[tuple[Any, int | None, str]] = []
    if game.to_move(state) == seat:
        options += [(a, None, game.format_action(a)) for a in game.legal_actions(state)]
    options += [
        (a, seat, game.format_action(a) + "   (out of turn)")
        for a in game.out_of_turn_actions(state, seat)
    ]
    return options


HELP = """Commands: a number from the list, or an action in notation (e.g. "play JH");
  help   this text          save FILE   write the game record so far
  q      quit"""


def _bot_step(
    game: Game[Any, Any, Any],
    state: Any,
    seat: int,
    bot: Bot,
    rng: random.Random,
    steps: list[tuple[int, Any]],
    session: _Session,
) -> Any:
    """``bot`` (seat ``seat``) acts: the next state; the action is recorded and shown."""
    action = bot.choose(game.view(state, seat), game.legal_actions(state), rng)
    state = game.apply(state, action)
    steps.append((seat, action))
    session.say(f"seat {seat}: {game.format_action(action)}")
    return state


def _cmd_play(args: argparse.Namespace, session: _Session) -> int:
    game = get_game(args.game, **_parse_rules(args.rules))
    human = args.seat
    if not 0 <= human < game.num_players:
        raise CardrulesError(f"--seat must be 0..{game.num_players - 1}")
    bots = _bots_for(game, args.bots, args.iterations)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    state = game.new_hand(dealer=None) if args.hand else game.new_match()
    steps: list[tuple[int, Any]] = []
    session.say(f"{game.name}: you are seat {human}. Seed {seed}. Type help for commands.")
    while True:
        seat = game.to_move(state)
        if seat is None:
            session.say(describe_view(game, game.view(state, human), session.style))
            outcome = game.outcome(state)
            session.say(f"Game over: {outcome}")
            break
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
            state = game.apply(state, action)
            steps.append((CHANCE, action))
            session.say(f"-- chance: {_short(game.format_action(action))}")
            continue
        options = _format_options(game, state, human)
        if seat != human and not options:
            state = _bot_step(game, state, seat, bots[seat], rng, steps, session)
            continue
        session.say(describe_view(game, game.view(state, human), session.style))
        for k, (_, _, text) in enumerate(options, 1):
            session.say(f"  {k}) {text}")
        if seat != human:
            # The human may act out of turn (a claim); offer it before the bot moves.
            answer = session.ask("Enter to continue, or an out-of-turn action: ")
        else:
            answer = session.ask("Your action: ")
        if answer is None or answer in ("q", "quit"):
            return _quit(game, steps, args, session)
        if seat != human and answer == "":
            state = _bot_step(game, state, seat, bots[seat], rng, steps, session)
            continue
        if answer in ("help", "h", "?"):
            session.say(HELP)
            continue
        if answer.startswith("save "):
            _save(game, steps, args, Path(answer[5:].strip()), session)
            continue
        chosen = _read_choice(game, state, options, answer, session)
        if chosen is None:
            continue
        action, actor = chosen
        try:
            state = game.apply(state, action, seat=actor if actor is not None else human)
        except CardrulesError as exc:
            session.say(f"Not allowed: {exc}")
            continue
        steps.append((actor if actor is not None else human, action))
        session.say(f"you: {game.format_action(action)}")
    if args.record:
        _save(game, steps, args, Path(args.record), session)
    return 0


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


def _quit(
    game: Any, steps: list[tuple[int, Any]], args: argparse.Namespace, session: _Session
) -> int:
    session.say("Bye.")
    if args.record:
        _save(game, steps, args, Path(args.record), session)
    return 0


def _save(
    game: Any, steps: list[tuple[int, Any]], args: argparse.Namespace, path: Path, session: _Session
) -> None:
    record = record_game(game, steps, start="hand" if getattr(args, "hand", False) else "match")
    path.write_text(record.to_json(indent=1), encoding="utf-8")
    session.say(f"Record saved to {path}")


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _cmd_watch(args: argparse.Namespace, session: _Session) -> int:
    game = get_game(args.game, **_parse_rules(args.rules))
    bots = _bots_for(game, args.bots, args.iterations)
    seed = args.seed if args.seed is not None else 0
    rng = random.Random(seed)
    state = game.new_hand(dealer=None) if args.hand else game.new_match()
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            action = game.sample_chance(state, rng)
            session.say(f"-- chance: {_short(game.format_action(action))}")
        else:
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state), rng)
            session.say(f"seat {seat}: {game.format_action(action)}")
        state = game.apply(state, action)
    session.say(describe_view(game, game.view(state, 0), session.style))
    session.say(f"Game over: {game.outcome(state)}")
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
    game = get_game(args.game, **_parse_rules(args.rules))
    bots = _bots_for(game, args.bots, args.iterations)
    progress, finish = _progress_printer(args.games, session)
    start: Literal["match", "hand"] = "hand" if args.hand else "match"
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.jobs) as pool:
            result = simulate(
                game,
                bots,
                games=args.games,
                seed=args.seed or 0,
                executor=pool,
                start=start,
                progress=progress,
            )
    else:
        result = simulate(
            game, bots, games=args.games, seed=args.seed or 0, start=start, progress=progress
        )
    finish()
    if args.json:
        session.say(json.dumps(result.to_dict(), indent=1))
    else:
        session.say(result.table())
    return 0 if not result.failures else 1


def _cmd_replay(args: argparse.Namespace, session: _Session) -> int:
    record = GameRecord.from_json(Path(args.file).read_text(encoding="utf-8"))
    game = get_game(record.game, **record.rules)
    state = game.new_match() if record.start == "match" else game.new_hand(dealer=record.dealer)
    seat_view = args.seat
    for k, (seat, text) in enumerate(record.actions, 1):
        action = game.parse_action(text, state)
        state = game.apply(state, action, seat=seat)
        who = "chance" if seat == CHANCE else f"seat {seat}"
        session.say(f"{k:>4}. {who}: {_short(text)}")
        if args.step:
            session.say(describe_view(game, game.view(state, seat_view), session.style))
            if session.ask("(Enter for the next step, q to stop) ") in (None, "q"):
                return 0
    session.say(describe_view(game, game.view(state, seat_view), session.style))
    if game.is_over(state):
        session.say(f"Game over: {game.outcome(state)}")
    return 0


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
        help="plain text (also when NO_COLOR is set or output is not a terminal)",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    def game_command(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("game", help="a registered game (see `cardrules list`)")
        p.add_argument("--rules", nargs="*", default=[], metavar="KEY=VALUE", help="rules options")
        return p

    play = game_command("play", "play one seat against bots in the terminal")
    play.add_argument("--seat", type=int, default=0)
    play.add_argument("--bots", nargs="+", default=["heuristic"], choices=BOT_CHOICES)
    play.add_argument("--iterations", type=int, default=300, help="ISMCTS iterations per move")
    play.add_argument("--seed", type=int)
    play.add_argument("--hand", action="store_true", help="play a single hand instead of a match")
    play.add_argument("--record", metavar="FILE", help="save the game record there at the end")
    play.set_defaults(func=_cmd_play)

    watch = game_command("watch", "watch a bot match, narrated")
    watch.add_argument("--bots", nargs="+", default=["heuristic"], choices=BOT_CHOICES)
    watch.add_argument("--iterations", type=int, default=200)
    watch.add_argument("--seed", type=int)
    watch.add_argument("--hand", action="store_true")
    watch.set_defaults(func=_cmd_watch)

    sim = game_command("simulate", "play many bot games and summarise them")
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument("--jobs", type=int, default=1)
    sim.add_argument("--bots", nargs="+", default=["heuristic"], choices=BOT_CHOICES)
    sim.add_argument("--iterations", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--hand", action="store_true", help="single hands instead of matches")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(func=_cmd_simulate)

    rules = game_command("rules", "show the rules config: every option with its default")
    rules.set_defaults(func=_cmd_rules)

    replay = sub.add_parser("replay", help="step through a saved game record")
    replay.add_argument("file")
    replay.add_argument("--seat", type=int, default=0, help="whose view to show")
    replay.add_argument("--step", action="store_true", help="wait for Enter after each step")
    replay.set_defaults(func=_cmd_replay)

    lister = sub.add_parser("list", help="the registered games, plugins included")
    lister.set_defaults(func=_cmd_list)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """Run the command; returns the exit status (0 success, 2 bad usage or input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    out = stdout or sys.stdout
    color = not args.no_color and "NO_COLOR" not in os.environ and out.isatty()
    session = _Session(stdin or sys.stdin, out, Style(color))
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
