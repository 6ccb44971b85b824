"""The rules of Euchre as data: :class:`EuchreRule` (the closed set of ids) and :data:`EUCHRE_RULES`.

The numbered rules E1–E17, the open questions D1–D8 with the defaults we chose, and the table
variants EV1–EV5, each in our own words with its sources and the :class:`EuchreRules` options
that change it. Errors, the docs page and ``cardrules rules euchre`` all quote this book.

>>> EUCHRE_RULES[EuchreRule.E13].title
'follow suit'
>>> EuchreRule.D3.written, EUCHRE_RULES.anchor(EuchreRule.EV3)
('rule D3', 'rule-euchre-ev3')
>>> [rule.id.value for rule in EUCHRE_RULES.of_kind(RuleKind.VARIANT)]
['EV1', 'EV2', 'EV3', 'EV4', 'EV5']
>>> EUCHRE_RULES[EuchreRule.E8].options
('stick_the_dealer', 'all_pass')
"""

from __future__ import annotations

from typing import Final

from cardrules.rulebook import Rule, RuleBook, RuleId, RuleKind, Source, register_rulebook

__all__ = ["EUCHRE_RULES", "EuchreRule"]


class EuchreRule(RuleId):
    """Every rule id of Euchre: E1–E17 (rules), D1–D8 (open questions), EV1–EV5 (variants)."""

    E1 = "E1"
    E2 = "E2"
    E3 = "E3"
    E4 = "E4"
    E5 = "E5"
    E6 = "E6"
    E7 = "E7"
    E8 = "E8"
    E9 = "E9"
    E10 = "E10"
    E11 = "E11"
    E12 = "E12"
    E13 = "E13"
    E14 = "E14"
    E15 = "E15"
    E16 = "E16"
    E17 = "E17"
    D1 = "D1"
    D2 = "D2"
    D3 = "D3"
    D4 = "D4"
    D5 = "D5"
    D6 = "D6"
    D7 = "D7"
    D8 = "D8"
    EV1 = "EV1"
    EV2 = "EV2"
    EV3 = "EV3"
    EV4 = "EV4"
    EV5 = "EV5"


_R = EuchreRule
_DEFAULT = RuleKind.DEFAULT
_VARIANT = RuleKind.VARIANT

_SOURCES: Final = (
    Source("Seed-E", "the traditional rules text this implementation follows (Spanish)"),
    Source(
        "Ext-E1",
        "The Law and Practice of the Game of Euchre (1862)",
        "https://ohioeuchre.com/E_laws3.php",
    ),
    Source("Ext-E2", "Hoyle's Rules of Games (2001)", "http://ohioeuchre.com/E_Hoyle_2001.php"),
    Source(
        "Ext-E3",
        "Ohio Euchre tournament rules and rulings",
        "http://ohioeuchre.com/PrintRules.html",
    ),
    Source(
        "Ext-E4",
        "euchre.cards: stick the dealer",
        "https://euchre.cards/variations/stick-the-dealer",
    ),
    Source(
        "Ext-E5",
        "euchrestrategy.info: stick (screw) the dealer",
        "https://www.euchrestrategy.info/learn-how-to-play-euchre/stick-the-dealer-or-screw-the-dealer/",
    ),
    Source(
        "Ext-E6",
        "Euchre variations (encyclopedia article)",
        "https://everything.explained.today/Euchre_variations/",
    ),
    Source(
        "Ext-E7",
        "euchrestrategy.info: farmer's hand",
        "https://www.euchrestrategy.info/learn-how-to-play-euchre/farmers-hand/",
    ),
    Source(
        "Ext-E8",
        "19th-century laws of playing alone and scoring",
        "https://playingcardgames.net/CardGames/Playing-Alone.html",
    ),
    Source(
        "Ext-E9",
        "World of Card Games: may the dealer discard the up-card?",
        "https://blog.worldofcardgames.com/2014/08/euchre-is-discarding-up-card-legal.html",
    ),
    Source(
        "Ext-E13",
        "a Euchre rules summary: everybody passes twice",
        "http://lukemiles.org/blog/2016-09-19-euchre-2",
    ),
)

