"""What the game-agnostic session needs from one game: the binding's contract.

A binding turns the grammar's intents (canonical ids: ``card:7``, ``column:3``...) into engine
actions, and engine events and views into response keys with parameters. The session never
looks inside a game's state or actions; the binding never keeps dialogue state.

Interpretations of an utterance (what :meth:`Binding.interpret` returns):

* :class:`Proposal` — candidate actions for the speaker. The session applies the single
  legal one, asks to choose among two or three legal ones, asks ``question`` when there are
  more (or when the request is incomplete), and speaks the refusal when none is legal.
* :class:`Answer` — lines to say (answers to questions...), nothing changes.
* :class:`Refusal` — lines saying why nothing can be done.

A :class:`Line`'s parameters may themselves be lines (or tuples of lines): the session renders
them first, so a binding can build "items" lists out of sub-sentences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ludivox.engines.base import Action, Engine, Event, Reason
from ludivox.grammars.grammar import HANDOVER_INTENTS
from ludivox.table.judge import Judge

S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)

HANDING_OVER = HANDOVER_INTENTS
"""Intents that, said by the player whose turn it is to the next player by name (« c'est à
Paul », « Paul, à toi »), hand the turn over when it may end (the bindings' ``about``)."""


@dataclass(frozen=True)
class Line:
    """A sentence to say: its response key, parameters, and who may hear it.

    ``seat`` is ``None`` for the table channel, or the 0-based seat of a private channel.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    seat: int | None = None


@dataclass(frozen=True)
class Proposal:
    """Actions that would do what was asked, best first.

    ``question`` is asked when the request cannot be settled by choosing among at most three
    legal candidates (for example "sur quelle colonne ?"); ``partial`` is what the binding
    needs to complete it from the next answer (see :meth:`Binding.complete`). ``refusal_of``
    is the action whose refusal is spoken when no candidate is legal (default: the first).
    ``said`` are lines said before acting (for example "colonne deux : le huit, c'est noté").
    ``offer``: the single legal candidate is not made at once but offered by ``question``
    as a yes / no question ("il ne va que sur la colonne trois : je le pose ?"): "oui" makes
    it, "non" cancels it, and any answer ``partial`` can complete still works.
    """

    candidates: tuple[Action, ...]
    question: Line | None = None
    partial: object = None
    refusal_of: object = None
    said: tuple[Line, ...] = ()
    offer: bool = False


@dataclass(frozen=True)
class Answer:
    """Lines to say; the game does not change. ``details`` are said if the player then asks
    for more ("plus de détails": the ``details`` intent)."""

    lines: tuple[Line, ...]
    details: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Refusal:
    """Nothing can be done; the lines say why and what would work."""

    lines: tuple[Line, ...]


Interpretation = Proposal | Answer | Refusal


class IntentLike(Protocol):
    """What the session reads of a grammar intent."""

    @property
    def name(self) -> str: ...

    @property
    def slots(self) -> Mapping[str, Any]: ...

    @property
    def text(self) -> str: ...

    @property
    def cost(self) -> float: ...


class Binding(Protocol[S_contra, A_contra]):
    """One game seen from the table (see the module docstring)."""

    game: str
    @property
    def engine(self) -> Engine[Any, Any]:
        """The game's rules engine."""
        ...

    judge: Judge[Any, Any]
    """The engine's verdicts on the current position, shared with the session (so each
    reading is judged once); the binding asks it, not the engine, whether an action is legal
    and who is awaited."""
    players: list[str]

    def acting_seat(self, state: S_contra) -> int | None:
        """The seat whose turn it is; None while the world reveals or once the game is over."""
        ...

    def next_seat(self, state: S_contra, after: int) -> int | None:
        """The seat that plays after ``after`` in the game's order of the moment (« qui joue
        après moi ? », :mod:`ludivox.table.next_player`); None when nobody does for now (the
        round ends with ``after``)."""
        ...

    def interpret(self, state: S_contra, intent: IntentLike, seat: int) -> Interpretation | None:
        """What ``intent`` said by ``seat`` means now; None if it is not a game intent."""
        ...

    def complete(
        self, state: S_contra, partial: object, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """Complete a pending request with the answer ``intent``; None if it does not fit."""
        ...

    def scan(
        self, state: S_contra, kind: str, value: str, seat: int, partial: object = None, *,
        uid: str | None = None,
    ) -> Interpretation:
        """A card tag (kind, value) was scanned by ``seat``, maybe to fill ``partial``.

        ``uid`` is the chip's own identifier when the reader gave one: the same physical card
        scanned twice has the same ``uid``, another copy of the card a different one."""
        ...

    def choice_index(self, candidates: Sequence[A_contra], intent: IntentLike) -> int | None:
        """Which candidate an answer such as "la trois" designates, if any."""
        ...

    def choice_line(
        self, state: S_contra, candidates: Sequence[A_contra], seat: int
    ) -> Line | None:
        """A game-specific way to offer these candidates ("le sept sur la trois ou la cinq ?")."""
        ...

    def needs_turn(self, action: A_contra) -> bool:
        """True if only the acting seat may do ``action`` (False for a reveal of one's hand)."""
        ...

    def describe(self, state: S_contra, action: A_contra, seat: int) -> Line:
        """The action in words (``action.*``: for choices, confirmations and undo)."""
        ...

    def refusal_lines(
        self, state: S_contra, action: A_contra, reason: Reason, seat: int
    ) -> tuple[Line, ...]:
        """The refusal of ``action`` (its ``refusal.<code>`` line, plus suggestions)."""
        ...

    def event_lines(
        self, before: S_contra, after: S_contra, events: Sequence[Event]
    ) -> tuple[Line, ...]:
        """What the table (and each private channel) hears after an action."""
        ...

    def event_earcons(self, events: Sequence[Event]) -> tuple[str, ...]:
        """Earcons for these events (for example a finished column)."""
        ...

    def opening_lines(self, state: S_contra) -> tuple[Line, ...]:
        """What is said when a game starts or resumes (set-up prompts, hands in private)."""
        ...

    def turn_lines(self, state: S_contra, seat: int) -> tuple[Line, ...]:
        """What is said when ``seat``'s turn begins (``your_turn``, their hand in private)."""
        ...

    def help_lines(self, state: S_contra, seat: int) -> tuple[Line, ...]:
        """What ``seat`` can say now."""
        ...

    def rules_lines(self, state: S_contra, seat: int) -> tuple[Line, ...]:
        """A short reminder of the rules."""
        ...

    def hint_intents(self, state: S_contra, seat: int) -> tuple[str, ...]:
        """Intents whose examples are offered after something not understood."""
        ...

    def state_json(self, state: S_contra) -> dict[str, Any]:
        """The state as the tester's JSON (see ``ludivox.bindings.kingsbridge.binding``)."""
        ...

    def intents_now(self, state: S_contra) -> frozenset[str] | None:
        """Intent names that make sense now (None: all)."""
        ...

    def irreversible(self, state: S_contra, action: A_contra) -> bool:
        """See :meth:`BindingDefaults.irreversible`."""
        ...

    def scan_expectation(
        self, state: S_contra, action: A_contra, seat: int
    ) -> tuple[str, ...] | None:
        """See :meth:`BindingDefaults.scan_expectation`."""
        ...

    def real_cards(self, state: S_contra) -> bool:
        """See :meth:`BindingDefaults.real_cards`."""
        ...

    def card_name(self, state: S_contra, kind: str, value: str) -> Line | None:
        """See :meth:`BindingDefaults.card_name`."""
        ...

    def scan_owner(self, state: S_contra, kind: str, value: str) -> tuple[int, ...]:
        """See :meth:`BindingDefaults.scan_owner`."""
        ...

    def speech_owner(self, state: S_contra, intent: IntentLike) -> tuple[int, ...]:
        """See :meth:`BindingDefaults.speech_owner`."""
        ...

    def open_moves(self, state: S_contra, partial: object) -> tuple[Any, ...]:
        """See :meth:`BindingDefaults.open_moves`."""
        ...

    def about(
        self, state: S_contra, intent: IntentLike, seat: int, about: int
    ) -> Interpretation | None:
        """See :meth:`BindingDefaults.about`."""
        ...

    def yes_no(self, state: S_contra, yes: bool, seat: int) -> Interpretation | None:
        """See :meth:`BindingDefaults.yes_no`."""
        ...

    def yes_no_question(self, state: S_contra, seat: int) -> Line | None:
        """See :meth:`BindingDefaults.yes_no_question`."""
        ...

    def advised(self, state: S_contra, seat: int) -> tuple[Any, ...]:
        """See :meth:`BindingDefaults.advised`."""
        ...

    def hand_numbers(self, state: S_contra, seat: int) -> tuple[int, ...]:
        """See :meth:`BindingDefaults.hand_numbers`."""
        ...


class BindingDefaults:
    """Default answers for the optional hooks of :class:`Binding`; bindings inherit them.

    A game overrides the hooks it has something to say about.
    """

    players: list[str]

    def name(self, seat: int) -> str:
        """A seat's name (its number from 1 when it has none)."""
        return self.players[seat] if 0 <= seat < len(self.players) else str(seat + 1)

    def intents_now(self, state: Any) -> frozenset[str] | None:
        """Every intent is understood at any time (refusals explain what fits now)."""
        return None

    def about(self, state: Any, intent: IntentLike, seat: int, about: int) -> Interpretation | None:
        """A question ``seat`` asked about another player by name ("combien de cartes a
        Paul ?": the name is heard as the language's ``player_word``), answered about the
        player at ``about``; None when the game has no such answer."""
        return None

    def yes_no(self, state: Any, yes: bool, seat: int) -> Interpretation | None:
        """A bare « oui » / « non » from ``seat`` when the session asked nothing: the answer
        to the engine's own pending question of that seat (an event card's exchange...);
        None when the game asks that seat nothing."""
        return None

    def yes_no_question(self, state: Any, seat: int) -> Line | None:
        """The engine's own yes / no question to ``seat`` in words (what :meth:`yes_no`
        answers), or None."""
        return None

    def advised(self, state: Any, seat: int) -> tuple[Any, ...]:
        """The moves the coach advises ``seat`` now, in order, as its answer to "quel est le
        meilleur coup ?" says them: what "fais-le" plays once confirmed. ``()`` when the game
        has no coach or advises nothing now (not this seat's turn, game over)."""
        return ()

    def hand_numbers(self, state: Any, seat: int) -> tuple[int, ...]:
        """The numbers of the cards in ``seat``'s hand, when the game's cards are numbered
        and the whole hand is known: "mon plus petit" is the lowest
        (:mod:`ludivox.grammars.hand_ranks`). ``()`` otherwise."""
        return ()

    def open_moves(self, state: Any, partial: object) -> tuple[Any, ...]:
        """The legal moves an incomplete request (``Proposal.partial``) may still become,
        when the game can list them: a compound sentence ("j'utilise Ragna et je pose le cinq
        sur la deux") settles the request with the parts said after it. None by default."""
        return ()

    def irreversible(self, state: Any, action: Any) -> bool:
        """True if ``action`` cannot be taken back at a real table (cards drawn, discarded...).

        The session confirms such moves first, as the player's ``confirm`` setting says.
        """
        return False

    def scan_expectation(self, state: Any, action: Any, seat: int) -> tuple[str, ...] | None:
        """The card payloads (``ludivox:<game>/<kind>/<value>``) of the physical cards the
        player should be holding for ``action``, when a scan can confirm it; None otherwise.

        The session asks for the scan, as the player's ``scan_check`` setting says, and
        refuses the move, saying why, when the scanned card is not the one announced.
        Several payloads: the player scans them one by one, in any order.
        """
        return None

    def real_cards(self, state: Any) -> bool:
        """True when the game is played with physical cards (table mode).

        A ``scan_check`` setting of ``table`` asks for scans only then. Default: the state's
        ``mode`` is ``"table"`` (the convention of every Ludivox engine).
        """
        return getattr(state, "mode", None) == "table"

    def card_name(self, state: Any, kind: str, value: str) -> Line | None:
        """A card tag's card in words (to ask for it or to say what was scanned instead);
        None when it cannot be named. Default: a numbered card is "le <number>"."""
        if value.isdecimal():
            return Line("scan.card", {"number": int(value)})
        return None

    def scan_owner(self, state: Any, kind: str, value: str) -> tuple[int, ...]:
        """Whose card a scan is, when the reader cannot tell (one reader for the table).

        ``()``: no idea, the player whose turn it is; one seat: that player's; several: the
        session asks "c'est la carte de qui ?" and the player named settles it.
        Default: ``()``.
        """
        return ()

    def speech_owner(self, state: Any, intent: IntentLike) -> tuple[int, ...]:
        """Who said ``intent`` when the microphone or keyboard cannot tell (as
        :meth:`scan_owner`: ``()`` the player whose turn it is, several: ask). Default: ``()``.
        """
        return ()


__all__ = [
    "HANDING_OVER",
    "Answer",
    "Binding",
    "BindingDefaults",
    "IntentLike",
    "Interpretation",
    "Line",
    "Proposal",
    "Refusal",
]
