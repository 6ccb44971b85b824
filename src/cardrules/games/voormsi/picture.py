"""The Voormsi table as a picture: :func:`view_scene` for one seat, :func:`state_scene` for all.

A seat's picture shows its own hand face up, the other hands as card backs with their counts (and
the cards it knows there: a Voormsi player's hand shown to it as proof, a J♣ known to be held), the
stock face down, each seat's card or group in the trick in progress with the leader and the heading
group marked, the tricks and trick units each side took, and a header in a player's words: the
ladder, the trick units, the points held while a side's run is unbroken. The omniscient picture of
a state shows every hand, and the stock in drawing order, face up.

>>> import random
>>> from cardrules.games.voormsi import make_game
>>> game = make_game()
>>> state = game.apply(game.new_hand(dealer=3), game.sample_chance(game.new_hand(dealer=3), random.Random(2)))
>>> scene = view_scene(game.view(state, 0))
>>> scene.seats[0].name, len(scene.seats[0].cards), scene.seats[1].hidden, scene.piles[0].hidden
('Seat 0 (you)', 4, 4, 20)
>>> scene.header[0]
'Ladder: team 0: 0, team 1: 0 (to 9)'
"""

from __future__ import annotations

from cardrules.cards import Card
from cardrules.errors import ArgumentTypeError
from cardrules.games.voormsi.game import VoormsiGame
from cardrules.games.voormsi.ranking import DECK, TOQUTSIT
from cardrules.games.voormsi.state import VoormsiState
from cardrules.games.voormsi.views import VoormsiView, view_of
from cardrules.table_svg import LastTrick, Pile, TableScene, TableSeat, WonStack, points_text

__all__ = ["state_scene", "view_scene"]

_GROUPS = {2: "pairs", 3: "triples", 4: "fours"}


def _side_name(view: VoormsiView, side: int) -> str:
    # Four players play in two partnerships; two or three play each for themselves.
    return f"team {side}" if len(view.hand_sizes) == 4 else f"seat {side}"


def _per_side(view: VoormsiView, values: tuple[int, ...]) -> str:
    return ", ".join(f"{_side_name(view, s)}: {points_text(v)}" for s, v in enumerate(values))


def _end_line(view: VoormsiView, target: int) -> str:
    winner = _side_name(view, view.winner) if view.winner >= 0 else ""
    if view.end == "target":
        return f"Game over: {winner} reaches {target} and wins"
    if view.end == "draw":
        return f"Game over: both sides reach {target} at once, a draw"
    if view.end == "sweep":
        return f"Game over: {winner} won every trick, and with it the game"
    if view.end == "partner_capture":
        return f"Game over: {winner} wins, the other side's Toqutsit captured its partner's Voormsi"
    return "The deal is over"