EUCHRE_RULES: Final = register_rulebook(
    RuleBook(
        game="euchre",
        sources=_SOURCES,
        code="cardrules.games.euchre.engine",
        rules=(
            Rule(
                _R.E1,
                "partnerships",
                "Four players form two partnerships, partners sitting opposite: seats 0 and 2 "
                "against seats 1 and 3.",
                ("Seed-E",),
            ),
            Rule(
                _R.E2,
                "the deck",
                "The pack has 24 cards, the 9, 10, J, Q, K and A of each suit, and no joker. "
                "Every card is in play exactly once.",
                ("Seed-E",),
            ),
            Rule(
                _R.E3,
                "the dealer",
                "The first dealer is chosen at random; after each hand the deal passes to the "
                "player on the dealer's left.",
                ("Seed-E",),
                settled="The first dealer is a chance step (``dealer 2``) at the start of a match; "
                "``new_match(dealer=…)`` and ``new_hand(dealer=…)`` may fix it instead.",
            ),
            Rule(
                _R.E4,
                "the deal",
                "Each player gets five cards in two rounds of packets, clockwise from the dealer's "
                "left: 3-2-3-2 then 2-3-2-3, or the mirror pattern, which the dealer keeps for the "
                "whole deal. The four cards left over are the kitty, and its top card is turned "
                "face up: the up-card.",
                ("Seed-E", "Ext-E2"),
                settled="The deal is one chance action listing the 24 cards in dealing order: the "
                "first card goes to the player left of the dealer, the kitty is cards 21 to 24 "
                "and the up-card is card 21.",
                options=("deal_pattern",),
            ),
            Rule(
                _R.E5,
                "farmer's hand",
                "When the option is on, a player dealt nothing but 9s and 10s may demand a new "
                "deal before anyone has bid or passed; the same dealer deals again and nobody "
                "scores. Any number of such claims may follow one another.",
                ("Seed-E", "Ext-E6"),
                settled="The claim is an action a qualifying seat may take out of turn, until the "
                "first call of the hand.",
                options=("farmers_hand",),
            ),
            Rule(
                _R.E6,
                "first bidding round",
                "From the dealer's left, each player in turn passes or accepts the up-card's suit "
                "as trump (an opponent of the dealer orders it up, the dealer's partner assists, "
                "the dealer picks it up). The first acceptance ends the round: the dealer takes "
                "the up-card and discards one card face down, and need not hold a card of that "
                "suit. The accepting side are the makers, the others the defenders.",
                ("Seed-E", "Ext-E2", "Ext-E3"),
            ),
            Rule(
                _R.E7,
                "second bidding round",
                "If all four pass, the up-card is turned down. From the dealer's left each player "
                "may pass or name trump, any suit but the one turned down.",
                ("Seed-E", "Ext-E2", "Ext-E3"),
            ),
            Rule(
                _R.E8,
                "stick the dealer",
                "When the first three players pass in the second round, the dealer must name a "
                "suit (not the turned-down one). With the option off and eight passes in all, the "
                "hand is thrown in, nobody scores, and the next player deals.",
                ("Seed-E", "Ext-E4", "Ext-E13"),
                options=("stick_the_dealer", "all_pass"),
            ),
            Rule(
                _R.E9,
                "going alone",
                "Only the maker, the player who ordered up or named trump, may go alone, and says "
                "so together with the making (a dealer who picks up, before discarding). The "
                "maker's partner lays their cards down and sits the hand out.",
                ("Seed-E", "Ext-E8"),
                settled="When the dealer's partner orders up alone, the dealer sits out and does "
                "not exchange: the up-card stays in the kitty and there is no discard.",
            ),
            Rule(
                _R.E10,
                "card ranking",
                "In trumps the jack of trumps (right bower) is highest, then the other jack of the "
                "same colour (left bower), then A, K, Q, 10, 9. Other suits rank A, K, Q, J, 10, 9; "
                "the suit that lost its jack to trumps has five cards.",
                ("Seed-E",),
            ),
            Rule(
                _R.E11,
                "the left bower is trump",
                "The left bower belongs to the trump suit in every respect: when following, "
                "leading and being void.",
                ("Seed-E",),
            ),
            Rule(
                _R.E12,
                "the lead",
                "The player left of the dealer leads the first trick; if that player sits out "
                "because their partner went alone, the next active player (the dealer's partner) "
                "leads. The winner of each trick leads the next, and the turn skips any player "
                "who sits out.",
                ("Seed-E", "Ext-E1"),
                settled="With lone defenders too, the first lead goes to the first active seat "
                "clockwise from the dealer's left.",
                options=("lone_lead",),
            ),
            Rule(
                _R.E13,
                "follow suit",
                "A player must follow the suit led, counting the left bower as trump, if able; "
                "otherwise any card may be played.",
                ("Seed-E",),
                settled="A card not held is refused under this rule too.",
            ),
            Rule(
                _R.E14,
                "winning a trick",
                "The highest trump wins the trick; if no trump was played, the highest card of the "
                "suit led wins.",
                ("Seed-E",),
            ),
            Rule(
                _R.E15,
                "scoring",
                "Only one side scores in a hand. Makers who take three or four tricks score 1, "
                "all five tricks 2, and a lone maker who takes all five scores 4 (three or four "
                "still score 1). Makers who take fewer than three are euchred: the defenders "
                "score 2, whether the maker played alone or not.",
                ("Seed-E",),
                options=("euchred_loner_points",),
            ),
            Rule(
                _R.E16,
                "winning the match",
                "The first side with 10 points or more wins. Only one side scores in a hand, so "
                "the match cannot end in a tie.",
                ("Seed-E",),
                settled="A match or a hand that would start with a score already at or over the "
                "target is refused.",
                options=("target_score",),
            ),
            Rule(
                _R.E17,
                "renege",
                "Table play only: a card that fails to follow suit when the player could is "
                "accepted and recorded as a revoke. The offenders' opponents then score 2, or 4 "
                "when the offenders were defending against a lone maker, in place of the hand's "
                "normal score.",
                ("Ext-E3",),
                settled="A revoke is pending while its trick is incomplete: the offender may then "
                "correct it, naming a card that follows suit, which takes the revoking card's "
                "place (the cards played after it go back to their owners and play resumes "
                "after the offender). The trick's last card establishes its pending revokes. Any "
                "seat whose opponents have an established revoke may claim it, in turn or out "
                "of turn, which ends the hand at once; the claim penalises the earliest "
                "established revoke of the claimer's opponents, never one of its own side. "
                "Unclaimed, the earliest established revoke of either side is found after the "
                "fifth trick.",
                options=("renege_mode",),
            ),
            Rule(
                _R.D1,
                "the stuck dealer's suit",
                "May a stuck dealer name the turned-down suit? By default no, as in the second "
                "round for everyone; the option lets the stuck dealer name any suit.",
                ("Seed-E", "Ext-E4", "Ext-E5"),
                _DEFAULT,
                options=("stick_dealer_any_suit",),
            ),
            Rule(
                _R.D2,
                "what a farmer's hand is",
                "By default a farmer's hand is five 9s and 10s. The McEvoy reading, any four or "
                "more 9s and 10s, is an option; then two players can qualify and each may claim. "
                "The exchange of three 9s or 10s with the kitty is not offered: no source says "
                "which three cards go when more qualify.",
                ("Seed-E", "Ext-E6", "Ext-E7"),
                _DEFAULT,
                options=("farmers_hand",),
            ),
            Rule(
                _R.D3,
                "discarding the up-card",
                "By default the dealer may discard the up-card just picked up (it is part of the "
                "hand, and trump does not change); an option forbids it.",
                ("Ext-E9",),
                _DEFAULT,
                options=("dealer_may_discard_upcard",),
            ),
            Rule(
                _R.D4,
                "the lead when eldest sits out",
                "By default the dealer's partner leads when the player left of the dealer sits "
                "out; an option gives the lead to the player left of the lone maker (the dealer).",
                ("Ext-E1",),
                _DEFAULT,
                options=("lone_lead",),
            ),
            Rule(
                _R.D5,
                "who may go alone",
                "Only the maker may go alone. Letting the maker's partner take the hand alone is "
                "not offered: no source gives when it would be declared.",
                ("Seed-E", "Ext-E8"),
                _DEFAULT,
            ),
            Rule(
                _R.D6,
                "a euchred lone maker",
                "By default the defenders score 2 for euchring a lone maker, as for any euchre; "
                "the 1862 laws gave them 4, which an option restores.",
                ("Seed-E", "Ext-E8"),
                _DEFAULT,
                options=("euchred_loner_points",),
            ),
            Rule(
                _R.D7,
                "everybody passes twice",
                "Without stick the dealer, a hand that everybody passes twice is thrown in and "
                "the next player deals; an option has the same dealer deal again.",
                ("Ext-E13",),
                _DEFAULT,
                options=("all_pass",),
            ),
            Rule(
                _R.D8,
                "going past the target",
                "A side may go past the target: 8 points and a lone march of 4 make 12, and the "
                "match is won.",
                (),
                _DEFAULT,
                options=("target_score",),
            ),
            Rule(
                _R.EV1,
                "defend alone",
                "Against a lone maker either defender may defend alone, and their partner sits "
                "out. A lone defender who euchres the makers scores 4 (a parameter).",
                ("Ext-E2",),
                _VARIANT,
                settled="Once a lone maker is set (and after the dealer's discard) each defender "
                "is asked in turn, the first defender clockwise from the dealer's left first. "
                "The lone defender's score takes precedence over D6.",
                options=("defend_alone", "lone_defender_points"),
            ),
            Rule(
                _R.EV2,
                "the Canadian loner",
                "A dealer's partner who orders up must go alone.",
                ("Seed-E",),
                _VARIANT,
                settled="It applies to the first bidding round only.",
                options=("canadian_loner",),
            ),
            Rule(
                _R.EV3,
                "no-trump",
                "In the second round a player may name no-trump: every suit ranks A, K, Q, J, 10, "
                "9 and there are no bowers.",
                ("Ext-E5",),
                _VARIANT,
                settled="Any second-round bidder may name no-trump, the stuck dealer included, "
                "and may go alone; scoring is unchanged.",
                options=("no_trump",),
            ),
            Rule(
                _R.EV4,
                "screw the dealer",
                "Another name for stick the dealer (E8); the option accepts it as a synonym.",
                ("Ext-E5",),
                _VARIANT,
                options=("stick_the_dealer",),
            ),
            Rule(
                _R.EV5,
                "the target score",
                "Some tables play to 11 points instead of 10.",
                (),
                _VARIANT,
                options=("target_score",),
            ),
        ),
    )
)
"""The book of Euchre's rules, registered so that errors quote its titles."""
