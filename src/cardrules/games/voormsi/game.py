"""The Voormsi game object on the cardrules Game protocol: the protocol wired to the engine.

Where things are: the rules, each once, in :mod:`~cardrules.games.voormsi.engine` (the card
ranking in :mod:`~cardrules.games.voormsi.ranking`); the hot methods ``legal_actions`` and
``apply`` and the fused rollout in :mod:`~cardrules.games.voormsi.fast`, bound here as methods;
positions in :mod:`~cardrules.games.voormsi.position`, reports in
:mod:`~cardrules.games.voormsi.report`, views in :mod:`~cardrules.games.voormsi.views`. This
module holds the checks of the API edge, the starting states, the notation, the outcomes and the
cut for the first dealer.

>>> game = make_game()
>>> s = game.new_hand(dealer=3)
>>> s = game.apply(s, game.sample_chance(s, random.Random(5)))
>>> game.to_move(s), game.format_action(game.legal_actions(s)[0])
(0, 'lead 6D')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardrules import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    ChooseDealer,
    Deal,
    GameBase,
    IllegalActionError,
    Ladder,
    NotationError,
    Outcome,
    Partnership,
    RulesError,
    iter_bits,
    normalize_notation,
    parse_cards,
)
from cardrules.errors import short_repr
from cardrules.game import check_rng, check_seat, method
from cardrules.games.voormsi import actions as _actions
from cardrules.games.voormsi import fast, solving
from cardrules.games.voormsi.actions import Lead, Play
from cardrules.games.voormsi.engine import (
    HAND_SIZE,
    Engine,
    LegalEntry,
    Trick,
    cut_for_dealer,
    interned,
)
from cardrules.games.voormsi.ranking import DECK
from cardrules.games.voormsi.rulebook import VOORMSI_RULES, VoormsiRule
from cardrules.games.voormsi.rules import VoormsiRules
from cardrules.games.voormsi.state import Phase, VoormsiState, check_game_state, start_state
from cardrules.games.voormsi.views import VoormsiView, sample_state, view_of
from cardrules.reports import HandReport

__all__ = ["VoormsiGame", "cut_for_dealer", "make_game", "stacked_deal"]


class VoormsiGame(GameBase[VoormsiState, Lead | Play, VoormsiView]):
    """Voormsi on the Game protocol (rules V1–V27, options C2–C13)."""

    name = "voormsi"
    checks_inline = True  # the hot paths check their arguments inline (no wrapper call)
    deck = DECK
    state_type = VoormsiState
    view_type = VoormsiView
    rulebook = VOORMSI_RULES

    # The hot methods, bound from the fast module (their docs are there): a method so bound costs
    # no more than one defined here.
    legal_actions = method(fast.legal_actions)
    apply = method(fast.apply)
    solver_profile = method(solving.solver_profile)  # how the double-dummy solver reads a state

    # The tables those methods read, given by fast.install when the game is built (never changed
    # afterwards: a game object may be shared between threads).
    _legal_at: Callable[[int, tuple[int, ...], Trick, int], LegalEntry]
    _leads_of: Callable[[int], tuple[Lead, ...]]
    _max_lead: Callable[[tuple[int, ...]], int]
    _compelled: Callable[[VoormsiState, int], bool]
    _deal: Callable[[VoormsiState, tuple[int, ...]], VoormsiState]
    _play: Callable[[VoormsiState, int, int], VoormsiState]
    _play_single: Callable[[VoormsiState, int, int], VoormsiState]
    _play_any: Callable[[VoormsiState, int, int], VoormsiState]
    _multi: bool
    _rank_of: tuple[int, ...]
    _free_singles: bool

    def __init__(self, rules: VoormsiRules | None = None) -> None:
        if rules is not None and not isinstance(rules, VoormsiRules):
            raise ArgumentTypeError(
                f"rules must be a VoormsiRules (or None), not {type(rules).__name__}"
            )
        super().__init__(rules or VoormsiRules())
        self.rules: VoormsiRules
        self.num_players = self.rules.players
        self.teams = (
            Partnership.opposite(4) if self.num_players == 4 else Partnership.solo(self.num_players)
        )
        self.ladder = Ladder(self.rules.target, self.rules.bust_mode)
        self._engine = Engine(self.rules, self.ladder)
        fast.install(self)  # the tables of the fast methods (bound from fast.py)
        self._team_of = tuple(self.teams.team_of(s) for s in range(self.num_players))
        # Every single deal from a seat starts from the same (immutable) state: built once.
        self._hand_starts = tuple(
            self._start("deal", seat, True) for seat in range(self.num_players)
        )

    @property
    def engine(self) -> Engine:
        """The rules of this game's config on ints (:class:`~cardrules.games.voormsi.engine.Engine`),
        for the game's own modules (positions, reports, the fast paths) and tests: not a stable API.

        >>> make_game().engine.unit_points(4, 5, 0)
        2
        """
        return self._engine

    # -- the encoding (arithmetic, see actions.py) ---------------------------------------------
    def card_free_actions(self) -> tuple[()]:
        """The actions that name no card: none, every Voormsi action is a card or a group (V16,
        V17). Encodings that take cards one at a time read this instead of listing every group.

        >>> from cardrules import get_game
        >>> get_game("voormsi").card_free_actions()
        ()
        """
        return ()

    def all_actions(self) -> tuple[Lead | Play, ...]:
        """Every action in code order (66 846 of them; built only when asked for)."""
        return tuple(_actions.iter_all_actions())

    @property
    def num_distinct_actions(self) -> int:
        """How many integer codes the encoding uses."""
        return _actions.NUM_ACTIONS

    def action_to_index(self, action: Lead | Play) -> int:
        """The integer code of ``action``; a group whose fields were tampered with is refused.

        >>> make_game().action_to_index(Lead.of("9C"))
        60
        """
        return _actions.action_to_index(action)

    def index_to_action(self, index: int) -> Lead | Play:
        """The action of an integer code."""
        return _actions.index_to_action(index)

    def format_action(self, action: Any) -> str:
        """``lead 9C 9H``, ``play JC``; chance actions as ``deal …`` / ``dealer N``.

        The action is checked first: a tampered group, a deal that is not a shuffle of the deck
        or a dealer who is not a seat is refused.
        """
        cls = type(action)
        if cls is Lead or cls is Play:
            return _actions.format_action(action)
        if cls is Deal:
            return self.format_chance(self.check_deal(action, VoormsiRule.V5))
        if cls is ChooseDealer:
            self._engine.dealer_seat(action, short_repr(action))
            return self.format_chance(action)
        raise NotationError(f"not a Voormsi action: {short_repr(action)}")

    def parse_action(self, text: str, state: VoormsiState) -> Any:
        """Read ``lead 9C 9H`` / ``play JC 8D`` (any case, any card order), or a chance action.

        >>> game = make_game()
        >>> game.parse_action("Play 8D J♣", game.new_hand(dealer=0))
        Play.of('JC 8D')
        """
        if not isinstance(text, str):
            raise NotationError(f"an action's notation is text, not {type(text).__name__}")
        if type(state) is not VoormsiState or state.config is not self.config:
            check_game_state(self, state)
        head, _, rest = normalize_notation(text).partition(" ")
        if head in ("lead", "play") and rest:
            # The interned group where there is one (apply takes it without checking its fields).
            cards = parse_cards(rest)
            return interned(Lead(cards) if head == "lead" else Play(cards))
        if head in ("deal", "dealer"):
            return super().parse_action(text, state)
        # Anything else is not a Voormsi action (GameBase would build the table of all 66,846
        # actions only to find nothing).
        raise NotationError(f"not an action of voormsi: {short_repr(text)}")

    # -- starting states ----------------------------------------------------------------------
    def _start(
        self, phase: Phase, dealer: int | None, single: bool, scores: tuple[int, ...] | None = None
    ) -> VoormsiState:
        sides = self.rules.num_sides
        return start_state(
            self.num_players,
            sides,
            phase,
            dealer,
            single,
            scores or (0,) * sides,
            config=self.config,
        )

    def new_match(
        self, scores: Sequence[int] | None = None, dealer: int | None = None
    ) -> VoormsiState:
        """A match from the ladder ``scores`` (one per side, default all 0): the first dealer is cut
        for (C12), or ``dealer`` deals first; then deals until a side reaches the target (V25).

        A score is an ``int`` from 0 to below the target: a side on the target has won (V25), and
        a bust falls back below it (C11); anything else is a :class:`~cardrules.errors.RulesError`
        naming V25.

        >>> game = make_game()
        >>> s = game.new_match(scores=(8, 3), dealer=2)
        >>> s.phase, s.dealer, s.scores
        ('deal', 2, (8, 3))
        >>> game.new_match(scores=(9, 0))
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: rule V25: side 0 at 9: a ladder score is from 0 to 8 (a side on 9 has won; a bust falls back below it, rule C11)
        """
        return self._begin(scores, dealer, single=False)

    def new_hand(
        self, dealer: int | None = None, scores: Sequence[int] | None = None
    ) -> VoormsiState:
        """A single deal (``dealer=None``: chosen by chance first); ``dealer`` is an ``int`` seat,
        ``scores`` the ladder the deal starts from (checked as in :meth:`new_match`).

        >>> make_game().new_hand(dealer=True)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentTypeError: dealer must be an int from 0 to 3, not bool True
        >>> make_game().new_hand(dealer=1, scores=(7, 8)).scores
        (7, 8)
        """
        if type(dealer) is int and scores is None and 0 <= dealer < self.num_players:
            return self._hand_starts[dealer]
        return self._begin(scores, dealer, single=True)

    def _begin(self, scores: object, dealer: object, *, single: bool) -> VoormsiState:
        ladder = None
        if scores is not None:
            from cardrules.games.voormsi.position import check_scores

            ladder = check_scores(self, scores)
        if dealer is None:
            return self._start("choose_dealer", None, single, ladder)
        seat = check_seat(dealer, self.num_players, "dealer")
        if ladder is not None or not single:
            return self._start("deal", seat, single, ladder)
        return self._hand_starts[seat]

    # -- positions and reports ----------------------------------------------------------------
    def position(
        self,
        *,
        dealer: int,
        hands: Sequence[Any] | Mapping[int, Any] | str,
        stock: str | Sequence[Any] = (),
        drawn: str | Sequence[Any] = (),
        tricks: Sequence[Any] | str = (),
        trick: Any = (),
        scores: Sequence[int] | None = None,
        match: bool = False,
        last: str | None = None,
    ) -> VoormsiState:
        """The state of a deal in progress (or just finished), from plain values, checked by
        replaying it through the engine (see :mod:`cardrules.games.voormsi.position`).

        ``hands``: each seat's cards now; ``stock``: the stock now, top first; ``drawn``: the
        cards already drawn from the stock, in order; ``tricks``: the completed tricks, each
        ``(leader, groups)`` or ``"L:g,g,g,g"`` (a group's cards joined by ``+``); ``trick``: the
        trick in progress; ``scores``: the ladder when the deal began; ``match``: a deal of a
        match (else a single deal); ``last``: the last finished deal of a match, as the text
        after ``| last`` in :meth:`position_text`. Held points, trick units, bonuses and the
        cards shown for B1 follow from the play. A position play cannot reach raises
        :class:`~cardrules.errors.PositionError` naming the rule.

        >>> game = make_game()
        >>> game.position(dealer=3, hands=["KH 5C", "KH 5S", "JC", "8C"])
        Traceback (most recent call last):
        ...
        cardrules.errors.PositionError: position: rule V2 (the deck): KH is both in hand 0 and in hand 1
        """
        from cardrules.games.voormsi.position import build_position, parse_last_deal

        last_deal = None if last is None else parse_last_deal(self, last)
        return build_position(
            self, match=match, dealer=dealer, scores=scores, hands=hands, stock=stock,
            drawn=drawn, tricks=tricks, trick=trick, last=last_deal,
        )  # fmt: skip

    def position_text(self, state: VoormsiState) -> str:
        """The one-line text of any state (every phase, between deals and at the end of the
        match), which :meth:`parse_position` reads back exactly; the format is described in
        :mod:`cardrules.games.voormsi.position` and the Voormsi page of the docs.

        >>> game = make_game()
        >>> game.position_text(game.new_match(scores=(8, 3), dealer=2))
        'deal match dealer=2 scores=8,3'
        """
        check_game_state(self, state)
        from cardrules.games.voormsi.position import position_text

        return position_text(self, state)

    def parse_position(self, text: str) -> VoormsiState:
        """The state of a position text (:meth:`position_text`): ``parse_position(position_text(s))
        == s``. Unreadable text is a :class:`~cardrules.errors.NotationError`, a position play
        cannot reach a :class:`~cardrules.errors.PositionError` naming the rule.

        >>> game = make_game()
        >>> game.parse_position("deal match dealer=2 scores=8,3") == game.new_match((8, 3), 2)
        True
        """
        from cardrules.games.voormsi.position import parse_position

        return parse_position(self, text)

    def hand_report(self, state: VoormsiState) -> HandReport | None:
        """The :class:`~cardrules.reports.HandReport` of the last finished deal (also between the
        deals of a match and at its end), or ``None`` before any deal finished. Its status is a
        :class:`~cardrules.games.voormsi.report.VoormsiStatus`; see
        :mod:`cardrules.games.voormsi.report`."""
        check_game_state(self, state)
        from cardrules.games.voormsi.report import hand_report

        return hand_report(self, state)

    # -- the protocol -------------------------------------------------------------------------
    def to_move(self, state: VoormsiState) -> int | None:
        """The seat to act, CHANCE, or None when over."""
        if type(state) is not VoormsiState or state.config is not self.config:
            check_game_state(self, state)
        return state.to_move

    def is_over(self, state: VoormsiState) -> bool:
        """Whether the match (or the single hand) is over."""
        if type(state) is not VoormsiState or state.config is not self.config:
            check_game_state(self, state)
        return state.phase == "over"

    def out_of_turn_actions(self, state: VoormsiState, seat: int) -> tuple[Lead | Play, ...]:
        """Voormsi has no out-of-turn actions (``state`` and ``seat`` are checked all the same)."""
        if type(state) is not VoormsiState or state.config is not self.config:
            check_game_state(self, state)
        check_seat(seat, self.num_players)
        return ()

    def sample_chance(self, state: VoormsiState, rng: random.Random) -> Deal | ChooseDealer:
        """The cut for the first dealer (C12) or the shuffle (V5)."""
        if type(state) is not VoormsiState or state.config is not self.config:
            check_game_state(self, state)
        check_rng(rng)
        if state.phase == "choose_dealer":
            if self.rules.cut_rank == "random":
                return ChooseDealer(rng.randrange(self.num_players))
            return ChooseDealer(cut_for_dealer(self.num_players, rng, self.rules.cut_rank)[0])
        if state.phase == "deal":
            if type(rng) is random.Random:
                return fast.shuffle_deal(rng)  # (a shuffle by construction: dealt unchecked)
            return self.shuffle(rng)
        raise IllegalActionError(VoormsiRule.V5, "this is not a chance state")

    def outcome(self, state: VoormsiState) -> Outcome | None:
        """Match: the final ladder scores (±1 returns). Single hand: the points scored in it."""
        if type(state) is not VoormsiState or state.config is not self.config:
            check_game_state(self, state)
        if state.phase != "over":
            return None
        if not state.single_hand:
            return self._match_outcome(state.scores, state.winner)
        points = tuple(s - d for s, d in zip(state.scores, state.deal_start, strict=True))
        if state.end in ("partner_capture", "sweep"):
            return self._match_outcome(points, state.winner)
        return self._hand_outcome(points, state.winner if state.end == "target" else None)

    def _match_outcome(self, points: tuple[int, ...], winner: int) -> Outcome:
        winners = self.teams.teams[winner] if winner >= 0 else ()
        returns = tuple(
            0.0 if winner < 0 else (1.0 if s in winners else -1.0) for s in range(self.num_players)
        )
        return Outcome(points, self.teams.seat_points(points), winners, returns)

    def _hand_outcome(self, points: tuple[int, ...], winner: int | None) -> Outcome:
        if len(points) == 2:  # two teams (every rollout of the 4- and 2-player games ends here)
            p0, p1 = points
            if winner is None:
                winner = 0 if p0 > p1 else 1 if p1 > p0 else -1
            scale = self.rules.target
            r0 = max(-1.0, min(1.0, (p0 - p1) / scale))
            r1 = max(-1.0, min(1.0, (p1 - p0) / scale))
            # Seats alternate between the two teams (V1): 0, 1, 0, 1 (or 0, 1 with two players).
            four = self.num_players == 4
            return Outcome(
                points,
                (p0, p1, p0, p1) if four else points,
                self.teams.teams[winner] if winner >= 0 else (),
                (r0, r1, r0, r1) if four else (r0, r1),
            )
        if winner is None:
            best = max(points)
            leaders = [t for t, p in enumerate(points) if p == best]
            winner = leaders[0] if len(leaders) == 1 else -1
        winners = self.teams.teams[winner] if winner >= 0 else ()
        scale = self.rules.target
        # A team's return: its lead over the best other team, scaled (once per team; every
        # rollout ends here, so the seats' teams are looked up in a table).
        team_returns = [
            max(-1.0, min(1.0, (p - max(q for k, q in enumerate(points) if k != t)) / scale))
            for t, p in enumerate(points)
        ]
        team_of = self._team_of
        return Outcome(
            points,
            tuple(points[t] for t in team_of),
            winners,
            tuple(team_returns[t] for t in team_of),
        )

    def hand_outcome(self, state: VoormsiState) -> Outcome:
        """The outcome of the deal just played in ``state`` (the match's if the match ended)."""
        self.check_state(state)
        outcome = self.outcome(state)
        if outcome is not None:
            return outcome
        points = tuple(s - d for s, d in zip(state.scores, state.deal_start, strict=True))
        return self._hand_outcome(points, None)

    # -- information ---------------------------------------------------------------------------
    def describe(self, view: VoormsiView, *, color: bool = False) -> str:
        """The text the ``cardrules`` command shows for ``view``."""
        from cardrules.games.voormsi.describe import describe

        self._check_view(view)
        if type(color) is not bool:
            raise ArgumentTypeError(f"color must be True or False, not {short_repr(color)}")
        return describe(view, color=color)

    def heuristic_bot(self) -> Any:
        """The game's heuristic bot (``--bots heuristic``)."""
        from cardrules.games.voormsi.bots import VoormsiHeuristicBot

        return VoormsiHeuristicBot()

    def view(self, state: VoormsiState, seat: int) -> VoormsiView:
        """What ``seat`` may know (see :mod:`cardrules.games.voormsi.views`)."""
        check_game_state(self, state)
        check_seat(seat, self.num_players)
        return view_of(state, seat)

    def sample_state(self, view: VoormsiView, rng: random.Random) -> VoormsiState:
        """A full state consistent with ``view``."""
        self._check_view(view)
        check_rng(rng)
        return sample_state(view, rng)

    def _check_view(self, view: object) -> None:
        """A :class:`VoormsiView` of a game with this many players."""
        self.check_view(view)
        assert isinstance(view, VoormsiView)
        if len(view.hand_sizes) != self.num_players:
            raise ArgumentError(
                f"view is a {len(view.hand_sizes)}-player Voormsi view, not one of this "
                f"{self.num_players}-player game"
            )

    def card_zones(self, state: VoormsiState) -> Mapping[str, Sequence[Card]]:
        """Hands, stock, the trick in progress, the tricks taken (and the undealt pack)."""
        check_game_state(self, state)
        cards = DECK.cards
        zones: dict[str, Sequence[Card]] = {
            f"hand {s}": [cards[c] for c in iter_bits(h)] for s, h in enumerate(state.hands)
        }
        zones["stock"] = [cards[c] for c in state.stock]
        zones["trick"] = [cards[c] for _, m in state.trick for c in iter_bits(m)]
        zones["taken"] = [
            cards[c] for plays, _ in state.tricks for _, m in plays for c in iter_bits(m)
        ]
        in_play = sum(len(z) for z in zones.values())
        zones["undealt"] = list(cards) if in_play == 0 else []
        if state.phase == "deal" and in_play:
            # Between deals the previous deal's cards wait to be gathered and shuffled.
            zones["undealt"], zones["taken"] = zones["taken"], []
        return zones

    def rollout(self, state: VoormsiState, rng: random.Random) -> Outcome:
        """Play the current deal out at random on ints (same distribution as stepping): its outcome.

        Between two deals of a match (the last deal has been scored, the next step is the shuffle)
        and at a terminal state, the outcome of the deal that ended, without drawing from ``rng``.
        The outcome of a deal is what :meth:`outcome` gives for a single hand: the points it scored.
        """
        if type(state) is not VoormsiState or state.config is not self.config:
            check_game_state(self, state)
        check_rng(rng)
        if state.phase == "deal" and state.tricks:
            return self._deal_outcome(state)  # between two deals
        if state.phase in ("choose_dealer", "deal"):
            if state.phase == "choose_dealer":
                state = self.apply(state, self.sample_chance(state, rng))
            state = self.apply(state, self.sample_chance(state, rng))
        return self._deal_outcome(fast.fused_playout(self._engine, state, rng))

    def _deal_outcome(self, state: VoormsiState) -> Outcome:
        """The outcome of the deal just played in ``state``, as :meth:`outcome` scores a single hand."""
        points = tuple(s - d for s, d in zip(state.scores, state.deal_start, strict=True))
        if state.end in ("partner_capture", "sweep"):
            return self._match_outcome(points, state.winner)
        return self._hand_outcome(points, state.winner if state.end == "target" else None)


def stacked_deal(game: VoormsiGame, dealer: int, hands: Mapping[int, str], stock: str = "") -> Deal:
    """A :class:`~cardrules.Deal` that gives the listed seats those cards (V5), for tests and docs.

    Seats not listed get the lowest-indexed spare cards; ``stock`` is drawn first, then the rest.

    >>> game = make_game()
    >>> s = game.apply(game.new_hand(dealer=3), stacked_deal(game, 3, {0: "7D QC 5S 5H"}))
    >>> game.view(s, 0).hand
    CardSet('voormsi36', 'QC 7D 5H 5S')
    """
    if not isinstance(game, VoormsiGame):
        raise ArgumentTypeError(f"game must be a VoormsiGame, not {type(game).__name__}")
    n = game.num_players
    check_seat(dealer, n, "dealer")
    if not isinstance(hands, Mapping):
        raise ArgumentTypeError(f"hands must map seats to cards, not {type(hands).__name__}")
    for seat in hands:
        check_seat(seat, n, "a seat of hands")
    given = {seat: [DECK.index(c) for c in parse_cards(text)] for seat, text in hands.items()}
    top = [DECK.index(c) for c in parse_cards(stock)]
    used = {c for cards in given.values() for c in cards} | set(top)
    if len(used) != sum(len(c) for c in given.values()) + len(top):
        raise RulesError("stacked_deal: a card is given twice")
    spare = [i for i in range(len(DECK)) if i not in used]
    for seat in range(n):
        cards = given.setdefault(seat, [])
        if len(cards) > HAND_SIZE:
            raise RulesError(f"stacked_deal: seat {seat} is given more than {HAND_SIZE} cards")
        while len(cards) < HAND_SIZE:
            cards.append(spare.pop(0))
    left = (dealer + 1) % n
    order = [given[(left + k % n) % n][k // n] for k in range(HAND_SIZE * n)]
    return Deal(tuple(order + top + spare))


def make_game(**options: Any) -> VoormsiGame:
    """The entry-point factory: ``make_game(must_follow_suit=True)`` or ``make_game(preset="parlett")``."""
    preset = options.pop("preset", None)
    rules = VoormsiRules.preset(preset, **options) if preset else VoormsiRules.from_dict(options)
    return VoormsiGame(rules)
