"""The power of each rank: which sets of cards a resolving player may take from the row.

Rulebook ("Pouvoir des cartes") and the decisions taken where it is silent:

* Roi: "Récupérez jusqu'à 4 cartes de votre choix" — 1 to 4 cards. Phase 2 says the player
  "récupère une ou plusieurs cartes", so at least one when any is left (none when the row
  is empty: "il se peut qu'il n'y ai plus de cartes à récupérer").
* Évêque: after placing its token, "récupérez une carte" — exactly one if any is left.
* Général: "Choisissez 3 emplacements de cartes consécutifs, récupérez toutes les cartes s'y
  trouvant (0, 1, 2 ou 3 cartes selon les emplacements choisis)" — any window of 3
  consecutive places among the 7 (1-3 .. 5-7; windows do not wrap or run past the row's
  ends), and *all* the cards still in it; an empty window is allowed (the text says 0).
* Princesse: "jusqu'à 2 cartes" — 1 or 2 (at least one when any is left, as for the Roi).
* Chevalier: as the Général with 2 consecutive places (1-2 .. 6-7).
* Marchand: "Récupérez 1 carte de votre choix" — exactly one if any is left.
* Paysan: "Récupérez une des 2 cartes indiquées" — the card at one of the two places printed
  on it, if either still holds one; nothing if both were taken.

A take is a set of cards (ascending tuple); which cards go into the hand is chosen apart
(:func:`keep_options`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ludivox.engines.seven_kingdoms.components import (
    CHEVALIER,
    EVEQUE,
    GENERAL,
    MARCHAND,
    PAYSAN,
    PLACES,
    PRINCESSE,
    ROI,
    TitleCard,
)
from ludivox.engines.seven_kingdoms.state import HAND_LIMIT

Row = tuple[int | None, ...]


@dataclass(frozen=True)
class Power:
    """How a rank takes: ``least``..``most`` cards of the player's choice, or a ``window`` of
    consecutive places, or (``paysan``) one of the card's two printed places."""

    least: int = 0
    most: int = 0
    window: int = 0
    paysan: bool = False


POWERS: dict[str, Power] = {
    ROI: Power(least=1, most=4),
    EVEQUE: Power(least=1, most=1),
    GENERAL: Power(window=3),
    PRINCESSE: Power(least=1, most=2),
    CHEVALIER: Power(window=2),
    MARCHAND: Power(least=1, most=1),
    PAYSAN: Power(least=1, most=1, paysan=True),
}


def available(row: Row) -> list[tuple[int, int]]:
    """``(place, card)`` for every place still holding a card, place 1 first."""
    return [(i + 1, card) for i, card in enumerate(row) if card is not None]


def place_of(row: Row, card: int) -> int | None:
    """The place (1..7) holding ``card``, or ``None``."""
    for i, c in enumerate(row):
        if c == card:
            return i + 1
    return None


def windows(row: Row, width: int) -> list[tuple[int, tuple[int, ...]]]:
    """``(first place, cards in it ascending)`` for every window of ``width`` places."""
    out: list[tuple[int, tuple[int, ...]]] = []
    for start in range(1, PLACES - width + 2):
        cards = tuple(sorted(c for c in row[start - 1 : start - 1 + width] if c is not None))
        out.append((start, cards))
    return out


def take_sets(row: Row, played: TitleCard) -> list[tuple[int, ...]]:
    """Every set of cards the player of ``played`` may take now (no duplicates)."""
    power = POWERS[played.rank]
    cards = sorted(c for _, c in available(row))
    if power.window:
        found: dict[tuple[int, ...], None] = {}
        for _, content in windows(row, power.window):
            found.setdefault(content, None)
        return list(found)
    if power.paysan:
        shown = sorted(c for p in played.places if (c := row[p - 1]) is not None)
        return [(c,) for c in shown] or [()]
    if not cards:
        return [()]
    out: list[tuple[int, ...]] = []
    for size in range(power.least, min(power.most, len(cards)) + 1):
        out.extend(combinations(cards, size))
    return out


def keep_options(cards: tuple[int, ...], hand_size: int) -> list[tuple[int, ...]]:
    """Every subset of ``cards`` that may go into a hand of ``hand_size`` cards (limit 3)."""
    room = max(0, HAND_LIMIT - hand_size)
    out: list[tuple[int, ...]] = []
    for size in range(min(room, len(cards)) + 1):
        out.extend(combinations(cards, size))
    return out
