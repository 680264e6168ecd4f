"""A learner's sentence (``grammars/learner.py``): the verb in the infinitive, the articles
left out (« moi prendre roi garder main »). With every word that carries meaning said and one
legal move fitting, it is made as the full sentence is; with another verb, it is at most asked,
never made; with none, it is never read complete. Property over legal moves of the four
games said as the player says them (``said_moves``), each said again the learner's way."""

from __future__ import annotations

import pytest
from said_moves import GAMES, Said, hear, said_moves
from table_helpers import ALL_GRAMMARS

from ludivox.grammars.grammar import Grammar
from ludivox.grammars.learner import complete


def _learner(game: str, said: Said, verb: bool = True) -> str | None:
    """``said`` as a learner says it: "moi", the verb in the infinitive (``verb``: else
    left out), no article but before a number; None when its verb has no infinitive the
    grammar knows."""
    lang = Grammar.load(ALL_GRAMMARS[game], "fr").language
    words = said.text.split()
    first = lang.first_forms.get(words[1])
    infinitive = next((k for k, v in lang.first_forms.items()
                       if v == first and k.endswith(lang.infinitive_endings)), None)
    if words[0] != "je" or infinitive is None:
        return None
    rest = [w for w, after in zip(words[2:], [*words[3:], ""], strict=True)
            if w not in lang.articles or lang.number_value(after) is not None]
    return " ".join(["moi", *([infinitive] if verb else []), *rest])


@pytest.mark.parametrize("game", GAMES)
def test_a_learners_complete_sentence_makes_the_move(game: str) -> None:
    """Made as the full sentence, or not made at all (asked, or not understood): never
    another move; made for at least half of them."""
    made = tried = 0
    for said in said_moves(game):
        text = _learner(game, said)
        if text is None:
            continue
        tried += 1
        after, keys, _ = hear(game, said.state, text, said.seat)
        assert after in (said.after, said.state), (text, keys)
        made += after == said.after
    assert tried >= 3
    assert made * 2 >= tried, (made, tried)


@pytest.mark.parametrize("game", GAMES)
def test_a_learners_sentence_with_another_verb_or_none_is_never_made(game: str) -> None:
    """A verb the game does not have said instead (« moi bidouiller … »): asked at most; the
    verb left out: never read complete (a word that carries meaning is missing)."""
    lang = Grammar.load(ALL_GRAMMARS[game], "fr").language
    for said in said_moves(game):
        text = _learner(game, said)
        if text is None:
            continue
        other = text.replace(text.split()[1], "bidouiller", 1)
        after, keys, _ = hear(game, said.state, other, said.seat)
        assert after == said.state, (other, keys)
        bare = _learner(game, said, verb=False)
        assert bare is not None and not complete(lang, bare, said.text), bare
