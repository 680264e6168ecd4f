"""What can happen in a game of 7 Kingdoms (the ``Event`` values ``apply`` returns).

Places and positions are numbered from 1 (blason I = 1), seats from 0. An event with
``private_to=n`` may only be told to seat ``n``; the engine pairs it with a public event
carrying what the table may know (:class:`SatOut` with a count, :class:`CardsDrawn` with the
cards for the drawing player only).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.base import Event


# --- set-up (table mode: the world reveals the components one by one) ---------------------
@dataclass(frozen=True)
class BlasonRevealed(Event):
    """Table set-up: the blason card at ``position`` is ``blason``."""

    position: int
    blason: int


@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    """Table set-up: ``seat`` starts with the first-player pawn; everyone was dealt
    ``dealt`` cards."""

    seat: int
    dealt: int


@dataclass(frozen=True)
class TokenRevealed(Event):
    """A bonus token was turned face up (set-up, or after an Évêque)."""

    token: str


@dataclass(frozen=True)
class CardRevealed(Event):
    """A card was turned up from the draw pile into ``place``; ``pile_left`` cards remain."""

    place: int
    card: int
    pile_left: int


# --- phase 1 ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundStarted(Event):
    """Round ``round`` begins; ``first`` plays first."""

    round: int
    first: int


@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` played ``card`` face up."""

    seat: int
    card: int


@dataclass(frozen=True)
class SatOut(Event):
    """``seat`` had no card in hand: they drew ``count`` cards and sit this round out."""

    seat: int
    count: int
    pile_left: int


@dataclass(frozen=True)
class CardsDrawn(Event):
    """Private to the drawing seat: the cards drawn (virtual mode)."""

    seat: int
    cards: tuple[int, ...]


# --- phase 2 ------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardPlacedAbove(Event):
    """``seat``'s played ``card`` went above the blason at ``position``; its power follows."""

    seat: int
    card: int
    position: int


@dataclass(frozen=True)
class BishopValidated(Event):
    """``seat``'s Évêque ``card`` went straight into their kingdom (validated)."""

    seat: int
    card: int


@dataclass(frozen=True)
class TokenPlaced(Event):
    """``seat`` placed ``token`` on the blason card at ``position`` (carrying ``blason``)."""

    seat: int
    token: str
    position: int
    blason: int


@dataclass(frozen=True)
class CardsTaken(Event):
    """``seat`` took ``cards`` from under the blasons: ``kept`` into the hand (seen by
    everyone), ``validated`` into the kingdom. Empty when nothing could or was taken."""

    seat: int
    cards: tuple[int, ...]
    kept: tuple[int, ...]
    validated: tuple[int, ...]


# --- phases 3 and 4 -----------------------------------------------------------------------
@dataclass(frozen=True)
class RowShifted(Event):
    """Phase 3: the played cards then the unclaimed ones (order kept) form the new line;
    ``row`` is it place 1 first (``None``: to be filled from the pile); ``set_aside`` are
    cards beyond the 7th place, put out of play."""

    row: tuple[int | None, ...]
    set_aside: tuple[int, ...]


@dataclass(frozen=True)
class FirstPlayerPassed(Event):
    """Phase 4: the first-player pawn went to ``seat``."""

    seat: int


# --- end ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over: ``reason`` is ``"pile_empty"`` or ``"tokens_placed"``."""

    reason: str
    round: int


@dataclass(frozen=True)
class HandCardRevealed(Event):
    """Table, game over: ``seat`` showed hidden hand ``card`` for the final validation."""

    seat: int
    card: int


@dataclass(frozen=True)
class HandValidated(Event):
    """Final validation: ``seat``'s hand ``cards`` went into their kingdom."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class TokenAwarded(Event):
    """Majority of ``blason`` (at ``position``): ``seat`` takes ``token`` (``seat`` is
    ``None`` on a tie; ``token`` is ``None`` if the blason card carries none). ``counts`` is
    each seat's number of validated cards of that blason."""

    blason: int
    position: int
    token: str | None
    seat: int | None
    counts: tuple[int, ...]


@dataclass(frozen=True)
class GameScored(Event):
    """Final scores per seat, kings per seat, and the winner(s)."""

    scores: tuple[int, ...]
    kings: tuple[int, ...]
    winners: tuple[int, ...]
