"""The result of understanding an utterance."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

SlotValue = str | tuple[str, ...]


@dataclass(frozen=True)
class Intent:
    """One way to understand an utterance.

    ``slots`` hold canonical ids (``"card:7"``, ``"column:3"``, ``"ordinal:1"``); slots
    declared ``many`` hold a tuple of ids in the order spoken. ``text`` is the normalised
    text that matched (for a fuzzy match: the grammar's corrected wording). ``cost`` is 0
    for an exact match and grows with fuzziness (see :mod:`ludivox.grammars.matcher`).
    """

    name: str
    slots: Mapping[str, SlotValue]
    text: str
    cost: float

    def slot(self, name: str) -> SlotValue | None:
        """The slot's value, or ``None`` when the utterance did not fill it."""
        return self.slots.get(name)

    def number(self, name: str) -> int | None:
        """The number in a single-id slot (``"column:3"`` -> 3), or ``None``."""
        value = self.slots.get(name)
        if value is None or isinstance(value, tuple):
            return None
        return id_number(value)

    def numbers(self, name: str) -> tuple[int, ...]:
        """The numbers in a slot (a tuple slot or a single one); ``()`` when absent."""
        value = self.slots.get(name)
        if value is None:
            return ()
        values = value if isinstance(value, tuple) else (value,)
        return tuple(id_number(v) for v in values)


def id_number(slot_id: str) -> int:
    """The number in a canonical id: ``"card:7"`` -> 7. Raises ``ValueError`` otherwise."""
    _, _, tail = slot_id.partition(":")
    return int(tail)


__all__ = ["Intent", "SlotValue", "id_number"]
