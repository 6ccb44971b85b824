"""Table pictures of the trick games: every phase, every seat, well-formed and fair (issue 17 item 5).

Random legal play through whole matches (started near the target so that they end), with each
seat's view and the state drawn at every decision. A view's picture must show the cards the seat
may see (its hand, the trick, a public up-card) and none it may not (other hands, a buried nest,
the kitty); a state's picture shows every hand. No picture may hold a raw repr or an internal
sentinel.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import attrs
import pytest

from cardrules import CHANCE, Card, get_game, parse_cards
from cardrules.errors import ArgumentTypeError
from cardrules.svg import render
from cardrules.table_svg import LastTrick, Pile, TableScene, TableSeat, WonStack, table_svg

NS = "{http://www.w3.org/2000/svg}"
CARD_TEXT = re.compile(r"(?<![0-9])(10|[2-9AJQK])[♣♦♥♠]")
REPR_LIKE = [
    re.compile(r"\([^)]*="),  # keyword arguments of a repr
    re.compile(r"\b[A-Z][A-Za-z]+\("),  # a class name called: Contract(, CardSet(
    re.compile(r"(?<![\w−])-1\b"),
    re.compile(r"\bNone\b"),
    re.compile(r"\b(True|False)\b"),
    re.compile(r"Card\.parse|Suit\.|<[A-Z]"),
]

# (game, rules, starting scores near the end of a match)
VARIANTS: list[tuple[str, dict[str, Any], tuple[int, ...]]] = [
    ("euchre", {}, (8, 8)),
    ("euchre", {"preset": "house"}, (7, 8)),
    ("euchre", {"preset": "table_play"}, (8, 7)),
    ("rook", {}, (250, 240)),
    ("rook", {"preset": "full_deck"}, (260, 200)),
    ("voormsi", {}, (7, 7)),
    ("voormsi", {"preset": "three_player"}, (10, 10, 10)),
    ("voormsi", {"preset": "two_player"}, (7, 7)),
]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def drawn_cards(root: ET.Element) -> Counter[str]:
    return Counter(g.attrib["data-card"] for g in root.iter(f"{NS}g") if "data-card" in g.attrib)


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def cards_in(g: ET.Element) -> set[str]:
    return {c.attrib["data-card"] for c in g.iter(f"{NS}g") if "data-card" in c.attrib}


def caption(g: ET.Element, kind: str) -> str:
    return " ".join(t.text or "" for t in g.iter(f"{NS}text") if t.attrib.get("class") == kind)


def assert_no_reprs(root: ET.Element, svg: str) -> None:
    for line in texts(root):
        for pattern in REPR_LIKE:
            assert not pattern.search(line), f"repr-like text {line!r}"
    for word in ("None", "True", "False"):
        assert word not in svg


def cards_of(items: Any) -> set[str]:
    return {str(c) for c in items}


def played_cards(name: str, view: Any) -> set[str]:
    if name == "voormsi":
        trick = {str(c) for _, group in view.trick for c in group}
        done = {str(c) for plays, _ in view.tricks for _, group in plays for c in group}
    else:
        trick = cards_of(view.trick)
        done = {str(c) for _, t in view.tricks for c in t}
    return trick | done


def visible_to(name: str, game: Any, view: Any) -> tuple[set[str], set[str]]:
    """(cards the picture must show, cards it may show) for ``view``, from the view's own fields."""
    must = cards_of(view.hand)
    if name == "voormsi":
        must |= {str(c) for _, group in view.trick for c in group}
    else:
        must |= cards_of(view.trick)
    may = set(must) | played_cards(name, view)
    if name == "euchre":
        if view.upcard is not None:
            may.add(str(view.upcard))
            picked = view.contract is not None and view.contract.picked_up
            if not picked:
                must.add(str(view.upcard))
        if view.discard is not None:
            must.add(str(view.discard))
        for s, shown in enumerate(view.shown):
            if s != view.seat:
                must |= cards_of(shown)
    elif name == "rook":
        if view.nest is not None and view.phase in ("trump", "play", "over"):
            must |= cards_of(view.nest)
        if view.revealed is not None:
            for hand in view.revealed:
                must |= cards_of(hand)
        may |= {str(c) for _, c in view.returned}
    else:
        for owner in range(len(view.hand_sizes)):
            if owner != view.seat:
                must |= cards_of(view.known_cards(owner))
        if any(k == 2 for k in view.toqu_known):
            may.add("JC")
    return must, may | must


