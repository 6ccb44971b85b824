"""The cardrules benchmark suite: ``python -m benchmarks [--quick] [--json FILE] [--games …]``.

For every game, in one run, through the Game protocol only:

* full random hands per second — from ``new_hand``, one ``legal_actions`` + ``apply`` per step, chance
  steps drawn with ``sample_chance`` (the deal is one chance action);
* rollouts per second — the game's fused ``rollout`` from the first card of play;
* µs per ``legal_actions``, ``apply``, ``view`` and ``sample_state`` over states met in random play;
* bytes per state (everything reachable from it, shared parts counted once) and the marginal bytes of
  one more state along a hand (what a search tree pays per node);
* matches simulated per second (heuristic bots) with 1 and 2 worker processes;
* PettingZoo AEC environment steps per second (random legal codes from the action mask, whole
  hands), in the compact and the full action encoding, when ``pettingzoo`` imports;
* the double-dummy solver: median and worst seconds and positions per second over seeded deals
  (whole Euchre hands; Rook and Voormsi from a later trick), :mod:`benchmarks.solver_speed`;
* ISMCTS iterations per second: :class:`~cardrules.ISMCTSBot` choosing at a fixed seeded mid-hand
  position (a few random plays into the card play), each iteration a determinization, a descent
  and one ``rollout``.

When ``pyspiel`` imports, OpenSpiel's ``euchre`` and ``spades`` are measured the same way in the
same run (full random hands with chance outcomes sampled from ``chance_outcomes()``; rollouts as
``clone()`` + random play from the first card of play), and every ratio is printed. ``--scaling``
adds Euchre simulations of 10³, 10⁴ and 10⁵ hands: time per hand and peak memory.

Rates are items per CPU second over a fixed budget, measured in interleaved rounds with OpenSpiel
(the best round of each kept); simulation rates are wall-clock, since they use worker processes.
Report ratios, not absolute times: machines are noisy.

``--against REV`` measures only full hands and rollouts, of this checkout and of git revision ``REV``,
each build in a worker process, in interleaved rounds (median of 5) — the check that a refactoring
kept an engine's speed (:mod:`benchmarks.against`).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from benchmarks.against import compare
from benchmarks.against import render as render_against
from benchmarks.compiled import compiled_lines, compiled_ratios, start_workers
from benchmarks.solver_speed import suite_figures as solver_figures
from benchmarks.spiel import play_out
from cardrules import (
    CHANCE,
    CardrulesError,
    GameBase,
    ISMCTSBot,
    RandomBot,
    get_game,
    simulate,
)

GAMES = ("euchre", "rook", "voormsi", "tournament")


def best_rate(body: Callable[[], int], seconds: float, repeats: int) -> float:
    """Items per CPU second: the best of ``repeats`` runs of ``body`` repeated for ``seconds`` each.

    CPU time (``time.process_time``), not wall time, so that other processes on a shared machine
    disturb the figure less; the OpenSpiel reference runs in this process and is timed alike.
    """
    best = 0.0
    for _ in range(repeats):
        done = 0
        start = time.process_time()
        while True:
            done += body()
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                break
        best = max(best, done / elapsed)
    return best


def random_hand(game: Any, rng: random.Random, dealer: int) -> int:
    state = game.new_hand(dealer=dealer % game.num_players)
    to_move, legal, apply, chance = game.to_move, game.legal_actions, game.apply, game.sample_chance
    while (seat := to_move(state)) is not None:
        if seat == CHANCE:
            state = apply(state, chance(state, rng))
        else:
            actions = legal(state)
            state = apply(state, actions[rng.randrange(len(actions))])
    return 1


def first_play_state(game: Any, seed: int) -> Any:
    """The first state of the card play of a random hand (``phase == "play"``), else the first decision."""
    rng = random.Random(seed)
    while True:
        state = game.new_hand(dealer=seed % game.num_players)
        first_decision = None
        while (seat := game.to_move(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            if first_decision is None:
                first_decision = state
            if getattr(state, "phase", None) == "play":
                return state
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
        if first_decision is not None and not hasattr(first_decision, "phase"):
            return first_decision
        seed += 1


def sample_states(game: Any, count: int, seed: int) -> list[Any]:
    """Decision states met in random single hands."""
    rng = random.Random(seed)
    states: list[Any] = []
    dealer = 0
    while len(states) < count:
        state = game.new_hand(dealer=dealer % game.num_players)
        dealer += 1
        while (seat := game.to_move(state)) is not None and len(states) < count:
            if seat == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            states.append(state)
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
    return states


def per_call_us(fn: Callable[[Any], Any], items: list[Any], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for item in items:
            fn(item)
        best = min(best, (time.process_time() - start) / len(items))
    return best * 1e6


def deep_size(obj: Any, seen: set[int] | None = None) -> int:
    """Bytes reachable from ``obj``, each object counted once (module-level singletons excluded)."""
    seen = set() if seen is None else seen
    stack = [obj]
    total = 0
    while stack:
        item = stack.pop()
        if (
            id(item) in seen
            or isinstance(item, type)
            or (callable(item) and not hasattr(item, "__slots__"))
        ):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        else:
            for name in getattr(type(item), "__slots__", ()):
                if hasattr(item, name):
                    stack.append(getattr(item, name))
            if hasattr(item, "__dict__"):
                stack.append(item.__dict__)
    return total


def memory_figures(game: Any, seed: int) -> dict[str, float]:
    """Bytes of one mid-hand state, and marginal bytes per state along a hand (shared parts once)."""
    # Interned objects shared by every state (cards, the deck, the rules, tables) are part of the
    # game: everything it holds after a warm-up hand, taken before the measured hand is played, so
    # that a memo the game keeps of its last state does not pass the measured states off as shared.
    random_hand(game, random.Random(seed + 1), 0)
    shared: set[int] = set()
    deep_size(game, shared)
    for card in game.deck.cards:
        shared.add(id(card))
    rng = random.Random(seed)
    state = game.new_hand(dealer=0)
    chain = []
    while (seat := game.to_move(state)) is not None:
        if seat == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            actions = game.legal_actions(state)
            state = game.apply(state, actions[rng.randrange(len(actions))])
        chain.append(state)
    mid = chain[len(chain) // 2]
    single = deep_size(mid, set(shared))
    seen = set(shared)
    total = sum(deep_size(s, seen) for s in chain)
    return {"bytes_per_state": float(single), "marginal_bytes_per_state": total / len(chain)}


def game_rates(name: str) -> dict[str, Callable[[float], float]]:
    """A game's two throughputs as runners ``seconds -> items per CPU second``."""
    game = get_game(name)
    rng = random.Random(1)
    counter = iter(range(10**9))
    start = first_play_state(game, 7)
    roll_rng = random.Random(2)

    def hands(secs: float) -> float:
        return best_rate(lambda: random_hand(game, rng, next(counter)), secs, 1)

    def rollouts(secs: float) -> float:
        return best_rate(lambda: (game.rollout(start, roll_rng), 1)[1], secs, 1)

    return {"hands_per_s": hands, "rollouts_per_s": rollouts}


