"""Goods said alone ("une laine", "deux laines et un tissu", "un bois"): the choices of the
card said before them, read as that card's own sentence ("je vends une laine")."""

from __future__ import annotations

from ludivox.engines.world_without_end import Play
from ludivox.engines.world_without_end.state import SeatState
from ludivox.table import slots
from ludivox.table.binding import IntentLike

# the intent of each card that takes goods (as the binding's CARD_OF, read the other way)
GOODS_OF = {"vente": "play_sale", "projet": "play_project", "tissu": "play_cloth",
            "materiau": "play_material"}
_SLOTS = {"play_sale": {"wool", "cloth"}, "play_project": {"stone", "wood"},
          "play_cloth": {"wool"}}


def goods_as(card: str, intent: IntentLike) -> IntentLike | None:
    """Goods said alone ("une laine", "un bois") read as the choices of ``card``: a sale,
    the materials of a project, the wool made cloth, the one material taken; None when
    ``card`` takes no goods or these are not a choice of it."""
    name = GOODS_OF.get(card)
    values = dict(intent.slots)
    if name is None:
        return None
    if card == "materiau":
        said = [k for k in ("stone", "wood") if k in values]
        if len(values) != 1 or len(said) != 1 or slots.number(intent, said[0]) != 1:
            return None
        values = {"material": f"res:{said[0]}"}
    elif not set(values) <= _SLOTS.get(name, set()):
        return None
    return slots.Said(name, values, intent.text, intent.cost)


def counted(intent: IntentLike, own: SeatState) -> IntentLike:
    """« Toutes mes laines », « tout mon bois »: each good said as all of it (the grammar's
    ``all``) counted in ``own``'s stock; ``intent`` itself when none is."""
    found = {k: f"amount:{own.has(k)}" for k in ("wool", "cloth", "stone", "wood")
             if slots.words(intent, k) == ("all",)}
    if not found:
        return intent
    return slots.Said(intent.name, {**dict(intent.slots), **found}, intent.text, intent.cost)


def plays_goods(play: Play, said: IntentLike) -> bool:
    """Whether ``play`` uses exactly the goods ``said`` (as :func:`goods_as` reads them)."""
    if play.card == "materiau":
        return play.material == slots.word(said, "material")
    return all(getattr(play, k) == (slots.number(said, k) or 0)
               for k in ("stone", "wood", "wool", "cloth"))


__all__ = ["GOODS_OF", "counted", "goods_as", "plays_goods"]
