"""A question no template fits, read by its topic and answered (never a move).

"la colonne cinq, elle finit par quoi ?", "mon royaume contient quoi ?": the grammar reads
the sentence by its words (:meth:`ludivox.grammars.Grammar.topic`); the reading is kept only
when the game's binding *answers* it (an :class:`~ludivox.table.binding.Answer`: nothing
changes). A reading the binding would turn into a move, a refusal or a question is dropped:
the player hears "je n'ai pas compris" as before.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ludivox.table.binding import Answer, Binding
from ludivox.table.session_core import LAST_MOVES


def answer(grammar: Any, binding: Binding[Any, Any], state: Any, text: str, seat: int,
           intents: Collection[str] | None, excluded: Collection[str]) -> tuple[Any, Answer] | None:
    """The topic reading of ``text`` the game answers, and its answer, or None. Two readings
    answered, as close and taking as many values, are not guessed between. ``excluded``:
    intents never read this way (the dialogue's and the settings', which act)."""
    reader = getattr(grammar, "topic", None)
    if reader is None:
        return None
    answered: list[tuple[Any, Answer]] = []
    for intent in reader(text, intents):
        if intent.name == LAST_MOVES:  # "qu'est-ce qui s'est passé depuis mon tour ?"
            answered.append((intent, Answer(())))
        elif intent.name not in excluded:
            result = binding.interpret(state, intent, seat)
            if isinstance(result, Answer):
                answered.append((intent, result))
        if len(answered) == 2:
            break
    if not answered:
        return None
    if len(answered) == 2 and _rank(answered[0][0]) == _rank(answered[1][0]):
        return None
    return answered[0]


def _rank(intent: Any) -> tuple[int, float]:
    return len(intent.slots), intent.cost


__all__ = ["answer"]
