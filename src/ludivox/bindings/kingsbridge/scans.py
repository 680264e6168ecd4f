"""Kingsbridge card scans, and the hooks of the session's scan and confirmation gates.

What a scan of a card means (:func:`event_scan`, :func:`character_scan`); everything is said
on the scanning player's private channel, since a scanned card may be a hand card:

* a hand card during your turn that fits somewhere becomes the pending card ("ton sept : sur
  quelle colonne ?"); the column must then be said, or, when one column only fits, "oui" to
  the placement offered ("il ne va que sur la colonne deux : je le pose ?"): a scan alone
  never moves a card;
* a hand card otherwise is confirmed ("oui, tu as un sept") without being revealed twice; the
  same chip scanned again (same UID) is said to be the card already shown;
* table mode: a card the assistant does not know yet is revealed (a card just drawn), and so
  is another chip of a value whose known copies were all shown; once every hand card is
  known, a card that is not among them is said to be so;
* any other card (on the table, another player's, a virtual game's) is named, with the
  columns where such a card would go;
* a character card is named with its ability; the character you can use now starts its use
  (its first choice is asked for; a use that needs no choice is said by voice).

Hooks (:class:`ludivox.table.binding.BindingDefaults`): :func:`irreversible` and
:func:`scan_expectation`, see their docstrings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ludivox.bindings.kingsbridge import full_game as full
from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState
from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    Place,
    Reveal,
)
from ludivox.engines.kingsbridge.characters import per_pile, piles_pending, reveal_pending
from ludivox.engines.kingsbridge.characters import usable as usable_now
from ludivox.engines.kingsbridge.charactions import (
    Malus,
    RetrieveEdgar,
    RevealCharacter,
    SetCharacters,
    UseDen,
    UseEthelred,
    UseWigelm,
    UseWilwulf,
    UseWynstan,
)
from ludivox.engines.kingsbridge.state import (
    CHARACTERS,
    HAND_SIZE,
    MAX_CARD,
    MIN_CARD,
    value,
)
from ludivox.nfc.payload import TagPayload
from ludivox.table.binding import Answer, Interpretation, Line, Proposal, Refusal

GAME = "kingsbridge"
EVENT = "event"
CHARACTER = "character"
START = "start"

PlaceBuilder = Callable[[KingsbridgeState, tuple[int, ...], int | None, int], Interpretation]
"""The binding's placement builder: (state, cards, column or None, seat) -> interpretation."""


def card_payload(card: int) -> str:
    """The payload of an event card's tag: ``ludivox:kingsbridge/event/7``."""
    return TagPayload(GAME, EVENT, str(card)).uri()


@dataclass(frozen=True)
class ScanPlace:
    """A placement started by a scan: the card is known, the column must be said."""

    cards: tuple[int, ...]
    columns: tuple[int, ...]


@dataclass
class _Review:
    """One seat's scans while its hand stays the same: confirmed values, chips seen."""

    epoch: Any
    tally: Counter[int] = field(default_factory=Counter)
    chips: dict[str, int] = field(default_factory=dict)
    """Chip UID -> the card value it was scanned as."""


@dataclass
class ScanMemory:
    """Per seat, the hand cards confirmed by scans while the hand stays the same.

    A player reviewing their hand scans each card once: the first scan of each known copy
    confirms it. When the reader gives the chip's UID, the same physical card scanned again is
    told as such, and a different chip of a value whose known copies were all confirmed is
    another copy (a drawn card to note in table mode, one too many otherwise). Without UIDs,
    scanning a value again when all its known copies were confirmed may be either, so the
    player is told how to add it by voice.
    """

    by_seat: dict[int, _Review] = field(default_factory=dict)
    piles: dict[int, list[str]] = field(default_factory=dict)
    """Table set-up: the character cards each seat scanned so far, top of the pile first."""

    def review(self, state: KingsbridgeState, seat: int) -> _Review:
        """``seat``'s scans since its hand last changed (reveals aside)."""
        key = _hand_epoch(state, seat)
        known = self.by_seat.get(seat)
        if known is None or known.epoch != key:
            known = _Review(key)
            self.by_seat[seat] = known
        return known

    def tally(self, state: KingsbridgeState, seat: int) -> Counter[int]:
        """The confirmed values of ``seat``'s hand since it last changed (reveals aside)."""
        return self.review(state, seat).tally


def _hand_epoch(state: KingsbridgeState, seat: int) -> Any:
    """What changes when a hand changes other than by a reveal (play, draw, exchange...)."""
    player = state.players[seat]
    return (state.turn, state.placed, state.moves, state.power, state.columns,
            len(state.discard), player.hand_size, player.pile_size, player.aside)


