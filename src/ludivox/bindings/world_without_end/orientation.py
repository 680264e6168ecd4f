"""Turning the event card by voice: by the Council's number, by who the arrow points at ("la
flèche vers moi", "vers le côté vide"), or by what players get ("la pierre pour le joueur
deux, le point pour moi", "tourne pour que j'aie la laine")."""

from __future__ import annotations

from ludivox.engines.world_without_end import Orient, WweEngine, WweState
from ludivox.engines.world_without_end.flow import side_of
from ludivox.engines.world_without_end.legal import SIDES
from ludivox.table import slots
from ludivox.table.binding import IntentLike, Interpretation, Line, Proposal, Refusal


def target_seat(state: WweState, who: str | None, number: int | None,
                seat: int, named: int | None = None) -> int | Refusal | None:
    """The seat named: "moi", "mon voisin de gauche", "le joueur deux", or a name (the
    session hears "Anne" as the word ``joueur``: ``named`` is her seat); a seat said with a
    name ("le troisième joueur Léa", "le deuxième joueur, moi") must be that player's."""
    if number is not None and who in ("named", "me"):
        player = named if who == "named" else seat
        if player is not None and player != number - 1:
            return Refusal((Line("refusal.seat_not_named", {}, seat),))
    if who == "named":
        if named is None:
            return Refusal((Line("orient_say_name", {}, seat),))
        return named
    if number is not None:
        if not 1 <= number <= state.players:
            return Refusal((Line("no_such_player", {"seat": number,
                                                    "players": state.players}, seat),))
        return number - 1
    if who in (None, "me"):
        return seat
    if who not in ("left", "right", "front"):
        return None  # "le côté vide" is no seat
    step = {"left": 1, "right": -1, "front": 2}[who]
    if state.players == 2:
        return (seat + 1) % 2 if who == "front" else None
    if who == "front" and state.players == 3:
        return None
    return (seat + step) % state.players


def orient(engine: WweEngine, state: WweState, intent: IntentLike, seat: int,
           named: int | None = None) -> Interpretation:
    """The turns of the event card an ``orient_*`` intent said by ``seat`` asks for (``named``:
    the seat of the player named in it)."""
    name = intent.name
    if name == "orient_number":
        arrow = slots.number(intent, "arrow") or 0
        return Proposal(tuple(Orient(s) for s in range(4)
                              if engine.components.council[s] == arrow) or (Orient(arrow),))
    if name == "orient_to" and slots.word(intent, "who") == "nobody":
        empty = tuple(Orient(side) for side in range(SIDES)
                      if side not in {side_of(s, state.players) for s in range(state.players)})
        return Proposal(empty) if empty else Refusal((Line("orient_nothing_fits", {}, seat),))
    if name == "orient_to":
        target = target_seat(state, slots.word(intent, "who"),
                             slots.number(intent, "seat"), seat, named)
        if isinstance(target, Refusal):
            return target
        if target is None:
            return Refusal((Line("orient_nobody_there", {}, seat),))
        side = side_of(target, state.players)
        res = slots.word(intent, "res1")  # "..., je veux la laine": the turn must give it
        if res is not None and state.phase == "orient" and state.council is not None and not any(
                o["side"] == side and o["incomes"][seat].get(res)
                for o in engine.view(state, None)["orientations"]):
            return Refusal((Line("orient_nothing_fits", {}, seat),))
        return Proposal((Orient(side),))
    wanted: list[tuple[str, int]] = []
    for i in ("1", "2"):
        res = slots.word(intent, f"res{i}")
        if res is None:
            continue
        target = target_seat(state, slots.word(intent, f"who{i}"),
                             slots.number(intent, f"seat{i}"), seat, named)
        if isinstance(target, Refusal):
            return target
        if target is None:
            return Refusal((Line("orient_nobody_there", {}, seat),))
        wanted.append((res, target))
    if state.phase != "orient" or state.council is None:
        return Proposal((Orient(0),))  # refused by the engine: not the moment
    options = engine.view(state, None)["orientations"]
    sides = tuple(Orient(o["side"]) for o in options
                  if all(o["incomes"][s].get(r) for r, s in wanted))
    if not sides:
        return Refusal((Line("orient_nothing_fits", {}, seat),))
    return Proposal(sides)


__all__ = ["orient", "target_seat"]
