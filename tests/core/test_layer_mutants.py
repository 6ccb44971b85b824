"""Issue 28's new core code, pinned where mutation testing found it unpinned (issue 28, item 7).

The trick-game layer's fast path (interned plays, per-trump play tables, the generated
constructors), the order's generated tables, the state builders of :mod:`cardrules.states` and
:func:`cardrules.testing.rule_copies`. The rule ids are those of the test games of
``test_trickgame.py`` (P1-P6, C1-C6) and ``test_trick_layer_hooks.py`` (L1-L8).

Every game here is built inside its test: the layer keeps per-trump tables in the game and the
order keeps its tables once made, so a game or order shared with other tests would answer from
tables built before the code under test ran (see the mutation-testing section of
``docs/development.rst``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardrules import CHANCE, Card, Suit, get_deck, must_follow
from cardrules.errors import ArgumentError, ArgumentTypeError, IllegalActionError
from cardrules.ranking import SuitOrder, plain_order, trump_order
from cardrules.states import slotted_builder, tuple_builder, uses_fast_layout
from cardrules.testing import RuleCopy, rule_copies
from cardrules.trickgame import Bury, Play, PlayVariant, TrickGameBase, _deck_plays
from cardrules.tricks import TrickPlay

from .test_trick_layer_hooks import DECK, Call, LoneGame
from .test_trickgame import CallGame, PlainGame, PlainRule


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _step_through(
    game: TrickGameBase[Any, Any, Any, Any], state: Any, rng: random.Random, check: Any
) -> Any:
    """Play ``state`` to the end of the match (or single hand) at random, calling ``check(state,
    action)`` before each step of a seat; chance steps are drawn from ``rng``."""
    while state.phase != "over":
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        check(state, action)
        state = game.apply(state, action)
    return state


_GAMES: dict[str, Any] = {
    "plain": PlainGame,  # a lead rule of its own (P3)
    "call": CallGame,  # trump with bowers (C5)
    "lone": LoneGame,  # a kitty and seats sitting out (L3, L4)
    "lone-revokes": lambda: LoneGame(revokes=True),  # revoke mode and claims (L7)
    "lone-hearts-free": lambda: _with_variant(LoneGame(), _HeartsAlwaysFree()),
}
"""The test games, made afresh by each test (the name is the parameter, not the game)."""


class _HeartsAlwaysFree(PlayVariant):
    """A play variant of a test's own: the follow rule's cards and any heart may be played, a
    heart that does not follow leaving the contract as it is (the layer must pass the variant
    the follow rule's cards)."""

    name = "hearts-free"
    hearts = DECK.suit_masks[Suit.HEARTS]

    def playable(self, hand: int, allowed: int) -> int:
        return allowed | hand & self.hearts

    def off_suit(self, game: Any, state: Any, seat: int, card: int) -> Any:
        if not self.hearts >> card & 1:
            raise game.follow_error(state, seat, card)
        return state.contract


def _with_variant(game: LoneGame, variant: PlayVariant) -> LoneGame:
    game.play_variant = variant
    return game


def _start(name: str, game: Any, seed: int) -> Any:
    """A match of the plain and calling games; a single hand, called alone on odd seeds, of the
    lone game (whose calls the random play would rarely make alone)."""
    if not name.startswith("lone"):
        return game.new_match()
    state = game.new_hand(dealer=seed % 4)
    state = game.apply(state, game.sample_chance(state, random.Random(seed)))
    return game.apply(state, Call(alone=seed % 2 == 1))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", _GAMES)
def test_fast_path_and_checked_path_make_the_same_states(name: str, seed: int) -> None:
    """A legal card played as the game's own interned ``Play`` (the fast path) and as an equal,
    new ``Play`` (the checked path, P5/C5/L5) give equal states — every field, the match score,
    the single-hand flag and the last hand's points included — and the play is the core's
    ``TrickPlay.play`` under the hand's rank order (C5: bowers; L4: a seat sitting out)."""
    game = _GAMES[name]()
    seen = {"cards": 0, "ends": 0}

    def check(state: Any, action: Any) -> None:
        if not isinstance(action, Play):
            return
        seat = game.to_move(state)
        fast = game.apply(state, action)
        checked = game.apply(state, Play(action.card))
        assert type(fast) is type(checked) is game.state_type
        assert fast == checked
        assert game.apply(state, action, seat=seat) == fast
        order, _ = game.card_rules(state.contract)
        card = game.deck.index(action.card)
        allowed = game.card_rules(state.contract)[1](state.play.hands[seat], state.play.led)
        if allowed >> card & 1:  # a revoke (L7) changes the contract before the card is played
            assert fast.play == state.play.play(card, order)
            assert fast.contract == state.contract
        assert fast.single_hand == state.single_hand
        if fast.phase == "play":  # the hand goes on: only the play (and a revoke) changed
            kept = ("dealer", "score", "last_points", "kitty", "buried", "config")
            assert all(getattr(fast, f) == getattr(state, f) for f in kept)
            assert game.to_move(fast) == fast.play.to_move
        else:
            seen["ends"] += 1
        seen["cards"] += 1

    _step_through(game, _start(name, game, seed), random.Random(seed), check)
    # A hand ends on a card (a claim may end it first in revoke mode).
    assert seen["cards"] > 0 and (seen["ends"] >= 1 or name == "lone-revokes")


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", _GAMES)
def test_legal_plays_are_the_follow_rule_of_the_hands_order(name: str, seed: int) -> None:
    """The legal plays are the game's interned plays of the cards the follow rule of the hand's
    order allows (P3: hearts not led while the hand has another suit; C5: the left bower
    follows trump), in deck order, as the game's play variant widens them (L7: revoke mode,
    every held card; a variant of the test's own: hearts too), then the seat's claims."""
    game = _GAMES[name]()
    interned = game.all_actions()

    def check(state: Any, action: Any) -> None:
        legal = game.legal_actions(state)
        if state.phase == "exchange":  # L3: any held card may be buried
            hand = state.play.hands[state.to_move]
            assert legal == tuple(Bury(game.deck.cards[c]) for c in _bits(hand))
            return
        if state.phase != "play":
            return
        hand = state.play.hands[state.to_move]
        _, rule = game.card_rules(state.contract)
        allowed = game.play_variant.playable(hand, rule(hand, state.play.led))
        plays = [a for a in legal if isinstance(a, Play)]
        assert plays == [Play(game.deck.cards[c]) for c in _bits(allowed)]
        assert all(p is interned[game.deck.index(p.card)] for p in plays)
        assert legal[len(plays) :] == game.claims(state, state.to_move)

    _step_through(game, _start(name, game, seed), random.Random(seed), check)


def test_a_fresh_game_with_its_own_lead_rule_keeps_it() -> None:
    """The plain game's own lead rule (PlainRule.P3: hearts led only from a hand of hearts) holds
    on a game's first hand, for its legal plays and for apply, not the order's plain follow
    table."""
    game = PlainGame()
    deck = game.deck
    state = game.apply(
        game.new_hand(dealer=3), game.sample_chance(game.new_hand(3), random.Random(1))
    )
    hand = state.play.hands[state.play.leader]
    hearts = [c for c in _bits(hand) if deck.cards[c].suit == Suit.HEARTS]
    assert hearts and len(hearts) < len(_bits(hand))
    assert not any(a.card.suit == Suit.HEARTS for a in game.legal_actions(state))
    with pytest.raises(IllegalActionError, match=f"rule {PlainRule.P3.value}"):
        game.apply(state, game.all_actions()[hearts[0]])


class _NoContractGame(PlainGame):
    """The plain game, whose hands have no contract (``None``): its trump hook must never be
    asked, as :meth:`~cardrules.trickgame.TrickGameBase.card_rules` does not ask it."""

    def trump(self, contract: None) -> Suit | None:
        raise AssertionError("the trump hook was asked of a hand without a contract")


def test_a_hand_without_a_contract_never_asks_the_trump_hook() -> None:
    """A ``None`` contract means no trump on every path (legal plays, apply, rollout), as in
    ``card_rules``: the trump hook is asked only of a contract."""
    game = _NoContractGame()
    final = _step_through(game, game.new_hand(dealer=0), random.Random(2), lambda s, a: None)
    assert final.phase == "over" and sum(final.play.taken) == 13


@pytest.mark.parametrize("method", ["apply", "legal_actions", "to_move"])
def test_a_state_of_another_configuration_is_refused(method: str) -> None:
    """The inline edge check of apply, legal_actions and to_move refuses a state of the same
    class made under other rules (another match target) naming both configurations, and a value
    that is no state naming the value — never answering for it."""
    three, five = PlainGame(3), PlainGame(5)
    state = three.apply(
        three.new_hand(dealer=0), three.sample_chance(three.new_hand(0), random.Random(1))
    )
    args: tuple[Any, ...] = (three.legal_actions(state)[0],) if method == "apply" else ()
    with pytest.raises(
        ArgumentError, match=r"state is of plain-tricks-test \(3\), not of this game"
    ):
        getattr(five, method)(state, *args)
    with pytest.raises(ArgumentTypeError, match="not str 'junk'"):
        getattr(five, method)("junk", *args)
    assert getattr(three, method)(state, *args) is not None


@pytest.mark.parametrize("name", ["euchre24", "rook41", "french52"])
def test_deck_plays_list_the_plays_of_every_mask_in_chunks(name: str) -> None:
    """The interned plays of a deck, one per card in deck order; chunk ``k`` lists, for every
    mask ``m`` of its (up to) twelve cards, the plays of the cards ``12k + i`` of ``m``'s bits;
    the id map gives each interned play's card index."""
    deck = get_deck(name)
    plays, chunks, ids = _deck_plays.__wrapped__(deck)
    assert [p.card for p in plays] == list(deck.cards)
    assert len(chunks) == -(-len(deck) // 12)
    for k, chunk in enumerate(chunks):
        width = min(12, len(deck) - 12 * k)
        assert len(chunk) == 1 << width
        for m, listed in enumerate(chunk):
            assert [deck.index(p.card) for p in listed] == [12 * k + i for i in _bits(m)]
            assert all(p is plays[deck.index(p.card)] for p in listed)
    assert len(ids) == len(plays) and all(ids[id(p)] == i for i, p in enumerate(plays))


def test_games_on_one_deck_share_the_interned_plays() -> None:
    """One set of plays per deck: every game on it lists the same objects."""
    assert all(
        a is b for a, b in zip(PlainGame(3).all_actions(), PlainGame(4).all_actions(), strict=True)
    )


def _fresh_orders() -> list[SuitOrder]:
    euchre, rook = get_deck("euchre24"), get_deck("rook41")
    return [
        plain_order(euchre, trump=Suit.CLUBS),
        trump_order(euchre, Suit.HEARTS, promoted=[Card.parse("JH"), Card.parse("JD")]),
        trump_order(rook, Suit.GREEN, promoted=[Card.parse("R")]),
    ]


def test_a_new_orders_tables_are_its_rules() -> None:
    """The tables an order makes the first time it is asked: the follow table is ``must_follow``
    of a full hand for each led card, and the highest win key of any trick marks the card
    ``winning_position`` names (the left bower a trump, the Bird a trump)."""
    rng = random.Random(7)
    for order in _fresh_orders():
        cards = len(order.effective_suits)
        masks, keys = order.follow_masks(), order.win_keys()
        rule = must_follow(order)
        full = (1 << cards) - 1
        assert masks == tuple(rule(full, led) for led in range(cards))
        for _ in range(300):
            trick = rng.sample(range(cards), 4)
            row = keys[trick[0]]
            best = max(range(4), key=lambda p: (row[trick[p]], -p))
            assert best == order.winning_position(trick)


class _Plain:
    """A plain base class: its instances, and those of every subclass, have a ``__dict__``."""


@attrs.frozen(weakref_slot=False)
class _OnPlain(_Plain):
    x: int


@attrs.define(slots=False)
class _Dicty:
    x: int


def test_only_a_slotted_attrs_class_has_the_fast_layout() -> None:
    """``uses_fast_layout`` is false for what ``slotted_builder`` refuses or builds slowly: a
    class that is not attrs, an attrs class without slots, and a slotted attrs class whose plain
    base gives its instances a ``__dict__``."""
    assert not uses_fast_layout(int) and not uses_fast_layout(_Plain)
    assert not uses_fast_layout(_Dicty)
    assert not uses_fast_layout(_OnPlain)
    with pytest.raises(ArgumentTypeError, match="attrs class with slots"):
        slotted_builder(_OnPlain)


def test_builders_name_what_they_refuse() -> None:
    """A refused class is named in the error (what was wrong, not just that something was)."""
    with pytest.raises(ArgumentTypeError, match="not <class 'dict'>"):
        slotted_builder(dict)
    with pytest.raises(ArgumentTypeError, match="not <class 'list'>"):
        tuple_builder(list)


def test_a_builder_is_named_and_documented_after_its_class() -> None:
    """What a profile or ``help`` shows of a builder: its class and its positional fields."""
    build = slotted_builder(TrickPlay)
    assert build.__name__ == build.__qualname__ == "build_TrickPlay"
    assert build.__doc__ is not None
    assert build.__doc__.startswith("``TrickPlay(hands, leader, trick, tricks, taken, out)``")


def test_rule_copies_finds_every_tag_with_its_innermost_holder(tmp_path: Path) -> None:
    """Each tag, in file-name and line order: its file, the innermost function around it (a
    nested one, an async one, one on a single line, or ``<module>``), its line, every rule id
    (with a letter suffix) and every function named; ``.py`` files only (one with a non-ASCII
    comment read); a line that is not a whole tag is not one."""
    (tmp_path / "b_fast.py").write_text(
        "def outer(hand):\n"
        "    def inner(x):\n"
        "        # copy of rules E13, E14a: playable, trick_winner\n"
        "        return x  # ♥ is a heart\n"
        "    # copy of rule E15:follow_rule   \n"
        "    return inner(hand)\n"
        "\n"
        "async def later():\n"
        "    # copy of rules R1,R2: a,b\n"
        "    return None\n"
        "# copy of rule V3: deal\n"
        "def one(): return 1  # copy of rule T2: solve\n"
        "x = 1  # copy of rules: no ids\n"
        "y = 2  # copy of rule E1: f and more words\n",
        encoding="utf-8",
    )
    (tmp_path / "a_engine.py").write_text("\n# copy of rule T9: solve\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("# copy of rule E12: ignored\n", encoding="utf-8")
    expected = [
        RuleCopy("a_engine.py", "<module>", 2, ("T9",), ("solve",)),
        RuleCopy("b_fast.py", "inner", 3, ("E13", "E14a"), ("playable", "trick_winner")),
        RuleCopy("b_fast.py", "outer", 5, ("E15",), ("follow_rule",)),
        RuleCopy("b_fast.py", "later", 9, ("R1", "R2"), ("a", "b")),
        RuleCopy("b_fast.py", "<module>", 11, ("V3",), ("deal",)),
        RuleCopy("b_fast.py", "one", 12, ("T2",), ("solve",)),
    ]
    assert rule_copies(tmp_path) == expected
    assert rule_copies(str(tmp_path)) == expected
    assert rule_copies(tmp_path / "empty") == []


@attrs.frozen
class _Concede:
    """Concede the hand: a claim any seat may make in any phase of a hand."""

    seat: int


class _ConcedingGame(LoneGame):
    """The lone game where a trump may not be buried (a contract-dependent L3) and every seat may
    concede at any time of the hand (a claim in the bidding and the exchange too)."""

    def may_bury(self, contract: Any, hand: int) -> int:
        return hand & ~DECK.suit_masks[contract.trump]

    def claims(self, state: Any, seat: int) -> tuple[Any, ...]:
        return (_Concede(seat),) if state.phase in ("bidding", "exchange", "play") else ()


def test_bids_and_burials_come_with_the_movers_claims_and_the_contracts_burials() -> None:
    """L2/L3 with claims in every phase: the bidder's legal actions are its bids then its own
    claims; the exchanging seat's, the cards ``may_bury`` allows under the hand's contract (no
    trump here) then its own claims."""
    game = _ConcedingGame()
    state = game.new_hand(dealer=0)
    state = game.apply(state, game.sample_chance(state, random.Random(3)))
    assert state.phase == "bidding" and state.to_move == 1
    assert game.legal_actions(state) == (Call(False), Call(True), _Concede(1))
    state = game.apply(state, Call(False))
    assert state.phase == "exchange" and state.to_move == 0
    hand, contract = state.play.hands[0], game.contract_of(state)
    trumps = DECK.suit_masks[contract.trump]
    assert hand & trumps and hand & ~trumps
    buries = tuple(Bury(DECK.cards[c]) for c in _bits(hand & ~trumps))
    assert game.legal_actions(state) == (*buries, _Concede(0))