def check_view_picture(name: str, game: Any, view: Any) -> None:
    svg = render(view, game)
    root = parse(svg)
    assert_no_reprs(root, svg)
    drawn = drawn_cards(root)
    must, may = visible_to(name, game, view)
    assert must <= set(drawn), (name, view.phase, sorted(must - set(drawn)))
    assert set(drawn) <= may, (name, view.phase, sorted(set(drawn) - may))
    # Card names in the text (the up-card in the header) are also only ones the seat may see.
    named = {m.group(0) for line in texts(root) for m in CARD_TEXT.finditer(line)}
    allowed_text = {Card.parse(c).unicode for c in may}
    assert named <= allowed_text, (name, sorted(named - allowed_text))
    # Each card of the trick lies in front of the seat that played it, the leader marked.
    plays = {}
    for g in root.iter(f"{NS}g"):
        if g.attrib.get("class") == "play":
            plays[caption(g, "who")] = (cards_in(g), caption(g, "marks"))
    if name == "voormsi":
        expected: dict[str, set[str]] = {}
        for s, group in view.trick:  # two players play twice to a trick (V27)
            expected[f"Seat {s}"] = expected.get(f"Seat {s}", set()) | cards_of(group)
        leader = view.trick[0][0] if view.trick else None
    elif name == "euchre":
        out = view.contract.out if view.contract is not None else 0
        order = [s for s in ((view.leader + k) % 4 for k in range(4)) if not out >> s & 1]
        expected = {f"Seat {s}": {str(c)} for s, c in zip(order, view.trick, strict=False)}
        leader = view.leader if view.trick else None
    else:
        expected = {f"Seat {(view.leader + k) % 4}": {str(c)} for k, c in enumerate(view.trick)}
        leader = view.leader if view.trick else None
    assert {seat: cards for seat, (cards, _) in plays.items()} == expected
    if leader is not None:
        assert "led" in plays[f"Seat {leader}"][1]


def check_state_picture(name: str, game: Any, state: Any) -> None:
    for svg in (render(state, game), state._repr_svg_()):
        root = parse(svg)
        assert_no_reprs(root, svg)
        drawn = drawn_cards(root)
        zones = game.card_zones(state)
        for zone, cards in zones.items():
            if zone.startswith("hand") or zone in ("trick", "kitty", "upcard", "discard"):
                assert cards_of(cards) <= set(drawn), (name, state.phase, zone)


def random_action(game: Any, state: Any, rng: random.Random) -> Any:
    if hasattr(game, "random_action"):
        return game.random_action(state, rng)
    return rng.choice(game.legal_actions(state))


@pytest.mark.parametrize(("name", "options", "scores"), VARIANTS)
def test_every_phase_every_seat(
    name: str, options: dict[str, Any], scores: tuple[int, ...]
) -> None:
    """Issue 17 item 5: the views of every seat and the state, drawn at every decision of random
    matches, are well-formed, fair to the seat, and free of reprs; every phase is drawn."""
    game: Any = get_game(name, **options)  # each game's own new_match(scores=…)
    phases: set[str] = set()
    mid_trick = False
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_match(scores=scores)
        steps = 0
        while steps < 1500:
            phases.add(state.phase)
            for seat in range(game.num_players):
                view = game.view(state, seat)
                check_view_picture(name, game, view)
                mid_trick |= bool(view.trick) and len(view.trick) < game.num_players
            check_state_picture(name, game, state)
            if game.is_over(state):
                break
            if game.to_move(state) == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                state = game.apply(state, random_action(game, state, rng))
            steps += 1
        assert game.is_over(state), f"{name} match of seed {seed} did not end"
    expected = {
        "euchre": {"choose_dealer", "deal", "bidding", "discard", "play", "over"},
        "rook": {"choose_dealer", "deal", "bidding", "bury", "trump", "play", "over"},
        "voormsi": {"choose_dealer", "deal", "play", "over"},
    }[name]
    assert expected <= phases, sorted(expected - phases)
    assert mid_trick


def test_euchre_discard_and_contract_words() -> None:
    """E6/E7: a picked-up up-card puts the dealer in the discard phase; the header says who made
    trump in words, and the dealer's own picture shows its discard."""
    game = get_game("euchre")
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_hand(dealer=3)
        state = game.apply(state, game.sample_chance(state, rng))
        while state.phase == "bidding":
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        if state.phase != "discard":
            continue
        contract = state.contract
        assert contract is not None and contract.trump is not None
        view = game.view(state, 1)
        svg = render(view, game)
        verb = "picked up" if contract.maker == 3 else "ordered up"
        assert f"seat {contract.maker}" in svg and verb in svg
        assert f"Trump {contract.trump.symbol}" in svg
        state = game.apply(state, game.legal_actions(state)[0])
        dealer_view = game.view(state, 3)
        assert dealer_view.discard is not None
        assert str(dealer_view.discard) in drawn_cards(parse(render(dealer_view, game)))
        assert str(dealer_view.discard) not in drawn_cards(parse(render(game.view(state, 0), game)))
        return
    pytest.fail("no seed ordered up in the first round")


