"""Kingsbridge at the table: intents -> actions, events -> sentences, the tester's state JSON.

Channels: what changes the game (placed cards, moves, turns) is said on the table; what only
concerns one player (their hand, the cards they drew or revealed, refusals, which could give
a hand away, answers and questions addressed to them) goes to that player's channel.

Table mode: the six starting cards are told at set-up (all at once, one column at a time, or
one card per scan, column 1 first); "j'ai pioché le sept" reveals a hand card; a scan by a
player of a card means "this card is in my hand" (a reveal, confirmed privately) unless it
completes a pending request; scans are detailed in :mod:`ludivox.bindings.kingsbridge.scans`.
Placing a hand card the assistant does not know yet is fine: the engine takes it from the
unknown cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludivox.bindings.kingsbridge import full_game as full
from ludivox.bindings.kingsbridge import scans as scanning
from ludivox.engines.base import Event, Reason
from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState, playable_cards
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
from ludivox.engines.kingsbridge.characters import piles_pending, reveal_pending
from ludivox.engines.kingsbridge.charactions import Malus, RevealCharacter, SetCharacters
from ludivox.engines.kingsbridge.events import ColumnCompleted
from ludivox.engines.kingsbridge.state import value
from ludivox.table import slots
from ludivox.table.binding import (
    Answer,
    Binding,
    BindingDefaults,
    IntentLike,
    Interpretation,
    Line,
    Proposal,
    Refusal,
)
from ludivox.table.judge import Judge

_SETUP_STEPS = ("columns_set", "characters_set", "character_boxed", "character_revealed")

MAX_PLAYABLE = 6
"""At most this many placements are listed by "qu'est-ce que je peux poser ?"."""


@dataclass(frozen=True)
class PartialPlace:
    """A placement waiting for its cards or its column."""

    cards: tuple[int, ...] = ()
    column: int | None = None


@dataclass(frozen=True)
class PartialMove:
    """A move waiting for its source column (the card is on several) or its target."""

    card: int | None = None
    source: int | None = None
    target: int | None = None


def _from_aside(state: KingsbridgeState, seat: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The named cards that must come from those set aside with Wilwulf (not in the hand)."""
    player = state.players[seat] if 0 <= seat < len(state.players) else None
    if player is None or not player.aside or player.unknown:
        return ()
    hand = list(player.hand)
    aside = list(player.aside)
    out: list[int] = []
    for card in cards:
        if card in hand:
            hand.remove(card)
        elif card in aside:
            aside.remove(card)
            out.append(card)
    return tuple(out)


def _answer_number(intent: IntentLike) -> int | None:
    """The number of a bare answer: "trois", "la trois", "sur la trois", "le sept"."""
    if intent.name == "number":
        return slots.number(intent, "number")
    if intent.name == "on_column":
        return slots.number(intent, "column")
    return None


