"""Argument checks shared by the Euchre modules: the API edge (see :meth:`EuchreGame.apply`).

>>> check_int(2, 0, 3, "seat")
2
"""

from __future__ import annotations

from cardrules import ArgumentError, ArgumentTypeError, Suit
from cardrules.game import check_seat
from cardrules.games.euchre.state import Contract

__all__ = ["check_contract", "check_int", "show"]

_FRENCH = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def show(value: object, limit: int = 40) -> str:
    """``type value`` for an error message, short, and safe against a hostile ``__repr__``."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = "?"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return f"{type(value).__name__} {text}"


def check_int(value: object, low: int, high: int, argument: str) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) from ``low`` to ``high``; else a clear error.

    :class:`~cardrules.errors.ArgumentTypeError` for another type,
    :class:`~cardrules.errors.ArgumentError` for an int out of range.

    >>> check_int(3, 0, 5, "maker_tricks")
    3
    >>> check_int(True, 0, 5, "maker_tricks")
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: maker_tricks must be an int from 0 to 5, not bool True
    """
    if type(value) is not int:
        raise ArgumentTypeError(
            f"{argument} must be an int from {low} to {high}, not {show(value)}"
        )
    if not low <= value <= high:
        raise ArgumentError(f"{argument} must be from {low} to {high}, not {value}")
    return value


def check_contract(contract: object, argument: str = "contract") -> Contract:
    """``contract`` if it is a :class:`Contract` with fields of the right types and in range.

    >>> check_contract(Contract(Suit.HEARTS, maker=True, alone=False, out=0))
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentTypeError: contract.maker must be an int from 0 to 3, not bool True
    """
    if type(contract) is not Contract:
        raise ArgumentTypeError(f"{argument} must be a Contract, not {show(contract)}")
    trump = contract.trump
    if trump is not None and (type(trump) is not Suit or trump not in _FRENCH):
        raise ArgumentTypeError(f"{argument}.trump must be ♣ ♦ ♥ ♠ or None, not {show(trump)}")
    check_seat(contract.maker, 4, f"{argument}.maker")
    for name in ("alone", "picked_up"):
        if type(getattr(contract, name)) is not bool:
            raise ArgumentTypeError(
                f"{argument}.{name} must be a bool, not {show(getattr(contract, name))}"
            )
    check_int(contract.out, 0, 15, f"{argument}.out")
    check_int(contract.lone_defender, -1, 3, f"{argument}.lone_defender")
    return contract
