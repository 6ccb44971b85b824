"""The rules of the Tournament patience and of Kingsdown Eights, as data.

:class:`TournamentRule` is the closed set of ids the patience cites — the rules T1–T11, the open
questions B1–B8, the relatives TV1–TV3 and the rules KE1–KE7 of Kingsdown Eights, a relative with
a layout of its own — and :data:`TOURNAMENT_RULES` states each one in our own words, with the
options that change it and the sources it rests on.

Several ids read like pile names: rule T6 is not tableau column T6, and R5 is reserve cell 5,
never a rule. Ids are therefore written ``rule T6`` in prose and in messages, and messages
call piles ``column T6``, ``reserve R5`` or ``foundation F♠↑``.

>>> TOURNAMENT_RULES[TournamentRule.T6].title
'legal moves'
>>> TournamentRule.T6.written, TOURNAMENT_RULES.anchor(TournamentRule.KE3)
('rule T6', 'rule-tournament-ke3')
>>> [rule.id.value for rule in TOURNAMENT_RULES if "max_redeals" in rule.options]
['T9', 'TV2']
"""

from __future__ import annotations

from typing import Final

from cardrules.rulebook import Rule, RuleBook, RuleId, RuleKind, Source, register_rulebook

__all__ = ["TOURNAMENT_RULES", "TournamentRule"]


class TournamentRule(RuleId):
    """The ids of the patience's rules (``T1``–``T11``), open questions (``B1``–``B8``),
    relatives (``TV1``–``TV3``) and of Kingsdown Eights' rules (``KE1``–``KE7``)."""

    T1 = "T1"
    T2 = "T2"
    T3 = "T3"
    T4 = "T4"
    T5 = "T5"
    T6 = "T6"
    T7 = "T7"
    T8 = "T8"
    T9 = "T9"
    T10 = "T10"
    T11 = "T11"
    B1 = "B1"
    B2 = "B2"
    B3 = "B3"
    B4 = "B4"
    B5 = "B5"
    B6 = "B6"
    B7 = "B7"
    B8 = "B8"
    TV1 = "TV1"
    TV2 = "TV2"
    TV3 = "TV3"
    KE1 = "KE1"
    KE2 = "KE2"
    KE3 = "KE3"
    KE4 = "KE4"
    KE5 = "KE5"
    KE6 = "KE6"
    KE7 = "KE7"


_R = TournamentRule
_DEFAULT = RuleKind.DEFAULT
_VARIANT = RuleKind.VARIANT

_SOURCES: Final = (
    Source("Seed-T", "the traditional rules text this implementation follows (Spanish)"),
    Source("Ext-T1", "Wikipedia, Tournament (card game)",
           "https://en.wikipedia.org/wiki/Tournament_(card_game)"),
    Source("Ext-T2", "an older revision of the Wikipedia article",
           "https://enwiki.academic.ru/dic.nsf/enwiki/1049034"),
    Source("Ext-T3", "PySolFC, pysollib/games/tournament.py (the reference implementation)",
           "https://github.com/shlomif/PySolFC/blob/master/pysollib/games/tournament.py"),
    Source("Ext-T4", "PySolFC's rule pages: tournament, lanivernaise, kingsdowneights",
           "https://github.com/shlomif/PySolFC/tree/master/html-src/rules"),
    Source("Ext-T5", "Netexl, Relaxed Tournament (a short stock goes to one column)",
           "https://www.netexl.com/silverlight-games/relaxed-tournament"),
)  # fmt: skip