class KingsbridgeBinding(BindingDefaults):
    """Kingsbridge for :class:`ludivox.table.session.Session`."""

    game = "kingsbridge"

    def __init__(self, players: Sequence[str]) -> None:
        self.engine = KingsbridgeEngine()
        self.judge: Judge[Any, Any] = Judge(self.engine)
        self.players = list(players)
        self._setup: dict[int, int] = {}  # table set-up told so far: column -> card
        self._scans = scanning.ScanMemory()  # hand cards confirmed by scans, per seat

    # --- seats and turns --------------------------------------------------------------

    def acting_seat(self, state: KingsbridgeState) -> int | None:
        """The seat whose turn it is; None during table set-up and once the game is over."""
        return self.judge.awaiting(state).seat

    def needs_turn(self, action: KingsbridgeAction) -> bool:
        """Only reveals and the set-up can be done out of turn."""
        return not isinstance(action, Reveal | SetColumns) and not full.is_world_action(action)

    # --- understanding ----------------------------------------------------------------

    def interpret(
        self, state: KingsbridgeState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """What an intent said by ``seat`` means now (None: not a Kingsbridge intent)."""
        name = intent.name
        if name == "place":
            wanted = PartialPlace(slots.numbers(intent, "cards"), slots.number(intent, "column"))
            return self._place(state, wanted, seat)
        if name == "move":
            return self._move(
                state,
                PartialMove(slots.number(intent, "card"), slots.number(intent, "source"),
                            slots.number(intent, "target")),
                seat,
            )
        if name == "exchange":
            return Proposal((Exchange(slots.numbers(intent, "cards")),))
        if name == "exchange_all":
            player = state.players[seat]
            if player.unknown:  # real cards not all told: which ones?
                return Refusal((Line("ask_exchange_cards", {}, seat),))
            return Proposal((Exchange(tuple(player.hand)),))
        if name == "end_turn":
            return Proposal((EndTurn(),))
        if name == "pass":
            return Proposal((Pass(),))
        if name == "declare_blocked":
            return Proposal((DeclareBlocked(),))
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
            return self._place(state, PartialPlace((), None), seat)
        if name == "on_column" and not self._in_setup(state):
            # "je pose sur la trois": which cards? (a scan or "le sept" answers)
            return self._place(state, PartialPlace((), slots.number(intent, "column")), seat)
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
        number = _answer_number(intent)
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
        if isinstance(partial, PartialPlace):
            if intent.name == "place":
                cards = slots.numbers(intent, "cards")
                column = slots.number(intent, "column")
                if column is None and (not partial.cards or cards == partial.cards):
                    return self._place(state, PartialPlace(cards, partial.column), seat)
                return None
            if number is None:
                return None
            if partial.cards:
                return self._place(state, PartialPlace(partial.cards, number), seat)
            return self._place(state, PartialPlace((number,), partial.column), seat)
        if isinstance(partial, PartialMove) and number is not None:
            if partial.source is None:
                return self._move(state, PartialMove(partial.card, number, partial.target), seat)
            return self._move(state, PartialMove(partial.card, partial.source, number), seat)
        return None

    def choice_index(self, candidates: Sequence[Any], intent: IntentLike) -> int | None:
        """Which candidate "la trois" / "sur la cinq" designates (by target column)."""
        column = _answer_number(intent)
        if column is None:
            return None
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
        if isinstance(partial, PartialPlace) and not partial.cards:
            return self._place(state, PartialPlace((card,), partial.column), seat)
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

    def _in_setup(self, state: KingsbridgeState) -> bool:
        return state.is_table and not state.setup_done and not state.game_over

    # --- building actions -------------------------------------------------------------

    def _place_cards(self, state: KingsbridgeState, cards: tuple[int, ...], column: int | None,
                     seat: int) -> Interpretation:
        return self._place(state, PartialPlace(cards, column), seat)

    def _place(self, state: KingsbridgeState, partial: PartialPlace, seat: int) -> Interpretation:
        cards = partial.cards
        if not cards:
            if partial.column is None:
                return Proposal((), Line("ask_cards", {}, seat), partial)
            return Proposal((), Line("ask_cards_for", {"column": partial.column}, seat), partial)
        aside = _from_aside(state, seat, cards)
        if partial.column is not None:
            return Proposal((Place(cards, partial.column, aside),))
        candidates = tuple(Place(cards, c, aside) for c in range(1, len(state.columns) + 1))
        legal = [a for a in candidates if self.judge.refusal(state, a) is None]
        first = self.judge.refusal(state, candidates[0])
        column_problem = first is not None and first.code in (
            "needs_card", "column_ends_with_thirteen"
        )
        if not legal and not column_problem:
            return Proposal(candidates, refusal_of=candidates[0])  # not in hand, not in order
        if not legal and len(cards) == 1:
            return Refusal((Line("answer.card_not_playable", {"card": cards[0]}, seat),))
        return Proposal(candidates, Line("ask_column_for", {"cards": cards}, seat), partial)

    def _move(self, state: KingsbridgeState, partial: PartialMove, seat: int) -> Interpretation:
        card, source, target = partial.card, partial.source, partial.target
        columns = state.columns
        if source is None and card is not None:
            holding = tuple(i + 1 for i, col in enumerate(columns)
                            if card in (value(c) for c in col))  # Edgar counts as his card
            if not holding:
                return Refusal((Line("card_not_on_table", {"card": card}, seat),))
            if len(holding) > 1:
                question = Line("card_on_several_columns", {"card": card, "columns": holding}, seat)
                return Proposal((), question, partial)
            source = holding[0]
        if source is None:
            return Proposal((), Line("ask_source_for", {"card": card or 0}, seat), partial)
        start = 0
        if card is not None and 1 <= source <= len(columns):
            column = tuple(value(c) for c in columns[source - 1])
            if card not in column:
                return Refusal((Line("card_not_in_column", {"card": card, "column": source},
                                     seat),))
            start = column.index(card)
        if target is None:
            question = Line("ask_target_for", {"source": source}, seat)
            return Proposal((), question, PartialMove(card, source, None))
        return Proposal((Move(source, start, target),))

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

    # --- questions --------------------------------------------------------------------

    def about(
        self, state: KingsbridgeState, intent: IntentLike, seat: int, about: int
    ) -> Interpretation | None:
        """"Combien de cartes a Paul ?": Paul's counts only."""
        if intent.name == "ask_counts" and 0 <= about < len(state.players):
            return self._counts(state, seat, (about,))
        return None

    def _counts(self, state: KingsbridgeState, seat: int, seats: Iterable[int]) -> Answer:
        """How many cards each of ``seats`` has left (in hand, in their pile): public."""
        items = tuple(
            Line("answer.counts_item", {"player": self.name(i), "hand": p.hand_size,
                                        "pile": p.pile_size, "total": p.cards_left})
            for i, p in ((i, state.players[i]) for i in seats)
        )
        return Answer((Line("answer.counts", {"items": items}, seat),))

    def _question(
        self, state: KingsbridgeState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        name = intent.name
        player = state.players[seat]
        if name == "ask_hand":
            return Answer((self._hand_line(state, seat),))
        if name == "ask_pile":
            return Answer((Line("answer.pile", {"count": player.pile_size}, seat),))
        if name == "ask_column":
            column = slots.number(intent, "column") or 0
            if not 1 <= column <= len(state.columns):
                return Refusal((Line("refusal.no_such_column",
                                     {"column": column, "columns": len(state.columns)}, seat),))
            lines = full.column_lines("answer.column", state, column, seat)
            if column > 6:
                lines = (*lines, Line("answer.extra_column", {"column": column}, seat))
            return Answer(lines)
        if name == "ask_columns":
            return Answer((self._columns_line(state, seat),))
        if name == "ask_turn":
            return Answer((self._turn_answer(state, seat),))
        if name == "ask_counts":
            return self._counts(state, seat, range(len(state.players)))
        if name == "ask_discard":
            if not state.discard:
                return Answer((Line("answer.discard_empty", {}, seat),))
            return Answer((Line("answer.discard", {"count": len(state.discard),
                                                   "cards": state.discard}, seat),))
        if name == "ask_playable":
            card = slots.number(intent, "card")
            if card is not None:
                return self._playable_card(state, card, seat)
            return Answer((self._playable_line(state, seat),))
        return self._full_question(state, intent, seat)

    def _full_question(
        self, state: KingsbridgeState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        name = intent.name
        if name == "ask_character":
            return Answer((full.character_answer(state, seat),))
        if name == "ask_revealed":
            return Answer((full.revealed_answer(state, seat),))
        if name == "ask_power":
            return full.power_answer((slots.words(intent, "character") or ("",))[0], seat)
        if name == "ask_score":
            line = full.score_answer(state, seat)
            if line is None and state.game_over:  # standard game over: the final result
                return Answer((self._result_line(state, seat),))
            if line is None:
                return self._question(state, _Asked("ask_counts"), seat)
            lines = [line]
            if state.malus and not state.game_over:
                lines.append(Line("answer.malus", {"malus": len(state.malus)}, seat))
            return Answer(tuple(lines))
        if name == "ask_aside":
            return Answer((full.aside_answer(state, seat),))
        if name in ("ask_best", "ask_finish"):
            acting = self.acting_seat(state)
            return full.coach_answer(
                self.engine, state, seat, name == "ask_finish",
                lambda s, a: self.describe(s, a, seat),
                self.name(acting) if acting is not None else "",
            )
        return None

    def _hand_line(self, state: KingsbridgeState, seat: int) -> Line:
        player = state.players[seat]
        if player.hand_size == 0:
            return Line("answer.hand_empty", {}, seat)
        if player.unknown == 0:
            return Line("answer.hand", {"cards": player.hand}, seat)
        if not player.hand:
            return Line("answer.hand_unknown", {"count": player.unknown}, seat)
        return Line("answer.hand_partial", {"cards": player.hand, "unknown": player.unknown}, seat)

    def _column_line(self, key: str, state: KingsbridgeState, column: int,
                     seat: int | None) -> Line:
        return full.column_lines(key, state, column, seat)[0]

    def _columns_line(self, state: KingsbridgeState, seat: int | None) -> Line:
        items = tuple(
            self._column_line("answer.columns_item", state, c, None)
            for c in range(1, len(state.columns) + 1)
        )
        return Line("answer.columns", {"items": items}, seat)

    def _turn_answer(self, state: KingsbridgeState, seat: int) -> Line:
        if state.game_over:
            return Line("answer.turn_game_over", {}, seat)
        acting = self.acting_seat(state)
        if acting is None:
            return Line("answer.turn_setup", {}, seat)
        if acting == seat:
            return Line("answer.turn_you", {"player": self.name(seat)}, seat)
        return Line("answer.turn", {"player": self.name(acting)}, seat)

    def _holds(self, state: KingsbridgeState, card: int, seat: int) -> bool:
        player = state.players[seat]
        return card in player.hand or player.unknown > 0

    def _playable_card(self, state: KingsbridgeState, card: int, seat: int) -> Answer:
        if not self._holds(state, card, seat):
            return Answer((Line("answer.card_not_in_hand", {"card": card}, seat),))
        columns = tuple(
            c for c in range(1, len(state.columns) + 1)
            if seat == state.turn and self.judge.refusal(state, Place((card,), c)) is None
        )
        if not columns:
            return Answer((Line("answer.card_not_playable", {"card": card}, seat),))
        return Answer((Line("answer.playable_card", {"card": card, "columns": columns}, seat),))

    def _playable_line(self, state: KingsbridgeState, seat: int) -> Line:
        player = state.players[seat]
        options: list[Line] = []
        if seat == state.turn and not state.game_over:
            for card in sorted(set(player.hand)):
                for column in range(1, len(state.columns) + 1):
                    if self.judge.refusal(state, Place((card,), column)) is None:
                        options.append(Line("answer.playable_item",
                                            {"cards": (card,), "column": column}))
        if state.characters_on and seat == state.turn and not state.game_over:
            # cards set aside with Wilwulf can go too (the first column each fits)
            options.extend(
                Line("answer.playable_item", {"cards": (o.value,), "column": o.places[0].column})
                for o in playable_cards(state, seat) if o.aside and o.places
            )
        if not options and seat == state.turn and not state.game_over:
            # no card goes on directly; the coach's search (one source of truth) may still
            # place some: a move first, a character, or cards in a row
            plan = full.best_plan(state, seat)
            if plan.cards_placed:
                steps = full.plan_steps(self.engine, state, plan.actions,
                                        lambda s, a: self.describe(s, a, seat))
                return Line("answer.playable_plan", {"cards": plan.cards_placed,
                                                     "steps": steps}, seat)
        if not options:
            return Line("answer.nothing_playable", {"way": full.way_out(state, seat)}, seat)
        return Line("answer.playable", {"options": tuple(options[:MAX_PLAYABLE])}, seat)

    # --- speaking ---------------------------------------------------------------------

    def describe(self, state: KingsbridgeState, action: KingsbridgeAction, seat: int) -> Line:
        """An action in words (``action.<kind>``), e.g. "poser le sept sur la colonne trois"."""
        private = isinstance(action, Exchange | Reveal | Malus)
        character = full.describe_use(action)
        if character is not None:
            return Line(character.key, character.params, seat if private else None)
        if isinstance(action, SetCharacters):
            return Line("action.characters",
                        {"characters": tuple(full.name_line(c) for c in action.characters)})
        if isinstance(action, RevealCharacter):
            return Line("action.reveal_character",
                        {"character": full.name_line(action.character)})
        params: dict[str, Any] = {}
        key = "action." + action.kind
        if isinstance(action, Place):
            params = {"cards": action.cards, "column": action.column}
            if action.aside:
                key = "action.place_aside"
        elif isinstance(action, Move):
            params = {"source": action.source, "target": action.target}
            if action.start == 0:
                key = "action.move_whole"
            else:
                column = (state.columns[action.source - 1]
                          if 1 <= action.source <= len(state.columns) else ())
                params["cards"] = column[action.start:]
        elif isinstance(action, Exchange | Reveal | SetColumns):
            params = {"cards": action.cards}
        return Line(key, params, seat if private else None)

    def _reason_params(self, reason: Reason) -> dict[str, Any]:
        params: dict[str, Any] = full.names(dict(reason.args))
        if isinstance(params.get("seat"), int):
            params["player"] = self.name(int(params["seat"]))
        return params

    def refusal_lines(
        self, state: KingsbridgeState, action: KingsbridgeAction, reason: Reason, seat: int
    ) -> tuple[Line, ...]:
        """The refusal (privately: it may tell what the hand holds), then what would work."""
        code = reason.code
        if code == "character_not_on_top" and not reason.args.get("top"):
            code = "character_pile_empty"
        lines = [Line(f"refusal.{code}", self._reason_params(reason), seat)]
        if reason.suggestions:
            options = tuple(self.describe(state, a, seat) for a in reason.suggestions[:3])
            lines.append(Line("suggestion", {"options": options}, seat))
        return tuple(lines)

    def event_lines(
        self, before: KingsbridgeState, after: KingsbridgeState, events: Sequence[Event]
    ) -> tuple[Line, ...]:
        """Each event as ``event.<kind>``; private events only on their seat's channel."""
        lines = []
        for event in events:
            params: dict[str, Any] = full.names(dict(event.payload()))
            if isinstance(params.get("seat"), int):
                params["player"] = self.name(params["seat"])
            if isinstance(params.get("to_seat"), int):
                params["to_player"] = self.name(params["to_seat"])
                # a card going to its own player's pile (solo Wigelm) is never "X ... à X"
                params["own"] = params["to_seat"] == params.get("seat")
            if isinstance(params.get("next_seat"), int):
                params["next_player"] = self.name(params["next_seat"])
            if "winners" in params:
                params["winner_names"] = tuple(self.name(s) for s in params["winners"])
                left = params.get("cards_left") or ()
                params["fewest"] = min(left) if left else 0
            lines.append(Line(f"event.{event.kind}", params, event.private_to))
        if any(e.kind in _SETUP_STEPS for e in events):
            lines.extend(self._character_setup_lines(after))
        return tuple(lines)

    def event_earcons(self, events: Sequence[Event]) -> tuple[str, ...]:
        """A chime when a column is finished."""
        return ("column_finished",) if any(isinstance(e, ColumnCompleted) for e in events) else ()

    def turn_lines(self, state: KingsbridgeState, seat: int) -> tuple[Line, ...]:
        """``your_turn`` on the table, then the hand privately (or, on the table, a request
        to tell it)."""
        lines = [Line("your_turn", {"player": self.name(seat)})]
        player = state.players[seat]
        if state.is_table and player.hand_size and not player.hand:
            # on the table: it names the player and tells no card (one loudspeaker says it)
            lines.append(Line("setup_hand", {"player": self.name(seat)}))
        else:
            lines.append(self._hand_line(state, seat))
        return tuple(lines)

    def opening_lines(self, state: KingsbridgeState) -> tuple[Line, ...]:
        """Set-up instructions (table mode) or the columns, the hands privately, whose turn."""
        if state.game_over:
            return (Line("answer.turn_game_over"),)
        if self._in_setup(state):
            return (Line("setup_deal", {"players": len(state.players)}), Line("setup_columns"))
        starts = [column[0] for column in state.columns if len(column) == 1]
        if len(starts) == len(state.columns):  # one card each: said in one short phrase
            lines = [Line("opening.columns", {"count": len(starts), "cards": tuple(starts)})]
        else:
            lines = [self._columns_line(state, None)]
        lines.extend(self._character_setup_lines(state))
        if self.acting_seat(state) is None:
            return tuple(lines)
        if state.characters_on and state.shared:  # who can help; the deck's size on request
            lines.append(Line("opening.revealed",
                              {"characters": tuple(full.name_line(c) for c in state.revealed)}))
        for seat in range(len(state.players)):
            if state.characters_on and not state.shared:
                lines.append(full.character_answer(state, seat))
            if seat != state.turn and not state.is_table:
                lines.append(self._hand_line(state, seat))
        lines.extend(self.turn_lines(state, state.turn))
        return tuple(lines)

    def _character_setup_lines(self, state: KingsbridgeState) -> list[Line]:
        """Table mode: ask for the character piles, or for the character turned face up."""
        lines: list[Line] = []
        if piles_pending(state):
            count = 10 // len(state.players)
            lines.extend(
                Line("setup_characters", {"player": self.name(seat), "count": count})
                for seat, p in enumerate(state.players) if not p.characters
            )
        if reveal_pending(state):
            lines.append(Line("setup_reveal_character"))
        return lines

    def help_lines(self, state: KingsbridgeState, seat: int) -> tuple[Line, ...]:
        """What can be said now, depending on the phase and on whose turn it is."""
        if state.game_over:
            return (Line("help.game_over", {}, seat),)
        if self._in_setup(state):
            return (Line("help.setup", {}, seat),)
        acting = self.acting_seat(state)
        if acting is not None and acting != seat:
            return (Line("help.waiting", {"player": self.name(acting)}, seat),)
        lines = [Line("help.turn", {}, seat)]
        if state.is_table:
            lines.append(Line("help.reveal", {}, seat))
        if state.characters_on:
            lines.append(Line("help.characters", {}, seat))
        if state.shared:
            lines.append(Line("help.shared", {}, seat))
        return tuple(lines)

    def rules_lines(self, state: KingsbridgeState, seat: int) -> tuple[Line, ...]:
        """The short rules reminder."""
        lines = [Line("rules.short", {}, seat)]
        if state.characters_on:
            lines.append(Line("rules." + (state.options.mode if state.shared else "characters"),
                              {}, seat))
        return tuple(lines)

    def hint_intents(self, state: KingsbridgeState, seat: int) -> tuple[str, ...]:
        """Examples offered after something not understood."""
        if self._in_setup(state):
            return ("set_columns", "set_column", "help")
        return ("place", "ask_hand", "help")

    def _result_line(self, state: KingsbridgeState, seat: int) -> Line:
        """The final result of a standard game: who won, or the blocked game's winners."""
        names = tuple(self.name(s) for s in state.winners)
        if state.result == "won":
            return Line("game_won", {"player": names[0] if names else ""}, seat)
        return Line("game_blocked", {"winner_names": names, "fewest": _fewest(state)}, seat)

    def state_json(self, state: KingsbridgeState) -> dict[str, Any]:
        """The engine's state JSON (``ludivox.engines.kingsbridge.jsonio``), names added.

        Keys: ``mode``, ``columns`` (column 1 first, first placed first), ``discard``,
        ``players`` (``name``, ``hand``, ``pile`` top first, unknown cards ``null``),
        ``turn`` (seat from 0), ``placed``, ``moves``, ``quiet``, ``passes``, ``setup_done``,
        ``result``, ``winners``.
        """
        data = self.engine.to_json(state)
        data["players"] = [
            {"name": self.name(i), **player} for i, player in enumerate(data["players"])
        ]
        return data


def _fewest(state: KingsbridgeState) -> int:
    left = state.cards_left()
    return min((left[s] for s in state.winners), default=0)


@dataclass(frozen=True)
class _Asked:
    """A question asked on the player's behalf (``ask_score`` in a standard game)."""

    name: str
    slots: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    cost: float = 0.0



if TYPE_CHECKING:  # mypy proves the binding keeps the table's contract, with its own types
    _CONFORMS: Binding[KingsbridgeState, KingsbridgeAction] = KingsbridgeBinding([])


__all__ = ["KingsbridgeBinding", "PartialMove", "PartialPlace"]
