"""What a seat (or the whole table) may know: :func:`view` is JSON-compatible.

Public: the blason cards and their tokens, the row, the cards above the blasons, the face-up
tokens, how many cards and tokens are face down, every kingdom, each card played this round,
each hand's size and the hand cards the table saw being taken from the row (``seen``).
Private to a seat: the rest of its own hand. Never shown: the order of the draw pile and of
the face-down tokens, other seats' secret hand cards.
"""

from __future__ import annotations

from typing import Any

from ludivox.engines.seven_kingdoms.components import Components
from ludivox.engines.seven_kingdoms.flow import awaiting
from ludivox.engines.seven_kingdoms.scoring import score
from ludivox.engines.seven_kingdoms.state import OVER, SevenKingdomsState


def view(state: SevenKingdomsState, seat: int | None, components: Components) -> dict[str, Any]:
    """What ``seat`` may know (``None``: what the whole table may hear)."""
    result = score(state, components) if state.phase == OVER else None
    now = awaiting(state, result.winners if result else ())
    out: dict[str, Any] = {
        "game": "seven_kingdoms",
        "mode": state.mode,
        "players": state.players,
        "round": state.round,
        "phase": now.phase,
        "awaiting": {
            "seats": list(now.seats),
            "kinds": sorted(now.kinds),
            "world": now.world,
            "game_over": now.game_over,
        },
        "first": state.first,
        "resolving": {"seat": state.order[0], "card": state.resolving_card}
        if state.order and state.resolving_card is not None
        else None,
        "order": list(state.order),
        "blasons": [
            {"position": i + 1, "blason": b, "token": state.tokens_placed[i]}
            for i, b in enumerate(state.blasons)
        ],
        "row": list(state.row),
        "above": list(state.above),
        "pile": state.pile_size,
        "tokens": {"revealed": list(state.tokens_revealed), "face_down": state.tokens_face_down},
        "discard": list(state.discard),
        "seats": [
            {
                "seat": i,
                "hand_count": s.hand_size,
                "seen": list(s.seen),
                "kingdom": list(s.kingdom),
                "played": s.played,
                "sat_out": s.sat_out,
            }
            for i, s in enumerate(state.seats)
        ],
        "end": state.end or None,
    }
    if seat is not None and 0 <= seat < state.players:
        own = state.seats[seat]
        out["seat"] = seat
        out["hand"] = list(own.hand)
        out["hand_unknown"] = own.unknown
    if result is not None:
        out["result"] = {
            "scores": [line.total for line in result.lines],
            "kings": [line.kings for line in result.lines],
            "winners": list(result.winners),
            "lines": [
                {
                    "seat": line.seat,
                    "cards": line.cards,
                    "doubled": line.doubled,
                    "tokens": list(line.tokens),
                    "token_points": line.token_points,
                    "peasant_bonus": line.peasant_bonus,
                    "blason_bonus": line.blason_bonus,
                    "total": line.total,
                }
                for line in result.lines
            ],
            "awards": [
                {
                    "position": a.position,
                    "blason": a.blason,
                    "token": a.token,
                    "seat": a.seat,
                    "counts": list(a.counts),
                }
                for a in result.awards
            ],
        }
    return out
