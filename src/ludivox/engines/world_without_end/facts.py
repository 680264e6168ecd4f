"""An event card from the facts printed on it, as an NFC tag carries them: a tagged deck
needs no data table for its corners, lasting mark and plague place."""

from __future__ import annotations

from collections.abc import Mapping

from ludivox.engines.world_without_end.components import (
    CARDS_PER_PERIOD,
    GAINS,
    PERIODS,
    PLAGUE_PLACES,
    EventCard,
    Gain,
    Op,
    gain_of,
)

RES_NAMES = ", ".join(GAINS)


class EventFactsError(ValueError):
    """The facts read from a tag do not describe an event card (message in French)."""


def event_from_facts(facts: Mapping[str, object]) -> EventCard:
    """One event card from the facts printed on it, as a tag carries them.

    Keys: ``number``, ``period`` (1..4), ``name``, ``lasting`` (bool or "oui"/"non"),
    ``corners`` (four incomes, e.g. ``"stone:1 grain:1 gold:2 vp:1"`` or a list of
    mappings), ``place`` (1..11, periods III-IV). The effect is not printed in a form a tag
    can carry: it is left to the data file or to the players (``said``). Raises
    :class:`EventFactsError` in French.
    """
    def bad(message: str) -> EventFactsError:
        return EventFactsError(f"carte événement {dict(facts)!r} : {message}")

    def number(key: str, allowed: range) -> int:
        raw = facts.get(key)
        if isinstance(raw, str) and raw.strip().isdecimal():
            raw = int(raw)
        if isinstance(raw, bool) or not isinstance(raw, int) or raw not in allowed:
            raise bad(f"{key} doit être un nombre de {allowed.start} à {allowed.stop - 1}")
        return raw

    card_number = number("number", range(1, PERIODS * CARDS_PER_PERIOD + 1))
    period = number("period", range(1, PERIODS + 1))
    lasting_raw = facts.get("lasting", False)
    if isinstance(lasting_raw, str):
        lasting_raw = lasting_raw.strip().lower() in ("oui", "true", "bleue", "1")
    corners_raw = facts.get("corners")
    items: list[object] = []
    if isinstance(corners_raw, str):
        items.extend(corners_raw.split())
    elif isinstance(corners_raw, list | tuple):
        items.extend(corners_raw)
    corners: list[Gain] = []
    for item in items:
        pairs: dict[str, int] = {}
        if isinstance(item, str):
            for part in item.split("+"):
                res, _, amount = part.partition(":")
                if res not in GAINS or not amount.isdecimal():
                    raise bad(f"revenu {item!r} illisible (ressources : {RES_NAMES})")
                pairs[res] = int(amount)
        elif isinstance(item, Mapping):
            for res, amount in item.items():
                if res not in GAINS or not isinstance(amount, int):
                    raise bad(f"revenu {dict(item)!r} illisible")
                pairs[str(res)] = amount
        corners.append(gain_of(pairs))
    if len(corners) != 4:
        raise bad("il faut les 4 coins de la carte")
    place = number("place", range(1, PLAGUE_PLACES + 1)) if period >= 3 else 0
    return EventCard(card_number, period, str(facts.get("name") or f"carte {card_number}"),
                     bool(lasting_raw), (corners[0], corners[1], corners[2], corners[3]),
                     place, (Op("said"),))


