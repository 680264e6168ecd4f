"""Kingsbridge at the table: intents -> actions, events -> sentences, the tester's state JSON.

Channels: what changes the game (placed cards, moves, turns) is said on the table; what only
concerns one player (their hand, the cards they drew or revealed, refusals, which could give
a hand away, answers and questions addressed to them) goes to that player's channel.

Table mode: the starting cards are told at set-up; "j'ai pioché le sept" reveals a hand card;
a scan of a card means "it is in my hand" unless it completes a pending request (see
:mod:`ludivox.bindings.kingsbridge.scans`); a hand card not known yet may be placed.

In three layers, each one job: :mod:`~ludivox.bindings.kingsbridge.narration` (seats, turns,
everything said), :mod:`~ludivox.bindings.kingsbridge.questions` (the answers), and this
module (from an intent or a scan to a move, built by
:mod:`~ludivox.bindings.kingsbridge.building`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ludivox.bindings.kingsbridge import building
from ludivox.bindings.kingsbridge import full_game as full
from ludivox.bindings.kingsbridge import scans as scanning
from ludivox.bindings.kingsbridge.column_named import (
    column_by_card,
    content_named,
    empty_named,
    ending_with,
    measured_named,
    placed_among,
    source_checked,
    starting_with,
    to_start,
)
from ludivox.bindings.kingsbridge.questions import KingsbridgeQuestions, holds_line
from ludivox.bindings.kingsbridge.thinking import THINKING_SECONDS
from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState
from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
    Reveal,
    SetColumns,
)
from ludivox.engines.kingsbridge.charactions import Malus, RevealCharacter, SetCharacters
from ludivox.table import slots
from ludivox.table.binding import (
    Answer,
    Binding,
    IntentLike,
    Interpretation,
    Line,
    Proposal,
    Refusal,
)
from ludivox.table.judge import Judge


def _answer_number(intent: IntentLike) -> int | None:
    """The number of a bare answer: "trois", "la trois", "sur la trois", "le sept"."""
    if intent.name == "number":
        return slots.number(intent, "number")
    if intent.name in ("on_column", "ask_column"):  # "colonne quatre" answers "laquelle ?"
        return slots.number(intent, "column")
    return None


class KingsbridgeBinding(KingsbridgeQuestions):
    """Kingsbridge for :class:`ludivox.table.session.Session`."""

    game = "kingsbridge"

    def __init__(self, players: Sequence[str], thinking: float | None = THINKING_SECONDS
                 ) -> None:
        """``thinking``: the coach's wall-clock seconds per question (``None``: no clock,
        only the engine's fixed work budget)."""
        self.thinking = thinking
        self.engine = KingsbridgeEngine()
        self.judge: Judge[Any, Any] = Judge(self.engine)
        self.players = list(players)
        self._setup: dict[int, int] = {}  # table set-up told so far: column -> card
        self._scans = scanning.ScanMemory()  # hand cards confirmed by scans, per seat

    # --- seats and turns --------------------------------------------------------------

    def needs_turn(self, action: KingsbridgeAction) -> bool:
        """Only reveals and the set-up can be done out of turn."""
        return not isinstance(action, Reveal | SetColumns) and not full.is_world_action(action)

    # --- understanding ----------------------------------------------------------------

    def interpret(
        self, state: KingsbridgeState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """What an intent said by ``seat`` means now (None: not a Kingsbridge intent)."""
        intent = slots.from_end(intent, "column", len(state.columns))  # "la dernière"
        found = empty_named(state, intent, seat)  # "la colonne vide"
        if isinstance(found, Refusal):
            return found
        measured = measured_named(self.judge, state, found, seat)  # "la plus courte"
        if isinstance(measured, Refusal | Proposal):
            return measured
        held = content_named(state, measured, seat, self.judge)  # "la colonne avec juste le
        if isinstance(held, Refusal | Proposal):  # cinq et le six"
            return held
        intent = slots.agreed(held)  # "la sixième et dernière": the same column, or nothing
        if intent is None:
            return None
        name = intent.name
        if name == "place":
            named, after = slots.number(intent, "column"), slots.number(intent, "after")
            start = slots.number(intent, "start")  # "je commence la trois avec ..."
            if start is not None:
                named, started = start, to_start(state, start, seat)
                if started is not None:
                    return started
            before = slots.number(intent, "before")  # "devant le trois" (Aldred)
            column = (column_by_card(state, named, after, seat) if before is None
                      else starting_with(state, named, before, slots.numbers(intent, "cards"),
                                         seat))
            if isinstance(column, Refusal):
                return column
            cards, said = slots.numbers(intent, "cards"), slots.number(intent, "count")
            if said is not None and said != len(cards):  # "les trois sur la une : le 4 et le 5"
                return Refusal((Line("place_miscounted", {"said": said, "count": len(cards)},
                                     seat),))
            if named is None and after is not None and len(cards) == 1 \
                    and building.on_table_only(state, seat, cards[0]):
                # "je mets le treize après le douze", the 13 on the table: moved there
                return building.move(state, building.PartialMove(cards[0], None, column), seat)
            if column is None and after is not None and before is None and cards:
                # "sur celle qui finit par le six", several do: among them only
                return placed_among(self.judge, state, intent, ending_with(state, after),
                                    Line("several_columns_ending", {"card": after}, seat))
            return self._place_cards(state, cards, column, seat)
        if name == "move":
            target = column_by_card(state, slots.number(intent, "target"),
                                   slots.number(intent, "after"), seat)
            if isinstance(target, Refusal):
                return target
            run = slots.numbers(intent, "run")
            card = slots.number(intent, "card") or (run[0] if run else None)
            wrong = source_checked(state, slots.number(intent, "source"),
                                   slots.number(intent, "holds"), slots.number(intent, "ends"),
                                   seat)
            if wrong is not None:
                return wrong
            move = building.PartialMove(card, slots.number(intent, "source"), target, run)
            return building.move(state, move, seat)
        if name == "exchange":
            cards, said = slots.numbers(intent, "cards"), slots.number(intent, "count")
            if said is not None and said != len(cards):  # "les trois cartes deux et quatre"
                return Refusal((Line("exchange_miscounted", {"said": said, "count": len(cards)},
                                     seat),))
            return Proposal((Exchange(cards),))
        if name == "exchange_all":
            player = state.players[seat]
            if player.unknown:  # real cards not all told: which ones?
                return Refusal((Line("ask_exchange_cards", {}, seat),))
            return Proposal((Exchange(tuple(player.hand)),))
        if name == "exchange_what":
            return Proposal((), Line("ask_exchange_which", {}, seat), building.PartialExchange())
        if name == "end_turn":
            return Proposal((EndTurn(),))
        if name == "pass":
            return Proposal((Pass(),))
        if name == "declare_blocked":
            return Proposal((DeclareBlocked(),))
        if name == "reveal" and not state.is_table:
            # the game dealt the hand: "j'ai un neuf en main" asks whether it holds one
            return Answer(tuple(holds_line(state.players[seat], card, seat)
                                for card in dict.fromkeys(slots.numbers(intent, "cards"))))
        if name == "reveal":
            return Proposal((Reveal(seat, slots.numbers(intent, "cards")),))
        if name == "set_columns":
            self._setup.clear()
            return Proposal((SetColumns(slots.numbers(intent, "cards")),))
        if name == "set_column":
            column = slots.number(intent, "column")
            return self._set_column(state, column, slots.number(intent, "card"))
        if name == "number" and self._in_setup(state):
            return self._set_column(state, None, slots.number(intent, "number"))
        if name in ("place_what", "place_it") and not self._in_setup(state):
            # "je pose": which card? (a scan, "le sept" or "le sept sur la trois" answers)
            return self._place_cards(state, (), None, seat)
        if name == "on_column" and not self._in_setup(state):
            # "je pose sur la trois": which cards? (a scan or "le sept" answers)
            return self._place_cards(state, (), slots.number(intent, "column"), seat)
        if name.startswith("ask_"):
            return self._question(state, intent, seat)
        return self._full_game(state, intent, seat)

    def _full_game(
        self, state: KingsbridgeState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        name = intent.name
        if name == "use_character":
            character = (slots.words(intent, "character") or ("",))[0]
            if character not in full.NEEDS:
                return None
            twice = slots.number(intent, "twice")
            columns = slots.numbers(intent, "columns") + ((twice, twice) if twice else ())
            column = slots.number(intent, "column")
            if character == "wigelm" and not columns and column is not None:
                columns, column = (column,), None
            use = full.PartialUse(character, column, slots.numbers(intent, "cards"),
                                  slots.number(intent, "count"), columns)
            return full.use_interpretation(self.engine, state, use, seat)
        if name == "retrieve_edgar":
            said = slots.words(intent, "character")
            return full.retrieve_interpretation(said[0] if said else None,
                                                "aside" in intent.slots, seat,
                                                state, slots.number(intent, "card"))
        if name == "malus":
            card = slots.number(intent, "card")
            if card is None:
                return Proposal((), Line("ask_malus_card", {}, seat), full.PartialMalus())
            return Proposal((Malus(card),))
        if name == "set_characters":
            return Proposal((SetCharacters(seat, slots.words(intent, "characters")),))
        if name == "reveal_character":
            return Proposal((RevealCharacter((slots.words(intent, "character") or ("",))[0]),))
        return None

    def open_moves(self, state: KingsbridgeState, partial: Any) -> tuple[Any, ...]:
        """A character use still open ("j'utilise Ragna"): its legal forms."""
        if isinstance(partial, full.PartialUse):
            return full.open_uses(list(self.engine.legal_actions(state)), partial)
        return ()

    def complete(
        self, state: KingsbridgeState, partial: Any, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """Fill a pending placement or move with an answer, if it fits."""
        named = content_named(state, slots.from_end(intent, "column", len(state.columns)),
                              seat)  # "la dernière", "la colonne avec juste le six"
        if isinstance(named, Refusal | Proposal):
            return named
        if named.name == "on_column":  # "sur la quatre, celle qui va de quatre à six"
            ends = column_by_card(state, slots.number(named, "column"),
                                  slots.number(named, "after"), seat)
            if isinstance(ends, Refusal):
                return ends
        intent, number = named, _answer_number(named)
        if isinstance(partial, scanning.ScanPlace):
            return scanning.complete_scan_place(self._place_cards, state, partial, intent.name,
                                                number, seat)
        if isinstance(partial, full.PartialUse):
            if intent.name == "use_character":
                return self.interpret(state, intent, seat)
            numbers = (number,) if number is not None else ()
            cards = slots.numbers(intent, "cards") if intent.name == "place" else ()
            said_column = intent.name in ("place", "on_column")
            column = slots.number(intent, "column") if said_column else None
            if intent.name == "on_column":
                numbers = ()
            filled = full.complete_use(partial, intent.name, numbers, column, cards)
            if filled is None:
                return None
            return full.use_interpretation(self.engine, state, filled, seat)
        if isinstance(partial, full.PartialMalus):
            cards = slots.numbers(intent, "cards") if intent.name == "place" else ()
            card = number if number is not None else (cards[0] if len(cards) == 1 else None)
            return Proposal((Malus(card),)) if card is not None else None
        if isinstance(partial, building.PartialExchange):  # "le deux et le neuf", "le neuf"
            if intent.name in ("exchange", "exchange_all"):
                return self.interpret(state, intent, seat)
            cards = slots.numbers(intent, "cards") if intent.name == "place" else ()
            if intent.name == "place" and slots.number(intent, "column") is not None:
                return None  # a placement said instead: not an answer
            cards = cards or ((number,) if number is not None else ())
            return Proposal((Exchange(cards),)) if cards else None
        if isinstance(partial, building.PartialPlace):
            if intent.name == "place":
                cards = slots.numbers(intent, "cards")
                column = slots.number(intent, "column")
                if column is None and (not partial.cards or cards == partial.cards):
                    return self._place_cards(state, cards, partial.column, seat)
                return None
            if number is None:
                return None
            if partial.cards:
                return self._place_cards(state, partial.cards, number, seat)
            return self._place_cards(state, (number,), partial.column, seat)
        if isinstance(partial, building.PartialMove) and number is not None:
            if partial.source is None:
                return building.move(state, replace(partial, source=number), seat)
            return building.move(state, replace(partial, target=number), seat)
        return None

    def choice_index(self, candidates: Sequence[Any], intent: IntentLike) -> int | None:
        """Which candidate "la trois" / "sur la cinq" designates (by target column)."""
        column = _answer_number(intent)
        if column is None or any(k in intent.slots for k in ("column_with", "column_only",
                                                              "after")):
            return None  # what the column holds is said too: checked by `complete`
        found = [
            i for i, a in enumerate(candidates)
            if (isinstance(a, Place) and a.column == column)
            or (isinstance(a, Move) and a.target == column)
            or (getattr(a, "kind", "") == "character" and getattr(a, "column", None) == column)
        ]
        return found[0] if len(found) == 1 else None

    def choice_line(
        self, state: KingsbridgeState, candidates: Sequence[Any], seat: int
    ) -> Line | None:
        """"Le sept sur la colonne trois ou sur la colonne cinq ?" for one card, many columns."""
        places = [a for a in candidates if isinstance(a, Place)]
        if len(places) == len(candidates) and len({a.cards for a in places}) == 1:
            return Line(
                "choose_between",
                {"cards": places[0].cards, "columns": tuple(a.column for a in places)},
                seat,
            )
        return None

    def scan(
        self, state: KingsbridgeState, kind: str, value: str, seat: int, partial: Any = None,
        *, uid: str | None = None,
    ) -> Interpretation:
        """A scanned card, said privately (see :mod:`ludivox.bindings.kingsbridge.scans`): fills
        a pending request (a placement, a character's cards, a malus, the set-up), else says
        what the card is and, for the scanner's own card, what it can do now. ``uid`` (the
        chip's) tells the same card scanned again from another copy of it."""
        if kind == scanning.CHARACTER:
            return scanning.character_scan(self.engine, self._scans, state, value.lower(),
                                           seat, self.players)
        card = scanning.card_value(kind, value)
        if card is None:
            return scanning.not_a_card(kind, value, seat)
        filled = self._scan_fills(state, card, seat, partial)
        if filled is not None:
            return filled
        if self._in_setup(state):
            return self._set_column(state, None, card)
        return scanning.event_scan(self.engine, self._scans, state, card, seat, uid)

    def _scan_fills(
        self, state: KingsbridgeState, card: int, seat: int, partial: Any
    ) -> Interpretation | None:
        """A scanned card answering the pending question, if it does."""
        if isinstance(partial, building.PartialPlace) and not partial.cards:
            return self._place_cards(state, (card,), partial.column, seat)
        if isinstance(partial, full.PartialUse):
            filled = full.complete_use(partial, "place", (), None, (card,))
            if filled is not None and filled.cards:
                return full.use_interpretation(self.engine, state, filled, seat)
        if isinstance(partial, full.PartialMalus):
            return Proposal((Malus(card),))
        if isinstance(partial, scanning.ScanPlace) and card == partial.cards[-1] + 1:
            # "ton quatre : sur quelle colonne ?" then the five scanned: both together
            cards = (*partial.cards, card)
            columns = tuple(c for c in range(1, len(state.columns) + 1)
                            if self.judge.refusal(state, Place(cards, c)) is None)
            if columns:
                return scanning.offer_place(state, cards, columns, seat)
        return None

    def irreversible(self, state: KingsbridgeState, action: Any) -> bool:
        """See :func:`ludivox.bindings.kingsbridge.scans.irreversible`."""
        return scanning.irreversible(state, action)

    def scan_expectation(
        self, state: KingsbridgeState, action: Any, seat: int
    ) -> tuple[str, ...] | None:
        """See :func:`ludivox.bindings.kingsbridge.scans.scan_expectation`."""
        return scanning.scan_expectation(state, action, seat)

    def card_name(self, state: KingsbridgeState, kind: str, value: str) -> Line | None:
        """A scanned card in words: "le sept", a character's name; None for other kinds."""
        return scanning.card_name(kind, value)

    def scan_owner(self, state: KingsbridgeState, kind: str, value: str) -> tuple[int, ...]:
        """See :func:`ludivox.bindings.kingsbridge.scans.scan_owner`."""
        return scanning.scan_owner(self.engine, state, kind, value)

    def speech_owner(self, state: KingsbridgeState, intent: IntentLike) -> tuple[int, ...]:
        """"j'ai pioché le six" (a reveal): see
        :func:`ludivox.bindings.kingsbridge.scans.reveal_owner`; ``()`` for anything else."""
        if intent.name != "reveal":
            return ()
        return scanning.reveal_owner(self.engine, state)

    # --- building actions -------------------------------------------------------------

    def _place_cards(self, state: KingsbridgeState, cards: tuple[int, ...], column: int | None,
                     seat: int) -> Interpretation:
        return building.place(self.judge, state, building.PartialPlace(cards, column), seat)

    # (the placement and the move themselves: :mod:`ludivox.bindings.kingsbridge.building`)

    def _set_column(
        self, state: KingsbridgeState, column: int | None, card: int | None
    ) -> Interpretation:
        count = len(state.columns)
        if not self._in_setup(state):
            return Proposal((SetColumns((card or 0,)),))  # the engine says why not
        if card is None:
            return Refusal((Line("help.setup"),))
        if column is None:
            missing = [c for c in range(1, count + 1) if c not in self._setup]
            column = missing[0] if missing else count
        if not 1 <= column <= count:
            return Refusal((Line("refusal.no_such_column", {"column": column, "columns": count}),))
        self._setup[column] = card
        noted = Line("setup_column_noted", {"column": column, "card": card})
        missing = [c for c in range(1, count + 1) if c not in self._setup]
        if missing:
            return Answer((noted, Line("setup_columns_missing", {"columns": tuple(missing)})))
        cards = tuple(self._setup[c] for c in range(1, count + 1))
        self._setup.clear()
        return Proposal((SetColumns(cards),), said=(noted,))


if TYPE_CHECKING:  # mypy proves the binding keeps the table's contract, with its own types
    _CONFORMS: Binding[KingsbridgeState, KingsbridgeAction] = KingsbridgeBinding([])


__all__ = ["KingsbridgeBinding"]
