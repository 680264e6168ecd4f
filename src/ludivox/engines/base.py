"""The engine contract shared by every game Ludivox knows.

An engine is the rules of one game and nothing else: no I/O, no language, no threads, no
randomness except a ``random.Random`` seeded from the game's configuration. Everything a
game needs is expressed with five ideas:

* **State** — a frozen dataclass. ``apply(state, action)`` never mutates it; it returns a new
  state and the :class:`Event` values that describe what happened. Undo, repeat, replay and
  the journal all follow from that.
* **Action** — a small hashable value object with a round-trippable text form
  (``action.text()`` / ``engine.parse_action(text)``), used in saves, scripts and bug reports.
* **Awaiting** — who must act now, in which phase, which kinds of action are accepted, whether
  the *world* must reveal something (a card drawn at a physical table is revealed by a scan or
  by voice) and whether the game is over.
* **Refusal** — ``refusal(state, action)`` returns ``None`` exactly when the action is legal,
  otherwise a :class:`Reason`: a code with parameters (``needs_card(value=6, column=3)``),
  never a sentence. Sentences live in ``ludivox.grammars``.
* **View** — ``view(state, seat)`` is the only way information leaves an engine; ``seat=None``
  is what the whole table may hear. Hidden hands never reach it.

Each game also has a compact one-line notation (its "FEN"): ``dumps(state)`` and
``loads(text)`` round-trip exactly.

How the four games map onto this contract
-----------------------------------------

Kingsbridge (shedding card game)
    State: six (or seven, with Roi Ethelred) columns, the discard, each player's hand and pile.
    Actions: place cards on a column, move (reorganise) part of a column, exchange, end turn,
    pass, and, in *table* mode, reveal (the player says or scans which card they hold or drew).
    Awaiting: the current seat, phase ``"turn"``; at set-up in table mode the world must reveal
    the six starting cards. Unknown physical cards are ``None`` until revealed.

7 Kingdoms (drafting card game with simultaneous-looking rounds)
    Phases of a round become ``Awaiting.phase`` values: ``"play"`` (each seat in turn order
    plays a card), ``"collect"`` (seats in descending card order take cards, each into the
    hand or validated; an Évêque first chooses a bonus token), ``"refill"`` (table mode: the
    world reveals the cards turned up from the draw pile, one action per card); table set-up
    (``"setup"``) and the final showing of hidden hands (``"final"``) are world reveals too.
    The printed components (each card's blason, the Paysans' places, the tokens) are a value
    in the engine's configuration, loaded from ``ludivox.gamedata``. Secret hand cards are
    private (``view``); kingdoms, the row and the cards the table saw being taken are public.

Kingdom Builder (hex-board eurogame)
    State: the assembled 20x20 board (a value built from the section data, never read by the
    engine), settlements, location tiles held and left, the terrain-card deck, each player's
    hidden card (private in views; the current player's is face up). Actions: build on a hex,
    use a location tile (placing: one hex; moving: from/to hexes), the Cave move (Queenie 2),
    end turn and, at a physical table, reveal the terrain card turned up (phase
    ``"terrain"``, ``world=True``). Awaiting narrows accepted kinds as the mandatory action
    progresses (only ``build`` while 1 or 2 of the 3 are placed). Legal placements are
    enumerable with the rule that forced them, which gives perft-style count files.

Un monde sans fin (worker-placement eurogame with events)
    Phases (event, actions, period end, plague) are ``Awaiting.phase`` values; event cards
    and the tax die are world reveals in table mode and seeded draws in virtual mode. Card
    effects that the data does not know are entered by the players and recorded as actions.

Errors follow python-chess: :class:`InvalidAction` (malformed input), :class:`IllegalAction`
(well formed but against the rules; carries the :class:`Reason`), both ``ValueError``
subclasses whose messages include the input and the state's notation. An engine action is
never ambiguous: a sentence that could mean several actions ("the 7 on column 3 or on column
5?") is the understanding layer's question, asked before any action is built.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

ParamValue = int | str | bool | None | tuple[Any, ...]


@dataclass(frozen=True)
class Reason:
    """Why an action is refused: a stable code plus parameters, never a sentence.

    ``code`` is a ``snake_case`` identifier that each language's responses turn into a
    sentence; ``params`` are the values that sentence needs (card values, column numbers
    counted from 1 as players say them, ...). ``suggestions`` are legal actions that come
    close to what was asked ("what would work").
    """

    code: str
    params: tuple[tuple[str, ParamValue], ...] = ()
    suggestions: tuple[Any, ...] = ()

    @staticmethod
    def of(code: str, suggestions: Sequence[Any] = (), **params: ParamValue) -> Reason:
        """Build a reason from keyword parameters (kept in a stable, sorted order)."""
        return Reason(code, tuple(sorted(params.items())), tuple(suggestions))

    @property
    def args(self) -> dict[str, ParamValue]:
        """The parameters as a dictionary."""
        return dict(self.params)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params)
        return f"{self.code}({inner})"


class InvalidAction(ValueError):
    """The action is malformed: it cannot even be understood (bad text, bad values)."""

    def __init__(self, text: str, notation: str = "", detail: str = "") -> None:
        self.text = text
        self.notation = notation
        self.detail = detail
        msg = f"invalid action {text!r}"
        if detail:
            msg += f": {detail}"
        if notation:
            msg += f" in {notation}"
        super().__init__(msg)


class IllegalAction(ValueError):
    """The action is well formed but the rules refuse it; ``reason`` says why."""

    def __init__(self, action: object, reason: Reason, notation: str = "") -> None:
        self.action = action
        self.reason = reason
        self.notation = notation
        msg = f"illegal action {action!s}: {reason}"
        if notation:
            msg += f" in {notation}"
        super().__init__(msg)


class SetupRefused(ValueError):
    """A set-up choice is not allowed: ``choice`` names it (a keyword of the engine's set-up,
    ``layout``), ``reason`` says why (a reason code the grammars say, as for a refusal)."""

    def __init__(self, choice: str, reason: Reason, detail: str) -> None:
        self.choice = choice
        self.reason = reason
        super().__init__(detail)


@dataclass(frozen=True)
class Event:
    """Something that happened, produced by ``apply``.

    Subclasses are frozen dataclasses named in the past tense (``CardsPlaced``,
    ``ColumnCompleted``). ``private_to`` is the seat allowed to learn the event's details
    (``None``: the whole table). An event private to a seat may also have a public part: the
    engine then emits two events, one with ``private_to=None`` that carries only what the
    table may know (for example how many cards were drawn).
    """

    private_to: int | None = field(default=None, kw_only=True)

    @property
    def kind(self) -> str:
        """The event's name, used as a response key (``CardsPlaced`` -> ``cards_placed``)."""
        return _snake(type(self).__name__)

    def payload(self) -> dict[str, Any]:
        """The event's fields without ``private_to``."""
        return {
            k: v for k, v in self.__dict__.items() if k != "private_to"
        }


