"""A card said with the speaker's possessive is the speaker's own card.

"je pousse mon neuf tout au bout de la sixième" places the nine of the hand; read as moving
the nine of a column (batch 33, a harmful reading: « mon » is read as « le » by the
rewrites), the player's card stays in hand and a column moves. A slot declared ``on_table``
in a game's intents (Kingsbridge's moved cards) never takes a value said right after one of
the language's ``speaker_possessives``, unless the reading says where the cards lie (a slot
declared ``locates``: « mon neuf de la colonne deux ») or the verb only ever moves cards on
the table (« je déplace mon neuf »): that reading is left out, the others stay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ludivox.grammars.intents import SlotValue
from ludivox.grammars.language import Language
from ludivox.grammars.specs import IntentSpec
from ludivox.grammars.tokens import Token


def said_as_mine(lang: Language, said: Sequence[Token]) -> frozenset[int]:
    """The values said right after a possessive of the speaker ("mon neuf": 9) in ``said``
    (the words as said: ``Language.tokens(text, literal=True)``); none after a verb that
    only ever moves cards on the table ("je déplace mon neuf")."""
    keys = [t.key for t in said]
    if any(k in lang.moving_verbs for k in keys):
        return frozenset()
    return frozenset(
        value for at in range(1, len(keys))
        if keys[at - 1] in lang.speaker_possessives
        and (value := lang.number_value(keys[at])) is not None)


def names_mine(spec: IntentSpec | None, slots: Mapping[str, SlotValue],
               mine: frozenset[int]) -> bool:
    """Whether a slot of a card on the table holds one of the speaker's own values."""
    if spec is None or not mine or any(
            spec.slots[name].locates for name in slots if name in spec.slots):
        return False  # "la colonne cinq, mon sept tout seul ...": said where it lies
    for name, value in slots.items():
        slot = spec.slots.get(name)
        if slot is None or not slot.on_table:
            continue
        for one in value if isinstance(value, tuple) else (value,):
            number = str(one).rpartition(":")[2]
            if number.isdigit() and int(number) in mine:
                return True
    return False


__all__ = ["names_mine", "said_as_mine"]
