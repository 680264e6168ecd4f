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

from ludivox.grammars.topics import LOOSE_MARGIN, TOPIC_SPREAD
from ludivox.table.binding import Answer, Binding
from ludivox.table.session_core import LAST_MOVES


def answer(grammar: Any, binding: Binding[Any, Any], state: Any, text: str, seat: int,
           intents: Collection[str] | None, excluded: Collection[str],
           loose: bool = False, about: int | None = None) -> tuple[Any, Answer] | None:
    """The topic reading of ``text`` the game answers, and its answer, or None. Two readings
    answered, as close and taking as many values, are not guessed between. ``excluded``:
    intents never read this way (the dialogue's and the settings', which act). ``loose``:
    the last try (:data:`~ludivox.grammars.topics.LOOSE_SHARE`): the closest reading the
    game answers, kept only when no other it answers is as close (within ``LOOSE_MARGIN``)
    unless it takes more of the values said ("qu'y a-t-il sur la colonne deux au juste ?":
    that column, not the playable cards). ``about``: the seat of the player the question
    names ("Léa, elle est à combien de points ?"), answered about them."""
    reader = getattr(grammar, "topic", None)
    if reader is None:
        return None
    answered: list[tuple[Any, Answer]] = []
    for intent in reader(text, intents, loose) if loose else reader(text, intents):
        if any(intent.name == kept.name for kept, _ in answered):
            continue  # the same question with other values: the closer one is kept
        if intent.name == LAST_MOVES:  # "qu'est-ce qui s'est passé depuis mon tour ?"
            answered.append((intent, Answer(())))
        elif intent.name not in excluded:
            result = (binding.interpret(state, intent, seat) if about is None
                      else binding.about(state, intent, seat, about))
            if isinstance(result, Answer):
                answered.append((intent, result))
        if len(answered) == 2 and not loose:
            break
    if not answered:
        return None
    if loose:  # the closest; of those as close, the one taking the most values said
        near = [a for a in answered
                if a[0].cost - answered[0][0].cost < LOOSE_MARGIN * TOPIC_SPREAD - 1e-9]
        most = max(len(a[0].slots) for a in near)
        kept = [a for a in near if len(a[0].slots) == most]
        return kept[0] if len(kept) == 1 else None
    if len(answered) == 2 and _rank(answered[0][0]) == _rank(answered[1][0]):
        return None
    return answered[0]


def _rank(intent: Any) -> tuple[int, float]:
    return len(intent.slots), intent.cost


__all__ = ["answer"]
