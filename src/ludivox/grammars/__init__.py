"""The language layer: grammars as data, understanding, phrase lists and responses.

``Grammar.load(game, lang)`` gives everything a table needs for one game and language;
``Intent`` is what understanding returns. This package never imports an engine.
"""

from ludivox.grammars.errors import GrammarError
from ludivox.grammars.grammar import Grammar
from ludivox.grammars.intents import Intent, SlotValue, id_number

__all__ = ["Grammar", "GrammarError", "Intent", "SlotValue", "id_number"]
