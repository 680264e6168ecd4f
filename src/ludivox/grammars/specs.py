"""Language-neutral declarations: ``<game>/intents.yaml`` (and ``common/intents.yaml``).

::

    lists:                       # number ranges shared by every language
      card: {type: card, range: {from: 1, to: 13}}             ids "card:1".."card:13"
      column_ordinal: {type: column, range: {from: 1, to: 7, ordinal: true}}
    intents:
      place:
        description: Place cards from the hand at the end of a column.
        slots:
          cards: {type: card, many: true}      # a tuple of ids, in the order spoken
          column: {type: column, optional: true}
    responses:                   # every response key and the parameters it may use
      refusal.needs_card: [value, column, last, needed]

Per-language ``sentences.yaml`` files may add word lists (``values``) and more ranges.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludivox.grammars.intents import SlotValue
from ludivox.grammars.yamlfile import fail, where

_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_.")


@dataclass(frozen=True)
class SlotSpec:
    """A slot of an intent: the id type its values have, and whether it repeats or may miss."""

    name: str
    type: str
    many: bool = False
    optional: bool = False
    on_table: bool = False
    """Names a card lying on the table, never one of the speaker's: a value said with the
    speaker's possessive ("mon neuf") is not read into it (``owned.py``)."""
    locates: bool = False
    """Says where the cards of an ``on_table`` slot lie ("de la colonne cinq"): then a
    possessive before them is said loosely (``owned.py``)."""


@dataclass(frozen=True)
class IntentSpec:
    """An intent's name, one-line description and slots."""

    name: str
    description: str
    slots: Mapping[str, SlotSpec]
    file: str
    line: int | None
    as_said: bool = False
    """Only read as a template says it, never by its words (``topics.py``): its words are
    those of other questions ("qui *vient* après moi ?", "qu'est-ce que Paul *vient* de
    jouer ?")."""

    def slots_of(self, captures: Iterable[tuple[str, str]]) -> dict[str, SlotValue]:
        """The slot values ``captures`` fill, in the order said: a ``many`` slot holds them
        all (a tuple), another the last one."""
        slots: dict[str, SlotValue] = {}
        for name, value in captures:
            if self.slots[name].many:
                prev = slots.get(name, ())
                assert isinstance(prev, tuple)
                slots[name] = (*prev, value)
            else:
                slots[name] = value
        return slots


@dataclass(frozen=True)
class ListValue:
    """One value of a word list: a template for what is said, and the id it stands for."""

    said: str
    out: str


@dataclass(frozen=True)
class ListSpec:
    """A slot list: a number range (words generated) or explicit word values."""

    name: str
    type: str
    file: str
    line: int | None
    start: int = 0
    stop: int = -1
    ordinal: bool = False
    words: bool = True
    digits: bool = True
    values: tuple[ListValue, ...] = ()
    from_end: bool = False  # a range counted from the end: n is said, the id is -n

    def slot_id_of(self, n: int) -> str:
        """The id of the range's ``n`` (``column:-3`` for "la troisième" from the end)."""
        return self.slot_id(-n if self.from_end else n)

    @property
    def is_range(self) -> bool:
        """True for a number range."""
        return self.stop >= self.start

    def slot_id(self, value: object) -> str:
        """The canonical id for ``value`` (``"card:7"``)."""
        return f"{self.type}:{value}"