@dataclass(frozen=True)
class Awaiting:
    """Who must act now and what they may do.

    ``seats`` is empty when nobody at the table acts: either the world must reveal something
    (``world=True``: cards turned up at a physical table, a die, a drawn terrain card) or the
    game is over (``game_over=True``). ``kinds`` are the accepted action kinds (the action
    classes' ``kind`` values). ``winners`` is filled when the game is over.
    """

    seats: tuple[int, ...]
    phase: str
    kinds: frozenset[str]
    world: bool = False
    game_over: bool = False
    winners: tuple[int, ...] = ()

    @property
    def seat(self) -> int | None:
        """The single seat that acts now, if exactly one does."""
        return self.seats[0] if len(self.seats) == 1 else None


class Action(Protocol):
    """An action value object: hashable, with a readable round-trippable text form."""

    @property
    def kind(self) -> str: ...

    def text(self) -> str: ...


S = TypeVar("S")
A = TypeVar("A", bound=Action)


class Engine(Protocol[S, A]):
    """The rules of one game. Every method is pure."""

    name: str

    def awaiting(self, state: S) -> Awaiting:
        """Who acts now, in which phase, with which kinds of action."""
        ...

    def legal_actions(self, state: S) -> Iterator[A]:
        """Every legal action now (may be large; generated lazily)."""
        ...

    def refusal(self, state: S, action: A) -> Reason | None:
        """``None`` exactly when ``action`` is legal in ``state``."""
        ...

    def apply(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The state after ``action`` and what happened; raises :class:`IllegalAction`."""
        ...

    def view(self, state: S, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may know (``None``: the whole table). JSON-compatible."""
        ...

    def dumps(self, state: S) -> str:
        """The state's one-line notation."""
        ...

    def loads(self, text: str) -> S:
        """Parse the notation; raises ``ValueError`` with a clear message."""
        ...

    def parse_action(self, text: str) -> A:
        """Parse an action's text form; raises :class:`InvalidAction`."""
        ...


def replay(engine: Engine[S, A], state: S, actions: Iterable[A]) -> tuple[S, list[Event]]:
    """Apply ``actions`` in order from ``state``; returns the final state and all events."""
    events: list[Event] = []
    for action in actions:
        state, new = engine.apply(state, action)
        events.extend(new)
    return state, events


def seat_after_in(order: Sequence[int], seat: int) -> int | None:
    """Who acts after ``seat`` in ``order`` (the seats still to act, the first acting now):
    the next one, or the first for a seat that is done; None after the last."""
    if seat not in order:
        return order[0] if order else None
    index = list(order).index(seat) + 1
    return order[index] if index < len(order) else None


def _snake(name: str) -> str:
    out: list[str] = []
    for i, ch in enumerate(name):
        if ch.isupper() and i:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


__all__ = [
    "Action",
    "Awaiting",
    "Engine",
    "Event",
    "IllegalAction",
    "InvalidAction",
    "Reason",
    "replay",
    "seat_after_in",
]
