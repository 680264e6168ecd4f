"""A move then the end of the turn joined by any sequence word ("… après quoi je passe",
batch 29): both made, or nothing; never the move alone with the rest read as something
else. A sequence word is read whole where it is said: the « quoi » of « après quoi » asks
nothing, and a question read by its words alone never hides a move said whole."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import ENGINE, keys, make_table, sentence

from ludivox.engines.kingsbridge.actions import EndTurn, Place
from ludivox.grammars.grammar import Grammar
from ludivox.grammars.tokens import phrase_at
from ludivox.table import compound

# the language's sequence words, and joiners players use that it may not know yet
EXTRA_JOINERS = ("après quoi", "et après quoi", "et puis après", "puis ensuite")
ENDINGS = ("je passe", "quoi je passe", "j'ai fini", "c'est tout pour moi")


def _joiners(grammar: Grammar) -> list[str]:
    said = {" ".join(p) for p in grammar.language.sequence_words}
    return sorted(said | set(EXTRA_JOINERS))


def _placements(seeds: range) -> list[tuple[Any, Place]]:
    found = []
    for seed in seeds:
        state = ENGINE.new_virtual_game(2, seed)
        places = [a for a in ENGINE.legal_actions(state)
                  if isinstance(a, Place) and len(a.cards) == 1]
        found += [(state, place) for place in places[:1]]
    return found


def test_a_sequence_word_is_cut_whole_where_it_is_said(grammar: Grammar) -> None:
    """Every sequence word of two or more words, said between two parts, cuts the sentence
    around itself, or after a word of it only where the rest is a sequence word too (« et »
    then « puis … »): never leaving words that mean something else (« quoi je passe »)."""
    lang = grammar.language
    for phrase in lang.sequence_words:
        if len(phrase) < 2:
            continue
        text = f"je pose le sept sur la quatre {' '.join(phrase)} je passe"
        seconds = {cut[1] for cut in compound.parts(lang, text) if len(cut) == 2}
        allowed = {"je passe"} | {" ".join(phrase[k:]) + " je passe"
                                  for k in range(1, len(phrase))
                                  if phrase_at(phrase[k:], 0, lang.sequence_words)}
        assert seconds <= allowed, (phrase, seconds)


@pytest.mark.parametrize("ending", ENDINGS)
def test_a_move_then_the_turn_ended_is_never_made_half(grammar: Grammar, ending: str) -> None:
    """« <placement> <joiner> je passe » over dealt positions and every joiner: the state is
    the placement then the end of the turn, or the state as it was."""
    positions = _placements(range(3))
    assert len(positions) == 3
    for joiner in _joiners(grammar):
        for state, place in positions:
            table = make_table(grammar, state)
            text = f"{sentence(place)} {joiner} {ending}"
            says = table.hear(text)
            placed, _ = ENGINE.apply(state, place)
            ended, _ = ENGINE.apply(placed, EndTurn())
            assert ENGINE.dumps(table.state) in {ENGINE.dumps(state), ENGINE.dumps(ended)}, (
                text, keys(says))
