"""A character asked about as its card, or taken up by a pronoun, and the hand refilled at
the end of a turn (batch 22: « qu'est-ce qu'elle fait la carte d'Aldred », « dois-je
compléter ma main à six à la fin de mon tour »): every character, by every form, is its
power; every way of asking whether the hand is drawn back at the end of a turn is the rule
of the turn's end (never « tu n'as pas de six », never whose turn it is). Over positions,
and nothing changes."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import keys, make_table, playout
from test_kingsbridge_turn_and_win_rules import _shared

from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.grammars.grammar import Grammar

POWER = ("qu'est-ce qu'elle fait la carte {of}{name}",
         "qu'est-ce qu'elle peut faire la carte {of}{name}",
         "que fait la carte {of}{name}",
         "la carte {of}{name} elle fait quoi",
         "qu'est-ce qu'il fait {name}")
REFILL = ("dois-je compléter ma main à six à la fin de mon tour",
          "est-ce que je dois compléter ma main à la fin de mon tour",
          "on doit reprendre la main après chaque tour",
          "est-ce qu'on doit compléter la main à six cartes",
          "je dois piocher pour revenir à six cartes",
          "est-ce que je repioche à la fin de mon tour",
          "est-ce qu'on pioche des cartes après son tour",
          "je pioche à la fin du tour")
NAMES = {"aldred": "Aldred", "edgar": "Edgar", "wynstan": "Wynstan", "gytha": "Gytha",
         "agatha": "Agatha", "ragna": "Ragna", "ethelred": "Ethelred", "den": "Den",
         "wigelm": "Wigelm", "wilwulf": "Wilwulf"}


def _asked(grammar: Grammar, state: Any, text: str) -> list[str]:
    table = make_table(grammar, state, ("Anne",) * len(state.players))
    said = table.hear(text, seat=state.turn)
    assert table.state == state, text
    return keys(said)


def test_a_character_asked_as_its_card_is_its_power(grammar: Grammar) -> None:
    assert set(NAMES) == set(CHARACTERS)
    state = _shared("solo", 1)
    for character, form in itertools.product(CHARACTERS, POWER):
        name = NAMES[character]
        of = "d'" if name[0] in "AEIOU" else "de "
        text = form.format(of=of, name=name)
        said = _asked(grammar, state, text)
        assert said == [f"power.{character}"], (text, said)


def test_the_hand_refilled_at_the_end_of_a_turn_is_the_end_rule(grammar: Grammar) -> None:
    positions = list(itertools.islice(playout("kingsbridge", "refill-rule"), 0, 200, 50))
    for state, text in itertools.product(positions, REFILL):
        said = _asked(grammar, state, text)
        assert said == ["rules.end"], (text, said)
