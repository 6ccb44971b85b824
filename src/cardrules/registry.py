"""Game discovery over the ``cardrules.games`` entry-point group.

A plugin package declares, in its ``pyproject.toml``::

    [project.entry-points."cardrules.games"]
    mygame = "mypackage:make_game"

where ``make_game(**options)`` returns a :class:`~cardrules.game.Game`. Discovery runs on the first
call and is cached, so ``import cardrules`` stays fast. :func:`register` adds a game in-process (tests,
notebooks) without packaging.

>>> register("short-euchre", lambda **options: get_game("euchre", target_score=5, **options))
>>> get_game("short-euchre").rules.target_score
5
>>> unregister("short-euchre")

A name is non-empty text without spaces, and a factory must be callable; a factory that returns
something that is not a game (it has no ``name``) is refused when the game is built:

>>> register("", lambda **options: get_game("euchre"))
Traceback (most recent call last):
...
cardrules.errors.ArgumentError: a game's name must be non-empty text without spaces, not ''
>>> register("coin-flip-demo", lambda **options: options)
>>> get_game("coin-flip-demo")
Traceback (most recent call last):
...
cardrules.errors.CardrulesError: the factory of game 'coin-flip-demo' returned dict {}, not a game
>>> unregister("coin-flip-demo")

For a type checker, :func:`get_game` of a built-in game's name (a literal ``"euchre"``, ``"rook"``,
``"voormsi"``, ``"tournament"``) is that game's class, so its states and actions are typed; any
other name is a :class:`~cardrules.game.Game` of unknown states and actions.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Literal, overload

from cardrules.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardrulesError,
    UnknownGameError,
    short_repr,
)

if TYPE_CHECKING:  # the core never imports the games at run time: plugins load on demand
    from cardrules.game import Game
    from cardrules.games.euchre import EuchreGame
    from cardrules.games.rook import RookGame
    from cardrules.games.tournament import KingsdownEightsGame, TournamentGame
    from cardrules.games.voormsi import VoormsiGame

__all__ = [
    "GameFactory",
    "all_or_nothing",
    "available_games",
    "get_game",
    "register",
    "unregister",
]

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
    """Register a game factory under ``name`` in this process.

    ``name`` is non-empty text without whitespace (it is typed on the command line, as in
    ``cardrules play NAME``); ``factory`` is a callable taking rules options as keywords. A
    registration replaces an earlier one of the same name and shadows an installed game of that
    name, a built-in one included, until :func:`unregister` removes it.

    Raises :class:`~cardrules.errors.ArgumentTypeError` for a name that is not text or a factory
    that is not callable, and :class:`~cardrules.errors.ArgumentError` for an empty name or one
    with whitespace.
    """
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"a game's name must be text, not {type(name).__name__} {short_repr(name)}"
        )
    if not name or any(ch.isspace() for ch in name):
        raise ArgumentError(
            f"a game's name must be non-empty text without spaces, not {short_repr(name)}"
        )
    if not callable(factory):
        raise ArgumentTypeError(
            f"the factory of game {name!r} must be callable, not "
            f"{type(factory).__name__} {short_repr(factory)}"
        )
    _registered[name] = factory


def unregister(name: str) -> None:
    """Remove an in-process registration made with :func:`register`."""
    _registered.pop(name, None)


@contextlib.contextmanager
def all_or_nothing() -> Iterator[None]:
    """A block of :func:`register` / :func:`unregister` calls that is kept whole or not at all.

    If the block raises, every registration is put back as it was before it, the games a
    registration shadowed (a built-in one included) visible again, and the exception goes on; if
    it ends normally, everything it registered stays. The command line's ``--plugin`` uses it,
    so that a plugin it refuses leaves nothing behind in the process.

    >>> try:
    ...     with all_or_nothing():
    ...         register("euchre", lambda **options: options)  # shadows the built-in Euchre
    ...         get_game("euchre")  # not a game: refused
    ... except CardrulesError as exc:
    ...     print(exc)
    the factory of game 'euchre' returned dict {}, not a game
    >>> type(get_game("euchre", target_score=5)).__name__
    'EuchreGame'
    """
    saved = dict(_registered)
    try:
        yield
    except BaseException:
        _registered.clear()
        _registered.update(saved)
        raise


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
        factory = entry.load()
        if not callable(factory):
            raise UnknownGameError(
                f"the entry point of game {name!r} ({entry.value}) is "
                f"{type(factory).__name__}, not a callable factory"
            )
        _loaded[name] = factory
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

    A factory that returns something without a text ``name`` (the least every game has, and what
    records and the command line identify it by) raises :class:`~cardrules.errors.CardrulesError`.
    """
    game = get_factory(name)(**options)
    if not isinstance(getattr(game, "name", None), str):
        raise CardrulesError(
            f"the factory of game {name!r} returned {type(game).__name__} "
            f"{short_repr(game)}, not a game"
        )
    return game
