"""The Euchre table as a picture: :func:`view_scene` for one seat, :func:`state_scene` for all.

A seat's picture shows its own hand face up, the other hands as card backs with their counts (and
any card a revoke correction showed), the up-card while it lies on the kitty, the kitty face down,
the trick in front of the seats that played it with the leader marked, the tricks each team won, and
a header in a player's words: who ordered up or named trump, alone or not, and the score. The
omniscient picture of a state shows every hand, the kitty and the dealer's discard face up.
:func:`cardrules.svg.render` and the views' and states' ``_repr_svg_`` draw these scenes.

>>> import random
>>> from cardrules.games.euchre import make_game
>>> from cardrules.table_svg import table_svg
>>> game = make_game()
>>> state = game.new_hand(dealer=3)
>>> state = game.apply(state, game.sample_chance(state, random.Random(2)))
>>> scene = view_scene(game.view(state, 0))
>>> scene.seats[0].name, len(scene.seats[0].cards), scene.seats[1].hidden
('Seat 0 (you)', 5, 5)
>>> scene.header[0].startswith("Up-card ")
True
>>> table_svg(state_scene(state)).count('class="card"')  # 20 cards in hand, the up-card, the kitty
24
"""

from __future__ import annotations

from cardrules.cards import Card, Suit
from cardrules.errors import ArgumentTypeError
from cardrules.games.euchre.actions import NameNoTrump, NameTrump
from cardrules.games.euchre.game import EuchreGame
from cardrules.games.euchre.state import DECK, EuchreState
from cardrules.games.euchre.views import EuchreView, view_of
from cardrules.table_svg import (
    LastTrick,
    Pile,
    TableScene,
    TableSeat,
    WonStack,
    hand_result_line,
    match_over_line,
    score_line,
)

__all__ = ["state_scene", "view_scene"]

_ACTING = {
    "bidding": "to bid",
    "discard": "to discard",
    "defend": "to decide",
    "play": "to play",
}


def _trump_words(trump: Suit | None) -> str:
    return "No trump" if trump is None else f"Trump {trump.symbol}"


def _contract_line(view: EuchreView) -> str:
    contract = view.contract
    calls = view.calls
    if contract is None:
        if view.upcard is None:
            if view.phase == "choose_dealer":
                return "Choosing the first dealer"
            return f"Seat {view.dealer} deals"
        if calls is not None and calls.round >= 1:
            return f"Up-card {view.upcard.unicode} turned down · second round: name a suit or pass"
        return f"Up-card {view.upcard.unicode} · first round: order it up or pass"
    maker = contract.maker
    if contract.picked_up and view.upcard is not None:
        if maker == view.dealer:
            made = f"seat {maker}, the dealer, picked up the {view.upcard.unicode}"
        else:
            made = f"seat {maker} ordered up the {view.upcard.unicode}"
    else:
        action = calls.caller[2] if calls is not None and calls.caller is not None else None
        if contract.trump is None or isinstance(action, NameNoTrump):
            made = f"seat {maker} called no trump"
        elif isinstance(action, NameTrump) or not contract.picked_up:
            made = f"seat {maker} named {contract.trump.symbol}"
        else:  # pragma: no cover - a made contract either picked up or named
            made = f"seat {maker} made trump"
    if contract.alone:
        made += " alone"
    line = f"{_trump_words(contract.trump)} · {made}"
    if contract.lone_defender >= 0:
        line += f" · seat {contract.lone_defender} defends alone"
    return line


def _score_line(view: EuchreView) -> str:
    score = view.match.score
    return f"Tricks: team 0: {view.won[0]}, team 1: {view.won[1]} · " + score_line(
        score.scores, score.target
    )


def _passed(view: EuchreView) -> set[int]:
    """Seats that passed in the calling round under way."""
    calls = view.calls
    if calls is None or view.contract is not None:
        return set()
    start = calls.round * calls.num_players
    return {seat for seat, action in calls.history[start:] if action is None}


def _play_order(view: EuchreView, leader: int) -> list[int]:
    out = view.contract.out if view.contract is not None else 0
    seats = []
    seat = leader
    for _ in range(4):
        if not out >> seat & 1:
            seats.append(seat)
        seat = (seat + 1) % 4
    return seats