def fitting_columns(state: KingsbridgeState, card: int) -> tuple[int, ...]:
    """Columns where a card of this value would go by the base rule (after the card below
    it, or on an empty column): public information, whoever holds the card."""
    out = []
    for number, column in enumerate(state.columns, start=1):
        if not column or value(column[-1]) == card - 1:
            out.append(number)
    return tuple(out)


def _on_columns(state: KingsbridgeState, card: int) -> tuple[int, ...]:
    return tuple(n for n, column in enumerate(state.columns, start=1)
                 if card in (value(c) for c in column))


def _playable_columns(engine: KingsbridgeEngine, state: KingsbridgeState, card: int,
                      seat: int) -> tuple[int, ...]:
    if engine.awaiting(state).seat != seat:
        return ()
    return tuple(c for c in range(1, len(state.columns) + 1)
                 if engine.refusal(state, Place((card,), c)) is None)


def event_scan(
    engine: KingsbridgeEngine, memory: ScanMemory, state: KingsbridgeState, card: int,
    seat: int, uid: str | None = None,
) -> Interpretation:
    """An event card scanned by ``seat`` outside any pending request (see the module doc);
    ``uid`` is the chip's identifier when the reader gave one."""
    player = state.players[seat]
    if state.game_over:
        return Answer((Line("scan.card_is", {"card": card}, seat),))
    held = player.held(card)
    review = memory.review(state, seat)
    tally = review.tally
    same = uid is not None and review.chips.get(uid) == card
    if uid is not None and not same and held and tally[card] >= held:
        # a chip not seen yet, though every known copy of this value was shown: one more
        # copy (a reveal names every copy held, the known ones included)
        if state.is_table and player.unknown > 0:
            review.chips[uid] = card
            tally[card] += 1
            return Proposal((Reveal(seat, (card,) * (held + 1)),))
        return Answer((Line("scan.extra_copy", {"card": card, "held": held}, seat),))
    if uid is not None and not same:
        review.chips[uid] = card
    if held:
        playable = _playable_columns(engine, state, card, seat)
        if playable:
            if not same:
                tally[card] = min(tally[card] + 1, held)
            return offer_place(state, (card,), playable, seat)
        if same:
            return Answer((Line("scan.same_card", {"card": card, "held": held}, seat),))
        if tally[card] < held or player.unknown == 0:
            tally[card] += 1
            turn = engine.awaiting(state).seat == seat
            key = "scan.hand_card_stuck" if turn else "scan.hand_card"
            return Answer((Line(key, {"card": card, "held": held}, seat),))
        return Answer((Line("scan.hand_card_again", {"card": card, "held": held}, seat),))
    if state.is_table and player.unknown > 0:
        tally[card] += 1
        return Proposal((Reveal(seat, (card,)),))
    key = "scan.not_in_hand_all_known" if state.is_table else "scan.not_in_hand"
    return Answer((Line(key, {"card": card, "hand": player.hand_size,
                              "columns": fitting_columns(state, card),
                              "on": _on_columns(state, card)}, seat),))


def offer_place(state: KingsbridgeState, cards: tuple[int, ...], columns: tuple[int, ...],
                seat: int) -> Proposal:
    """Scanned hand cards that fit ``columns``: "sur quelle colonne ?", or, when one column
    fits, the placement offered as a yes / no question ("oui" places them, "la trois" too)."""
    scan_place = ScanPlace(cards, columns)
    if len(columns) == 1:
        question = Line("scan.hand_card_one_column", {"cards": cards, "columns": columns}, seat)
        return Proposal((Place(cards, columns[0]),), question, scan_place, offer=True)
    question = Line("scan.hand_card_columns", {"cards": cards, "columns": columns}, seat)
    return Proposal((), question, scan_place)


def complete_scan_place(
    place: PlaceBuilder, state: KingsbridgeState, partial: ScanPlace, intent_name: str,
    number: int | None, seat: int,
) -> Interpretation | None:
    """The answer to "ton sept : sur quelle colonne ?": a column ("la trois", "trois"), or
    "je pose" / "je le pose" when only one column fits. None if the answer does not fit."""
    if number is not None:
        return place(state, partial.cards, number, seat)
    if intent_name in ("place_what", "place_it") and len(partial.columns) == 1:
        return place(state, partial.cards, partial.columns[0], seat)
    if intent_name in ("place_what", "place_it"):
        return Proposal((), Line("scan.which_column", {"cards": partial.cards,
                                                       "columns": partial.columns}, seat),
                        partial)
    return None


