"""Un monde sans fin's things in words: resources and amounts, incomes, action cards,
projects, favours, contributions, and an event card's effect in its vocabulary of
operations (lines whose sentences are the grammar's ``name.*`` and ``op.*`` responses)."""

from __future__ import annotations

from typing import Any

from ludivox.engines.world_without_end.components import EventCard, Gain, Op
from ludivox.table.binding import Line


def res_line(resource: str) -> Line:
    """ "laine", "or"... for a resource id."""
    return Line("name.resource", {"resource": resource})


def amount_line(resource: str, amount: int) -> Line:
    """ "trois laines", "un bois"... """
    return Line("name.amount", {"resource": resource, "amount": amount})


def gain_line(gain: Gain | dict[str, int]) -> Line:
    """ "une pierre et deux points", or "rien"."""
    pairs = list(gain.items()) if isinstance(gain, dict) else list(gain)
    items = tuple(amount_line(r, n) for r, n in pairs if n)
    return Line("name.gain", {"items": items}) if items else Line("name.nothing")


def card_line(card: str) -> Line:
    """ "la récolte"... for an action card id."""
    return Line("name.card", {"card": card})


def project_line(project: str) -> Line:
    """ "le pont"... for a project id."""
    return Line("name.project", {"project": project})


def favour_line(favour: str | None) -> Line:
    """ "le roi, un point par loyauté", or "rien" when the marker does not move."""
    return Line("name.favour", {"favour": favour}) if favour else Line("name.nothing")


def due_line(due: str) -> Line:
    """ "la piété", "le blé", "l'impôt"."""
    return Line("name.due", {"due": due})


def op_line(op: Op) -> Line:
    who = Line("name.who", {"who": op.who})
    kind = op.kind
    if kind in ("gain", "lose"):
        return Line(f"op.{kind}", {"who": who, "gain": gain_line(op.get or op.give)})
    if kind == "exchange":
        return Line("op.exchange", {"who": who, "give": gain_line(op.give),
                                    "get": gain_line(op.get)})
    if kind == "lose_one":
        return Line("op.lose_one", {"who": who,
                                    "options": tuple(res_line(r) for r in op.options)})
    if kind in ("cover", "uncover"):
        head, _, rest = op.target.partition(":")
        target: Any = (project_line(rest) if head == "project" else favour_line(rest)
                       if head == "favour" else Line("name.target", {"target": op.target}))
        return Line(f"op.{kind}", {"target": target})
    if kind in ("project", "cover_others", "complete"):
        return Line(f"op.{kind}", {"project": project_line(op.target)})
    if kind == "remove_house":
        return Line("op.remove_house", {"who": who})
    if kind == "renounce_gain":
        return Line("op.renounce_gain", {"gain": gain_line(op.get)})
    if kind == "card_bonus":
        return Line("op.card_bonus", {"card": card_line(op.card), "gain": gain_line(op.get)})
    if kind == "card_blocked":
        return Line("op.card_blocked", {"card": card_line(op.card)})
    if kind == "wool_price":
        return Line("op.wool_price", {"amount": op.amount})
    if kind == "pardon":
        return Line("op.pardon")
    return Line("op.said")

def effect_line(card: EventCard) -> Line:
    """What the card does, in the vocabulary of operations."""
    if card.said:
        return Line("event_effect.said")
    if not card.ops:
        return Line("event_effect.none")
    return Line("event_effect.ops", {"items": tuple(op_line(op) for op in card.ops)})


__all__ = ["amount_line", "card_line", "due_line", "effect_line", "favour_line", "gain_line",
           "op_line", "project_line", "res_line"]
