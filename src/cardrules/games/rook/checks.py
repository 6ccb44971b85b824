"""Rook's checked path: any value as an action, every field checked, every refusal explained.

:meth:`RookGame.apply <cardrules.games.rook.game.RookGame.apply>` (the fast steps of
:mod:`cardrules.games.rook.fast`) takes the interned actions of the legal lists in turn at once;
everything else — a fresh or tampered value, an action of another seat (``seat=``), a play that
does not follow — comes here: :func:`checked_apply` checks every field of the action
(:func:`check_fields`: R2, R5, R6, R10, R13), then refuses it with its rule id and the legal
actions of the seat, or takes it through the same named steps of the fast module, or (renege
mode, R24) records a revoke through the game's play variant. The game's ``checked_apply`` and
``check_action`` are these functions.

>>> from cardrules.games.rook import Bid, make_game
>>> game = make_game()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
>>> checked_apply(game, s, Bid(70)) == game.apply(s, game.bids[70])
True
>>> checked_apply(game, s, Bid(70), seat=2)
Traceback (most recent call last):
...
cardrules.errors.IllegalActionError: rule R9 (bidding turns): it is seat 0's turn [seat 2, action Bid(amount=70)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules import (
    CHANCE,
    Card,
    CardSet,
    ChooseDealer,
    Deal,
    IllegalActionError,
    Suit,
)
from cardrules.errors import short_repr
from cardrules.games.rook import fast
from cardrules.games.rook.actions import (
    Bid,
    Bury,
    ClaimRevoke,
    CorrectRevoke,
    NameTrump,
    Pass,
    Play,
    Redeal,
    RookAction,
    card_text,
)
from cardrules.games.rook.engine import (
    BID_STEP,
    COLOURS,
    MAX_BID,
    MIN_BID,
    NEST_SIZE,
    bury_pool,
    is_revoke,
    redeal_dealer,
)
from cardrules.games.rook.rulebook import RookRule
from cardrules.games.rook.state import RookState

if TYPE_CHECKING:
    from cardrules.games.rook.game import RookGame

__all__ = ["bury_indices", "check_fields", "checked_apply", "with_legal"]

_short = short_repr  # for messages: a hostile __repr__ does not hide the real error


def with_legal(
    exc: IllegalActionError, legal: Sequence[RookAction], *, seat: int | None = None
) -> IllegalActionError:
    """``exc`` (raised by a helper that cannot see the state) again, with the legal actions (and
    the acting ``seat`` when the helper did not know it)."""
    return IllegalActionError(
        exc.rule, exc.why, action=exc.action, seat=exc.seat if seat is None else seat, legal=legal
    )


def bury_indices(game: RookGame, action: Bury) -> list[int] | None:
    """The deck indices of a well-formed bury (five different cards of this deck, as a tuple in
    deck order, as :class:`Bury` keeps them), else ``None``."""
    cards = action.cards
    if type(cards) is not tuple or len(cards) != NEST_SIZE:
        return None
    index = game.card_index
    idx = [index.get(c, -1) if type(c) is Card else -1 for c in cards]
    if -1 in idx:
        return None
    # Strictly increasing: five different cards, in Bury's canonical (deck) order.
    if not idx[0] < idx[1] < idx[2] < idx[3] < idx[4]:
        return None
    return idx


def check_fields(game: RookGame, action: object) -> None:
    """``check_action`` for the fields: a value of another class passes (apply refuses it with
    the rule of the phase)."""
    kind = type(action)
    if kind is Play:
        card = action.card  # type: ignore[attr-defined]
        if type(card) is not Card or card not in game.card_index:
            raise IllegalActionError(
                RookRule.R2, f"a play is one card of the {game.deck.name} deck, not "
                f"{type(card).__name__} {_short(card)}", action=action,
            )  # fmt: skip
    elif kind is Bid:
        amount = action.amount  # type: ignore[attr-defined]
        if (
            type(amount) is not int
            or not MIN_BID <= amount <= MAX_BID
            or (amount - MIN_BID) % BID_STEP
        ):
            raise IllegalActionError(
                RookRule.R10, f"a bid is an int multiple of {BID_STEP} from {MIN_BID} to {MAX_BID}, "
                f"not {type(amount).__name__} {_short(amount)}", action=action,
            )  # fmt: skip
    elif kind is NameTrump:
        suit = action.suit  # type: ignore[attr-defined]
        if type(suit) is not Suit or suit not in COLOURS:
            raise IllegalActionError(
                RookRule.R13, "trump is one of the colours Red, Yellow, Green, Black, not "
                f"{type(suit).__name__} {_short(suit)}", action=action,
            )  # fmt: skip
    elif kind is Bury:
        if bury_indices(game, action) is None:  # type: ignore[arg-type]
            raise IllegalActionError(
                RookRule.R13, f"a bury is a tuple of five different cards of the {game.deck.name} "
                f"deck, not {_short(action.cards)}", action=action,  # type: ignore[attr-defined]
            )  # fmt: skip
    elif kind is Deal:
        game.check_deal(action, RookRule.R6)
    elif kind is ChooseDealer:
        seat = action.seat  # type: ignore[attr-defined]
        if type(seat) is not int or not 0 <= seat < 4:
            raise IllegalActionError(
                RookRule.R5, f"the first dealer is a seat from 0 to 3, not {type(seat).__name__} "
                f"{_short(seat)}", action=action,
            )  # fmt: skip


# -- apply's checked path ----------------------------------------------------------------------
def checked_apply(
    game: RookGame, state: RookState, action: Any, seat: int | None = None
) -> RookState:
    """``game.apply`` for any value (the same next state): every field of the action is
    checked (R2, R5, R10, R13) and every refusal explained with its rule and the legal
    actions of the seat, or recorded as a revoke in renege mode (R24). ``apply`` takes this
    path for anything but the interned actions of the legal lists in turn.

    >>> from cardrules.games.rook import Bid, make_game
    >>> game = make_game()
    >>> s = game.apply(game.new_hand(dealer=3), game.sample_chance(game.new_hand(dealer=3),
    ...     random.Random(5)))
    >>> game.checked_apply(s, Bid(70)) == game.apply(s, game.bids[70])
    True
    """
    if type(state) is not RookState or state.config is not game.config:
        game.check_state(state)
    if seat is not None:
        game.check_actor(state, seat, state.to_move)
    mover = state.to_move
    try:
        check_fields(game, action)
    except IllegalActionError as exc:
        if mover is None or mover == CHANCE or seat == CHANCE:
            raise
        # A malformed action of a seat: the error lists what that seat may do instead.
        actor = mover if seat is None else seat
        raise with_legal(exc, game.actions_of(state, actor), seat=actor) from None
    if (
        type(action) is Play
        and type(action.card) is Card
        and state.phase == "play"
        and mover is not None
        and (seat is None or seat == mover)
    ):
        # A proper play in turn. Anything unusual (a card not held, a revoke, a bad value)
        # goes through _apply_play, which explains or records it.
        card = game.card_index.get(action.card)
        if card is not None and game.play_variant.proper_mask(state, mover) >> card & 1:
            return fast.play(game, state, mover, card, state.revokes)
        return _apply_play(game, state, action, mover)
    if mover is None:
        raise IllegalActionError(RookRule.R23, "the game is over", action=action, seat=seat)
    actor = mover if seat is None else seat
    if isinstance(action, Redeal | CorrectRevoke | ClaimRevoke) and actor != CHANCE:
        # R8 and R24: in turn or out of turn alike.
        return _apply_out_of_turn(game, state, action, actor)
    if actor != mover:
        who = "chance" if mover == CHANCE else f"seat {mover}"
        rule = RookRule.R15 if state.phase == "play" else RookRule.R9
        raise IllegalActionError(
            rule, f"it is {who}'s turn", action=action, seat=actor,
            legal=game.actions_of(state, actor),
        )  # fmt: skip
    if mover == CHANCE:
        return _apply_chance(game, state, action)
    phase = state.phase
    if phase == "bidding":
        return _apply_bid(game, state, action, actor)
    if phase == "bury":
        return _apply_bury(game, state, action, actor)
    if phase == "trump":
        if not isinstance(action, NameTrump) or action not in game.trumps:
            raise IllegalActionError(
                RookRule.R13, "the bidder names a trump colour", action=action, seat=actor,
                legal=game.legal_actions(state),
            )  # fmt: skip
        return fast.named_trump(game, state, action.suit)
    return _apply_play(game, state, action, actor)


def _apply_chance(game: RookGame, state: RookState, action: Any) -> RookState:
    if state.phase == "choose_dealer":
        if (
            not isinstance(action, ChooseDealer)
            or isinstance(action.seat, bool)
            or action.seat not in range(4)
        ):
            raise IllegalActionError(
                RookRule.R5, "the first step draws a dealer (seat 0-3)", action=action
            )
        return RookState(
            "deal", CHANCE, action.seat, state.score, state.single_hand, config=state.config
        )
    return fast.dealt(game, state, action)


def _apply_bid(game: RookGame, state: RookState, action: Any, seat: int) -> RookState:
    auction = state.auction
    assert auction is not None
    if isinstance(action, Pass | Bid):
        try:
            if isinstance(action, Pass):
                auction = auction.pass_(seat)
            else:
                auction = auction.bid(seat, action.amount)  # R10, R11 (the auction checks)
        except IllegalActionError as exc:  # the error path only: add the legal calls
            raise with_legal(exc, game.legal_actions(state)) from None
    else:
        raise IllegalActionError(
            RookRule.R9, "bid or pass", action=action, seat=seat,
            legal=game.legal_actions(state),
        )  # fmt: skip
    return fast.after_auction(game, state, auction)


def _apply_bury(game: RookGame, state: RookState, action: Any, seat: int) -> RookState:
    if not isinstance(action, Bury):
        raise IllegalActionError(
            RookRule.R13,
            "the bidder buries five cards",
            action=action,
            seat=seat,
            legal=game.legal_actions(state),
        )
    hand = state.hands[seat]
    # One of the legal buries (BuryChoices answers in O(1), with its mask), else the checks
    # that say why not.
    mask = game.legal_buries(hand).mask_if_legal(action) if type(action) is Bury else None
    if mask is None:
        try:
            mask = _checked_bury(game, action, seat, hand)
        except IllegalActionError as exc:  # the error path only: add the legal buries
            raise with_legal(exc, game.legal_actions(state)) from None
    return fast.buried(game, state, seat, mask)


def _checked_bury(game: RookGame, action: Bury, seat: int, hand: int) -> int:
    """The mask of a legal bury, or the reason it is refused (R13, A6)."""
    idx = bury_indices(game, action)
    if idx is None:
        raise IllegalActionError(
            RookRule.R13, "bury five different Rook cards", action=action, seat=seat
        )
    mask = sum(1 << i for i in idx)
    if mask & ~hand:
        missing = CardSet(game.deck, mask & ~hand)
        raise IllegalActionError(
            RookRule.R13, f"the bidder does not hold {missing}", action=action, seat=seat
        )
    forced, pool = bury_pool(hand, game.counter_mask, game.rules.nest_discard_counters)
    if mask & forced == forced and not mask & ~(forced | pool):
        return mask
    raise IllegalActionError(
        RookRule.A6,
        "counters may be buried only when fewer than five non-counters are held",
        action=action,
        seat=seat,
    )


def _apply_play(game: RookGame, state: RookState, action: Any, seat: int) -> RookState:
    if not isinstance(action, Play) or not isinstance(action.card, Card):
        raise IllegalActionError(
            RookRule.R15,
            "play one card",
            action=action,
            seat=seat,
            legal=game.legal_actions(state),
        )
    card_index = game.card_index.get(action.card)
    if card_index is None:
        raise IllegalActionError(
            RookRule.R2,
            f"{action.card} is not a card of this deck",
            action=action,
            seat=seat,
            legal=game.legal_actions(state),
        )
    card = card_index
    hand = state.hands[seat]
    if not hand >> card & 1:
        raise IllegalActionError(
            RookRule.R15,
            f"seat {seat} does not hold {card_text(action.card)}",
            action=action,
            seat=seat,
            legal=game.legal_actions(state),
        )
    revokes = state.revokes
    assert state.trump is not None
    proper = game.follow[state.trump](hand, state.trick[0] if state.trick else None)  # R15-R17
    if is_revoke(hand, card, proper):
        # R24: refused (strict play), or recorded as a revoke (table play).
        revokes = game.play_variant.refused_play(state, seat, card)
    return fast.play(game, state, seat, card, revokes)


def _apply_out_of_turn(game: RookGame, state: RookState, action: Any, seat: int) -> RookState:
    if isinstance(action, Redeal):
        if not game.rules.no_counter_redeal:
            raise IllegalActionError(
                RookRule.R8,
                "the no-counter redeal is off",
                action=action,
                seat=seat,
                legal=game.actions_of(state, seat),
            )
        if state.phase != "bidding":
            raise IllegalActionError(
                RookRule.R8,
                "a redeal may be asked only during the bidding",
                action=action,
                seat=seat,
                legal=game.actions_of(state, seat),
            )
        if state.hands[seat] & game.counter_mask:
            counters = CardSet(game.deck, state.hands[seat] & game.counter_mask)
            raise IllegalActionError(
                RookRule.R8,
                f"the hand holds counters ({' '.join(card_text(c) for c in counters)})",
                action=action,
                seat=seat,
                legal=game.actions_of(state, seat),
            )
        assert state.dealer is not None
        return fast.redeal(state, redeal_dealer(state.dealer, game.rules.no_counter_redeal_dealer))
    # R24: correct or claim, as the play variant allows.
    return game.play_variant.act_on_revoke(state, action, seat)