def card_value(kind: str, value_text: str) -> int | None:
    """The event card a tag names (kind ``event`` or none), or None."""
    if kind not in ("", EVENT) or not value_text.isdecimal():
        return None
    card = int(value_text)
    return card if MIN_CARD <= card <= MAX_CARD else None


def card_name(kind: str, value_text: str) -> Line | None:
    """A tag's card in words, to go inside a sentence: "le sept" (``scan.card``, the common
    response), a character's name; None for anything else (start cards, unknown kinds)."""
    card = card_value(kind, value_text)
    if card is not None:
        return Line("scan.card", {"number": card})
    if kind == CHARACTER and value_text.lower() in CHARACTERS:
        return full.name_line(value_text.lower())
    return None


def not_a_card(kind: str, value_text: str, seat: int) -> Refusal:
    """A tag of this game that names no card a player can use here: nothing changes."""
    if kind == START:
        return Refusal((Line("scan.start_card", {}, seat),))
    if kind == CHARACTER:
        return Refusal((Line("scan.unknown_character", {"value": value_text}, seat),))
    if kind in ("", EVENT):  # a number the deck does not have: the chip is wrong
        return Refusal((Line("scan.unknown_card", {"game": GAME}, seat),))
    return Refusal((Line("scan.not_a_card", {"kind": kind, "value": value_text}, seat),))


def character_scan(
    engine: KingsbridgeEngine, memory: ScanMemory, state: KingsbridgeState, character: str,
    seat: int, players: list[str],
) -> Interpretation:
    """A character card scanned by ``seat``: who it is and what it does; the character ``seat``
    may use now starts its use; at the table set-up, the cards of the seat's pile (top first)
    or the character just turned face up (solo / co-op) are recorded."""
    if character not in CHARACTERS:
        return not_a_card(CHARACTER, character, seat)
    name = full.name_line(character)
    if not state.characters_on:
        # no "dis « j'utilise ... »": nobody can use it in this game
        return Answer((Line("scan.character_unused", {"character": name}, seat),))
    power = Line(f"power.{character}", {}, seat)
    if reveal_pending(state) and not state.game_over:
        return Proposal((RevealCharacter(character),))
    if piles_pending(state) and not state.players[seat].characters:
        return _pile_scan(memory, state, character, seat)
    where = _character_place(state, character, seat, players)
    usable = where in ("top", "revealed") and engine.awaiting(state).seat == seat
    if usable and character in usable_now(state):  # solo: another once the last is spent
        use = full.use_interpretation(engine, state, full.PartialUse(character), seat)
        if isinstance(use, Proposal) and use.question is not None:
            said = (Line("scan.character_start", {"character": name}, seat),)
            return Proposal((), use.question, use.partial, said=said)
        return Answer((Line("scan.character_ready", {"character": name}, seat), power))
    return Answer((Line("scan.character_where", {"character": name, **where_params(where)},
                        seat), power))


def _pile_scan(memory: ScanMemory, state: KingsbridgeState, character: str,
               seat: int) -> Interpretation:
    """Table set-up: one more card of ``seat``'s face-up character pile, scanned top first;
    the pile is told once it is complete."""
    pile = memory.piles.setdefault(seat, [])
    name = full.name_line(character)
    if character in pile:
        return Answer((Line("scan.character_pile_again", {"character": name}, seat),))
    pile.append(character)
    count = per_pile(len(state.players))
    if len(pile) < count:
        return Answer((Line("scan.character_pile_noted",
                            {"character": name, "number": len(pile), "count": count}, seat),))
    del memory.piles[seat]
    return Proposal((SetCharacters(seat, tuple(pile)),))


def where_params(where: str) -> dict[str, Any]:
    """``where`` split into the ``place`` and ``player`` parameters of the sentence."""
    place, _, player = where.partition(":")
    return {"place": place, "player": player}


def _character_place(state: KingsbridgeState, character: str, seat: int,
                     players: list[str]) -> str:
    """Where a character card is: top, yours, player:<name>, revealed, box, laid, elsewhere."""
    if character in state.revealed:
        return "revealed"
    for number, player in enumerate(state.players):
        if character in player.characters:
            if number != seat:
                name = players[number] if number < len(players) else str(number + 1)
                return f"player:{name}"
            return "top" if player.characters[0] == character else "yours"
    if character in state.box:
        return "box"
    if state.edgar_at() is not None and character == "edgar":
        return "laid"
    return "elsewhere"


