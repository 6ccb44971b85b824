"""The rules of Tournament Rook as data: :class:`RookRule` (the closed set of ids) and :data:`ROOK_RULES`.

The numbered rules R1–R24, the open questions A1–A8 with the defaults we chose, and the published
variants RV1–RV4 (only RV1, the full deck, is offered), each in our own words with its sources and
the :class:`RookRules` options that change it. Errors, the docs page and ``cardrules rules rook``
all quote this book.

>>> ROOK_RULES[RookRule.R6].title
'the deal'
>>> RookRule.R5.written  # never to be read as the Red 5
'rule R5'
>>> ROOK_RULES[RookRule.A1].options, ROOK_RULES.anchor(RookRule.RV1)
(('bird_rank',), 'rule-rook-rv1')
"""

from __future__ import annotations

from typing import Final

from cardrules.rulebook import Rule, RuleBook, RuleId, RuleKind, Source, register_rulebook

__all__ = ["ROOK_RULES", "RookRule"]


class RookRule(RuleId):
    """Every rule id of Tournament Rook: R1–R24 (rules), A1–A8 (open questions), RV1–RV4 (variants)."""

    R1 = "R1"
    R2 = "R2"
    R3 = "R3"
    R4 = "R4"
    R5 = "R5"
    R6 = "R6"
    R7 = "R7"
    R8 = "R8"
    R9 = "R9"
    R10 = "R10"
    R11 = "R11"
    R12 = "R12"
    R13 = "R13"
    R14 = "R14"
    R15 = "R15"
    R16 = "R16"
    R17 = "R17"
    R18 = "R18"
    R19 = "R19"
    R20 = "R20"
    R21 = "R21"
    R22 = "R22"
    R23 = "R23"
    R24 = "R24"
    A1 = "A1"
    A2 = "A2"
    A3 = "A3"
    A4 = "A4"
    A5 = "A5"
    A6 = "A6"
    A7 = "A7"
    A8 = "A8"
    RV1 = "RV1"
    RV2 = "RV2"
    RV3 = "RV3"
    RV4 = "RV4"


_R = RookRule
_DEFAULT = RuleKind.DEFAULT
_VARIANT = RuleKind.VARIANT

_SOURCES: Final = (
    Source("Seed-R", "the traditional rules text this implementation follows (Spanish)"),
    Source(
        "Ext-R1", "Wikipedia: Rook (card game)", "https://en.wikipedia.org/wiki/Rook_(card_game)"
    ),
    Source(
        "Ext-R2",
        "an earlier version of the Wikipedia section on the Rook Bird",
        "http://www.liquisearch.com/rook_bird_card",
    ),
    Source(
        "Ext-R3",
        "Hasbro: The Original ROOK Partnership Game for 4 Players",
        "https://64-ounce-games.myshopify.com/pages/rook",
    ),
    Source(
        "Ext-R4",
        "Hasbro's bidding example",
        "https://manualzz.com/doc/23201769/the-original-rook-partnership-game-for-4-players",
    ),
    Source(
        "Ext-R5", "Kentucky Discard (Josh's Games)", "https://www.joshsgames.com/kentucky-discard/"
    ),
    Source(
        "Ext-R6",
        "four-player partnership variants of Rook",
        "https://www.liquisearch.com/rook_card_game/variants/four_player_partnership_variants",
    ),
    Source(
        "Ext-R7",
        "card-game-rules: Rook (1 high)",
        "https://github.com/pwinckles/card-game-rules",
    ),
    Source(
        "Ext-R8", "a Rook tournament series' house rules", "https://davidrwilliams.com/rook/rules"
    ),
)

