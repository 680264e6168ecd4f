"""Load and check the 7 Kingdoms components (``seven_kingdoms.yaml``), or build them from the
printed facts carried by NFC tags.

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
reports every problem at once, each with its line and column (:class:`SevenKingdomsDataError`):
a malformed item, an unknown key, a duplicate, a card whose blason already has a card of that
rank, a blason missing a rank, a Paysan without two places 1..7, a token count other than 8...

NFC tags: :func:`card_from_facts` builds one card from the facts printed on it (a small dict,
whatever the tag format turns out to be); :func:`with_printed_cards` puts printed cards into
a set of components; :func:`deck_from_facts` builds the whole deck from 49 tags, so that a
tagged deck needs no card table at all.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
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
    component_problems,
    place_problems,
    rank_of,
    token_problems,
)

DATA_FILE = "seven_kingdoms.yaml"
FORMAT = 1
GAME = "seven_kingdoms"


@dataclass(frozen=True)
class Problem:
    """One problem in a data file: where (1-based line and column) and what."""

    line: int
    column: int
    message: str


class SevenKingdomsDataError(ValueError):
    """The data cannot be used; ``problems`` lists every problem with its position."""

    def __init__(self, source: str, problems: Iterable[Problem]) -> None:
        self.source = source
        self.problems = tuple(sorted(problems, key=lambda p: (p.line, p.column)))
        lines = [f"{source}:{p.line}:{p.column}: {p.message}" for p in self.problems]
        super().__init__("\n".join(lines) or f"{source}: unusable data")


class CardFactsError(ValueError):
    """The facts read from a card's tag do not describe a 7 Kingdoms title card."""


def data_path() -> Path:
    """Where the packaged data file lives."""
    return Path(str(resources.files("ludivox.gamedata").joinpath(DATA_FILE)))


def load_components(path: Path | str | None = None) -> Components:
    """Read and check the data file (the packaged one by default)."""
    source = Path(path) if path is not None else data_path()
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise SevenKingdomsDataError(str(source), [Problem(0, 0, f"cannot read: {exc}")]) from exc
    return parse_components(text, str(source))


def parse_components(text: str, source: str = "<text>") -> Components:
    """Check a data file's text and build the components; raises SevenKingdomsDataError."""
    return _Reader(text, source).components()


def normalise_rank(name: str) -> str:
    """A rank id from a name as a person may write it (``"Évêque"`` -> ``"eveque"``)."""
    plain = unicodedata.normalize("NFD", name.strip().lower())
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


# --- the YAML reader ------------------------------------------------------------------------
_Pairs = dict[str, tuple[yaml.Node, yaml.Node]]
_TOP_KEYS = {"format", "game", "blasons", "cards", "tokens"}
_SECTION_KEYS = {"provisional", "items"}
_BLASON_KEYS = {"id", "name", "provisional"}
_CARD_KEYS = {"number", "rank", "blason", "places", "provisional"}
_TOKEN_KEYS = {"id", "kind", "value", "provisional"}


