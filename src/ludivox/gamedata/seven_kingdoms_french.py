"""The French sentences about 7 Kingdoms components, shared by the data file loader
(:mod:`ludivox.gamedata.seven_kingdoms`) and the NFC tag facts
(:mod:`ludivox.gamedata.seven_kingdoms_facts`).

The rules themselves stay in the engine (:func:`~ludivox.engines.seven_kingdoms.components.
place_problems`, :func:`~ludivox.engines.seven_kingdoms.components.token_problems`); this
module only says, in French, what a person must write to satisfy them. Each sentence says
what is wrong and what to do; the caller adds where (``file:line:col``, or the card). The
wording any game's data file needs (lists of numbers, values as written, unreadable files)
is in :mod:`ludivox.gamedata.french`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import yaml

from ludivox.engines.seven_kingdoms.components import (
    BLASON_COUNT,
    CARD_COUNT,
    MAX_POINTS,
    MIN_POINTS,
    PAYSAN,
    PLACES,
    POINTS,
    RANKS,
    BonusToken,
    TitleCard,
    place_problems,
    rank_numbers,
    token_problems,
)
from ludivox.gamedata.french import join, number_list, shown, unreadable

# rank id -> (a, the, his/her, name, plural), as printed on the cards
_RANK_WORDS: dict[str, tuple[str, str, str, str, str]] = {
    "roi": ("un", "le ", "son", "Roi", "Rois"),
    "eveque": ("un", "l'", "son", "Évêque", "Évêques"),
    "general": ("un", "le ", "son", "Général", "Généraux"),
    "princesse": ("une", "la ", "sa", "Princesse", "Princesses"),
    "chevalier": ("un", "le ", "son", "Chevalier", "Chevaliers"),
    "marchand": ("un", "le ", "son", "Marchand", "Marchands"),
    "paysan": ("un", "le ", "son", "Paysan", "Paysans"),
}
assert set(_RANK_WORDS) == set(RANKS)


def normalise_rank(name: str) -> str:
    """A rank id from a name as a person may write it (``"Évêque"`` -> ``"eveque"``)."""
    plain = unicodedata.normalize("NFD", name.strip().lower())
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def rank_name(rank: str, article: str = "", *, plural: bool = False) -> str:
    """The rank's printed name: ``"Évêque"``, ``"Évêques"`` (``plural``), or with an
    article: ``"a"`` -> ``"une Princesse"``, ``"the"`` -> ``"l'Évêque"``, ``"his"`` ->
    ``"sa Princesse"``."""
    a, the, his, name, names = _RANK_WORDS[rank]
    if plural:
        return names
    if article == "a":
        return f"{a} {name}"
    if article == "the":
        return f"{the}{name}"
    if article == "his":
        return f"{his} {name}"
    return name


def rank_span(rank: str) -> str:
    """``"les cartes 8 à 14 sont des Évêques"``: which numbers carry ``rank``."""
    numbers = rank_numbers(rank)
    return f"les cartes {numbers[0]} à {numbers[-1]} sont des {rank_name(rank, plural=True)}"










def missing_cards(numbers: Sequence[int]) -> str:
    """``"il manque la carte 30"`` / ``"il manque les cartes 30 à 35"``."""
    plural = "les cartes" if len(numbers) > 1 else "la carte"
    return f"il manque {plural} {number_list(numbers)}"


def card_range() -> str:
    """How title cards are numbered."""
    return f"les cartes sont numérotées de 1 à {CARD_COUNT}"


def blason_range() -> str:
    """How blasons are numbered."""
    return f"les blasons sont numérotés de 1 à {BLASON_COUNT}"


def places_problem(card: TitleCard, *, chip: bool = False) -> str | None:
    """What is wrong with ``card``'s places and what to write instead (in the data file, or
    on the card's ``chip``), or None when the engine accepts them (a Paysan shows two
    different places 1..7, other cards none)."""
    if not place_problems(card):
        return None
    if card.rank != PAYSAN:
        fix = "réécris sa puce sans places" if chip else "retire ses places"
        return (f"la carte {card.number} est {rank_name(card.rank, 'a')} : seules les cartes "
                f"Paysan montrent des places ; {fix}")
    shown = join([str(p) for p in card.places]) if card.places else "aucune"
    fix = ("réécris sa puce avec les deux places imprimées sur la carte, par exemple 2,5"
           if chip else "écris les deux places imprimées sur la carte, par exemple [2, 5]")
    return (f"le Paysan {card.number} montre deux places différentes, numérotées de 1 à "
            f"{PLACES} de gauche à droite (ici : {shown}) ; {fix}")


def token_problem(token: BonusToken) -> str | None:
    """What is wrong with one token's value, or None when the engine accepts it."""
    if not token_problems(token):
        return None
    if token.kind == POINTS:
        return (f"le jeton {token.id} rapporte de {MIN_POINTS} à {MAX_POINTS} points "
                f"(ici : {token.value}) ; corrige sa valeur (value)")
    return (f"le jeton {token.id} n'est pas un jeton de points : il n'a pas de valeur ; "
            "retire « value »")


