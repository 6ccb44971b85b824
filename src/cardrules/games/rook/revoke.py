"""Strict play and table play (renege mode, R24) as variants of one game: the play-legality hooks.

A :class:`~cardrules.games.rook.game.RookGame` asks its play variant, and only it, what differs
between the two ways of playing, as python-chess's variants override the hooks of ``Board``:

* ``listed_follow`` (and :meth:`StrictPlay.play_mask`, which reads it): per trump
  and led card, the cards a seat that holds some of them is offered: those that follow (strict
  play), or every card (table play; ``-1`` is the mask of all cards). The game's ``legal_actions``
  reads this table itself, so that listing a play costs no call;
* :meth:`StrictPlay.refused_play`: what a held card that does not follow (R15–R17) leads to:
  refused in strict play, recorded as a revoke in table play;
* :meth:`StrictPlay.revoke_actions` and :meth:`StrictPlay.act_on_revoke`: the R24 correction of an
  open revoke and the claim of an established one (table play only);
* :meth:`StrictPlay.play_out`: the random play of a rollout.

:class:`StrictPlay` is the default; :class:`TablePlay` is what ``renege_mode=True`` selects.

>>> from cardrules.games.rook import make_game
>>> type(make_game().play_variant).__name__, type(make_game(renege_mode=True).play_variant).__name__
('StrictPlay', 'TablePlay')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardrules import CardSet, IllegalActionError, Outcome, Suit
from cardrules.games.rook.actions import ClaimRevoke, CorrectRevoke, Play, RookAction, card_text
from cardrules.games.rook.engine import (
    claim_result,
    is_established,
    is_public_revoke,
    trick_winner,
)
from cardrules.games.rook.fast import (
    end_hand,
    fused_playout,
    legal_play_mask,
    stepped_playout,
    still_held,
)
from cardrules.games.rook.rulebook import RookRule
from cardrules.games.rook.state import Revoke, RookState

if TYPE_CHECKING:
    from cardrules.games.rook.game import RookGame

__all__ = [
    "CLAIM",
    "CORRECT",
    "StrictPlay",
    "TablePlay",
    "claim_target",
    "not_following",
    "open_revoke",
    "revoke_public",
    "still_held",
]

CORRECT: Final = CorrectRevoke()
"""The interned R24 correction of the legal lists."""
CLAIM: Final = ClaimRevoke()
"""The interned R24 claim of the legal lists."""


def revoke_public(
    game: RookGame,
    trump: Suit | None,
    tricks: Sequence[tuple[int, Sequence[int]]],
    leader: int,
    trick: Sequence[int],
    revoke: Revoke,
    hand_over: bool,
) -> bool:
    """R24 (who sees a revoke): whether ``revoke`` is public in a hand whose completed ``tricks``
    and current ``trick`` (led by ``leader``) are these (:func:`is_public_revoke`, with the led
    suit read from the revoke's trick)."""
    if hand_over:
        return True
    if trump is None or revoke.trick > len(tricks):
        return False
    cards = tricks[revoke.trick][1] if revoke.trick < len(tricks) else trick
    order = game.orders[trump]
    led_mask = order.suit_mask(order.effective_suits[cards[0]])
    return is_public_revoke(revoke.seat, revoke.trick, led_mask, tricks, leader, trick, False)


def open_revoke(game: RookGame, state: RookState, seat: int) -> Revoke | None:
    """R24, A4: ``seat``'s revoke that may still be corrected (not yet established), if any."""
    window = game.rules.renege_correction_window
    for revoke in state.revokes:
        if revoke.seat == seat and not is_established(revoke.trick, len(state.tricks), window):
            return revoke
    return None


def claim_target(game: RookGame, state: RookState, seat: int) -> Revoke | None:
    """R24 (who claims): the earliest revoke of ``seat``'s opponents that is established and
    public, the one its claim names and penalises; ``None`` if it has none to claim. A seat
    never claims its own side's revoke, nor one it cannot know of."""
    if state.phase != "play":
        return None
    side = seat % 2
    window = game.rules.renege_correction_window
    for revoke in state.revokes:  # in the order they were made
        if (
            revoke.seat % 2 != side
            and is_established(revoke.trick, len(state.tricks), window)
            and revoke_public(
                game, state.trump, state.tricks, state.leader, state.trick, revoke, False
            )
        ):
            return revoke
    return None


def not_following(game: RookGame, state: RookState, seat: int, card: int) -> IllegalActionError:
    """The error for ``seat``'s play of a held ``card`` that does not follow: R15 (a colour
    led), R17 (trump or the Bird led) or A4 (the proper play owed after a correction), with
    the cards it should follow with and the legal actions."""
    assert state.trump is not None
    order = game.orders[state.trump]
    led = order.effective_suits[state.trick[0]]
    holding = CardSet(game.deck, state.hands[seat] & order.suit_mask(led))
    colour = led.name.capitalize() if led is not None else "?"
    rule = RookRule.R17 if led == state.trump else RookRule.R15
    if seat == state.proper_play:
        rule = RookRule.A4  # the correction of a revoke must be a proper play
    return IllegalActionError(
        rule,
        f"must follow {colour} (holds {' '.join(card_text(c) for c in holding)}) or play the Bird",
        action=Play(game.deck.cards[card]),
        seat=seat,
        legal=game.legal_actions(state),
    )


class StrictPlay:
    """Strict play (the default): a play must follow R15–R17, anything else is refused."""

    __slots__ = ("game", "listed_follow")

    def __init__(self, game: RookGame) -> None:
        self.game = game
        self.listed_follow: dict[Suit, tuple[int, ...]] = self.listed_tables(game)

    def listed_tables(self, game: RookGame) -> dict[Suit, tuple[int, ...]]:
        """The follow tables plays are listed from: R15–R17's (:func:`~cardrules.games.rook.engine.follow_table`)."""
        return game.follow_masks

    def proper_mask(self, state: RookState, seat: int) -> int:
        """The cards ``seat`` may play without revoking (R15–R17), as a bitmask; a state in play."""
        game = self.game
        hand = state.hands[seat]
        trick = state.trick
        if not trick:
            return hand
        return legal_play_mask(hand, game.follow_masks[state.trump][trick[0]], game.bird_mask)  # type: ignore[index]

    def play_mask(self, state: RookState, seat: int) -> int:
        """The plays listed for ``seat`` (to move, in play): :func:`legal_play_mask` on the
        ``listed_follow`` tables, or on R15–R17's own for a seat that just corrected a revoke
        and owes a proper play (A4)."""
        game = self.game
        hand = state.hands[seat]
        trick = state.trick
        if not trick:
            return hand
        tables = game.follow_masks if seat == state.proper_play else self.listed_follow
        return legal_play_mask(hand, tables[state.trump][trick[0]], game.bird_mask)  # type: ignore[index]

    def refused_play(self, state: RookState, seat: int, card: int) -> tuple[Revoke, ...]:
        """``seat`` plays a held ``card`` that does not follow: an R15/R17 error saying why."""
        raise not_following(self.game, state, seat, card)

    def revoke_actions(self, state: RookState, seat: int) -> tuple[RookAction, ...]:
        """R24: what ``seat`` may do about revokes: nothing in strict play (there are none)."""
        return ()

    def act_on_revoke(self, state: RookState, action: RookAction, seat: int) -> RookState:
        """A correction or claim (R24): refused, there is no revoke in strict play."""
        raise IllegalActionError(
            RookRule.R24,
            "there is no revoke to act on",
            action=action,
            seat=seat,
            legal=self.game.actions_of(state, seat),
        )

    def play_out(self, state: RookState, rng: random.Random) -> Outcome:
        """The rest of a hand in play, at random: the game's fused playout (no states built)."""
        return fused_playout(self.game, state, rng)


class TablePlay(StrictPlay):
    """Table play (``renege_mode``, R24, A4): any held card may be played; a play that does not
    follow is a revoke, recorded. The offender may correct it while it is open; once established,
    an opponent may claim it and the hand ends; one still standing is found at the end of the
    hand."""

    __slots__ = ()

    def listed_tables(self, game: RookGame) -> dict[Suit, tuple[int, ...]]:
        """Every held card is offered (a revoke is a play too): every entry is ``-1``."""
        return {trump: (-1,) * len(table) for trump, table in game.follow_masks.items()}

    def refused_play(self, state: RookState, seat: int, card: int) -> tuple[Revoke, ...]:
        """The revokes of the hand with this one added (R24); a seat that just corrected a revoke
        must make a proper play (A4)."""
        if seat == state.proper_play:
            raise not_following(self.game, state, seat, card)
        return (*state.revokes, Revoke(seat, len(state.tricks), len(state.trick), card))

    def revoke_actions(self, state: RookState, seat: int) -> tuple[RookAction, ...]:
        """R24: ``seat``'s correction of its own open revoke, and its claim of an established
        revoke of its opponents (whether or not it is its turn)."""
        game = self.game
        correct = open_revoke(game, state, seat) is not None
        claim = claim_target(game, state, seat) is not None
        if correct:
            return (CORRECT, CLAIM) if claim else (CORRECT,)
        return (CLAIM,) if claim else ()

    def act_on_revoke(self, state: RookState, action: RookAction, seat: int) -> RookState:
        """R24: ``seat`` corrects its open revoke (the play rolls back to it) or claims an
        established revoke of its opponents (the hand ends)."""
        game = self.game
        if state.phase != "play":
            return super().act_on_revoke(state, action, seat)
        if type(action) is CorrectRevoke:
            revoke = open_revoke(game, state, seat)
            if revoke is None:
                raise IllegalActionError(
                    RookRule.R24,
                    f"seat {seat} has no open revoke to correct",
                    action=action,
                    seat=seat,
                    legal=game.actions_of(state, seat),
                )
            return self.roll_back(state, revoke)
        target = claim_target(game, state, seat)
        if target is None:
            raise IllegalActionError(
                RookRule.R24,
                f"seat {seat}'s opponents have no established revoke to claim",
                action=action,
                seat=seat,
                legal=game.actions_of(state, seat),
            )
        offender = target.seat  # the earliest established revoke of the claimer's opponents
        points, reason = claim_result(state.bid, state.captured, seat, offender)
        return end_hand(game, state, points, reason, seat)

    def roll_back(self, state: RookState, revoke: Revoke) -> RookState:
        """R24/A4 correction: every card from the revoking one on goes back to its holder."""
        game = self.game
        assert state.trump is not None
        t, p = revoke.trick, revoke.position
        hands = list(state.hands)
        returned = list(state.returned)

        def give_back(leader: int, cards: Sequence[int], start: int) -> None:
            for k in range(start, len(cards)):
                holder = (leader + k) % 4
                hands[holder] |= 1 << cards[k]
                returned.append((holder, cards[k]))

        if t == len(state.tricks):
            leader, kept = state.leader, state.trick[:p]
            give_back(state.leader, state.trick, p)
            tricks = state.tricks
        else:
            leader, cards = state.tricks[t]
            kept = cards[:p]
            give_back(leader, cards, p)
            give_back(state.leader, state.trick, 0)
            tricks = state.tricks[:t]
        order = game.orders[state.trump]
        captured = [0, 0]
        for lead, cards in tricks:
            captured[(lead + trick_winner(order, cards)) % 2] += sum(game.points[c] for c in cards)
        revokes = tuple(r for r in state.revokes if (r.trick, r.position) < (t, p))
        return RookState(
            "play", (leader + p) % 4, state.dealer, state.score, state.single_hand, tuple(hands),
            state.nest, state.auction, state.bidder, state.bid, state.trump, leader, kept, tricks,
            (captured[0], captured[1]), revokes, tuple(returned), (*state.corrected, revoke),
            state.hand_no, state.last, revoke.seat, state.config,
        )  # fmt: skip

    def play_out(self, state: RookState, rng: random.Random) -> Outcome:
        """The rest of the hand stepped action by action: a seat's legal actions include its
        correction, which rewinds the play (R24), so the random play must be able to take it."""
        return stepped_playout(self.game, state, rng)