def _scene(
    view: EuchreView,
    hands: tuple[tuple[Card, ...], ...] | None,
    kitty: tuple[Card, ...] | None,
    discard: Card | None,
) -> TableScene:
    """The scene; ``hands`` (every hand face up), ``kitty`` and ``discard`` only for the table."""
    omniscient = hands is not None
    viewer = None if omniscient else view.seat
    contract = view.contract
    out = contract.out if contract is not None else 0
    passed = _passed(view)
    trick_seats = _play_order(view, view.leader)
    played = dict(zip(trick_seats, view.trick, strict=False))
    seats = []
    for s in range(4):
        tags = []
        if s == view.dealer:
            tags.append("dealer")
        if contract is not None and s == contract.maker:
            tags.append("maker")
        if s in passed:
            tags.append("passed")
        if view.to_move == s and view.phase in _ACTING:
            tags.append(_ACTING[view.phase])
        if hands is not None:
            face_up: tuple[Card, ...] = hands[s]
            hidden = 0
        elif s == view.seat:
            face_up = tuple(view.hand)
            hidden = 0
        else:
            face_up = tuple(view.shown[s])
            hidden = view.hand_sizes[s] - len(face_up)
        name = f"Seat {s}" + (" (you)" if s == viewer else "")
        seats.append(
            TableSeat(
                name,
                team=f"team {s % 2}",
                cards=face_up,
                hidden=hidden,
                tags=tuple(tags),
                out=bool(out >> s & 1),
                played=(played[s],) if s in played else (),
            )
        )
    header = [_contract_line(view)]
    if view.upcard is not None:
        header.append(_score_line(view))
    elif view.phase != "choose_dealer":
        score = view.match.score
        header.append(score_line(score.scores, score.target))
    last = view.match.last
    if last is not None and not view.tricks and not view.trick and view.phase != "over":
        header.append("Last hand: " + hand_result_line(last.points, last.reason))
    if view.discard is not None and not omniscient:
        header.append(f"You discarded the {view.discard.unicode}")

    piles = []
    if view.upcard is not None:
        picked = contract is not None and contract.picked_up
        if not picked:
            turned = (view.calls is not None and view.calls.round >= 1) or contract is not None
            piles.append(Pile("Up-card", (view.upcard,), note="turned down" if turned else ""))
        if kitty is not None:
            piles.append(Pile("Kitty", kitty))
            if discard is not None:
                piles.append(Pile("Dealer's discard", (discard,)))
        else:
            # The three undealt cards, and the dealer's discard buried with them.
            buried = 1 if picked and view.phase not in ("discard",) else 0
            own = view.discard is not None
            note = "with the dealer's discard" if buried and not own else ""
            piles.append(Pile("Kitty", hidden=3 + (buried if not own else 0), note=note))
            if own and view.discard is not None:
                piles.append(Pile("Your discard", (view.discard,)))

    won: tuple[WonStack, ...] = ()
    if contract is not None:
        makers = contract.maker % 2
        won = tuple(
            WonStack(f"team {t}", view.won[t], detail="makers" if t == makers else "defenders")
            for t in (0, 1)
        )
    last_trick = None
    if not view.trick and view.tricks:
        first, cards = view.tricks[-1]
        order = _play_order(view, first)
        last_trick = LastTrick(
            tuple((f"seat {s}", (c,)) for s, c in zip(order, cards, strict=False)),
            f"seat {view.leader}",
        )
    footer = []
    score = view.match.score
    if view.phase == "over":
        if last is not None:
            footer.append("Hand over: " + hand_result_line(last.points, last.reason))
        winner = score.winner
        if winner is not None:
            footer.append(match_over_line(score.scores, winner))
    title = "Euchre" if omniscient else f"Euchre · seat {view.seat}'s view"
    if view.phase != "choose_dealer":
        title += f" · hand {score.hands + (0 if view.phase == 'over' else 1)}"
    return TableScene(
        title=title,
        seats=tuple(seats),
        header=tuple(header),
        bottom=0 if viewer is None else viewer,
        leader=view.leader if view.trick else None,
        piles=tuple(piles),
        won=won,
        last_trick=last_trick,
        footer=tuple(footer),
    )


def view_scene(view: EuchreView) -> TableScene:
    """The table as ``view.seat`` sees it (only what that seat may know)."""
    if type(view) is not EuchreView:
        raise ArgumentTypeError(f"view_scene draws a EuchreView, not {type(view).__name__}")
    return _scene(view, None, None, None)


def state_scene(state: EuchreState, game: EuchreGame | None = None) -> TableScene:
    """The whole table: every hand, the kitty and the dealer's discard face up."""
    if type(state) is not EuchreState:
        raise ArgumentTypeError(f"state_scene draws a EuchreState, not {type(state).__name__}")
    if game is None:
        from cardrules.games.euchre import make_game

        game = make_game()
    elif not isinstance(game, EuchreGame):
        raise ArgumentTypeError(
            f"a EuchreState is drawn with a EuchreGame, not {type(game).__name__}"
        )
    view = view_of(game, state, 0)
    cards = DECK.cards
    hands = tuple(
        tuple(cards[c] for c in range(len(cards)) if mask >> c & 1) for mask in state.hands
    )
    deal = state.deal
    kitty = tuple(cards[c] for c in range(len(cards)) if deal.kitty >> c & 1)
    discard = cards[deal.discard] if deal.discard >= 0 else None
    return _scene(view, hands, kitty if deal.upcard >= 0 else None, discard)
