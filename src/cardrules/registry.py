"""Game discovery over the ``cardrules.games`` entry-point group.

A plugin package declares, in its ``pyproject.toml``::

    [project.entry-points."cardrules.games"]
    mygame = "mypackage:make_game"

where ``make_game(**options)`` returns a :class:`~cardrules.game.Game`. Discovery runs on the first
call and is cached, so ``import cardrules`` stays fast. :func:`register` adds a game in-process (tests,
notebooks) without packaging.

>>> register("coin-flip-demo", lambda **options: options)
>>> get_game("coin-flip-demo", target=3)
{'target': 3}
>>> unregister("coin-flip-demo")

For a type checker, :func:`get_game` of a built-in game's name (a literal ``"euchre"``, ``"rook"``,
``"voormsi"``, ``"tournament"``) is that game's class, so its states and actions are typed; any
other name is a :class:`~cardrules.game.Game` of unknown states and actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, overload

from cardrules.errors import UnknownGameError

if TYPE_CHECKING:  # the core never imports the games at run time: plugins load on demand
    from cardrules.game import Game
    from cardrules.games.euchre import EuchreGame
    from cardrules.games.rook import RookGame
    from cardrules.games.tournament import KingsdownEightsGame, TournamentGame
    from cardrules.games.voormsi import VoormsiGame

__all__ = ["GameFactory", "available_games", "get_game", "register", "unregister"]

GameFactory = Callable[..., Any]
"""A callable taking rules options as keywords and returning a game."""

ENTRY_POINT_GROUP = "cardrules.games"

_discovered: dict[str, Any] | None = None  # name -> EntryPoint, loaded lazily
_loaded: dict[str, GameFactory] = {}
_registered: dict[str, GameFactory] = {}


def _entry_points() -> dict[str, Any]:
    global _discovered
    if _discovered is None:
        from importlib.metadata import entry_points  # imported lazily: it is slow

        _discovered = {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return _discovered


def available_games() -> tuple[str, ...]:
    """The names of every registered game, plugins included, sorted."""
    return tuple(sorted({*_entry_points(), *_registered}))


def register(name: str, factory: GameFactory) -> None:
    """Register a game factory under ``name`` in this process (it shadows an entry point)."""
    _registered[name] = factory


def unregister(name: str) -> None:
    """Remove an in-process registration made with :func:`register`."""
    _registered.pop(name, None)


def get_factory(name: str) -> GameFactory:
    """The factory registered under ``name``."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game's name is text, not {type(name).__name__} {name!r:.40}")
    if name in _registered:
        return _registered[name]
    if name not in _loaded:
        entry = _entry_points().get(name)
        if entry is None:
            known = ", ".join(available_games()) or "none"
            raise UnknownGameError(f"no game called {name!r} (registered: {known})")
        _loaded[name] = entry.load()
    return _loaded[name]


@overload
def get_game(name: Literal["euchre"], **options: Any) -> EuchreGame: ...
@overload
def get_game(name: Literal["rook"], **options: Any) -> RookGame: ...
@overload
def get_game(name: Literal["voormsi"], **options: Any) -> VoormsiGame: ...
@overload
def get_game(
    name: Literal["tournament"], **options: Any
) -> TournamentGame | KingsdownEightsGame: ...
@overload
def get_game(name: str, **options: Any) -> Game[Any, Any, Any]: ...
def get_game(name: str, **options: Any) -> Any:
    """The game ``name`` built with rules ``options`` (each game documents its options).

    The built-in names are typed as their game's class (``"tournament"`` builds a
    :class:`~cardrules.games.tournament.TournamentGame`, or a
    :class:`~cardrules.games.tournament.KingsdownEightsGame` for the Kingsdown Eights variant); a
    plugin's name as a :class:`~cardrules.game.Game`. :func:`register` may shadow a built-in name
    in a process: the game returned is then the factory's, whatever the type says.

    >>> type(get_game("rook")).__name__
    'RookGame'
    >>> type(get_game("tournament", preset="kingsdown_eights")).__name__
    'KingsdownEightsGame'
    """
    return get_factory(name)(**options)