def measure_game(name: str, seconds: float, repeats: int, sims: int) -> dict[str, float]:
    """A game's per-call costs, memory and simulation rates (throughputs: :func:`game_rates`)."""
    game = get_game(name)
    figures: dict[str, float] = {}
    states = sample_states(game, 400, 3)
    figures["legal_actions_us"] = per_call_us(game.legal_actions, states, repeats)
    moves = [(s, game.legal_actions(s)[0]) for s in states]
    figures["apply_us"] = per_call_us(lambda sa: game.apply(sa[0], sa[1]), moves, repeats)
    seated = [(s, seat) for s in states[:200] if (seat := game.to_move(s)) is not None]
    figures["view_us"] = per_call_us(lambda ss: game.view(ss[0], ss[1]), seated, repeats)
    views = [game.view(s, seat) for s, seat in seated[:100]]
    srng = random.Random(4)
    figures["sample_state_us"] = per_call_us(
        lambda v: game.sample_state(v, srng), views, max(1, repeats - 1)
    )
    figures.update(memory_figures(game, 5))
    # Heuristic bots play whole matches to their natural end (random Rook play drifts both teams
    # below zero and a match to 300 can last for ever).
    try:
        if not isinstance(game, GameBase):  # the heuristic bot is GameBase's hook
            raise CardrulesError(f"{name} has no heuristic bot")
        bots = [game.heuristic_bot()] * game.num_players
    except CardrulesError:  # a plugin without a heuristic bot (Spades): random play
        bots = [RandomBot()] * game.num_players
    for jobs in (1, 2):
        started = time.perf_counter()
        if jobs == 1:
            simulate(game, bots, games=sims, seed=9)
        else:
            with ProcessPoolExecutor(jobs) as pool:
                simulate(
                    game, bots, games=sims, seed=9, executor=pool, batch_size=max(1, sims // 8)
                )
        figures[f"matches_per_s_{jobs}w"] = sims / (time.perf_counter() - started)
    return figures


def aec_steps_per_s(name: str, encoding: str, seconds: float) -> float | None:
    """PettingZoo AEC steps per CPU second: an agent picks a random legal code from its action
    mask at every step of whole hands (``None`` when ``pettingzoo`` is not installed)."""
    try:
        from cardrules.adapters.pettingzoo import cardrules_env
    except ImportError:
        return None
    env = cardrules_env(name, encoding=encoding)  # type: ignore[arg-type]
    rng = random.Random(1)
    episodes = iter(range(10**9))

    def episode() -> int:
        env.reset(seed=next(episodes))
        steps = 0
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return best_rate(episode, seconds, 1)


def aec_figures(games: list[str], seconds: float) -> dict[str, dict[str, float]]:
    """:func:`aec_steps_per_s` for every game in both encodings (empty without ``pettingzoo``)."""
    figures: dict[str, dict[str, float]] = {}
    for name in games:
        for encoding in ("compact", "full"):
            rate = aec_steps_per_s(name, encoding, seconds)
            if rate is not None:
                figures.setdefault(name, {})[encoding] = rate
    return figures


ISMCTS_ITERATIONS = 200
"""Iterations per measured decision: enough for the tree to grow a few plies below the root."""


def ismcts_position(game: Any, seed: int, plays: int = 3) -> tuple[Any, Any, tuple[Any, ...]]:
    """A fixed mid-hand decision: ``plays`` random steps past the first card of play (fewer if the
    hand would end), as ``(view, legal_actions, seat)`` inputs for a bot; seeded, so every run
    searches the same position."""
    rng = random.Random(seed)
    state = first_play_state(game, seed)
    for _ in range(plays):
        seat = game.to_move(state)
        if seat is None:
            break
        following = (
            game.apply(state, game.sample_chance(state, rng))
            if seat == CHANCE
            else game.apply(state, _pick(game.legal_actions(state), rng))
        )
        nxt = game.to_move(following)
        if nxt is None or nxt == CHANCE or len(game.legal_actions(following)) < 2:
            break
        state = following
    seat = game.to_move(state)
    return game.view(state, seat), seat, tuple(game.legal_actions(state))


def _pick(actions: Any, rng: random.Random) -> Any:
    return actions[rng.randrange(len(actions))]


def ismcts_iterations_per_s(name: str, seconds: float) -> float | None:
    """ISMCTS iterations per CPU second at :func:`ismcts_position` (``None`` when the game's
    position offers a single action, or the bot cannot search the game)."""
    game = get_game(name)
    view, _seat, legal = ismcts_position(game, 11)
    if len(legal) < 2:
        return None
    bot = ISMCTSBot(game, iterations=ISMCTS_ITERATIONS)
    rng = random.Random(12)

    def decision() -> int:
        bot.choose(view, legal, rng)
        return ISMCTS_ITERATIONS

    try:
        return best_rate(decision, seconds, 1)
    except CardrulesError:
        return None


def ismcts_figures(games: list[str], seconds: float, rounds: int) -> dict[str, float]:
    """:func:`ismcts_iterations_per_s` for every game that can be searched (best of ``rounds``)."""
    figures: dict[str, float] = {}
    for name in games:
        for _ in range(rounds):
            rate = ismcts_iterations_per_s(name, seconds)
            if rate is None:
                break
            figures[name] = max(figures.get(name, 0.0), rate)
    return figures


def _spiel_random_hand(game: Any, rng: random.Random) -> int:
    play_out(game.new_initial_state(), rng)
    return 1


def _spiel_first_play(game: Any, seed: int, bidding_done: Callable[[Any], bool]) -> Any:
    rng = random.Random(seed)
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if bidding_done(state):
                return state
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        seed += 1


def _spiel_play_start(game: Any, name: str) -> Any:
    # The first card of play: Euchre's phase is an enum (PLAY), Spades' a plain int (2 = play).
    if name == "euchre":
        return _spiel_first_play(
            game, 7, lambda s: getattr(s.current_phase(), "name", "") == "PLAY"
        )
    return _spiel_first_play(game, 7, lambda s: int(s.current_phase()) == 2)


def openspiel_rates(name: str) -> dict[str, Callable[[float], float]] | None:
    """OpenSpiel's two throughputs for ``name``, measured as :func:`game_rates` measures ours:
    full random hands with chance outcomes drawn from ``chance_outcomes()``, and ``clone()`` plus
    random play from the first card of play."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    start = _spiel_play_start(game, name)

    def rollout() -> int:
        play_out(start.clone(), rng)
        return 1

    def hands(secs: float) -> float:
        return best_rate(lambda: _spiel_random_hand(game, rng), secs, 1)

    def rollouts(secs: float) -> float:
        return best_rate(rollout, secs, 1)

    return {"hands_per_s": hands, "rollouts_per_s": rollouts}


def measure_openspiel(name: str, repeats: int) -> dict[str, float] | None:
    """OpenSpiel's per-call costs for ``name``: µs per ``legal_actions`` and per ``child``."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    figures: dict[str, float] = {}
    states: list[Any] = []
    state = _spiel_play_start(game, name).clone()
    while not state.is_terminal() and len(states) < 400:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        states.append(state.clone())
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    figures["legal_actions_us"] = per_call_us(lambda s: s.legal_actions(), states, repeats)
    moves = [(s, s.legal_actions()[0]) for s in states]
    figures["apply_us"] = per_call_us(lambda sa: sa[0].child(sa[1]), moves, repeats)
    return figures


def scaling(seconds_hint: float) -> list[dict[str, float]]:
    """Euchre simulations of 10³, 10⁴, 10⁵ hands, each in a fresh process: time per hand and peak RSS."""
    import subprocess

    rows = []
    for n in (1_000, 10_000, 100_000):
        # Peak memory is the child's VmHWM: unlike ru_maxrss it starts afresh at exec, so the
        # parent's own size does not leak into the figure.
        code = (
            "import time, sys; sys.path.insert(0, 'src');"
            "from cardrules import get_game, RandomBot, simulate;"
            "g = get_game('euchre'); t = time.perf_counter();"
            f"simulate(g, [RandomBot()] * 4, games={n}, seed=1, start='hand');"
            "e = time.perf_counter() - t;"
            "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1];"
            "print(e, hwm)"
        )
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parents[1],
        )
        elapsed, rss_kib = out.stdout.split()
        rows.append(
            {
                "hands": float(n),
                "us_per_hand": float(elapsed) / n * 1e6,
                "peak_rss_mib": int(rss_kib) / 1024,
            }
        )
    del seconds_hint
    return rows


