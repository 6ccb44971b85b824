"""Argument checks shared by the Euchre modules: the API edge (see :meth:`EuchreGame.apply`).
Plain integers go through the core :func:`~cardrules.errors.check_int` and
:func:`~cardrules.game.check_seat`.

>>> show("JH")
"str 'JH'"
"""

from __future__ import annotations

from cardrules import ArgumentTypeError, Suit
from cardrules.errors import check_int
from cardrules.game import check_seat
from cardrules.games.euchre.state import Contract

__all__ = ["check_contract", "show"]

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
    check_int(contract.out, f"{argument}.out", 0, 15)
    check_int(contract.lone_defender, f"{argument}.lone_defender", -1, 3)
    return contract