class _Reader:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.problems: list[Problem] = []
        self.loader = yaml.SafeLoader(text)

    # helpers
    def error(self, node: yaml.Node | None, message: str) -> None:
        if node is None:
            self.problems.append(Problem(1, 1, message))
            return
        mark = node.start_mark
        self.problems.append(Problem(mark.line + 1, mark.column + 1, message))

    def value(self, node: yaml.Node) -> Any:
        return self.loader.construct_object(node, deep=True)

    def mapping(self, node: yaml.Node, what: str, allowed: set[str]) -> _Pairs | None:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} must be a mapping (key: value)")
            return None
        pairs: _Pairs = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key is None:
                self.error(key_node, f"{what}: keys must be plain words")
            elif key in pairs:
                self.error(key_node, f"{what}: {key!r} is given twice")
            elif key not in allowed:
                self.error(key_node, f"{what}: unknown key {key!r} (known: {sorted(allowed)})")
            else:
                pairs[key] = (key_node, value_node)
        return pairs

    def integer(
        self, pairs: _Pairs, key: str, what: str, at: yaml.Node | None, required: bool = True
    ) -> int | None:
        if key not in pairs:
            if required:
                self.error(at, f"{what}: {key!r} is missing")
            return None
        node = pairs[key][1]
        value = self.value(node)
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(node, f"{what}: {key} must be a whole number, got {_show(node)}")
            return None
        return value

    def flag(self, pairs: _Pairs, what: str, default: bool) -> bool:
        if "provisional" not in pairs:
            return default
        node = pairs["provisional"][1]
        value = self.value(node)
        if not isinstance(value, bool):
            self.error(node, f"{what}: provisional must be true or false, got {_show(node)}")
            return default
        return value

    def section(self, top: _Pairs, key: str) -> tuple[list[yaml.Node], bool, yaml.Node | None]:
        if key not in top:
            self.error(None, f"the {key!r} section is missing")
            return [], False, None
        node = top[key][1]
        pairs = self.mapping(node, f"section {key}", _SECTION_KEYS)
        if pairs is None:
            return [], False, node
        provisional = self.flag(pairs, f"section {key}", False)
        if "items" not in pairs:
            self.error(node, f"section {key}: 'items' is missing")
            return [], provisional, node
        items_key, items = pairs["items"]
        if not isinstance(items, yaml.SequenceNode):
            self.error(items, f"section {key}: items must be a list")
            return [], provisional, node
        return list(items.value), provisional, items_key

    # the document
    def components(self) -> Components:
        try:
            root = self.loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            raise SevenKingdomsDataError(
                self.source, [Problem(line, column, f"YAML syntax error: {exc.problem}")]
            ) from exc
        if root is None:
            raise SevenKingdomsDataError(self.source, [Problem(1, 1, "the file is empty")])
        top = self.mapping(root, "the file", _TOP_KEYS)
        if top is None:
            raise SevenKingdomsDataError(self.source, self.problems)
        self.header(top)
        provisional: set[str] = set()
        blasons = self.blasons(top, provisional)
        cards = self.cards(top, provisional, {b.id for b in blasons})
        tokens = self.tokens(top, provisional)
        if self.problems:
            raise SevenKingdomsDataError(self.source, self.problems)
        result = Components(
            tuple(sorted(cards, key=lambda c: c.number)),
            tuple(sorted(blasons, key=lambda b: b.id)),
            tuple(tokens),
            frozenset(provisional),
        )
        self.loader.dispose()
        return result

    def header(self, top: _Pairs) -> None:
        version = self.integer(top, "format", "the file", None)
        if version is not None and version != FORMAT:
            self.error(top["format"][1], f"format {version} is not supported (expected {FORMAT})")
        if "game" in top and top["game"][1].value != GAME:
            self.error(top["game"][1], f"this file is for {top['game'][1].value!r}, not {GAME}")

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
                self.error(pairs["id"][1], f"blason id {ident} must be 1..{BLASON_COUNT}")
                continue
            if ident in found:
                self.error(pairs["id"][1], f"blason {ident} is listed twice")
                continue
            name: str | None = None
            if "name" in pairs and (raw := self.value(pairs["name"][1])) is not None:
                name = str(raw)
            found[ident] = Blason(ident, name)
            if self.flag(pairs, f"blason {ident}", default):
                provisional.add(f"blason:{ident}")
        missing = [i for i in range(1, BLASON_COUNT + 1) if i not in found]
        if missing and items:
            self.error(list_node, f"blasons {missing} are missing: ids must be 1..{BLASON_COUNT}")
        return list(found.values())

    def cards(self, top: _Pairs, provisional: set[str], blason_ids: set[int]) -> list[TitleCard]:
        items, default, list_node = self.section(top, "cards")
        found: dict[int, TitleCard] = {}
        listed: set[int] = set()  # numbers given, even on a line with a problem
        holders: dict[tuple[int, str], tuple[int, int]] = {}  # (blason, rank) -> (card, line)
        for node in items:
            pairs = self.mapping(node, "card", _CARD_KEYS)
            if pairs is not None and "number" in pairs:
                number = self.value(pairs["number"][1])
                if isinstance(number, int):
                    listed.add(number)
            card = None if pairs is None else self.card(node, pairs, found, blason_ids)
            if card is None or pairs is None:
                continue
            found[card.number] = card
            if self.flag(pairs, f"card {card.number}", default):
                provisional.add(f"card:{card.number}")
            key = (card.blason, card.rank)
            line = node.start_mark.line + 1
            if key in holders:
                other, other_line = holders[key]
                self.error(
                    pairs["blason"][1],
                    f"card {card.number}: blason {card.blason} already has its {card.rank} "
                    f"(card {other}, line {other_line}); each blason has one card of each rank",
                )
            else:
                holders[key] = (card.number, line)
        missing = [n for n in range(1, CARD_COUNT + 1) if n not in listed]
        if missing:
            self.error(list_node, f"cards {_ranges(missing)} are missing (1..{CARD_COUNT})")
        if len(found) == CARD_COUNT:  # every card is well formed: check the blasons' ranks
            for blason in sorted(blason_ids):
                lacking = [r for r in RANKS if (blason, r) not in holders]
                if lacking:
                    self.error(list_node, f"blason {blason} has no {', '.join(lacking)} card")
        return list(found.values())

    def card(
        self, node: yaml.Node, pairs: _Pairs, found: dict[int, TitleCard], blason_ids: set[int]
    ) -> TitleCard | None:
        number = self.integer(pairs, "number", "card", node)
        if number is None:
            return None
        what = f"card {number}"
        if not 1 <= number <= CARD_COUNT:
            self.error(pairs["number"][1], f"card number {number} must be 1..{CARD_COUNT}")
            return None
        if number in found:
            self.error(pairs["number"][1], f"{what} is listed twice")
            return None
        rank = rank_of(number)
        if "rank" in pairs:
            written = normalise_rank(str(self.value(pairs["rank"][1])))
            if written != rank:
                self.error(
                    pairs["rank"][1],
                    f"{what}: rank {written!r} does not match its number (cards "
                    f"{_rank_span(rank)} are {rank})",
                )
        blason = self.integer(pairs, "blason", what, node)
        if blason is None:
            return None
        if blason not in blason_ids:
            self.error(pairs["blason"][1], f"{what}: blason {blason} is not one of the blasons")
            return None
        places: tuple[int, ...] = ()
        if "places" in pairs:
            node_places = pairs["places"][1]
            raw = self.value(node_places)
            if not isinstance(raw, list) or any(
                isinstance(p, bool) or not isinstance(p, int) for p in raw
            ):
                self.error(node_places, f"{what}: places must be a list of two place numbers")
                return None
            places = tuple(raw)
        elif rank == PAYSAN:
            self.error(node, f"{what} is a Paysan: give its two printed places (places: [a, b])")
            return None
        card = TitleCard(number, blason, places)
        for message in place_problems(card):
            self.error(pairs.get("places", (node, node))[1], message)
            return None
        return card

    def tokens(self, top: _Pairs, provisional: set[str]) -> list[BonusToken]:
        items, default, list_node = self.section(top, "tokens")
        found: dict[str, BonusToken] = {}
        for node in items:
            pairs = self.mapping(node, "token", _TOKEN_KEYS)
            if pairs is None:
                continue
            if "id" not in pairs or "kind" not in pairs:
                self.error(node, "token: 'id' and 'kind' are required")
                continue
            id_node = pairs["id"][1]
            ident = str(id_node.value)  # the text as written: +1 stays "+1"
            if not TOKEN_ID.fullmatch(ident):
                self.error(id_node, f"token id {ident!r}: letters, digits, '+', '_' or '-'")
                continue
            if ident in found:
                self.error(id_node, f"token {ident} is listed twice")
                continue
            kind = str(self.value(pairs["kind"][1]))
            if kind not in TOKEN_KINDS:
                self.error(
                    pairs["kind"][1], f"token {ident}: kind must be one of {', '.join(TOKEN_KINDS)}"
                )
                continue
            value = self.integer(pairs, "value", f"token {ident}", node, kind == POINTS) or 0
            token = BonusToken(ident, kind, value)
            bad = token_problems(token)
            if bad:
                self.error(pairs.get("value", pairs["kind"])[1], bad[0])
                continue
            found[ident] = token
            if self.flag(pairs, f"token {ident}", default):
                provisional.add(f"token:{ident}")
        if len(items) != TOKEN_COUNT:
            self.error(list_node, f"there must be {TOKEN_COUNT} bonus tokens, found {len(items)}")
        return list(found.values())


