"""An Un monde sans fin event card's NFC tag carrying the facts printed on it, so that a
tagged deck needs no data table (as :mod:`ludivox.gamedata.seven_kingdoms_facts` for 7
Kingdoms' chips).

The tag's payload (:mod:`ludivox.nfc.payload`) is ``ludivox:monde-sans-fin/printed/<facts>``;
the facts are the card's number, then ``;``-separated printed facts::

    12;p=2;c=stone:1+grain:1,gold:2,vp:1,wool:1;bleue;lieu=3

* ``p`` the period (1 to 4);
* ``c`` the four corners' incomes, clockwise from the corner the red arrow points at (as
  :mod:`ludivox.engines.world_without_end.components` orders them), ``+`` joining the
  resources of one corner (ids ``stone``, ``wood``, ``grain``, ``wool``, ``cloth``, ``gold``,
  ``piety``, ``medicine``, ``loyalty``, ``metal``, ``vp``);
* ``bleue`` when the card is lasting (a blue card), nothing when it is immediate;
* ``lieu`` the plague place (1 to 11) printed on the cards of periods III and IV.

The effect is not carried: a card whose facts match the data file is played with the data's
effect; otherwise the players carry its effect out (``said``). Every problem is an
:class:`~ludivox.engines.world_without_end.facts.EventFactsError` whose message is a French
phrase for the player holding the card.
"""

from __future__ import annotations

from ludivox.engines.world_without_end.components import (
    CARDS_PER_PERIOD,
    GAINS,
    PERIODS,
    PLAGUE_PLACES,
    EventCard,
    Gain,
)
from ludivox.engines.world_without_end.facts import EventFactsError, event_from_facts

KIND = "printed"
"""The payload kind of a tag carrying the facts (``ludivox:monde-sans-fin/printed/...``)."""
LASTING = "bleue"
PLAGUE_FROM = 3
CARDS = PERIODS * CARDS_PER_PERIOD


def tag_facts(card: EventCard) -> str:
    """The facts part of the tag of ``card`` (what :func:`card_from_tag` reads back)."""
    corners = ",".join("+".join(f"{r}:{n}" for r, n in corner) or "vp:0"
                       for corner in card.corners)
    parts = [str(card.number), f"p={card.period}", f"c={corners}"]
    if card.lasting:
        parts.append(LASTING)
    if card.place:
        parts.append(f"lieu={card.place}")
    return ";".join(parts)


def card_from_tag(value: str) -> EventCard:
    """The event card whose printed facts a tag carries (its effect left to the players).

    Raises :class:`EventFactsError` with a French phrase saying what is wrong."""
    number_text, *parts = [p.strip() for p in value.split(";")]
    if not number_text.isdecimal() or not 1 <= int(number_text) <= CARDS:
        raise EventFactsError(f"la puce doit commencer par le numéro de la carte, de 1 à {CARDS}")
    facts: dict[str, object] = {"number": int(number_text), "lasting": False}
    for part in parts:
        key, equal, raw = part.partition("=")
        if key == LASTING and not equal:
            facts["lasting"] = True
        elif key == "p" and raw.isdecimal():
            facts["period"] = int(raw)
        elif key == "lieu" and raw.isdecimal():
            facts["place"] = int(raw)
        elif key == "c" and raw:
            facts["corners"] = _corners(raw)
        else:
            raise EventFactsError(f"l'indication « {part} » ne se comprend pas")
    period = facts.get("period")
    if not isinstance(period, int) or not 1 <= period <= PERIODS:
        raise EventFactsError(f"la période doit être un nombre de 1 à {PERIODS}")
    if "corners" not in facts:
        raise EventFactsError("les quatre coins de la carte manquent")
    place = facts.get("place", 0)
    plague = period >= PLAGUE_FROM
    if plague != (isinstance(place, int) and 1 <= place <= PLAGUE_PLACES):
        raise EventFactsError(
            f"une carte des périodes trois et quatre a un lieu de peste de 1 à {PLAGUE_PLACES}"
            if plague else "une carte des périodes un et deux n'a pas de lieu de peste")
    return event_from_facts(facts)


def _corners(raw: str) -> list[str]:
    corners = raw.split(",")
    if len(corners) != 4:
        raise EventFactsError(f"il faut quatre coins, la puce en donne {len(corners)}")
    for corner in corners:
        for item in corner.split("+"):
            resource, _, amount = item.partition(":")
            if resource not in GAINS or not amount.isdecimal():
                raise EventFactsError(f"le revenu « {item} » ne se comprend pas")
    return corners


def same_facts(card: EventCard, known: EventCard) -> bool:
    """Whether two cards print the same facts (period, lasting, corners, plague place)."""
    def corners(c: EventCard) -> tuple[Gain, ...]:
        return tuple(tuple(x for x in corner if x[1]) for corner in c.corners)

    return (card.period, card.lasting, corners(card), card.place) == (
        known.period, known.lasting, corners(known), known.place)


__all__ = ["KIND", "EventFactsError", "card_from_tag", "same_facts", "tag_facts"]