def test_rook_contract_in_words() -> None:
    """R10-R13: after the auction the header reads "Bid N by seat S, trump Colour"."""
    game = get_game("rook")
    rng = random.Random(4)
    state = game.new_hand(dealer=0)
    while state.phase != "play":
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            state = game.apply(state, game.random_action(state, rng))
    svg = render(game.view(state, 0), game)
    assert state.trump is not None
    assert f"Bid {state.bid} by seat {state.bidder}, trump {state.trump.name.title()}" in svg


def test_voormsi_groups_and_ladder() -> None:
    """V16/V17: in a trick of groups each seat's group lies in front of it; the ladder and its
    target are in the header (the target from the game's rules)."""
    game = get_game("voormsi", target=9)
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_hand(dealer=0)
        while not game.is_over(state):
            if game.to_move(state) == CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            seat = game.to_move(state)
            if seat is not None and state.trick and state.trick[0][1].bit_count() > 1:
                view = game.view(state, seat)
                svg = render(view, game)
                plays = {
                    caption(g, "who"): cards_in(g)
                    for g in parse(svg).iter(f"{NS}g")
                    if g.attrib.get("class") == "play"
                }
                assert plays == {f"Seat {s}": cards_of(group) for s, group in view.trick}
                assert "(to 9)" in svg and "A trick of" in svg
                return
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    pytest.fail("no multi-card trick in 60 seeded deals")


def test_scene_values_are_checked() -> None:
    """A scene refuses seats out of range and non-card values, with a CardrulesError."""
    seat = TableSeat("Seat 0", cards=parse_cards("9C"))
    with pytest.raises(ArgumentTypeError):
        TableScene("x", (seat,), leader=3)
    with pytest.raises(ArgumentTypeError):
        TableSeat("Seat 0", cards=("9C",))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        WonStack("team 0", -1)
    with pytest.raises(ArgumentTypeError):
        table_svg("not a scene")  # type: ignore[arg-type]
    svg = table_svg(
        TableScene(
            "Two seats",
            (seat, TableSeat("Seat 1", hidden=1, played=parse_cards("AS"))),
            leader=1,
            piles=(Pile("Stock", parse_cards("KH"), hidden=2, note="next draw first"),),
            won=(WonStack("seat 0", 1, detail="3 points"),),
            last_trick=LastTrick(
                (("seat 0", parse_cards("2C")), ("seat 1", parse_cards("3C"))), "seat 1"
            ),
            footer=("Game over",),
        )
    )
    assert drawn_cards(parse(svg)) == Counter({"9C": 1, "AS": 1, "KH": 1, "2C": 1, "3C": 1})


def test_fallback_never_prints_reprs() -> None:
    """A third-party value with nested records, sentinels and opaque objects: the generic
    picture writes values in words and leaves out what has no readable form."""

    @attrs.frozen
    class Inner:
        target: int
        rule: str = "first_to_target"

    @attrs.frozen
    class View:
        hand: tuple[Card, ...]
        score: Inner
        flags: tuple[bool, ...]
        leader: int
        thing: object
        nothing: None = None

    svg = render(View(parse_cards("AS KS"), Inner(10), (True, False), -1, object()))
    root = parse(svg)
    assert_no_reprs(root, svg)
    assert drawn_cards(root) == Counter({"AS": 1, "KS": 1})
    assert "score: target 10, rule first to target" in svg and "flags: yes, no" in svg


def test_write_saves_the_rendered_picture(tmp_path: Any) -> None:
    """``cardrules.svg.write`` (behind the command line's ``--svg FILE``) saves what ``render``
    draws, for a view and for a state."""
    from cardrules.svg import write

    game = get_game("rook")
    state = game.new_hand(dealer=1)
    state = game.apply(state, game.sample_chance(state, random.Random(9)))
    for value in (game.view(state, 2), state):
        path = tmp_path / "table.svg"
        write(path, value, game)
        assert path.read_text(encoding="utf-8") == render(value, game)
    with pytest.raises(ArgumentTypeError):
        render(state, get_game("euchre"))  # a Rook state is drawn with its own game
    with pytest.raises(ArgumentTypeError, match="path must be a str or a path"):
        write(123, state, game)  # type: ignore[arg-type]