@dataclass
class Declarations:
    """Everything declared by one or more ``intents.yaml`` files."""

    intents: dict[str, IntentSpec] = field(default_factory=dict)
    lists: dict[str, ListSpec] = field(default_factory=dict)
    responses: dict[str, tuple[str, ...]] = field(default_factory=dict)
    response_lines: dict[str, tuple[str, int | None]] = field(default_factory=dict)

    def add_file(self, data: Any, path: Path) -> None:
        """Merge one parsed ``intents.yaml``; duplicates and bad shapes raise GrammarError."""
        if not isinstance(data, dict):
            raise fail("expected a mapping with 'intents', 'lists', 'responses'", data, path, 1)
        unknown = set(data) - {"game", "intents", "lists", "responses"}
        if unknown:
            key = sorted(unknown)[0]
            raise fail(f"unknown section {key!r}", key, path)
        for name, spec in (data.get("lists") or {}).items():
            if name in self.lists:
                raise fail(f"list {name!r} is declared twice", name, path)
            self.lists[name] = parse_list(name, spec, path)
        for name, spec in (data.get("intents") or {}).items():
            if name in self.intents:
                raise fail(f"intent {name!r} is declared twice", name, path)
            self.intents[name] = _parse_intent(name, spec, path)
        for key, params in (data.get("responses") or {}).items():
            if key in self.responses:
                raise fail(f"response {key!r} is declared twice", key, path)
            if params is None:
                params = []
            if not isinstance(params, list) or not all(isinstance(p, str) for p in params):
                raise fail(f"response {key!r}: expected a list of parameter names", key, path)
            self.responses[key] = tuple(params)
            self.response_lines[key] = where(key, path)


def _check_name(name: object, what: str, path: Path) -> str:
    if not isinstance(name, str) or not name or not set(name) <= _NAME_CHARS:
        raise fail(f"{what} name {name!r} must be lowercase letters, digits, '_'", name, path)
    return name


def _parse_intent(name: str, spec: Any, path: Path) -> IntentSpec:
    _check_name(name, "intent", path)
    if not isinstance(spec, dict):
        raise fail(f"intent {name!r}: expected 'description' and 'slots'", name, path)
    description = spec.get("description")
    if not isinstance(description, str) or not description.strip():
        raise fail(f"intent {name!r} needs a one-line 'description'", name, path)
    slots: dict[str, SlotSpec] = {}
    for slot, sspec in (spec.get("slots") or {}).items():
        _check_name(slot, "slot", path)
        if not isinstance(sspec, dict) or not isinstance(sspec.get("type"), str):
            raise fail(f"slot {slot!r} of {name!r} needs a 'type' (card, column...)", slot, path)
        slots[slot] = SlotSpec(
            slot, str(sspec["type"]), bool(sspec.get("many")), bool(sspec.get("optional")),
            bool(sspec.get("on_table")), bool(sspec.get("locates")),
        )
    file, line = where(name, path)
    return IntentSpec(name, str(description), slots, file, line, bool(spec.get("as_said")))


def parse_list(name: str, spec: Any, path: Path) -> ListSpec:
    """Parse one list declaration (range or values)."""
    _check_name(name, "list", path)
    if not isinstance(spec, dict) or not isinstance(spec.get("type"), str):
        raise fail(f"list {name!r} needs a 'type' (the id prefix, e.g. card)", name, path)
    file, line = where(name, path)
    kind = str(spec["type"])
    if "range" in spec:
        rng = spec["range"]
        try:
            start, stop = int(rng["from"]), int(rng["to"])
        except (KeyError, TypeError, ValueError):
            raise fail(f"list {name!r}: range needs integer 'from' and 'to'", name, path) from None
        if stop < start:
            raise fail(f"list {name!r}: empty range {start}..{stop}", name, path)
        return ListSpec(
            name, kind, file, line, start, stop,
            ordinal=bool(rng.get("ordinal", False)),
            words=bool(rng.get("words", True)),
            digits=bool(rng.get("digits", True)),
            from_end=bool(rng.get("from_end", False)),
        )
    if "values" in spec:
        values: list[ListValue] = []
        for item in spec["values"] or ():
            if isinstance(item, dict) and "in" in item and "out" in item:
                values.append(ListValue(item["in"], str(item["out"])))
            else:
                raise fail(
                    f"list {name!r}: each value needs 'in' (said) and 'out' (id)", item, path, line
                )
        if not values:
            raise fail(f"list {name!r} has no values", name, path)
        return ListSpec(name, kind, file, line, values=tuple(values))
    raise fail(f"list {name!r} needs 'range' or 'values'", name, path)


__all__ = ["Declarations", "IntentSpec", "ListSpec", "ListValue", "SlotSpec", "parse_list"]