# Spades is the plugin in examples/spades_plugin (OpenSpiel's rules): ``--games spades`` with it
# installed measures the same game on both sides.
REFERENCE = {"euchre": "euchre", "rook": "spades", "voormsi": "spades", "spades": "spades"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=__doc__.splitlines()[0] if __doc__ else None
    )
    parser.add_argument("--quick", action="store_true", help="short budgets (a smoke run)")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument(
        "--scaling", action="store_true", help="add the 10^3..10^5-hand Euchre scaling runs"
    )
    parser.add_argument(
        "--compiled",
        metavar="PATH",
        help="also measure the compiled build (setup.py) whose cardrules package is in PATH",
    )
    parser.add_argument(
        "--against",
        metavar="REV",
        help="only compare full hands and rollouts with git revision REV's build, same run "
        "(median of 5 interleaved rounds; 3 with --quick)",
    )
    args = parser.parse_args(argv)
    seconds, repeats, sims, rounds = (0.3, 2, 8, 3) if args.quick else (1.0, 3, 40, 5)
    if args.against:
        ab = compare(args.against, args.games, seconds, rounds)
        print(render_against(ab))
        if args.json:
            Path(args.json).write_text(json.dumps(ab, indent=1))
        return 0
    gc.collect()
    results: dict[str, Any] = {"games": {}, "openspiel": {}, "ratios": {}}
    runners: dict[tuple[str, str], dict[str, Callable[[float], float]]] = {}
    for name in args.games:
        results["games"][name] = measure_game(name, seconds, repeats, sims)
        runners[("games", name)] = game_rates(name)
    for ref in sorted({REFERENCE[g] for g in args.games if g in REFERENCE}):
        figures = measure_openspiel(ref, repeats)
        spiel = openspiel_rates(ref)
        if figures is not None and spiel is not None:
            results["openspiel"][ref] = figures
            runners[("openspiel", ref)] = spiel
    workers = start_workers(args.compiled, args.games, results, runners) if args.compiled else []
    # Throughputs are measured in interleaved rounds (ours, OpenSpiel's, ours again …) keeping the
    # best of each, so that a burst of load on a shared machine hits both sides alike.
    for _ in range(rounds):
        for (side, name), figures_of in runners.items():
            slot = results[side][name]
            for figure, run in figures_of.items():
                slot[figure] = max(slot.get(figure, 0.0), run(seconds))
    for name, ref in REFERENCE.items():
        ours, theirs = results["games"].get(name), results["openspiel"].get(ref)
        if ours and theirs:
            results["ratios"][f"{name}/openspiel-{ref}"] = {
                "hands": ours["hands_per_s"] / theirs["hands_per_s"],
                "rollouts": ours["rollouts_per_s"] / theirs["rollouts_per_s"],
            }
    for worker in workers:
        worker.close()
    if workers:
        results["compiled_ratios"] = compiled_ratios(results, REFERENCE)
    if args.scaling:
        results["scaling"] = scaling(seconds)
    results["aec_steps_per_s"] = aec_figures(args.games, seconds)
    results["ismcts_iterations_per_s"] = ismcts_figures(args.games, seconds, min(rounds, 3))
    results["solver"] = solver_figures(args.games)
    print(render(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


COLUMNS = (
    ("hands_per_s", "hands/s", "{:>10.0f}"),
    ("rollouts_per_s", "rollouts/s", "{:>10.0f}"),
    ("legal_actions_us", "legal µs", "{:>9.2f}"),
    ("apply_us", "apply µs", "{:>9.2f}"),
    ("view_us", "view µs", "{:>9.2f}"),
    ("sample_state_us", "sample µs", "{:>9.1f}"),
    ("bytes_per_state", "B/state", "{:>8.0f}"),
    ("marginal_bytes_per_state", "B/step", "{:>7.0f}"),
    ("matches_per_s_1w", "match/s 1w", "{:>10.1f}"),
    ("matches_per_s_2w", "match/s 2w", "{:>10.1f}"),
)


def render(results: dict[str, Any]) -> str:
    """The figures as a plain-text table."""
    header = f"{'game':<22}" + "".join(
        f"{title:>{len(fmt.format(0))}} " for _, title, fmt in COLUMNS
    )
    lines = [header]
    rows = [
        *results["games"].items(),
        *((f"openspiel {k}", v) for k, v in results["openspiel"].items()),
        *(
            (f"{side} {k}", v)
            for side in ("pure", "compiled")
            for k, v in results.get(side, {}).items()
        ),
    ]
    for name, figures in rows:
        cells = "".join(
            (fmt.format(figures[key]) if key in figures else " " * len(fmt.format(0))) + " "
            for key, _, fmt in COLUMNS
        )
        lines.append(f"{name:<22}{cells}")
    if results["ratios"]:
        lines.append("")
        lines.append("ratios (ours / OpenSpiel, same run):")
        for key, ratio in results["ratios"].items():
            lines.append(
                f"  {key:<28} full hands {ratio['hands']:5.2f}x   rollouts {ratio['rollouts']:5.2f}x"
            )
    lines.extend(compiled_lines(results, REFERENCE))
    for row in results.get("scaling", []):
        lines.append(
            f"  euchre {row['hands']:>8.0f} hands: {row['us_per_hand']:8.1f} µs/hand, peak RSS {row['peak_rss_mib']:6.1f} MiB"
        )
    if results.get("aec_steps_per_s"):
        lines.append("")
        lines.append("PettingZoo AEC env steps/s (random legal codes; compact / full encoding):")
        for name, rates in results["aec_steps_per_s"].items():
            cells = "   ".join(f"{enc} {rate:9.0f}" for enc, rate in rates.items())
            lines.append(f"  {name:<28} {cells}")
    if results.get("ismcts_iterations_per_s"):
        lines.append("")
        lines.append(
            f"ISMCTS iterations/s (ISMCTSBot, {ISMCTS_ITERATIONS} per decision, fixed mid-hand position):"
        )
        for name, rate in results["ismcts_iterations_per_s"].items():
            lines.append(f"  {name:<28} {rate:9.0f}")
    if results.get("solver"):
        lines.append("")
        lines.append("Double-dummy solver (benchmarks/solver_speed.py; seeded deals, one process):")
        for name, row in results["solver"].items():
            lines.append(
                f"  {name:<10} from trick {row['from_trick']:.0f}: {row['solved']:.0f}/"
                f"{row['deals']:.0f} solved, median {row['median_s']:.3f} s, worst "
                f"{row['worst_s']:.3f} s, {row['nodes_per_s']:,.0f} positions/s"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
