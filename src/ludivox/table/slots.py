"""Reading the grammar's slot values, once for every game.

A slot holds a canonical id (``card:7``, ``column:3``, ``rank:roi``) or a tuple of them for
lists ("le sept et le huit"). The part after the first ``:`` is the value; a number is read
as an integer (a minus sign allowed), anything else is left out of the numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class HasSlots(Protocol):
    """An understood intent, as far as its slots go."""

    @property
    def slots(self) -> Any: ...


def words(intent: HasSlots, slot: str) -> tuple[str, ...]:
    """The values of ``slot`` (``card:7`` -> ``"7"``), in the order said; () when absent."""
    value = intent.slots.get(slot)
    if value is None:
        return ()
    values = value if isinstance(value, tuple) else (value,)
    return tuple(str(v).partition(":")[2] for v in values)


def word(intent: HasSlots, slot: str) -> str | None:
    """The first value of ``slot``, or None (an empty value counts as none)."""
    found = words(intent, slot)
    return found[0] or None if found else None


def numbers(intent: HasSlots, slot: str) -> tuple[int, ...]:
    """The values of ``slot`` that are whole numbers, as integers."""
    return tuple(int(v) for v in words(intent, slot) if v.lstrip("-").isdecimal())


def number(intent: HasSlots, slot: str) -> int | None:
    """The first whole number of ``slot``, or None."""
    found = numbers(intent, slot)
    return found[0] if found else None


@dataclass(frozen=True)
class Said:
    """An intent as a binding reads it again (another name, or values numbered anew)."""

    name: str
    slots: Mapping[str, Any]
    text: str
    cost: float


def from_end(intent: Any, kind: str, count: int) -> Any:
    """``intent`` with every ``kind`` value counted from the end ("la dernière colonne":
    ``column:-1``, the grammar's id for it) numbered from the start among ``count`` places
    (``column:6`` of six); ``intent`` itself when it has none. A place beyond the first
    (``-7`` of six) stays negative: no place has that number, the binding refuses it."""
    prefix = f"{kind}:-"

    def counted(value: str) -> str:
        if not value.startswith(prefix) or not value[len(prefix):].isdecimal():
            return value
        back = int(value[len(prefix):])
        return f"{kind}:{count + 1 - back}" if back <= count else value

    changed = {}
    for slot, value in intent.slots.items():
        new = tuple(counted(v) for v in value) if isinstance(value, tuple) else counted(value)
        if new != value:
            changed[slot] = new
    if not changed:
        return intent
    return Said(intent.name, {**intent.slots, **changed}, intent.text, intent.cost)


ALSO = "_also"


def agreed(intent: Any) -> Any:
    """``intent`` with each place said twice checked ("la sixième et dernière colonne":
    ``column`` and ``column_also``, both numbered from the start already) and said once;
    None when the two differ: a description that contradicts itself is never acted on."""
    also = [slot for slot in intent.slots if slot.endswith(ALSO)]
    if not also:
        return intent
    kept = dict(intent.slots)
    for slot in also:
        said = kept.pop(slot)
        if kept.get(slot[: -len(ALSO)], said) != said:
            return None
    return Said(intent.name, kept, intent.text, intent.cost)


__all__ = ["ALSO", "HasSlots", "Said", "agreed", "from_end", "number", "numbers", "word", "words"]