_RULES: Final = (
    Rule(_R.T1, "two packs",
         "Two standard 52-card packs are shuffled together: 104 cards (deck ``double104``).",
         ("Seed-T",)),
    Rule(_R.T2, "the reserve",
         "Eight cards are dealt face up into the reserve cells R1–R8, one a cell. When none of "
         "the eight is an Ace or a King, every card is gathered, shuffled and dealt again, until "
         "at least one is.",
         ("Seed-T",), options=("reserve_fix",),
         settled="Each shuffle is its own chance step, so a rejected shuffle is recorded and a "
         "test can stack one; about one first reserve in four is rejected."),
    Rule(_R.T3, "the tableau",
         "Then six columns T1–T6 of four cards each are dealt face up. The columns are fanned: "
         "every card shows, but only the top card of a column is available. The other 72 cards "
         "are the face-down stock.",
         ("Seed-T",)),
    Rule(_R.T4, "the foundations",
         "Each suit has one Ace foundation, built up in suit from the Ace to the King, and one "
         "King foundation, built down in suit from the King to the Ace. Any Ace of a suit may "
         "start its Ace foundation and any King its King foundation; the second Ace and the "
         "second King of a suit are built as ordinary cards, so the second Ace ends the King "
         "foundation and the second King the Ace foundation.",
         ("Seed-T", "Ext-T3", "Ext-T4")),
    Rule(_R.T5, "available cards",
         "The available cards are the top card of each column and every card in the reserve.",
         ("Seed-T",)),
    Rule(_R.T6, "legal moves",
         "The moves are: (a) an available card onto a foundation where it fits; (b) the top card "
         "of a column into an empty reserve cell, whenever the player likes; (c) the top card of "
         "a foundation onto the other foundation of its suit, where it fits; (d) nothing else: "
         "there is no building on the tableau, reserve cards go only to foundations, and nothing "
         "leaves a foundation except by (c).",
         ("Seed-T", "Ext-T2", "Ext-T3"), options=("reserve_sources", "foundation_base_movable"),
         settled="Under (c) an Ace-pile King may start an empty King foundation of its suit, and "
         "a King-pile Ace an empty Ace foundation."),
    Rule(_R.T7, "refilling a column",
         "A column that becomes empty is refilled at once with four cards from the stock, or "
         "with all that are left when fewer remain. With the stock empty it stays empty, and no "
         "card may be moved into it.",
         ("Seed-T", "Ext-T3", "Ext-T5")),
    Rule(_R.T8, "the deal",
         "When the player chooses to deal, four stock cards go onto each column, covering what "
         "is there, column T1 first; when the stock runs out part-way the deal stops there.",
         ("Seed-T", "Ext-T3"), options=("deal_order", "strict_deal_when_stuck")),
    Rule(_R.T9, "the redeal",
         "With the stock empty and a card left in some column, the player may redeal, twice in a "
         "game: the rightmost column is put onto its left neighbour, that packet onto the next, "
         "and so on, so that column T1 ends at the bottom. The packet is turned face down as the "
         "new stock, without shuffling, and six new columns of four are dealt from it. The "
         "reserve and the foundations stay as they are.",
         ("Seed-T", "Ext-T3"), options=("max_redeals", "redeal_when_stuck", "deal_order"),
         settled="The first card dealt after a redeal is the bottom card of the old column T1. "
         "A redeal with every column empty is not allowed."),
    Rule(_R.T10, "a short packet",
         "A gathered packet of fewer than 24 cards is dealt to columns T1, T2, … in batches of "
         "four until it runs out.",
         ("Ext-T3",)),
    Rule(_R.T11, "winning and losing",
         "The game is won when all 104 cards are on the foundations. It is lost when the stock "
         "is empty, no redeal is left and no progress move — a column or reserve card onto a "
         "foundation, a column card into an empty cell — is possible in any layout that "
         "foundation-to-foundation moves alone can reach. The player may also resign at any "
         "time, which loses.",
         ("Seed-T",),
         settled="The win is checked after every move, and a lost game ends by itself: moves "
         "that only shift cards between foundations (or between cells) would otherwise keep a "
         "dead game alive for ever."),
    Rule(_R.B1, "a reserve without Ace or King",
         "How a deal whose reserve holds no Ace and no King is mended. Default: the whole deck "
         "is shuffled again, exactly as the traditional text says. Variant: PySolFC's fix, which "
         "moves the Ace or King nearest the bottom of the deck so that it lands in reserve cell "
         "R1 (this gives a different distribution).",
         ("Seed-T", "Ext-T3"), _DEFAULT, options=("reserve_fix",)),
    Rule(_R.B2, "deal order",
         "The order in which four cards go onto each column, in the first deal, a deal (rule "
         "T8) and a redeal (rule T9). Default: a batch of four onto column T1, then onto T2, and "
         "so on. Variant: one card onto each column, four times round.",
         ("Ext-T3",), _DEFAULT, options=("deal_order",),
         settled="A refill (rule T7) always puts up to four cards onto the one emptied column."),
    Rule(_R.B3, "when to deal",
         "When the stock may be dealt. Default: at any time, as a move of the player's choice, "
         "since a column card can almost always go to a cell and 'stuck' is not well defined. "
         "Variant: only when no column or reserve card can go straight onto a foundation.",
         ("Seed-T",), _DEFAULT, options=("strict_deal_when_stuck",)),
    Rule(_R.B4, "when to redeal",
         "When the player may redeal. Default: only with the stock empty. Variant: also with "
         "stock left, which then goes under the gathered packet.",
         ("Seed-T", "Ext-T3"), _DEFAULT, options=("redeal_when_stuck",)),
    Rule(_R.B5, "an empty column, empty stock",
         "A column emptied while the stock is empty stays empty until the next redeal.",
         (), _DEFAULT),
    Rule(_R.B6, "moving a foundation's base",
         "Whether a foundation's base card (the Ace of an Ace foundation, the King of a King "
         "foundation) may move under rule T6 (c), emptying its pile. Default: yes, and the "
         "emptied foundation can be started again by a proper base card. Variant: the base card "
         "stays.",
         ("Seed-T",), _DEFAULT, options=("foundation_base_movable",),
         settled="When the base card may not leave its foundation, it may not go to a reserve "
         "cell either (rule B8)."),
    Rule(_R.B7, "no automatic reserve fill",
         "Reserve cells are never filled automatically: filling one is always the player's "
         "choice.",
         ("Seed-T", "Ext-T2"), _DEFAULT),
    Rule(_R.B8, "filling a reserve cell",
         "Where a card that fills an empty reserve cell may come from. Default: from the top of "
         "a column only. Variant: also a foundation's top card or another cell's card, as "
         "PySolFC allows.",
         ("Seed-T", "Ext-T3"), _DEFAULT, options=("reserve_sources",)),
    Rule(_R.TV1, "Napoleon's Flank",
         "Napoleon's Flank, also called La Nivernaise: Tournament with the six columns squared, "
         "so that only their top cards show. Only what the player sees changes; the reserve is "
         "called the flank and the columns the line. Presets ``napoleons_flank`` and "
         "``la_nivernaise``.",
         ("Seed-T", "Ext-T4"), _VARIANT, options=("visible_columns",)),
    Rule(_R.TV2, "Cicely",
         "Cicely: La Nivernaise with eight piles T1–T8, no redeal, and building allowed on the "
         "piles. No source we could read states the building rule, so the preset ``cicely`` "
         "ships no default and the player picks one of our four definitions: down in suit, "
         "down in alternating colours, down in any suit, or up or down in suit.",
         ("Seed-T",), _VARIANT, options=("variant", "cicely_build", "max_redeals"),
         settled="A building move takes a pile's top card onto another pile's top card; reserve "
         "cards still go only to foundations and an empty pile still takes nothing. Since a "
         "building move can uncover a card, it counts as a progress move for rule T11."),
    Rule(_R.TV3, "Kingsdown Eights",
         "Kingsdown Eights, a relative of Tournament and Cicely with a layout of its own, played "
         "by its own game class (preset ``kingsdown_eights``); its rules are KE1–KE7.",
         ("Seed-T", "Ext-T3", "Ext-T4"), _VARIANT, options=("variant",)),
    Rule(_R.KE1, "Kingsdown layout",
         "Kingsdown Eights uses the 104 cards of two packs. One card goes face up onto each of "
         "eight tableau piles T1–T8, then four cards onto each of eight reserve piles R1–R8 "
         "(fanned, the top card available); the other 64 are the stock.",
         ("Ext-T3", "Ext-T4"), _VARIANT),
    Rule(_R.KE2, "Kingsdown foundations",
         "Eight foundations, two a suit, are built up in suit from the Ace to the King; there "
         "are no King foundations.",
         ("Ext-T3", "Ext-T4"), _VARIANT),
    Rule(_R.KE3, "Kingsdown building",
         "Tableau piles build down in alternating colours, one card at a time; any card may "
         "fill an empty pile.",
         ("Ext-T3", "Ext-T4"), _VARIANT,
         settled="A lone card moving to an empty pile changes nothing, so that move is not "
         "offered."),
    Rule(_R.KE4, "Kingsdown reserves",
         "Nothing is built on a reserve pile; a reserve pile's top card goes onto a foundation "
         "or onto the tableau.",
         ("Ext-T3", "Ext-T4"), _VARIANT),
    Rule(_R.KE5, "Kingsdown deal",
         "A deal puts four more stock cards onto each reserve pile, R1 first. There is no "
         "redeal.",
         ("Ext-T3", "Ext-T4"), _VARIANT, options=("strict_deal_when_stuck",),
         settled="Of the Tournament options only rule B3's applies; the others must keep their "
         "defaults."),
    Rule(_R.KE6, "Kingsdown foundations keep",
         "Nothing leaves a foundation.",
         ("Ext-T3",), _VARIANT),
    Rule(_R.KE7, "Kingsdown win and loss",
         "The game is won with all 104 cards on the foundations and lost when the stock is "
         "empty and no move is left; the player may resign at any time.",
         ("Ext-T3",), _VARIANT),
)  # fmt: skip

TOURNAMENT_RULES: Final = register_rulebook(
    RuleBook(
        game="tournament",
        rules=_RULES,
        sources=_SOURCES,
        code="cardrules.games.tournament.engine",
    )
)
"""The patience's rule book: what ``.. rulebook:: tournament``, ``cardrules rules tournament``
and the messages of its errors quote."""
