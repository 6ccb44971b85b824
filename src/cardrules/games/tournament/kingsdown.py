"""Kingsdown Eights, Tournament's relative (rules as PySolFC plays it), on the Game protocol.

This module holds the protocol, the notation of its piles and the explanations of illegal actions;
the rules KE1–KE7 are each one function of :mod:`cardrules.games.tournament.engine` (its table
maps every id to its function), shared with the patience where the rules coincide. In short:

* **KE1** Two packs, 104 cards. The deal: one card face up on each of the 8 tableau piles
  (``T1``…``T8``), then four cards on each of the 8 reserve piles (``R1``…``R8``, in batches of
  four, fanned: every card visible, the top one available); 64 cards stay in the stock.
* **KE2** Eight foundations built **up** in suit from Ace to King, two per suit: ``F♣1 F♣2 F♦1 …
  F♠2`` (ASCII ``FC1`` …). Any Ace starts an empty foundation of its suit.
* **KE3** The tableau piles build **down in alternating colours**, one card at a time; any card
  may fill an empty pile. (Moving a tableau pile's lone card to an empty pile changes nothing —
  the tableau piles are interchangeable — so the engine does not offer it.)
* **KE4** No building on the reserve piles; a reserve's top card goes to a foundation or onto the
  tableau.
* **KE5** Deal: four more stock cards onto each reserve pile (R1 first); a short stock stops
  part-way. No redeal. With ``strict_deal_when_stuck`` (B3) only when no tableau or reserve card
  can go to a foundation.
* **KE6** Nothing leaves a foundation.
* **KE7** Win: all 104 cards on the foundations. Loss: the stock is empty and no move is left;
  the player may resign at any time. (Moves between tableau piles can go round in circles, so a
  game with such moves left ends only by resigning.)

>>> game = make_kingsdown_game()
>>> s = game.apply(game.new_hand(), game.sample_chance(game.new_hand(), random.Random(1)))
>>> [len(p) for p in s.rows], [len(p) for p in s.reserves], len(s.stock)
([1, 1, 1, 1, 1, 1, 1, 1], [4, 4, 4, 4, 4, 4, 4, 4], 64)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardrules import (
    CHANCE,
    ArgumentTypeError,
    Card,
    Deal,
    GameBase,
    IllegalActionError,
    NotationError,
    Outcome,
    RulesError,
    Suit,
)
from cardrules.errors import short_repr
from cardrules.game import check_rng, check_seat
from cardrules.games.tournament.actions import (
    NUM_PILES,
    DealStock,
    Move,
    Resign,
    check_move,
    check_no_scores,
    check_turn,
    encodes,
)
from cardrules.games.tournament.engine import KD_FOUNDATION0, KingsdownEngine, outcome_of
from cardrules.games.tournament.game import check_rules
from cardrules.games.tournament.rulebook import TOURNAMENT_RULES, TournamentRule
from cardrules.games.tournament.rules import TournamentRules
from cardrules.games.tournament.state import DECK
from cardrules.games.tournament.state import KingsdownState as KingsdownState  # re-export
from cardrules.games.tournament.state import KingsdownView as KingsdownView  # re-export

__all__ = [
    "KingsdownAction",
    "KingsdownEightsGame",
    "make_kingsdown_game",
]

KingsdownAction = Move | DealStock | Resign
_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def kd_pile_name(pile: int, *, ascii: bool = False) -> str:
    """``T1``…``T8`` (ids 0-7), ``R1``…``R8`` (8-15), ``F♣1 F♣2 … F♠2`` (16-23)."""
    if type(pile) is not int:
        raise ArgumentTypeError(
            f"a pile id is an int, not {type(pile).__name__} {short_repr(pile)}"
        )
    if 0 <= pile < 8:
        return f"T{pile + 1}"
    if 8 <= pile < 16:
        return f"R{pile - 7}"
    if 16 <= pile < 24:
        suit = _SUITS[(pile - 16) // 2]
        return f"F{suit.letter if ascii else suit.symbol}{(pile - 16) % 2 + 1}"
    raise NotationError(f"no Kingsdown Eights pile with id {pile!r}")


def parse_kd_pile(text: str) -> int:
    """The pile id of a Kingsdown Eights pile name (:func:`kd_pile_name`'s, ASCII read too).

    >>> parse_kd_pile("T3"), parse_kd_pile("r1"), parse_kd_pile("F♠2"), parse_kd_pile("FS2")
    (2, 8, 23, 23)
    """
    t = text.upper()
    if t.endswith("-"):  # the arrow's "-" ("T3->F♠1"): no Kingsdown pile name ends in "-"
        t = t[:-1]
    for symbol, letter in (("♣", "C"), ("♦", "D"), ("♥", "H"), ("♠", "S")):
        t = t.replace(symbol, letter)
    if len(t) == 2 and t[0] in "TR" and t[1] in "12345678":
        return int(t[1]) - 1 + (8 if t[0] == "R" else 0)
    if len(t) == 3 and t[0] == "F" and t[1] in "CDHS" and t[2] in "12":
        return 16 + 2 * "CDHS".index(t[1]) + int(t[2]) - 1
    raise NotationError(f"not a Kingsdown Eights pile: {text!r}")


_STATE: Final[type[Any]] = KingsdownState
"""The state class, for the inline checks of the API edge (see the Tournament engine)."""


class KingsdownEightsGame(GameBase[KingsdownState, KingsdownAction, KingsdownView]):
    """Kingsdown Eights on the Game protocol (one player); built by ``make_game(preset="kingsdown_eights")``."""

    name = "tournament"
    checks_inline = True  # the hot paths check their arguments inline (no wrapper call)
    num_players = 1
    deck = DECK
    state_type = KingsdownState
    view_type = KingsdownView
    rulebook = TOURNAMENT_RULES

    def __init__(self, rules: TournamentRules | None = None) -> None:
        check_rules(rules)
        rules = rules or TournamentRules.preset("kingsdown_eights")
        if rules.variant != "kingsdown_eights":
            raise RulesError("KingsdownEightsGame needs variant='kingsdown_eights'")
        super().__init__(rules)
        self.rules: TournamentRules
        self.engine = engine = KingsdownEngine(rules)
        self._moves = engine.moves
        # The rule steps, bound once (the hot paths call them without another lookup).
        self._legal_moves = engine.legal_moves
        self._legal_actions = engine.legal_actions
        self._can_deal = engine.may_deal

    def all_actions(self) -> tuple[KingsdownAction, ...]:
        """Tableau/reserve tops to foundations and to tableau piles, then ``deal``, ``resign``."""
        pairs = [(s, f) for s in range(16) for f in range(16, 24)]
        pairs += [(s, d) for s in range(16) for d in range(8) if s != d]
        return (
            *(self._moves[p] for p in pairs),
            self.engine.deal_stock_action,
            self.engine.resign_action,
        )

    def format_action(self, action: Any) -> str:
        """``T3>F♠1``, ``R5>T2``, ``deal``, ``resign``; chance: ``deal 2C …``."""
        cls = type(action)
        if cls is Move:
            check_move(action)
            return f"{kd_pile_name(action.src)}>{kd_pile_name(action.dst)}"
        if cls is DealStock:
            return "deal"
        if cls is Resign:
            return "resign"
        if cls is Deal:
            return self.format_chance(self.check_deal(action, TournamentRule.KE1))
        raise NotationError(f"not a Kingsdown Eights action: {short_repr(action)}")

    def parse_action(self, text: str, state: KingsdownState) -> Any:
        """Read an action (``T3>F♠1`` or ASCII ``T3>FS1``; ``->`` may stand for ``>``)."""
        if not isinstance(text, str):
            raise NotationError(f"an action's notation is text, not {type(text).__name__}")
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        low = " ".join(text.split()).lower()
        if low == "deal":
            return self.engine.deal_stock_action
        if low == "resign":
            return self.engine.resign_action
        if low.startswith("deal "):
            action = super().parse_action(text, state)
            if type(action) is not Deal or len(action.order) != len(DECK):
                raise NotationError(f"{short_repr(text)}: a deal lists all {len(DECK)} cards")
            return action
        src, sep, dst = "".join(text.split()).partition(">")
        if not sep:
            raise NotationError(f"not an action of Kingsdown Eights: {short_repr(text)}")
        move = self._moves.get((parse_kd_pile(src), parse_kd_pile(dst)))
        if move is None or not encodes(self, move):
            raise NotationError(f"{short_repr(text)} is not a move of Kingsdown Eights")
        return move

    def new_match(
        self, scores: Sequence[int] | None = None, dealer: int | None = None
    ) -> KingsdownState:
        """A fresh game: the first step is the chance deal (``scores`` only ``None`` or ``(0,)``,
        ``dealer`` only ``None`` or 0: one seat, no score carried)."""
        return self.new_hand(dealer, scores)

    def new_hand(
        self, dealer: int | None = None, scores: Sequence[int] | None = None
    ) -> KingsdownState:
        """Same as :meth:`new_match` (``dealer`` may only be ``None`` or the int 0)."""
        if dealer is not None:
            check_seat(dealer, 1, "dealer")
        check_no_scores(scores)
        return KingsdownState("deal", config=self.config)

    # -- positions and reports (cold code: see cardrules.games.tournament.position) -----------
    def position_text(self, state: KingsdownState) -> str:
        """The one-line text of any state, which :meth:`parse_position` reads back exactly (see
        :func:`~cardrules.games.tournament.position.kingsdown_position_text`)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        from cardrules.games.tournament.position import kingsdown_position_text

        return kingsdown_position_text(self, state)

    def parse_position(self, text: str) -> KingsdownState:
        """The state of a position text; unreadable text raises
        :class:`~cardrules.errors.NotationError`, an impossible layout
        :class:`~cardrules.errors.PositionError` naming the rule (KE1–KE7) it breaks."""
        from cardrules.games.tournament.position import parse_kingsdown_position

        return parse_kingsdown_position(self, text)

    def hand_report(self, state: KingsdownState) -> Any:
        """The :class:`~cardrules.reports.HandReport` of a finished game, ``None`` before (see
        :mod:`cardrules.games.tournament.report`)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        from cardrules.games.tournament.report import kingsdown_report

        return kingsdown_report(state)

    def to_move(self, state: KingsdownState) -> int | None:
        """Seat 0 in play, ``CHANCE`` before the deal is accepted, ``None`` when over."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        return CHANCE if state.phase == "deal" else 0 if state.phase == "play" else None

    def is_over(self, state: KingsdownState) -> bool:
        """Whether the game has ended (won, lost or resigned)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        return state.phase == "over"

    def sample_chance(self, state: KingsdownState, rng: random.Random) -> Deal:
        """The shuffle (KE1), drawn from ``rng``."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        check_rng(rng)
        if state.phase != "deal":
            raise IllegalActionError(TournamentRule.KE1, "this is not a chance state")
        return self.shuffle(rng)

    def out_of_turn_actions(self, state: KingsdownState, seat: int) -> tuple[KingsdownAction, ...]:
        """None: one player (``state`` and ``seat`` are checked all the same)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        check_seat(seat, 1)
        return ()

    # -- rules (the steps are the engine's) -----------------------------------------------------
    def legal_actions(self, state: KingsdownState) -> tuple[KingsdownAction, ...]:
        """The legal actions in a fixed order (moves, then ``deal``, ``resign``)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        if state.phase != "play":
            return ()
        return tuple(self._legal_actions(state))

    def apply(self, state: KingsdownState, action: Any, seat: int | None = None) -> KingsdownState:
        """The next state; :class:`~cardrules.IllegalActionError` names the broken rule.

        ``seat`` is ``None``, 0, or :data:`~cardrules.CHANCE` at the deal; a :class:`Move`'s piles
        are ``int`` ids (:func:`~cardrules.games.tournament.actions.check_move`).
        """
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        phase = state.phase
        check_turn(self, state, action, seat, TournamentRule.KE1, TournamentRule.KE7)
        if phase == "deal":
            return self.engine.deal(state, self.check_deal(action, TournamentRule.KE1).order)
        cls = type(action)
        if cls is Resign:
            return self.engine.resign(state)
        if cls is DealStock:
            if not self._can_deal(state):
                rule, why = (
                    (TournamentRule.KE5, "the stock is empty")
                    if not state.stock
                    else (TournamentRule.B3, "a reserve or tableau card can still go up")
                )
                raise IllegalActionError(
                    rule, why, action="deal", seat=0, legal=self.legal_actions(state)
                )
            return self.engine.play_deal(state)
        if cls is not Move:
            raise IllegalActionError(
                TournamentRule.KE4,
                f"not a Kingsdown Eights action: {short_repr(action)}",
                seat=0,
                legal=self.legal_actions(state),
            )
        src, dst = action.src, action.dst
        if (
            type(src) is not int
            or type(dst) is not int
            or not (0 <= src < NUM_PILES and 0 <= dst < NUM_PILES)
        ):
            check_move(action)  # raises, naming the bad field
        if action not in self._legal_moves(state):
            rule = TournamentRule.KE2 if dst >= KD_FOUNDATION0 else TournamentRule.KE3
            if src >= KD_FOUNDATION0:
                rule = TournamentRule.KE6
            elif 8 <= dst < 16:
                rule = TournamentRule.KE4
            raise IllegalActionError(
                rule,
                "that move is not allowed",
                action=self.format_action(action),
                seat=0,
                legal=self.legal_actions(state),
            )
        return self.engine.play_move(state, src, dst)

    def outcome(self, state: KingsdownState) -> Outcome | None:
        """Points: cards on the foundations; +1 for a win, -1 otherwise."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        if state.phase != "over":
            return None
        return outcome_of(sum(map(len, state.foundations)), state.result == "won")

    def view(self, state: KingsdownState, seat: int = 0) -> KingsdownView:
        """All piles (every card was seen face up); the stock only by its size."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        check_seat(seat, 1)
        cards = DECK.cards
        return KingsdownView(
            state.phase,
            tuple(tuple(cards[c] for c in p) for p in state.rows),
            tuple(tuple(cards[c] for c in p) for p in state.reserves),
            len(state.stock),
            tuple(tuple(cards[c] for c in p) for p in state.foundations),
            state.result,
            config=state.config,
        )

    def render_svg(self, value: KingsdownState | KingsdownView) -> str:
        """The layout as an SVG picture (:func:`~cardrules.games.tournament.picture.kingsdown_svg`);
        a state is drawn as the player sees it: the stock by its count, never its order."""
        from cardrules.games.tournament.picture import kingsdown_svg

        if type(value) is KingsdownState:
            return kingsdown_svg(self.view(value))
        if type(value) is not KingsdownView:
            raise ArgumentTypeError(
                f"render_svg draws a KingsdownState or KingsdownView, not {short_repr(value)}"
            )
        self.check_view(value)
        return kingsdown_svg(value)

    def sample_state(self, view: KingsdownView, rng: random.Random) -> KingsdownState:
        """The stock in a uniformly random order (the exact posterior: nothing else is hidden)."""
        self.check_view(view)
        check_rng(rng)
        if view.phase == "deal":
            return KingsdownState("deal", config=self.config)
        free: dict[Card, list[int]] = {}
        for i, card in enumerate(DECK.cards):
            free.setdefault(card, []).append(i)

        def conv(piles: tuple[tuple[Card, ...], ...]) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(free[c].pop() for c in p) for p in piles)

        rows, reserves, piles = conv(view.rows), conv(view.reserves), conv(view.foundations)
        stock = [i for v in free.values() for i in v]
        rng.shuffle(stock)
        return KingsdownState(
            view.phase, rows, reserves, tuple(stock), piles, view.result, self.config
        )

    def card_zones(self, state: KingsdownState) -> Mapping[str, Sequence[Card]]:
        """``T1``…``T8``, ``R1``…``R8``, ``stock``, ``F♣1``…``F♠2``; ``undealt`` before the deal."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        cards = DECK.cards
        if state.phase == "deal":
            return {"undealt": list(cards)}
        zones: dict[str, Sequence[Card]] = {}
        for i, p in enumerate((*state.rows, *state.reserves)):
            zones[kd_pile_name(i)] = [cards[c] for c in p]
        zones["stock"] = [cards[c] for c in state.stock]
        for k, p in enumerate(state.foundations):
            zones[kd_pile_name(16 + k)] = [cards[c] for c in p]
        return zones

    def rollout(self, state: KingsdownState, rng: random.Random) -> Outcome:
        """Uniformly random legal play to the end: the engine's legal actions and steps in a loop
        (:meth:`~cardrules.games.tournament.engine.KingsdownEngine.playout`)."""
        if type(state) is not _STATE or state.config is not self.config:
            self.check_state(state)
        check_rng(rng)
        if state.phase == "deal":
            state = self.apply(state, self.shuffle(rng))
        state = self.engine.playout(state, rng)
        return outcome_of(sum(map(len, state.foundations)), state.result == "won")


def make_kingsdown_game(**options: Any) -> KingsdownEightsGame:
    """Kingsdown Eights with options (``strict_deal_when_stuck``)."""
    return KingsdownEightsGame(TournamentRules.preset("kingsdown_eights", **options))
