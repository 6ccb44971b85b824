"""The Rook table as a picture: :func:`view_scene` for one seat, :func:`state_scene` for all.

A seat's picture shows its own hand face up, the other hands as card backs with their counts (and
any card a revoke correction handed back in sight of all), the nest face down (face up to the
bidder once buried, and to everyone when the hand is over), the trick in front of the seats that
played it with the leader marked, each team's tricks with the counters they hold, and a header in a
player's words: the auction or the contract ("Bid 95 by seat 2, trump Green") and the score. The
omniscient picture of a state shows every hand and the nest face up.

>>> import random
>>> from cardrules.games.rook import make_game
>>> game = make_game()
>>> state = game.apply(game.new_hand(dealer=3), game.sample_chance(game.new_hand(dealer=3), random.Random(2)))
>>> scene = view_scene(game.view(state, 1))
>>> scene.seats[1].name, len(scene.seats[1].cards), scene.seats[2].hidden, scene.piles[0].hidden
('Seat 1 (you)', 9, 9, 5)
>>> scene.header[0]
'Bidding: no bid yet · bids from 70 to 120 by 5'
"""

from __future__ import annotations

from cardrules.cards import Card, Suit
from cardrules.decks import CardSet
from cardrules.errors import ArgumentTypeError
from cardrules.games.rook.game import RookGame
from cardrules.games.rook.state import RookState
from cardrules.games.rook.views import RookView, make_view
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

_ACTING = {"bidding": "to bid", "bury": "to bury", "trump": "to name trump", "play": "to play"}


def _trump_words(trump: Suit | None) -> str:
    return "trump not named yet" if trump is None else f"trump {trump.name.title()}"


def _contract_line(view: RookView) -> str:
    if view.bidder >= 0:
        line = f"Bid {view.bid} by seat {view.bidder}"
        if view.phase == "bury":
            return line + f" · seat {view.bidder} took the nest and buries five cards"
        return line + ", " + _trump_words(view.trump)
    auction = view.auction
    if view.phase == "choose_dealer":
        return "Choosing the first dealer"
    if auction is None:
        return f"Seat {view.dealer} deals"
    if auction.high_bid is None:
        head = "Bidding: no bid yet"
    else:
        head = f"Bidding: high bid {auction.high_bid} by seat {auction.high_bidder}"
    return head + f" · bids from {auction.minimum} to {auction.maximum} by {auction.step}"


def _winners(view: RookView) -> list[int]:
    """The winner of each completed trick: the next trick's leader."""
    leaders = [lead for lead, _ in view.tricks[1:]]
    if view.tricks:
        leaders.append(view.leader)
    return leaders