def _show(node: yaml.Node) -> str:
    return repr(node.value) if isinstance(node, yaml.ScalarNode) else "a list or mapping"


def _rank_span(rank: str) -> str:
    i = RANKS.index(rank)
    return f"{i * 7 + 1}-{i * 7 + 7}"


def _ranges(numbers: list[int]) -> str:
    spans: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        spans.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(spans)


# --- printed facts (NFC tags) -----------------------------------------------------------------
_PREFIXED = re.compile(r"(?:(card|blason):)?(\d+)")


def _fact_int(facts: Mapping[str, object], key: str, prefix: str) -> int:
    if key not in facts:
        raise CardFactsError(f"card facts {dict(facts)!r}: {key!r} is missing")
    raw = facts[key]
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        m = _PREFIXED.fullmatch(raw.strip().lower())
        if m and m.group(1) in (None, prefix):
            return int(m.group(2))
    raise CardFactsError(f"card facts {dict(facts)!r}: {key} must be a number, got {raw!r}")


def _fact_places(facts: Mapping[str, object]) -> tuple[int, ...]:
    raw = facts.get("places")
    if raw is None:
        return ()
    items: list[object]
    if isinstance(raw, str):
        items = [x for x in re.split(r"[\s,;/-]+", raw.strip()) if x]
    elif isinstance(raw, list | tuple):
        items = list(raw)
    else:
        raise CardFactsError(f"card facts {dict(facts)!r}: places must be two place numbers")
    places: list[int] = []
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool):
            places.append(item)
        elif isinstance(item, str) and item.strip().isdecimal():
            places.append(int(item))
        else:
            raise CardFactsError(f"card facts {dict(facts)!r}: bad place {item!r}")
    return tuple(places)