ROOK_RULES: Final = register_rulebook(
    RuleBook(
        game="rook",
        sources=_SOURCES,
        code="cardrules.games.rook.engine",
        rules=(
            Rule(
                _R.R1,
                "partnerships",
                "Four players in two fixed partnerships, partners opposite: seats 0 and 2 against "
                "seats 1 and 3. Each hand is secret, from the partner too.",
                ("Seed-R",),
            ),
            Rule(
                _R.R2,
                "the deck",
                "41 cards: the ranks 5 to 14 in four colours (Red, Yellow, Green, Black) and the "
                "Rook Bird. The 1s to 4s of the full Rook pack are left out. No colour outranks "
                "another. Every card is in play exactly once.",
                ("Seed-R", "Ext-R3"),
                options=("full_deck",),
            ),
            Rule(
                _R.R3,
                "rank within a colour",
                "Within a colour the 14 is highest and the 5 lowest.",
                ("Seed-R",),
            ),
            Rule(
                _R.R4,
                "counters",
                "Only counters score: each 5 is worth 5, each 10 and each 14 is worth 10, the Bird "
                "20 — 120 points in a deal. Tricks and the last trick are worth nothing as such.",
                ("Seed-R",),
            ),
            Rule(
                _R.R5,
                "the dealer",
                "The first dealer is chosen by a draw; after each hand the deal passes to the left.",
                ("Ext-R3",),
                settled="The first dealer is a chance step (``dealer 2``) at the start of a match; "
                "``new_match(dealer=…)`` and ``new_hand(dealer=…)`` may fix it instead.",
            ),
            Rule(
                _R.R6,
                "the deal",
                "Cards are dealt one at a time clockwise from the dealer's left. After each of "
                "the first five rounds one card goes face down to the nest; the rest is dealt "
                "normally, giving nine cards each and a five-card nest.",
                ("Seed-R", "Ext-R3"),
                settled="The deal is one chance action listing the 41 cards in dealing order: the "
                "nest gets cards 5, 10, 15, 20 and 25 (counting from 1), and the others go to the "
                "seats in turn from the dealer's left.",
            ),
            Rule(
                _R.R7,
                "misdeal",
                "At the table, a card of 10 or more exposed while dealing forces a new deal, and "
                "a lower one lets any player ask for one; the same dealer deals again.",
                ("Ext-R3",),
                settled="A physical accident only: it is not modelled.",
            ),
            Rule(
                _R.R8,
                "the no-counter redeal",
                "During the bidding, a player whose hand holds no counter (no 5, 10, 14 or Bird) "
                "may ask for a new deal. The Bird is a counter, so a hand whose only counter is "
                "the Bird does not qualify.",
                ("Seed-R",),
                settled="An out-of-turn action of a qualifying seat at any time in the bidding, "
                "also after it has passed; the hand is annulled and nothing scores.",
                options=("no_counter_redeal", "no_counter_redeal_dealer"),
            ),
            Rule(
                _R.R9,
                "bidding turns",
                "The bidding starts left of the dealer and goes clockwise; on each turn a player "
                "bids or passes.",
                ("Seed-R",),
            ),
            Rule(
                _R.R10,
                "bid range",
                "Bids are multiples of 5 from 70 to 120, each higher than the bid before it.",
                ("Seed-R",),
            ),
            Rule(
                _R.R11,
                "no bid after a pass",
                "A player who has passed may not bid again in that hand. A player may overbid "
                "their own partner.",
                ("Seed-R", "Ext-R4"),
            ),
            Rule(
                _R.R12,
                "end of the auction",
                "The auction ends when three players have passed after a bid; the last bidder is "
                "the high bidder. A bid of 120 ends it at once, since nobody can go higher.",
                ("Seed-R", "Ext-R4"),
                settled="It ends as soon as a bid exists and three have passed, so pass, pass, "
                "pass, 70 ends it at once.",
                options=("all_pass",),
            ),
            Rule(
                _R.R13,
                "the nest and trump",
                "The high bidder takes the five nest cards into hand, lays any five cards face "
                "down as the new nest (counters and the Bird included), and then names a trump "
                "colour, having seen the nest. There is no no-trump.",
                ("Seed-R",),
                options=("nest_discard_counters",),
            ),
            Rule(
                _R.R14,
                "the first lead",
                "Once trump is named, the player left of the dealer (not the bidder) leads the "
                "first trick.",
                ("Seed-R", "Ext-R5"),
                options=("first_lead",),
            ),
            Rule(
                _R.R15,
                "follow colour",
                "Each player in turn plays one card and must follow the colour led if able, or "
                "play the Bird; a player with none of the colour led may play any card.",
                ("Seed-R",),
                settled="A card not held is refused under this rule too.",
            ),
            Rule(
                _R.R16,
                "the Bird at any time",
                "The Bird may be played at any moment, even by a player who could follow; no "
                "other card has that right.",
                ("Seed-R",),
            ),
            Rule(
                _R.R17,
                "the Bird is a trump",
                "The Bird belongs to the trump colour: when it is led, the others must play trump "
                "if they have any; when trump is led, a holder with no other trump must play it; "
                "a holder with other trumps may play any of them or the Bird.",
                ("Seed-R", "Ext-R2"),
            ),
            Rule(
                _R.R18,
                "the Bird's rank",
                "The Bird is the highest trump, so a trick that holds it goes to its player.",
                ("Ext-R2", "Ext-R5"),
                options=("bird_rank",),
            ),
            Rule(
                _R.R19,
                "winning a trick",
                "The highest trump wins the trick; without trumps, the highest card of the colour "
                "led. The winner leads the next trick.",
                ("Seed-R",),
            ),
            Rule(
                _R.R20,
                "tricks stay hidden",
                "Won tricks are kept face down, and nobody may look back at them before the hand "
                "is over.",
                ("Seed-R",),
                settled="A rule of table manners that the views do not enforce: a view keeps every "
                "card played, as a player with a perfect memory would.",
            ),
            Rule(
                _R.R21,
                "the nest with the last trick",
                "The winner of the ninth and last trick takes the nest and scores its counters.",
                ("Seed-R",),
            ),
            Rule(
                _R.R22,
                "scoring",
                "Each side counts the counters it took, the nest included. If the bidding side "
                "reached its bid, both sides add their totals; if not, the bidding side loses the "
                "amount of its bid and scores nothing for its counters, while the other side adds "
                "its own. Scores may go below zero.",
                ("Seed-R",),
            ),
            Rule(
                _R.R23,
                "winning the match",
                "The match is checked only after a hand. A side with 300 or more wins; if both "
                "have 300 or more the higher wins, and equal totals play another hand.",
                ("Seed-R", "Ext-R3"),
                options=("target_score",),
            ),
            Rule(
                _R.R24,
                "renege",
                "Table play only: a player who fails to follow when able has reneged. The error "
                "may be put right before the next trick is taken; found later, it ends the hand: "
                "the offending side loses the amount of the bid, whoever bid, and scores nothing "
                "else, while the other side scores the counters it took before the discovery. "
                "The nest goes to nobody.",
                ("Seed-R",),
                settled="A revoke (a held card that strict play would refuse; the leader cannot "
                "revoke) is recorded and stays open until the trick after it is complete, then "
                "is established. While it is open the offender may correct it: that card and "
                "every card played after it go back, a trick completed meanwhile is undone, and "
                "play resumes with the offender. Any seat whose opponents have an established "
                "revoke may claim it, in turn or out of turn: the hand ends, the offenders lose "
                "the bid, the others score the counters of the tricks they completed. A revoke "
                "still standing after the ninth trick is found with the same penalty, and the "
                "other side then also scores the nest if it took the last trick. One penalty a "
                "hand: the earliest established revoke of the claimer's opponents.",
                options=("renege_mode", "renege_correction_window"),
            ),
            Rule(
                _R.A1,
                "the Bird's place in trump",
                "The Bird ranks as the highest trump by default. Other tables make it the lowest "
                "trump, or place it between the 10 and the 11 of trump; both are options.",
                ("Ext-R2", "Ext-R5", "Ext-R6", "Ext-R7"),
                _DEFAULT,
                options=("bird_rank",),
            ),
            Rule(
                _R.A2,
                "everybody passes",
                "When all four pass, the hand is thrown in and the next dealer deals by default. "
                "Options: the same dealer deals again, or the dealer becomes the bidder at 70.",
                ("Ext-R7", "Ext-R8"),
                _DEFAULT,
                settled="With the forced dealer, it is the dealer's own pass that makes the "
                "dealer the bidder at 70.",
                options=("all_pass",),
            ),
            Rule(
                _R.A3,
                "who redeals",
                "After a no-counter redeal the hand is annulled, its bids are void and the same "
                "dealer deals again by default; an option passes the deal on, another turns the "
                "redeal off.",
                ("Seed-R", "Ext-R3"),
                _DEFAULT,
                options=("no_counter_redeal", "no_counter_redeal_dealer"),
            ),
            Rule(
                _R.A4,
                "the correction window",
                "By default a revoke may be corrected until the trick after it is complete; the "
                "offender takes the card back and plays a legal one, and the players after it in "
                "that trick may change their cards. An option closes the window when the "
                "revoke's own trick is complete.",
                ("Seed-R",),
                _DEFAULT,
                settled="The play that replaces a corrected revoke must follow suit.",
                options=("renege_correction_window",),
            ),
            Rule(
                _R.A5,
                "who leads first",
                "The player left of the dealer leads first by default; options give the lead to "
                "the bidder or to the player left of the bidder.",
                ("Seed-R",),
                _DEFAULT,
                options=("first_lead",),
            ),
            Rule(
                _R.A6,
                "burying counters",
                "The bidder may bury counters and the Bird by default; a house option forbids it "
                "as far as the hand allows.",
                ("Seed-R",),
                _DEFAULT,
                settled="With the option off, the five buried cards must hold as many "
                "non-counters as the bidder's 14 cards hold, up to five.",
                options=("nest_discard_counters",),
            ),
            Rule(
                _R.A7,
                "the target score",
                "Reaching exactly 300 is enough; the target itself is an option.",
                ("Seed-R",),
                _DEFAULT,
                options=("target_score",),
            ),
            Rule(
                _R.A8,
                "the bidder's partner",
                "The bidder's partner has no special role: the teams are fixed, and the contract "
                "belongs to the team.",
                (),
                _DEFAULT,
            ),
            Rule(
                _R.RV1,
                "the full deck",
                "Play with all 57 cards (the 1s to 4s stay in, 1 low to 14 high): 13 cards each "
                "and the same five-card nest; counters, bids and scoring are unchanged.",
                ("Ext-R6",),
                _VARIANT,
                options=("full_deck",),
            ),
            Rule(
                _R.RV2,
                "Kentucky Discard without the Bird",
                "The original game without the Bird. Not offered: its 40 cards leave 35 after "
                "the nest, which cannot be dealt evenly to four.",
                ("Ext-R6",),
                _VARIANT,
            ),
            Rule(
                _R.RV3,
                "Red One",
                "A variant with the Red 1 in play. Not offered: its 42 cards leave 37 after the "
                "nest, which cannot be dealt evenly to four.",
                ("Ext-R6",),
                _VARIANT,
            ),
            Rule(
                _R.RV4,
                "Buckeye",
                "A variant whose maximum bid and counters no source we found states; not offered.",
                ("Ext-R6",),
                _VARIANT,
            ),
        ),
    )
)
"""The book of Tournament Rook's rules, registered so that errors quote its titles."""