def _scene(
    view: VoormsiView,
    hands: tuple[tuple[Card, ...], ...] | None,
    stock: tuple[Card, ...] | None,
    target: int,
) -> TableScene:
    """The scene; ``hands`` and ``stock`` face up only for the omniscient table."""
    omniscient = hands is not None
    viewer = None if omniscient else view.seat
    n = len(view.hand_sizes)
    sides = len(view.units)
    # With two players each plays twice to a trick (V27): a seat's plays lie together.
    in_trick: dict[int, tuple[Card, ...]] = {}
    for seat, group in view.trick:
        in_trick[seat] = in_trick.get(seat, ()) + group
    toqutsit = DECK.cards[TOQUTSIT]
    seats = []
    for s in range(n):
        tags = []
        if s == view.dealer:
            tags.append("dealer")
        if view.to_move == s and view.phase == "play":
            tags.append("to play")
        if hands is not None:
            face_up: tuple[Card, ...] = hands[s]
            hidden = 0
        elif s == view.seat:
            face_up, hidden = tuple(view.hand), 0
        else:
            known = set(view.known_cards(s))
            if view.toqu_known[s] == 2:
                known.add(toqutsit)  # a refused B1 proof showed all that this seat holds it
            face_up = tuple(c for c in DECK.cards if c in known)
            hidden = view.hand_sizes[s] - len(face_up)
        out = view.phase == "play" and not view.hand_sizes[s] and any(view.hand_sizes)
        seats.append(
            TableSeat(
                f"Seat {s}" + (" (you)" if s == viewer else ""),
                team=f"team {s % sides}" if n == 4 else "",
                cards=face_up,
                hidden=hidden,
                tags=tuple(tags),
                out=out and s not in in_trick,
                played=in_trick.get(s, ()),
            )
        )
    header = []
    if view.phase == "choose_dealer":
        header.append("Choosing the first dealer")
    header.append(f"Ladder: {_per_side(view, view.scores)} (to {target})")
    if view.phase in ("play", "over") and (view.tricks or view.trick):
        header.append(f"Trick units: {_per_side(view, view.units)}")
    if any(view.pending):
        header.append(f"Held until the run is broken: {_per_side(view, view.pending)}")
    elif view.seq_side >= 0 and view.phase == "play":
        header.append(f"{_side_name(view, view.seq_side).capitalize()} has won every trick so far")
    size = len(view.trick[0][1]) if view.trick else 1
    if size > 1:
        header.append(f"A trick of {_GROUPS.get(size, 'groups')}: each plays {size} cards")
    piles = []
    if view.phase != "choose_dealer" and (view.stock_size or view.phase == "play"):
        if stock is not None:
            piles.append(Pile("Stock", stock, note="next draw first"))
        else:
            piles.append(Pile("Stock", hidden=view.stock_size))
    won: tuple[WonStack, ...] = ()
    if view.tricks or view.trick:
        taken = [0] * sides
        for _, winner in view.tricks:
            taken[winner % sides] += 1
        won = tuple(
            WonStack(_side_name(view, side), taken[side], detail=f"{view.units[side]} trick units")
            for side in range(sides)
        )
    last_trick = None
    if not view.trick and view.tricks:
        plays, winner = view.tricks[-1]
        last_trick = LastTrick(tuple((f"seat {p}", group) for p, group in plays), f"seat {winner}")
    footer = [_end_line(view, target)] if view.phase == "over" else []
    heading = view.trick[view.heading][0] if 0 <= view.heading < len(view.trick) else None
    return TableScene(
        title="Voormsi" if omniscient else f"Voormsi · seat {view.seat}'s view",
        seats=tuple(seats),
        header=tuple(header),
        bottom=0 if viewer is None else viewer,
        leader=view.trick[0][0] if view.trick else None,
        heading=heading,
        piles=tuple(piles),
        won=won,
        last_trick=last_trick,
        footer=tuple(footer),
    )


def _target(sides: int, game: VoormsiGame | None) -> int:
    if game is not None and not isinstance(game, VoormsiGame):
        raise ArgumentTypeError(f"Voormsi is drawn with a VoormsiGame, not {type(game).__name__}")
    if game is not None:
        target: int = game.rules.target
        return target
    return 12 if sides == 3 else 9  # the rules' defaults: 9 rungs, 12 with three players


def view_scene(view: VoormsiView, game: VoormsiGame | None = None) -> TableScene:
    """The table as ``view.seat`` sees it (only what that seat may know); ``game`` gives the
    ladder's target (else the rules' default)."""
    if type(view) is not VoormsiView:
        raise ArgumentTypeError(f"view_scene draws a VoormsiView, not {type(view).__name__}")
    return _scene(view, None, None, _target(len(view.units), game))


def state_scene(state: VoormsiState, game: VoormsiGame | None = None) -> TableScene:
    """The whole table: every hand, and the stock in drawing order, face up."""
    if type(state) is not VoormsiState:
        raise ArgumentTypeError(f"state_scene draws a VoormsiState, not {type(state).__name__}")
    view = view_of(state, 0)
    cards = DECK.cards
    hands = tuple(tuple(c for i, c in enumerate(cards) if mask >> i & 1) for mask in state.hands)
    stock = tuple(cards[i] for i in state.stock)
    return _scene(view, hands, stock, _target(len(view.units), game))
