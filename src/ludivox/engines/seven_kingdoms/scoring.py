"""Final scoring (rulebook, "Fin de la partie" and "Calcul des scores").

* Majorities: "Le joueur qui a validé le plus de carte d'un même blason peut prendre le jeton
  bonus sur la carte blason correspondante. En cas d'égalité, personne ne prend le jeton
  bonus." Nobody takes it either when nobody validated a card of that blason.
* Cards: 1 point each, Roi 2. The x2 token doubles the points of its owner's cards carrying
  the blason the token was on ("le roi portant ce blason vaut 4 points").
* Points tokens add their value; the peasant token adds 1 per validated Paysan card; the
  blason token adds 1 per different blason among the validated cards.
* Winner: most points; then most Roi cards; "Si l'égalité persiste, tous les joueurs
  concernés gagnent la partie."

Only validated cards count (``score`` is meant for a finished game, whose hands have been
validated; during play it gives what the kingdoms are worth so far). Tokens that were never
placed on a blason card (the eighth, or those left when the game ended early) score nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludivox.engines.seven_kingdoms.components import (
    BLASONS,
    DOUBLE,
    PAYSAN,
    PEASANTS,
    POINTS,
    ROI,
    Components,
    TitleCard,
)
from ludivox.engines.seven_kingdoms.state import SevenKingdomsState

KING_POINTS = 2


@dataclass(frozen=True)
class Award:
    """Who took the token on the blason card at ``position`` (``seat`` None: nobody)."""

    position: int
    blason: int
    token: str | None
    seat: int | None
    counts: tuple[int, ...]


@dataclass(frozen=True)
class ScoreLine:
    """One seat's score, broken down as a player would count it."""

    seat: int
    cards: int  # points of the validated cards (Roi 2, others 1), before doubling
    kings: int
    doubled: int  # extra points from x2 tokens
    tokens: tuple[str, ...]  # tokens taken, by position
    token_points: int  # +1..+5 tokens
    peasant_bonus: int
    blason_bonus: int

    @property
    def total(self) -> int:
        """The seat's final score."""
        return (
            self.cards + self.doubled + self.token_points + self.peasant_bonus + self.blason_bonus
        )


@dataclass(frozen=True)
class Result:
    """Every seat's score line, the majority awards, and the winner(s)."""

    lines: tuple[ScoreLine, ...]
    awards: tuple[Award, ...]
    winners: tuple[int, ...]


def card_points(card: TitleCard) -> int:
    """What one validated card is worth before doubling."""
    return KING_POINTS if card.rank == ROI else 1


def majorities(state: SevenKingdomsState, components: Components) -> tuple[Award, ...]:
    """The majority of each blason card (position I first) and who takes its token."""
    awards: list[Award] = []
    for position, blason in enumerate(state.blasons, start=1):
        counts = tuple(
            sum(1 for c in s.kingdom if components.card(c).blason == blason) for s in state.seats
        )
        best = max(counts, default=0)
        leaders = [i for i, n in enumerate(counts) if n == best]
        seat = leaders[0] if best > 0 and len(leaders) == 1 else None
        token = state.tokens_placed[position - 1] if position <= len(state.tokens_placed) else None
        awards.append(Award(position, blason, token, seat, counts))
    return tuple(awards)


def score(state: SevenKingdomsState, components: Components) -> Result:
    """Score every seat's kingdom with the tokens won by majority."""
    awards = majorities(state, components)
    lines: list[ScoreLine] = []
    for index, seat in enumerate(state.seats):
        cards = [components.card(c) for c in seat.kingdom]
        won = [(a, a.token) for a in awards if a.seat == index and a.token is not None]
        doubled = token_points = peasant = blason_bonus = 0
        for award, token_id in won:
            token = components.token(token_id)
            if token.kind == DOUBLE:
                doubled += sum(card_points(c) for c in cards if c.blason == award.blason)
            elif token.kind == POINTS:
                token_points += token.value
            elif token.kind == PEASANTS:
                peasant += sum(1 for c in cards if c.rank == PAYSAN)
            elif token.kind == BLASONS:
                blason_bonus += len({c.blason for c in cards})
        lines.append(
            ScoreLine(
                seat=index,
                cards=sum(card_points(c) for c in cards),
                kings=sum(1 for c in cards if c.rank == ROI),
                doubled=doubled,
                tokens=tuple(token_id for _, token_id in won),
                token_points=token_points,
                peasant_bonus=peasant,
                blason_bonus=blason_bonus,
            )
        )
    return Result(tuple(lines), awards, winners(lines))


def winners(lines: list[ScoreLine] | tuple[ScoreLine, ...]) -> tuple[int, ...]:
    """Most points, then most Roi cards; whoever is still tied wins together."""
    best = max((line.total, line.kings) for line in lines)
    return tuple(line.seat for line in lines if (line.total, line.kings) == best)