def _scene(
    view: RookView, hands: tuple[tuple[Card, ...], ...] | None, nest: CardSet | None
) -> TableScene:
    """The scene; ``hands`` and ``nest`` face up only for the omniscient table."""
    omniscient = hands is not None
    viewer = None if omniscient else view.seat
    played_cards = {c for _, t in view.tricks for c in t} | set(view.trick)
    if hands is None and view.revealed is not None:
        hands = tuple(tuple(h) for h in view.revealed)
    passed = (
        view.auction.passed if view.auction is not None and view.phase == "bidding" else frozenset()
    )
    in_trick = {(view.leader + k) % 4: c for k, c in enumerate(view.trick)}
    seats = []
    for s in range(4):
        tags = []
        if s == view.dealer:
            tags.append("dealer")
        if s == view.bidder:
            tags.append("bidder")
        if s in passed:
            tags.append("passed")
        if view.to_move == s and view.phase in _ACTING:
            tags.append(_ACTING[view.phase])
        if hands is not None:
            face_up: tuple[Card, ...] = hands[s]
            hidden = 0
        elif s == view.seat:
            face_up, hidden = tuple(view.hand), 0
        else:
            # Cards handed back by a correction are known to be in that hand until played again.
            face_up = tuple(
                c for holder, c in view.returned if holder == s and c not in played_cards
            )
            hidden = view.hand_sizes[s] - len(face_up)
        seats.append(
            TableSeat(
                f"Seat {s}" + (" (you)" if s == viewer else ""),
                team=f"team {s % 2}",
                cards=face_up,
                hidden=hidden,
                tags=tuple(tags),
                played=(in_trick[s],) if s in in_trick else (),
            )
        )
    score = view.score
    header = [_contract_line(view)]
    header.append(
        f"Counters: team 0: {view.captured[0]}, team 1: {view.captured[1]} · "
        + score_line(score.scores, score.target)
    )
    if view.last_reason and not view.tricks and not view.trick and view.phase != "over":
        header.append("Last hand: " + hand_result_line(view.last_points, view.last_reason))
    if view.proper_play >= 0:
        header.append(f"Seat {view.proper_play} corrected a revoke and plays again")

    piles = []
    if view.phase in ("bidding", "trump", "play", "over") and (view.nest_size or nest):
        note = f"buried by seat {view.bidder}" if view.bidder >= 0 else ""
        shown = nest if nest is not None else view.nest
        if shown is not None:
            piles.append(Pile("Nest", tuple(shown), note=note))
        else:
            piles.append(Pile("Nest", hidden=view.nest_size, note=note))

    won: tuple[WonStack, ...] = ()
    if view.tricks or view.phase == "play":
        taken = [0, 0]
        for winner in _winners(view):
            taken[winner % 2] += 1
        bidders = view.bidder % 2 if view.bidder >= 0 else None
        won = tuple(
            WonStack(
                f"team {t}",
                taken[t],
                detail=f"{view.captured[t]} counters"
                + ("" if bidders is None else (" · bidders" if t == bidders else " · defenders")),
            )
            for t in (0, 1)
        )
    last_trick = None
    if not view.trick and view.tricks:
        first, cards = view.tricks[-1]
        last_trick = LastTrick(
            tuple((f"seat {(first + k) % 4}", (c,)) for k, c in enumerate(cards)),
            f"seat {_winners(view)[-1]}",
        )
    footer = []
    if view.phase == "over":
        if view.last_reason:
            footer.append("Hand over: " + hand_result_line(view.last_points, view.last_reason))
        champion = score.winner
        if champion is not None:
            footer.append(match_over_line(score.scores, champion))
    title = "Rook" if omniscient else f"Rook · seat {view.seat}'s view"
    if view.phase != "choose_dealer":
        title += f" · hand {view.hand_no + (0 if view.phase == 'over' else 1)}"
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


def view_scene(view: RookView) -> TableScene:
    """The table as ``view.seat`` sees it (only what that seat may know)."""
    if type(view) is not RookView:
        raise ArgumentTypeError(f"view_scene draws a RookView, not {type(view).__name__}")
    return _scene(view, None, None)


def state_scene(state: RookState, game: RookGame | None = None) -> TableScene:
    """The whole table: every hand and the nest face up.

    Without ``game``, the deck is read from the state (57 cards under ``full_deck``, else 41).
    """
    if type(state) is not RookState:
        raise ArgumentTypeError(f"state_scene draws a RookState, not {type(state).__name__}")
    if game is not None and not isinstance(game, RookGame):
        raise ArgumentTypeError(f"a RookState is drawn with a RookGame, not {type(game).__name__}")
    if game is None:
        from cardrules.games.rook import make_game

        # After the deal every card lies somewhere; only the 57-card deck has indices past 40.
        seen = state.nest
        for mask in state.hands:
            seen |= mask
        for c in (*state.trick, *(c for _, t in state.tricks for c in t)):
            seen |= 1 << c
        game = make_game(full_deck=seen.bit_length() > 41)
    view = make_view(game, state, 0)
    deck = game.deck
    hands = tuple(tuple(CardSet(deck, mask)) for mask in state.hands)
    return _scene(view, hands, CardSet(deck, state.nest))
