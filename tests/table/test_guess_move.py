"""The last resort (``grammars/guess.py``): a move said with a verb Ludivox does not know is
asked about in the game's words ("Tu veux dire : … ?"), never made before « oui »; « oui »
makes exactly that move, « non » nothing; a sentence that says no, asks, or only imagines a
move is never offered as one."""

from __future__ import annotations

import itertools

import pytest
from table_helpers import ENGINE, keys, make_table, playout, position, word

from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar

UNKNOWN_VERBS = ("bidouille", "tripote", "refourgue")


def _places(state: object) -> list[Place]:
    return [a for a in ENGINE.legal_actions(state)
            if isinstance(a, Place) and len(a.cards) == 1]


# every fourth position of a seeded playout where a card can be placed, up to five
POSITIONS = list(itertools.islice(
    (s for s in playout("kingsbridge", "guess") if _places(s)), 0, 20, 4))


@pytest.mark.parametrize("at", range(len(POSITIONS)))
@pytest.mark.parametrize("verb", UNKNOWN_VERBS)
def test_every_legal_move_said_with_an_unknown_verb_is_asked_and_yes_makes_it(
    grammar: Grammar, at: int, verb: str,
) -> None:
    state = POSITIONS[at]
    for action in _places(state):
        t = make_table(grammar, state)
        said = f"je {verb} le {word(action.cards[0])} sur la colonne {word(action.column)}"
        asked = t.hear(said)
        # asked (by the guess, or by the fuzzy pass when the verb looks like one it knows),
        # or offered among the other moves as close ("déplacer le treize … ou poser …")
        assert keys(asked) in (["guess_move"], ["did_you_mean"], ["choose_among"]), said
        assert t.state == state  # nothing done before the player answers
        assert word(action.cards[0]) in asked[0].text, asked[0].text
        if keys(asked) == ["choose_among"]:
            options = t.session.pending.candidates
            assert action in options and len(options) <= 3, said
            t.hear(("la première", "la deuxième", "la troisième")[options.index(action)])
        else:
            t.hear("oui")
        assert ENGINE.dumps(t.state) == ENGINE.dumps(ENGINE.apply(state, action)[0]), said

def test_no_to_a_guess_changes_nothing(grammar: Grammar) -> None:
    state = POSITIONS[0]
    action = _places(state)[0]
    t = make_table(grammar, state)
    t.hear(f"allez, mon {word(action.cards[0])} je le tripote sur la colonne "
           f"{word(action.column)}")
    t.hear("non")
    assert t.state == state
    assert keys(t.hear("oui"))[0].startswith("not_understood")  # nothing left to confirm
    assert t.state == state


NOT_MOVES = (
    "je ne {verb} pas le {card} sur la colonne {column}",  # says no
    "je {verb} jamais le {card} sur la colonne {column}",
    "si je {verb} le {card} sur la colonne {column} ?",  # asks
    "est-ce que je {verb} le {card} sur la colonne {column}",
    "combien je {verb} le {card} sur la colonne {column}",
    "je {verb} le {card}, non, sur la colonne {column}",  # corrects itself
    "je bidouillerais le {card} sur la colonne {column}",  # only imagines it
    "si seulement je bidouillais le {card} sur la colonne {column}",
    "attendez deux minutes je réfléchis au {card}",  # mostly unknown words
)


@pytest.mark.parametrize("template", NOT_MOVES)
def test_a_sentence_that_says_no_asks_or_imagines_is_never_offered(
    grammar: Grammar, template: str,
) -> None:
    state = position(
        columns=[[3], [6], [9], [10], [12], [13]],
        players=[{"hand": [7, 8, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    )
    for card, column in ((7, 2), (8, 2), (11, 4)):
        t = make_table(grammar, state)
        said = template.format(verb="bidouille", card=word(card), column=word(column))
        assert "guess_move" not in keys(t.hear(said)), said
        assert t.state == state
