"""Load and check the Un monde sans fin components (``world_without_end.yaml``), or build an
event card from the printed facts carried by its NFC tag.

The file's header says how to correct it from a box. Every problem is reported at once, in
French, with its line and column (:class:`WweDataError`): a malformed item, an unknown key, a
duplicate, a wrong count (44 events, 11 per period; 14 sites; 7 projects; 11 plague places
and tiles 1..5; a tax die 2..5), an unknown resource, an operation the vocabulary does not
have, a lasting operation on an immediate card...

Every item may carry its own ``provisional:``, which wins over its section's; the loaded
:class:`~ludivox.engines.world_without_end.components.Components` names the provisional items
(``event:12``, ``site:3``, ``project:pont``, ``place:9``, ``favours``, ``tax_die``,
``tiles``).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from ludivox.engines.world_without_end.components import (
    ACTION_CARDS,
    CARDS_PER_PERIOD,
    COVER_TARGETS,
    FAVOURS,
    FREE_HOUSE,
    GAINS,
    IMMEDIATE_OPS,
    LASTING_OPS,
    MATERIALS,
    PERIODS,
    PLAGUE_PLACES,
    RESOURCES,
    WHO,
    Components,
    EventCard,
    Gain,
    HouseSite,
    Op,
    Project,
    gain_of,
)
from ludivox.engines.world_without_end.facts import EventFactsError, event_from_facts
from ludivox.gamedata.french import DataFileError, Problem, read_text, shown

DATA_FILE = "world_without_end.yaml"
FORMAT = 1
GAME = "world_without_end"
SITES = 14
PROJECTS = 7
TILE_VALUES = range(1, 6)
TAX_VALUES = range(2, 6)
STARTS = ("board", "period3", "event")


class WweDataError(DataFileError):
    """The data cannot be used; ``problems`` lists every problem with its position."""

    title = "« Un monde sans fin »"


def data_path() -> Path:
    """Where the packaged data file lives."""
    return Path(str(resources.files("ludivox.gamedata").joinpath(DATA_FILE)))


def load_components(path: Path | str | None = None) -> Components:
    """Read and check the data file (the packaged one by default)."""
    source = Path(path) if path is not None else data_path()
    return parse_components(read_text(source, WweDataError), str(source))


@functools.lru_cache(maxsize=4)
def parse_components(text: str, source: str = "<texte>") -> Components:
    """Check a data file's text and build the components; raises :class:`WweDataError`.
    The same text is read once (the components are immutable)."""
    return _Reader(source).read(text)


class _Bad(Exception):
    """One item is unusable (already reported)."""


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.provisional: set[str] = set()

    def error(self, node: yaml.Node | None, message: str) -> None:
        mark = node.start_mark if node is not None else None
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        self.problems.append(Problem(line, col, message))

    def fail(self, node: yaml.Node | None, message: str) -> _Bad:
        self.error(node, message)
        return _Bad()

    # --- node helpers -------------------------------------------------------------------
    def mapping(self, node: yaml.Node, what: str, allowed: set[str]) -> dict[str, yaml.Node]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what} : il faut une table « clé: valeur »")
        out: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            if name is None or name not in allowed:
                self.error(key, f"{what} : clé inconnue {name!r} (connues : "
                                f"{', '.join(sorted(allowed))})")
            elif name in out:
                self.error(key, f"{what} : {name!r} est donné deux fois")
            else:
                out[name] = value
        return out

    def need(self, pairs: dict[str, yaml.Node], key: str, what: str, at: yaml.Node) -> yaml.Node:
        if key not in pairs:
            raise self.fail(at, f"{what} : {key!r} manque")
        return pairs[key]

    def integer(self, node: yaml.Node, what: str, allowed: range | None = None) -> int:
        value = _scalar(node) if isinstance(node, yaml.ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(node, f"{what} : il faut un nombre entier, pas {_show(node)}")
        if allowed is not None and value not in allowed:
            raise self.fail(node, f"{what} : {value} n'est pas entre {allowed.start} et "
                                  f"{allowed.stop - 1}")
        return value

    def boolean(self, node: yaml.Node, what: str) -> bool:
        value = _scalar(node) if isinstance(node, yaml.ScalarNode) else None
        if not isinstance(value, bool):
            raise self.fail(node, f"{what} : il faut true ou false, pas {_show(node)}")
        return value

    def text(self, node: yaml.Node, what: str) -> str:
        if not isinstance(node, yaml.ScalarNode) or not node.value.strip():
            raise self.fail(node, f"{what} : il faut un texte")
        return str(node.value)

    def word(self, node: yaml.Node, what: str, allowed: Iterable[str]) -> str:
        value = self.text(node, what)
        options = tuple(allowed)
        if value not in options:
            raise self.fail(node, f"{what} : {value!r} inconnu (possibles : "
                                  f"{', '.join(options)})")
        return value

    def seq(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, f"{what} : il faut une liste [ ... ]")
        return list(node.value)

    def gain(self, node: yaml.Node, what: str) -> Gain:
        pairs = self.mapping(node, what, set(GAINS))
        return gain_of({r: self.integer(n, f"{what} ({r})", range(1, 10))
                        for r, n in pairs.items()})

    def flag(self, pairs: dict[str, yaml.Node], default: bool, key: str) -> None:
        provisional = default
        if "provisional" in pairs:
            provisional = self.boolean(pairs["provisional"], f"{key} : provisional")
        if provisional:
            self.provisional.add(key)

    def section(self, top: dict[str, yaml.Node], name: str, keys: set[str]
                ) -> tuple[dict[str, yaml.Node], bool, yaml.Node]:
        node = top.get(name)
        if node is None:
            raise self.fail(None, f"la section {name!r} manque")
        pairs = self.mapping(node, f"section {name}", keys | {"provisional"})
        default = False
        if "provisional" in pairs:
            default = self.boolean(pairs["provisional"], f"section {name} : provisional")
        return pairs, default, node

    # --- the document -------------------------------------------------------------------
    def read(self, text: str) -> Components:
        try:
            root = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            raise WweDataError(self.source, [Problem(
                line, col, f"erreur de syntaxe YAML : {exc.problem}")]) from exc
        if root is None:
            raise WweDataError(self.source, [Problem(1, 1, "le fichier est vide")])
        parts: dict[str, Any] = {}
        keys = {"format", "game", "supply", "favours", "tax_die", "plague", "sites", "projects",
                "events"}
        try:
            top = self.mapping(root, "le fichier", keys)
            version = self.integer(self.need(top, "format", "le fichier", root), "format")
            if version != FORMAT:
                self.error(top["format"], f"format {version} inconnu (attendu : {FORMAT})")
            game = top.get("game")
            if game is not None and getattr(game, "value", None) != GAME:
                self.error(game, f"ce fichier est pour {_show(game)}, pas « {GAME} »")
        except _Bad:
            raise WweDataError(self.source, self.problems) from None
        readers = (("supply", self.supply), ("favours", self.favours),
                   ("tax_die", self.tax_die), ("plague", self.plague), ("sites", self.sites),
                   ("projects", self.projects))
        for name, reader in readers:
            with contextlib.suppress(_Bad):
                parts[name] = reader(top)
        try:
            project_ids = {p.id for p in parts.get("projects", ())}
            parts["events"] = self.events(top, project_ids, parts.get("favours"))
        except _Bad:
            pass
        if self.problems:
            raise WweDataError(self.source, self.problems)
        favours = parts["favours"]
        rewards, tiles = parts["plague"]
        box = parts["supply"]
        return Components(
            parts["events"], parts["sites"], parts["projects"], rewards, tiles,
            parts["tax_die"], favours["order"], favours["start"], favours["council"],
            favours["cloth"], frozenset(self.provisional), box["counts"], box["covers"],
            box["houses"], box["seals"], box["start_score"], box["start"],
        )

    def supply(self, top: dict[str, yaml.Node]) -> dict[str, Any]:
        pairs, default, node = self.section(
            top, "supply", {"counts", "covers", "houses", "seals", "start_score", "start"})
        counts_node = self.need(pairs, "counts", "supply", node)
        raw = self.mapping(counts_node, "supply : counts", set(RESOURCES))
        missing = [r for r in RESOURCES if r not in raw]
        if missing:
            raise self.fail(counts_node, f"supply : counts ne donne pas {', '.join(missing)}")
        counts = tuple((r, self.integer(raw[r], f"supply : {r}", range(0, 100)))
                       for r in RESOURCES)
        out: dict[str, Any] = {"counts": counts}
        for key in ("covers", "houses", "seals", "start_score"):
            out[key] = self.integer(self.need(pairs, key, "supply", node), f"supply : {key}",
                                    range(0, 100))
        out["start"] = self.gain(self.need(pairs, "start", "supply", node), "supply : start")
        if default:
            self.provisional.add("supply")
        return out

    def favours(self, top: dict[str, yaml.Node]) -> dict[str, Any]:
        pairs, default, node = self.section(
            top, "favours", {"order", "start", "council", "market_cloth_covered"})
        order = tuple(self.word(n, "favours : order", FAVOURS)
                      for n in self.seq(self.need(pairs, "order", "favours", node), "order"))
        if sorted(order) != sorted(FAVOURS):
            raise self.fail(pairs["order"], "favours : order doit nommer une fois chacune des "
                                            f"9 faveurs ({', '.join(FAVOURS)})")
        if order[0] != "reine" or order[-1] != "eveque":
            self.error(pairs["order"], "favours : la piste commence par reine et finit par "
                                       "eveque (règle)")
        start = self.integer(pairs.get("start", node), "favours : start", range(len(order))) \
            if "start" in pairs else 0
        council_nodes = self.seq(self.need(pairs, "council", "favours", node), "council")
        council = tuple(self.integer(n, "favours : council", range(4)) for n in council_nodes)
        if sorted(council) != [0, 1, 2, 3]:
            raise self.fail(pairs["council"], "favours : council doit donner 0, 1, 2 et 3, "
                                              "une fois chacun")
        cloth = self.boolean(pairs["market_cloth_covered"], "market_cloth_covered") \
            if "market_cloth_covered" in pairs else True
        if default:
            self.provisional.add("favours")
        return {"order": order, "start": start, "council": council, "cloth": cloth}

    def tax_die(self, top: dict[str, yaml.Node]) -> tuple[int, ...]:
        pairs, default, node = self.section(top, "tax_die", {"faces"})
        faces = tuple(self.integer(n, "tax_die : faces", TAX_VALUES) for n in
                      self.seq(self.need(pairs, "faces", "tax_die", node), "faces"))
        if len(faces) != 6:
            raise self.fail(pairs["faces"], f"tax_die : un dé a 6 faces, pas {len(faces)}")
        if default:
            self.provisional.add("tax_die")
        return faces

    def plague(self, top: dict[str, yaml.Node]) -> tuple[tuple[Gain | str, ...], tuple[int, ...]]:
        pairs, default, node = self.section(top, "plague", {"tiles", "rewards"})
        tiles = tuple(self.integer(n, "plague : tiles", TILE_VALUES) for n in
                      self.seq(self.need(pairs, "tiles", "plague", node), "tiles"))
        if len(tiles) != PLAGUE_PLACES:
            self.error(pairs["tiles"], f"plague : il y a {PLAGUE_PLACES} tuiles, pas {len(tiles)}")
        if default:
            self.provisional.add("tiles")
        rewards: dict[int, Gain | str] = {}
        for item in self.seq(self.need(pairs, "rewards", "plague", node), "rewards"):
            try:
                p = self.mapping(item, "lieu de peste", {"place", "reward", "provisional"})
                place = self.integer(self.need(p, "place", "lieu", item), "place",
                                     range(1, PLAGUE_PLACES + 1))
                if place in rewards:
                    raise self.fail(p["place"], f"le lieu {place} est donné deux fois")
                raw = self.need(p, "reward", f"lieu {place}", item)
                if isinstance(raw, yaml.ScalarNode):
                    rewards[place] = self.word(raw, f"lieu {place}", (FREE_HOUSE,))
                else:
                    rewards[place] = self.gain(raw, f"lieu {place} : reward")
                self.flag(p, default, f"place:{place}")
            except _Bad:
                continue
        missing = [n for n in range(1, PLAGUE_PLACES + 1) if n not in rewards]
        if missing:
            raise self.fail(pairs["rewards"], f"plague : les lieux {missing} manquent")
        return tuple(rewards[n] for n in range(1, PLAGUE_PLACES + 1)), tiles

    def sites(self, top: dict[str, yaml.Node]) -> tuple[HouseSite, ...]:
        pairs, default, node = self.section(top, "sites", {"items"})
        found: dict[int, HouseSite] = {}
        for item in self.seq(self.need(pairs, "items", "sites", node), "sites"):
            try:
                p = self.mapping(item, "emplacement", {"site", "material", "income",
                                                        "provisional"})
                number = self.integer(self.need(p, "site", "emplacement", item), "site",
                                      range(1, SITES + 1))
                if number in found:
                    raise self.fail(p["site"], f"l'emplacement {number} est donné deux fois")
                material = self.word(self.need(p, "material", f"emplacement {number}", item),
                                     f"emplacement {number} : material", MATERIALS)
                income = self.gain(self.need(p, "income", f"emplacement {number}", item),
                                   f"emplacement {number} : income")
                found[number] = HouseSite(number, material, income)
                self.flag(p, default, f"site:{number}")
            except _Bad:
                continue
        missing = [n for n in range(1, SITES + 1) if n not in found]
        if missing:
            raise self.fail(pairs["items"], f"sites : les emplacements {missing} manquent")
        return tuple(found[n] for n in range(1, SITES + 1))

    def projects(self, top: dict[str, yaml.Node]) -> tuple[Project, ...]:
        pairs, default, node = self.section(top, "projects", {"items"})
        found: dict[str, Project] = {}
        keys = {"id", "name", "stone", "wood", "metal", "bonus", "start", "heal", "provisional"}
        for item in self.seq(self.need(pairs, "items", "projects", node), "projects"):
            try:
                p = self.mapping(item, "projet", keys)
                ident = self.text(self.need(p, "id", "projet", item), "id")
                if ident in found:
                    raise self.fail(p["id"], f"le projet {ident} est donné deux fois")
                what = f"projet {ident}"
                stone = self.integer(self.need(p, "stone", what, item), f"{what} : stone",
                                     range(0, 13))
                wood = self.integer(self.need(p, "wood", what, item), f"{what} : wood",
                                    range(0, 13))
                metal = self.integer(p["metal"], f"{what} : metal", range(0, 2)) \
                    if "metal" in p else 0
                if stone + wood == 0:
                    raise self.fail(item, f"{what} : il faut au moins une case")
                bonus = self.gain(self.need(p, "bonus", what, item), f"{what} : bonus")
                start = self.word(p["start"], f"{what} : start", STARTS) \
                    if "start" in p else "event"
                heal = self.boolean(p["heal"], f"{what} : heal") if "heal" in p else False
                name = self.text(p["name"], f"{what} : name") if "name" in p else ident
                found[ident] = Project(ident, stone, wood, bonus, metal, start, heal, name)
                self.flag(p, default, f"project:{ident}")
            except _Bad:
                continue
        if len(found) != PROJECTS:
            raise self.fail(pairs["items"], f"projects : il y a {PROJECTS} projets, pas "
                                            f"{len(found)}")
        for start in ("board", "period3"):
            if sum(1 for p in found.values() if p.start == start) != 1:
                self.error(pairs["items"], f"projects : un seul projet a start: {start}")
        return tuple(found.values())

    def events(self, top: dict[str, yaml.Node], projects: set[str],
               favours: Mapping[str, Any] | None) -> tuple[EventCard, ...]:
        pairs, default, node = self.section(top, "events", {"items"})
        found: dict[int, EventCard] = {}
        for item in self.seq(self.need(pairs, "items", "events", node), "events"):
            try:
                card = self.event(item, projects)
            except _Bad:
                continue
            if card.number in found:
                self.error(item, f"la carte {card.number} est donnée deux fois")
                continue
            found[card.number] = card
            p = self.mapping(item, "carte", _EVENT_KEYS)
            self.flag(p, default, f"event:{card.number}")
        total = PERIODS * CARDS_PER_PERIOD
        missing = [n for n in range(1, total + 1) if n not in found]
        if missing:
            raise self.fail(pairs["items"], f"events : les cartes {missing} manquent "
                                            f"(1 à {total})")
        for period in range(1, PERIODS + 1):
            count = sum(1 for c in found.values() if c.period == period)
            if count != CARDS_PER_PERIOD:
                self.error(pairs["items"], f"events : la période {period} a {count} cartes, "
                                           f"pas {CARDS_PER_PERIOD}")
        return tuple(found[n] for n in range(1, total + 1))

    def event(self, item: yaml.Node, projects: set[str]) -> EventCard:
        p = self.mapping(item, "carte", _EVENT_KEYS)
        number = self.integer(self.need(p, "number", "carte", item), "number",
                              range(1, PERIODS * CARDS_PER_PERIOD + 1))
        what = f"carte {number}"
        period = self.integer(self.need(p, "period", what, item), f"{what} : period",
                              range(1, PERIODS + 1))
        name = self.text(self.need(p, "name", what, item), f"{what} : name")
        lasting = self.boolean(self.need(p, "lasting", what, item), f"{what} : lasting")
        corners = tuple(self.gain(n, f"{what} : corners")
                        for n in self.seq(self.need(p, "corners", what, item), "corners"))
        if len(corners) != 4:
            raise self.fail(p["corners"], f"{what} : une carte a 4 coins, pas {len(corners)}")
        place = 0
        if "place" in p:
            place = self.integer(p["place"], f"{what} : place", range(1, PLAGUE_PLACES + 1))
        elif period >= 3:
            raise self.fail(item, f"{what} : une carte des périodes III et IV montre un lieu "
                                  "de peste (place: 1 à 11)")
        ops = tuple(self.op(n, what, lasting, projects)
                    for n in self.seq(p["effect"], f"{what} : effect")) if "effect" in p else ()
        return EventCard(number, period, name, lasting,
                         (corners[0], corners[1], corners[2], corners[3]), place, ops)

    def op(self, node: yaml.Node, what: str, lasting: bool, projects: set[str]) -> Op:
        p = self.mapping(node, f"{what} : effet", {"op", "who", "give", "get", "target",
                                                   "card", "amount", "options"})
        allowed = (*LASTING_OPS,) if lasting else (*IMMEDIATE_OPS,)
        kind = self.text(self.need(p, "op", what, node), f"{what} : op")
        if kind not in allowed:
            raise self.fail(p["op"], f"{what} : l'opération {kind!r} n'existe pas pour une "
                                     f"carte {'bleue' if lasting else 'beige'} (possibles : "
                                     f"{', '.join(allowed)})")
        who = self.word(p["who"], f"{what} : who", WHO) if "who" in p else "each"
        give = self.gain(p["give"], f"{what} : give") if "give" in p else ()
        get = self.gain(p["get"], f"{what} : get") if "get" in p else ()
        target = self.text(p["target"], f"{what} : target") if "target" in p else ""
        if kind in ("project", "cover_others", "complete") and target not in projects:
            raise self.fail(p.get("target", node), f"{what} : projet {target!r} inconnu")
        if kind in ("cover", "uncover"):
            area = target.partition(":")[0]
            if area not in COVER_TARGETS:
                raise self.fail(p.get("target", node), f"{what} : {target!r} ne se recouvre "
                                                       "pas (favour:…, market:…, project:…)")
        card = self.word(p["card"], f"{what} : card", ACTION_CARDS) if "card" in p else ""
        if kind in ("card_bonus", "card_blocked") and not card:
            raise self.fail(node, f"{what} : {kind} demande card")
        amount = self.integer(p["amount"], f"{what} : amount", range(0, 10)) \
            if "amount" in p else 0
        options = tuple(self.word(n, f"{what} : options", GAINS)
                        for n in self.seq(p["options"], "options")) if "options" in p else ()
        return Op(kind, who, give, get, target, card, amount, options)


_EVENT_KEYS = {"number", "period", "name", "lasting", "corners", "place", "effect",
               "provisional"}


def _scalar(node: yaml.ScalarNode) -> Any:
    return yaml.safe_load(node.value) if node.style is None else node.value


def _show(node: yaml.Node) -> str:
    return shown(node.value) if isinstance(node, yaml.ScalarNode) else "une liste ou une table"


__all__ = [
    "DATA_FILE",
    "EventFactsError",
    "Problem",
    "WweDataError",
    "data_path",
    "event_from_facts",
    "load_components",
    "parse_components",
]