# --- whose scan, whose words (one reader and one microphone for the whole table) -------

def scan_owner(engine: KingsbridgeEngine, state: KingsbridgeState, kind: str,
               value_text: str) -> tuple[int, ...]:
    """Whose event card a scan from the table's single reader is, in table mode.

    The player whose turn it is, when they may hold it (it is in their known hand or they
    have cards not told yet); also every other player with cards not told yet (a player who
    just drew at the end of their turn scans them while the next one plays). When neither,
    the other players known to hold such a card (a hand reviewed out of turn). ``()``: the
    player whose turn it is (the session's default); several seats: the session asks.
    """
    card = card_value(kind, value_text)
    acting = engine.awaiting(state).seat
    if card is None or not state.is_table or not state.setup_done or acting is None:
        return ()
    mine = state.players[acting]
    if mine.unknown > 0:
        return (acting,)
    owners = [acting] if mine.held(card) else []
    owners += [s for s, p in enumerate(state.players) if s != acting and p.unknown > 0]
    if not owners:
        owners = [s for s, p in enumerate(state.players) if s != acting and p.held(card)]
    return tuple(owners) if owners != [acting] else ()


def reveal_owner(engine: KingsbridgeEngine, state: KingsbridgeState) -> tuple[int, ...]:
    """Who said "j'ai pioché le six" when nobody knows who spoke, in table mode: the player
    whose turn it is when they have cards not told yet, else the players who have some
    (``()``: the player whose turn it is; several: the session asks)."""
    acting = engine.awaiting(state).seat
    if not state.is_table or acting is None or state.players[acting].unknown > 0:
        return ()
    return tuple(s for s, p in enumerate(state.players) if s != acting and p.unknown > 0)


# --- hooks of the session's gates ---------------------------------------------------------

def irreversible(state: KingsbridgeState, action: Any) -> bool:
    """True when ``action`` cannot be taken back at a real table.

    - ending the turn when it draws cards from the face-down pile (the cards are seen);
    - an exchange (cards slipped under the pile, new cards drawn);
    - Évêque Wynstan and Shérif Den (cards discarded into the common discard), Wigelm (cards
      given onto the other players' piles);
    - in solo and co-op, any character use (the card goes back in the box and a new one is
      turned face up from the face-down deck);
    - a malus card (it stays on the malus pile) and declaring the game blocked (it ends).

    Placing, moving, Aldred, Mère Agatha, Ragna, Edgar, Gytha, Ethelred and Wilwulf only move
    visible cards: they can be taken back ("annule") as at a real table.
    """
    if isinstance(action, EndTurn):
        if not 0 <= state.turn < len(state.players):
            return False
        player = state.players[state.turn]
        return player.pile_size > 0 and player.hand_size < HAND_SIZE
    if isinstance(action, Exchange | Malus | DeclareBlocked | UseWynstan | UseDen | UseWigelm):
        return True
    if getattr(action, "kind", "") == "character":
        return state.shared
    return False


def scan_expectation(state: KingsbridgeState, action: Any, seat: int) -> tuple[str, ...] | None:
    """The payloads of the physical hand cards ``action`` uses, in the order said, when a
    scan can confirm them: placing, exchanging, a malus card, Ethelred's column, Wilwulf's
    cards, the card laid in Edgar's place. None in a virtual game (the cards are not on the
    table), for cards set aside with Wilwulf (face up, not in the hand) and for the rest."""
    if not state.is_table:
        return None
    cards: tuple[int, ...] = ()
    if isinstance(action, Place):
        rest = list(action.aside)
        hand = []
        for card in action.cards:
            if card in rest:
                rest.remove(card)
            else:
                hand.append(card)
        cards = tuple(hand)
    elif isinstance(action, Exchange | UseEthelred | UseWilwulf):
        cards = action.cards
    elif isinstance(action, Malus):
        cards = (action.card,)
    elif isinstance(action, RetrieveEdgar) and not action.aside:
        where = state.edgar_at()
        if where is not None:
            cards = (value(state.columns[where[0]][where[1]]),)
    if not cards:
        return None
    return tuple(card_payload(c) for c in cards)


__all__ = [
    "ScanMemory",
    "ScanPlace",
    "card_name",
    "card_payload",
    "card_value",
    "character_scan",
    "complete_scan_place",
    "event_scan",
    "fitting_columns",
    "irreversible",
    "not_a_card",
    "offer_place",
    "reveal_owner",
    "scan_expectation",
    "scan_owner",
]
