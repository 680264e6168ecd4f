"""7 Kingdoms title cards from the facts printed on them, as an NFC chip (« puce ») may carry
them, so that a chipped deck needs no card table.

:func:`card_from_facts` builds one card from the facts of its chip (a small dict, whatever the
tag format turns out to be); :func:`with_printed_cards` puts printed cards into a set of
components; :func:`deck_from_facts` builds the whole deck from the 49 chips. Every refusal is
a :class:`CardFactsError` (a ``ValueError``) whose message is a French sentence for the person
scanning the deck: which card, what is wrong, what to do.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

from ludivox.engines.seven_kingdoms.components import (
    BLASON_COUNT,
    CARD_COUNT,
    PLACES,
    RANKS,
    Components,
    TitleCard,
    rank_of,
)
from ludivox.gamedata.seven_kingdoms_french import (
    blason_range,
    card_range,
    missing_cards,
    normalise_rank,
    places_problem,
    rank_clash,
    rank_name,
    rank_span,
    ranks_lacking,
    shown,
)


class CardFactsError(ValueError):
    """The facts read from a card's chip do not describe a 7 Kingdoms title card; the
    message says so in French."""


_PREFIXED = re.compile(r"(?:(card|blason):)?(\d+)")
_EXAMPLE = {"number": "44 ou card:44", "blason": "3 ou blason:3"}
_NAMES = {"number": "numéro de carte", "blason": "numéro de blason"}


def _fact_int(facts: Mapping[str, object], key: str, prefix: str, where: str) -> int:
    if key not in facts:
        raise CardFactsError(f"{where} : le {_NAMES[key]} manque (« {key} ») ; réécris la puce "
                             "de cette carte")
    raw = facts[key]
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        m = _PREFIXED.fullmatch(raw.strip().lower())
        if m and m.group(1) in (None, prefix):
            return int(m.group(2))
    raise CardFactsError(f"{where} : le {_NAMES[key]} est illisible ({shown(raw)}) ; il faut "
                         f"par exemple {_EXAMPLE[key]} : réécris la puce de cette carte")


def _fact_places(facts: Mapping[str, object], where: str) -> tuple[int, ...]:
    raw = facts.get("places")
    if raw is None:
        return ()
    items: list[object]
    if isinstance(raw, str):
        items = [x for x in re.split(r"[\s,;/-]+", raw.strip()) if x]
    elif isinstance(raw, list | tuple):
        items = list(raw)
    else:
        items = [raw]
    places: list[int] = []
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool):
            places.append(item)
        elif isinstance(item, str) and item.strip().isdecimal():
            places.append(int(item))
        else:
            raise CardFactsError(
                f"{where} : une place est illisible ({shown(item)}) ; un Paysan montre deux "
                f"numéros de place de 1 à {PLACES}, par exemple 2,5 : réécris la puce")
    return tuple(places)


def card_from_facts(facts: Mapping[str, object]) -> TitleCard:
    """One title card from the facts printed on it (as a chip carries them).

    Keys: ``number`` (1..49, or ``"card:44"``), ``blason`` (1..7, or ``"blason:3"``),
    ``places`` (a Paysan's two places: a list, or ``"2,5"``), optionally ``rank`` (checked
    against the number). Other keys are ignored. Raises :class:`CardFactsError`.
    """
    number = _fact_int(facts, "number", "card", "puce de carte")
    if not 1 <= number <= CARD_COUNT:
        raise CardFactsError(f"puce de carte : il n'y a pas de carte {number} ({card_range()}) "
                             "; réécris la puce de cette carte")
    where = f"carte {number}"
    blason = _fact_int(facts, "blason", "blason", where)
    if not 1 <= blason <= BLASON_COUNT:
        raise CardFactsError(f"{where} : il n'y a pas de blason {blason} ({blason_range()}) ; "
                             "réécris la puce avec le blason imprimé sur la carte")
    rank = rank_of(number)
    if "rank" in facts and normalise_rank(str(facts["rank"])) != rank:
        raise CardFactsError(
            f"{where} : c'est {rank_name(rank, 'a')}, pas {shown(facts['rank'])} "
            f"({rank_span(rank)}) ; réécris la puce de cette carte")
    card = TitleCard(number, blason, _fact_places(facts, where))
    problem = places_problem(card, chip=True)
    if problem is not None:
        raise CardFactsError(problem)
    return card


def with_printed_cards(base: Components, cards: Iterable[TitleCard]) -> Components:
    """``base`` with these printed (checked) cards in place; they are no longer provisional.

    To keep "one card of each rank per blason", a *provisional* card that held the printed
    card's blason for that rank swaps blasons with it. A conflict with a card that is not
    provisional raises ``ValueError`` (two printed facts disagree), in French.
    """
    table = {c.number: c for c in base.cards}
    provisional = set(base.provisional)
    for card in cards:
        problem = places_problem(card)
        if problem is not None:
            raise ValueError(f"carte {card.number} : {problem}")
        old = table[card.number]
        if old.blason != card.blason:
            rival = next(
                c
                for c in table.values()
                if c.rank == card.rank and c.blason == card.blason and c.number != card.number
            )  # exists: ``base`` has one card of each rank per blason
            if f"card:{rival.number}" not in provisional:
                raise ValueError(
                    f"la carte {card.number} montre le blason {card.blason}, mais la carte "
                    f"{rival.number}, déjà vérifiée, est {rank_name(card.rank, 'the')} de ce "
                    "blason ; vérifie le blason imprimé sur ces deux cartes")
            table[rival.number] = replace(rival, blason=old.blason)
        table[card.number] = card
        provisional.discard(f"card:{card.number}")
    cards_now = tuple(table[n] for n in sorted(table))
    _check_blasons(cards_now, ValueError)
    return replace(base, cards=cards_now, provisional=frozenset(provisional))


def deck_from_facts(facts: Iterable[Mapping[str, object]], base: Components) -> Components:
    """The whole deck from the 49 cards' printed facts; blasons and tokens come from ``base``.
    Raises :class:`CardFactsError` for a card given twice or missing, or blasons that do not
    each get one card of each rank."""
    cards: dict[int, TitleCard] = {}
    for one in facts:
        card = card_from_facts(one)
        if card.number in cards:
            raise CardFactsError(f"la carte {card.number} est lue deux fois : deux puces "
                                 "portent ce numéro ; réécris celle qui se trompe")
        cards[card.number] = card
    missing = [n for n in range(1, CARD_COUNT + 1) if n not in cards]
    if missing:
        raise CardFactsError(f"{missing_cards(missing)} dans le jeu à puces : lis aussi "
                             f"{'leurs puces' if len(missing) > 1 else 'sa puce'}")
    deck = tuple(cards[n] for n in range(1, CARD_COUNT + 1))
    _check_blasons(deck, CardFactsError)
    provisional = frozenset(k for k in base.provisional if not k.startswith("card:"))
    return Components(deck, base.blasons, base.tokens, provisional)


def _check_blasons(cards: Iterable[TitleCard], error: type[ValueError]) -> None:
    """One card of each rank per blason, or ``error`` saying (in French) where it fails."""
    holders: dict[tuple[int, str], int] = {}
    for card in cards:
        key = (card.blason, card.rank)
        if key in holders:
            raise error(rank_clash(card.blason, card.rank, holders[key], card.number))
        holders[key] = card.number
    for blason in range(1, BLASON_COUNT + 1):
        lacking = [r for r in RANKS if (blason, r) not in holders]
        if lacking:
            raise error(ranks_lacking(blason, lacking))


__all__ = ["CardFactsError", "card_from_facts", "deck_from_facts", "with_printed_cards"]