def card_from_facts(facts: Mapping[str, object]) -> TitleCard:
    """One title card from the facts printed on it (as a tag carries them).

    Keys: ``number`` (1..49, or ``"card:44"``), ``blason`` (1..7, or ``"blason:3"``),
    ``places`` (a Paysan's two places: a list, or ``"2,5"``), optionally ``rank`` (checked
    against the number). Other keys are ignored. Raises :class:`CardFactsError`.
    """
    number = _fact_int(facts, "number", "card")
    if not 1 <= number <= CARD_COUNT:
        raise CardFactsError(f"card facts {dict(facts)!r}: no title card {number}")
    blason = _fact_int(facts, "blason", "blason")
    if not 1 <= blason <= BLASON_COUNT:
        raise CardFactsError(f"card facts {dict(facts)!r}: blason {blason} is not 1..7")
    rank = rank_of(number)
    if "rank" in facts and normalise_rank(str(facts["rank"])) != rank:
        raise CardFactsError(
            f"card facts {dict(facts)!r}: card {number} is a {rank}, not {facts['rank']}"
        )
    card = TitleCard(number, blason, _fact_places(facts))
    problems = place_problems(card)
    if problems:
        raise CardFactsError(f"card facts {dict(facts)!r}: {problems[0]}")
    return card


def with_printed_cards(base: Components, cards: Iterable[TitleCard]) -> Components:
    """``base`` with these printed (checked) cards in place; they are no longer provisional.

    To keep "one card of each rank per blason", a *provisional* card that held the printed
    card's blason for that rank swaps blasons with it. A conflict with a card that is not
    provisional raises ``ValueError`` (two printed facts disagree).
    """
    table = {c.number: c for c in base.cards}
    provisional = set(base.provisional)
    for card in cards:
        old = table[card.number]
        if old.blason != card.blason:
            rival = next(
                c
                for c in table.values()
                if c.rank == card.rank and c.blason == card.blason and c.number != card.number
            )  # exists: ``base`` has one card of each rank per blason
            if f"card:{rival.number}" not in provisional:
                raise ValueError(
                    f"card {card.number} shows blason {card.blason}, but card {rival.number} "
                    f"(checked) already is that blason's {card.rank}"
                )
            table[rival.number] = replace(rival, blason=old.blason)
        table[card.number] = card
        provisional.discard(f"card:{card.number}")
    components = replace(
        base, cards=tuple(table[n] for n in sorted(table)), provisional=frozenset(provisional)
    )
    problems = component_problems(components)
    if problems:
        raise ValueError("; ".join(problems))
    return components


def deck_from_facts(facts: Iterable[Mapping[str, object]], base: Components) -> Components:
    """The whole deck from the 49 cards' printed facts; blasons and tokens come from ``base``."""
    cards: dict[int, TitleCard] = {}
    for one in facts:
        card = card_from_facts(one)
        if card.number in cards:
            raise CardFactsError(f"card {card.number} is given twice")
        cards[card.number] = card
    missing = [n for n in range(1, CARD_COUNT + 1) if n not in cards]
    if missing:
        raise CardFactsError(f"cards {_ranges(missing)} are missing from the tagged deck")
    provisional = frozenset(k for k in base.provisional if not k.startswith("card:"))
    try:
        return Components(
            tuple(cards[n] for n in range(1, CARD_COUNT + 1)),
            base.blasons,
            base.tokens,
            provisional,
        )
    except ValueError as exc:
        raise CardFactsError(f"the tagged deck is inconsistent: {exc}") from exc


__all__ = [
    "DATA_FILE",
    "CardFactsError",
    "Problem",
    "SevenKingdomsDataError",
    "card_from_facts",
    "data_path",
    "deck_from_facts",
    "load_components",
    "normalise_rank",
    "parse_components",
    "with_printed_cards",
]