def rank_clash(blason: int, rank: str, first: int, second: int) -> str:
    """Two cards of one rank carry the same blason."""
    return (f"le blason {blason} a deux {rank_name(rank, plural=True)} (cartes {first} et "
            f"{second}) ; chaque blason a une seule carte de chaque rang : vérifie le blason "
            "de ces deux cartes")


def ranks_lacking(blason: int, lacking: Sequence[str]) -> str:
    """A blason without a card of some ranks."""
    names = join([rank_name(r) for r in lacking])
    return (f"il manque au blason {blason} : {names} ; chaque blason a une carte de chaque "
            "rang : vérifie le blason des cartes de ce rang")




# --- YAML syntax ------------------------------------------------------------------------------
# PyYAML's problem texts (English) -> what to do, in French. The first fragment found wins.
_SYNTAX: tuple[tuple[str, str], ...] = (
    ("'\\t'", "tabulation interdite : indente avec des espaces"),
    ("tab character", "tabulation interdite : indente avec des espaces"),
    ("could not find expected ':'", "il manque « : » entre une clé et sa valeur"),
    ("mapping values are not allowed", "« : » inattendu ici : vérifie l'indentation de "
     "la ligne, ou mets la valeur entre guillemets"),
    ("expected ',' or ']'", "il manque « , » ou « ] » dans la liste entre crochets"),
    ("expected ',' or '}'", "il manque « , » ou « } » dans la table entre accolades"),
    ("end of stream", "le fichier se termine avant la fin d'un texte entre guillemets ou "
     "d'une liste : ferme-les"),
    ("another document", "un seul document par fichier : retire le second « --- »"),
    ("undefined alias", "alias « * » inconnu : écris la valeur elle-même"),
    ("cannot start any token", "caractère inattendu au début d'une valeur : mets la valeur "
     "entre guillemets"),
    ("expected key", "indentation incohérente : aligne cette ligne sur ses voisines"),
    ("block end", "indentation incohérente : aligne cette ligne sur ses voisines"),
    ("'-' indicator", "indentation incohérente : aligne cette ligne sur ses voisines"),
    ("node content", "une valeur manque ici"),
)


def yaml_problem(exc: yaml.YAMLError) -> str:
    """A French sentence for a YAML syntax error (its position is given by the caller)."""
    problem = str(getattr(exc, "problem", "") or "")
    for fragment, sentence in _SYNTAX:
        if fragment in problem:
            return f"syntaxe YAML : {sentence}"
    return "syntaxe YAML incorrecte : compare cette ligne avec ses voisines"


__all__ = [
    "blason_range",
    "card_range",
    "join",
    "missing_cards",
    "normalise_rank",
    "number_list",
    "places_problem",
    "rank_clash",
    "rank_name",
    "rank_span",
    "ranks_lacking",
    "shown",
    "token_problem",
    "unreadable",
    "yaml_problem",
]
