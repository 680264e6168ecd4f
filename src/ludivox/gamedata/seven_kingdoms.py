"""Load and check the 7 Kingdoms components (``seven_kingdoms.yaml``).

File format (see the header of ``seven_kingdoms.yaml`` for how to correct it)::

    format: 1
    game: seven_kingdoms                          # optional
    blasons:
      provisional: true                           # section default (false if absent)
      items:
        - {id: 1, name: null}                     # ids 1..7, optional display name
    cards:
      provisional: true
      items:
        - {number: 1, rank: roi, blason: 1}       # rank optional, checked against the number
        - {number: 43, blason: 1, places: [1, 4], provisional: false}   # Paysan: two places
    tokens:
      provisional: true
      items:
        - {id: x2, kind: double}                  # kinds: double, points, peasants, blasons
        - {id: "+1", kind: points, value: 1}      # points: value 1..5

Every item may carry its own ``provisional:``, which wins over its section's. The loader
reports every problem at once, in French, each with its line and column
(:class:`SevenKingdomsDataError`): a malformed item, an unknown key, a duplicate, a card whose
blason already has a card of that rank, a blason missing a rank, a Paysan without two places
1..7, a token count other than 8... A person correcting the file from their box reads them.

A chipped deck can do without the card table: see :mod:`ludivox.gamedata.seven_kingdoms_facts`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from ludivox.engines.seven_kingdoms.components import (
    BLASON_COUNT,
    CARD_COUNT,
    PAYSAN,
    POINTS,
    RANKS,
    TOKEN_COUNT,
    TOKEN_ID,
    TOKEN_KINDS,
    Blason,
    BonusToken,
    Components,
    TitleCard,
    rank_of,
)
from ludivox.gamedata.french import DataFileError, Problem, read_text
from ludivox.gamedata.seven_kingdoms_french import (
    blason_range,
    card_range,
    join,
    missing_cards,
    normalise_rank,
    places_problem,
    rank_name,
    rank_span,
    ranks_lacking,
    token_problem,
    yaml_problem,
)

DATA_FILE = "seven_kingdoms.yaml"
FORMAT = 1
GAME = "seven_kingdoms"


class SevenKingdomsDataError(DataFileError):
    """The data cannot be used; ``problems`` lists every problem with its position. The
    message (in French) names the file and gives one ``file:line:col: problem`` line each."""

    title = "7 Kingdoms"


def data_path() -> Path:
    """Where the packaged data file lives."""
    return Path(str(resources.files("ludivox.gamedata").joinpath(DATA_FILE)))


def load_components(path: Path | str | None = None) -> Components:
    """Read and check the data file (the packaged one by default)."""
    source = Path(path) if path is not None else data_path()
    text = read_text(source, SevenKingdomsDataError)
    return parse_components(text, str(source))


@functools.lru_cache(maxsize=4)
def parse_components(text: str, source: str = "<texte>") -> Components:
    """Check a data file's text and build the components; raises SevenKingdomsDataError.
    The same text is read once (the components are immutable; every game set up used to
    parse the file again, about 0.2 s each)."""
    return _Reader(text, source).components()


# --- the YAML reader ------------------------------------------------------------------------
_Pairs = dict[str, tuple[yaml.Node, yaml.Node]]
_TOP_KEYS = {"format", "game", "blasons", "cards", "tokens"}
_SECTION_KEYS = {"provisional", "items"}
_BLASON_KEYS = {"id", "name", "provisional"}
_CARD_KEYS = {"number", "rank", "blason", "places", "provisional"}
_TOKEN_KEYS = {"id", "kind", "value", "provisional"}
_SECTIONS = ("blasons", "cards", "tokens")


class _Reader:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.problems: list[Problem] = []
        self.loader: yaml.SafeLoader | None = None

    # helpers
    def error(self, node: yaml.Node | None, message: str) -> None:
        if node is None:
            self.problems.append(Problem(1, 1, message))
            return
        mark = node.start_mark
        self.problems.append(Problem(mark.line + 1, mark.column + 1, message))

    def refuse(self, problems: Iterable[Problem]) -> SevenKingdomsDataError:
        return SevenKingdomsDataError(self.source, problems)

    def value(self, node: yaml.Node) -> Any:
        assert self.loader is not None
        return self.loader.construct_object(node, deep=True)

    def mapping(self, node: yaml.Node, what: str, allowed: set[str]) -> _Pairs | None:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} : il faut une table de la forme « clé: valeur »")
            return None
        pairs: _Pairs = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key is None:
                self.error(key_node, f"{what} : une clé est un simple mot, pas une liste ni "
                                     "une table")
            elif key in pairs:
                self.error(key_node, f"{what} : la clé « {key} » est donnée deux fois ; "
                                     "garde-n'en qu'une")
            elif key not in allowed:
                known = ", ".join(f"« {k} »" for k in sorted(allowed))
                self.error(key_node, f"{what} : clé inconnue « {key} » (clés possibles : "
                                     f"{known}) ; corrige-la ou retire-la")
            else:
                pairs[key] = (key_node, value_node)
        return pairs

    def integer(
        self, pairs: _Pairs, key: str, what: str, at: yaml.Node | None, required: bool = True
    ) -> int | None:
        if key not in pairs:
            if required:
                self.error(at, f"{what} : il manque « {key} »")
            return None
        node = pairs[key][1]
        value = self.value(node)
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(node, f"{what} : « {key} » doit être un nombre entier, pas {_show(node)}")
            return None
        return value

    def flag(self, pairs: _Pairs, what: str, default: bool) -> bool:
        if "provisional" not in pairs:
            return default
        node = pairs["provisional"][1]
        value = self.value(node)
        if not isinstance(value, bool):
            self.error(node, f"{what} : « provisional » vaut true (à vérifier) ou false "
                             f"(vérifié), pas {_show(node)}")
            return default
        return value

    def section(self, top: _Pairs, key: str) -> tuple[list[yaml.Node], bool, yaml.Node | None]:
        what = f"section « {key} »"
        if key not in top:
            self.error(None, f"la {what} manque : le fichier décrit les blasons, les cartes et "
                             f"les jetons ({', '.join(_SECTIONS)})")
            return [], False, None
        node = top[key][1]
        pairs = self.mapping(node, what, _SECTION_KEYS)
        if pairs is None:
            return [], False, node
        provisional = self.flag(pairs, what, False)
        if "items" not in pairs:
            self.error(node, f"{what} : il manque « items », la liste de ses éléments")
            return [], provisional, node
        items_key, items = pairs["items"]
        if not isinstance(items, yaml.SequenceNode):
            self.error(items, f"{what} : « items » doit être une liste, un élément par ligne "
                              "commençant par « - »")
            return [], provisional, node
        return list(items.value), provisional, items_key

    # the document
    def components(self) -> Components:
        root = self.document()
        top = self.mapping(root, "le fichier", _TOP_KEYS)
        if top is None:
            raise self.refuse(self.problems)
        self.header(top)
        provisional: set[str] = set()
        blasons = self.blasons(top, provisional)
        cards = self.cards(top, provisional, {b.id for b in blasons})
        tokens = self.tokens(top, provisional)
        if self.problems:
            raise self.refuse(self.problems)
        return Components(
            tuple(sorted(cards, key=lambda c: c.number)),
            tuple(sorted(blasons, key=lambda b: b.id)),
            tuple(tokens),
            frozenset(provisional),
        )

    def document(self) -> yaml.Node:
        """The file's one YAML document, every value of it readable; or every problem."""
        try:
            self.loader = yaml.SafeLoader(self.text)
            root = self.loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            raise self.refuse([Problem(line, column, yaml_problem(exc))]) from None
        except yaml.reader.ReaderError as exc:  # a character YAML does not allow
            before = self.text[: exc.position]
            line, column = before.count("\n") + 1, exc.position - before.rfind("\n")
            code = exc.character if isinstance(exc.character, int) else ord(exc.character)
            raise self.refuse([Problem(line, column, f"caractère interdit (U+{code:04X}) : "
                                       "retire-le")]) from None
        except RecursionError:
            raise self.refuse([Problem(1, 1, "listes ou tables imbriquées trop profondément : "
                                             "garde la forme du modèle")]) from None
        if root is None:
            raise self.refuse([Problem(1, 1, "le fichier est vide : il décrit les blasons, "
                                             "les cartes et les jetons (voir son modèle)")])
        self.readable(root, set())
        if self.problems:
            raise self.refuse(self.problems)
        return root

    def readable(self, node: yaml.Node, seen: set[int]) -> None:
        """Report the values YAML cannot build (an unknown ``!tag``, an impossible date, a
        list holding itself...); ``seen``: the nodes already looked into."""
        assert self.loader is not None
        if id(node) in seen:
            return
        seen.add(id(node))
        try:
            self.loader.construct_object(node, deep=True)
            return
        except (yaml.YAMLError, ValueError, TypeError, OverflowError, RecursionError):
            self.loader.constructed_objects.clear()
            self.loader.recursive_objects.clear()
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        before = len(self.problems)
        for child in children:
            self.readable(child, seen)
        if len(self.problems) == before:
            self.error(node, "valeur illisible : écris un nombre, un mot, une liste [...] ou "
                             "une table {...}, sans « ! » ni « & » ni « * »")

    def header(self, top: _Pairs) -> None:
        version = self.integer(top, "format", "le fichier", None)
        if version is not None and version != FORMAT:
            self.error(top["format"][1], f"format {version} inconnu : cette version de Ludivox "
                                         f"lit le format {FORMAT} (format: {FORMAT})")
        if "game" in top and self.value(top["game"][1]) != GAME:
            self.error(top["game"][1], f"« game » vaut {_show(top['game'][1])} : ce fichier "
                                       f"n'est pas pour 7 Kingdoms (game: {GAME})")

    def blasons(self, top: _Pairs, provisional: set[str]) -> list[Blason]:
        items, default, list_node = self.section(top, "blasons")
        found: dict[int, Blason] = {}
        for node in items:
            pairs = self.mapping(node, "blason", _BLASON_KEYS)
            if pairs is None:
                continue
            ident = self.integer(pairs, "id", "blason", node)
            if ident is None:
                continue
            if not 1 <= ident <= BLASON_COUNT:
                self.error(pairs["id"][1], f"blason {ident} : {blason_range()}")
                continue
            if ident in found:
                self.error(pairs["id"][1], f"le blason {ident} est donné deux fois ; "
                                           f"{blason_range()}, chacun une fois")
                continue
            name: str | None = None
            if "name" in pairs and (raw := self.value(pairs["name"][1])) is not None:
                name = str(raw)
            found[ident] = Blason(ident, name)
            if self.flag(pairs, f"blason {ident}", default):
                provisional.add(f"blason:{ident}")
        missing = [i for i in range(1, BLASON_COUNT + 1) if i not in found]
        if missing and items:
            self.error(list_node, f"il manque {'les blasons' if len(missing) > 1 else 'le blason'}"
                                  f" {join([str(i) for i in missing])} ; {blason_range()}, "
                                  "chacun une fois")
        return list(found.values())

    def cards(self, top: _Pairs, provisional: set[str], blason_ids: set[int]) -> list[TitleCard]:
        items, default, list_node = self.section(top, "cards")
        found: dict[int, TitleCard] = {}
        listed: set[int] = set()  # numbers given, even on a line with a problem
        holders: dict[tuple[int, str], tuple[int, int]] = {}  # (blason, rank) -> (card, line)
        for node in items:
            pairs = self.mapping(node, "carte", _CARD_KEYS)
            if pairs is not None and "number" in pairs:
                number = self.value(pairs["number"][1])
                if isinstance(number, int):
                    listed.add(number)
            card = None if pairs is None else self.card(node, pairs, found, blason_ids)
            if card is None or pairs is None:
                continue
            found[card.number] = card
            if self.flag(pairs, f"carte {card.number}", default):
                provisional.add(f"card:{card.number}")
            key = (card.blason, card.rank)
            line = node.start_mark.line + 1
            if key in holders:
                other, other_line = holders[key]
                self.error(
                    pairs["blason"][1],
                    f"carte {card.number} : le blason {card.blason} a déjà "
                    f"{rank_name(card.rank, 'his')} (carte {other}, ligne {other_line}) ; "
                    "chaque blason a une seule carte de chaque rang : vérifie le blason de ces "
                    "deux cartes",
                )
            else:
                holders[key] = (card.number, line)
        missing = [n for n in range(1, CARD_COUNT + 1) if n not in listed]
        if missing:
            self.error(list_node, f"{missing_cards(missing)} ; {card_range()}, chacune une fois")
        if len(found) == CARD_COUNT:  # every card is well formed: check the blasons' ranks
            for blason in sorted(blason_ids):
                lacking = [r for r in RANKS if (blason, r) not in holders]
                if lacking:
                    self.error(list_node, ranks_lacking(blason, lacking))
        return list(found.values())

    def card(
        self, node: yaml.Node, pairs: _Pairs, found: dict[int, TitleCard], blason_ids: set[int]
    ) -> TitleCard | None:
        number = self.integer(pairs, "number", "carte", node)
        if number is None:
            return None
        what = f"carte {number}"
        if not 1 <= number <= CARD_COUNT:
            self.error(pairs["number"][1], f"{what} : {card_range()}")
            return None
        if number in found:
            self.error(pairs["number"][1], f"la {what} est donnée deux fois ; garde la ligne "
                                           "qui correspond à ta boîte")
            return None
        rank = rank_of(number)
        if "rank" in pairs:
            written = normalise_rank(str(self.value(pairs["rank"][1])))
            if written != rank:
                self.error(
                    pairs["rank"][1],
                    f"{what} : le rang « {written} » ne correspond pas à son numéro "
                    f"({rank_span(rank)}) ; corrige le numéro ou le rang",
                )
        blason = self.integer(pairs, "blason", what, node)
        if blason is None:
            return None
        if blason not in blason_ids:
            self.error(pairs["blason"][1], f"{what} : le blason {blason} n'est pas dans la "
                                           f"section « blasons » ; {blason_range()}")
            return None
        places: tuple[int, ...] = ()
        if "places" in pairs:
            node_places = pairs["places"][1]
            raw = self.value(node_places)
            if not isinstance(raw, list) or any(
                isinstance(p, bool) or not isinstance(p, int) for p in raw
            ):
                self.error(node_places, f"{what} : « places » est une liste de deux numéros de "
                                        "place, par exemple [2, 5]")
                return None
            places = tuple(raw)
        elif rank == PAYSAN:
            self.error(node, f"la {what} est un Paysan : donne les deux places imprimées "
                             "dessus, par exemple places: [2, 5]")
            return None
        card = TitleCard(number, blason, places)
        problem = places_problem(card)
        if problem is not None:
            self.error(pairs.get("places", (node, node))[1], problem)
            return None
        return card

    def tokens(self, top: _Pairs, provisional: set[str]) -> list[BonusToken]:
        items, default, list_node = self.section(top, "tokens")
        found: dict[str, BonusToken] = {}
        for node in items:
            pairs = self.mapping(node, "jeton", _TOKEN_KEYS)
            if pairs is None:
                continue
            if "id" not in pairs or "kind" not in pairs:
                self.error(node, "jeton : « id » et « kind » sont obligatoires, par exemple "
                                 "{id: x2, kind: double}")
                continue
            id_node = pairs["id"][1]
            if not isinstance(id_node, yaml.ScalarNode):
                self.error(id_node, "jeton : « id » est un mot, par exemple x2, pas une liste "
                                    "ni une table")
                continue
            ident = str(id_node.value)
            if not TOKEN_ID.fullmatch(ident):
                self.error(id_node, f"jeton {_show(id_node)} : un identifiant s'écrit avec des "
                                    "lettres, des chiffres, « + », « _ » et « - » (pas en "
                                    "premier), par exemple x2 ou \"+3\"")
                continue
            if ident in found:
                self.error(id_node, f"le jeton {ident} est donné deux fois ; chaque jeton a son "
                                    "propre identifiant")
                continue
            kind = self.value(pairs["kind"][1])
            if kind not in TOKEN_KINDS:
                self.error(pairs["kind"][1], f"jeton {ident} : « kind » vaut "
                                             f"{join(TOKEN_KINDS, 'ou')}, pas "
                                             f"{_show(pairs['kind'][1])}")
                continue
            value = self.integer(pairs, "value", f"jeton {ident}", node, kind == POINTS) or 0
            token = BonusToken(ident, str(kind), value)
            problem = token_problem(token)
            if problem is not None:
                self.error(pairs.get("value", pairs["kind"])[1], problem)
                continue
            found[ident] = token
            if self.flag(pairs, f"jeton {ident}", default):
                provisional.add(f"token:{ident}")
        if len(items) != TOKEN_COUNT:
            self.error(list_node, f"il faut {TOKEN_COUNT} jetons bonus, le fichier en donne "
                                  f"{len(items)}")
        return list(found.values())


def _show(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        return f"« {node.value} »" if node.value else "une valeur vide"
    return "une liste ou une table"


__all__ = [
    "DATA_FILE",
    "Problem",
    "SevenKingdomsDataError",
    "data_path",
    "load_components",
    "normalise_rank",
    "parse_components",
]
