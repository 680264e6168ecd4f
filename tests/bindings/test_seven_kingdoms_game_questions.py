"""7 Kingdoms: questions on the game asked the way players talk (issue 16, batch 24).

* when the game ends, asked with a pronoun, the game said after or before: « ça finit quand
  la partie », « la partie elle s'arrête quand » (rules.end);
* the goal: « c'est quoi le but déjà », « quel est le but du jeu », « qu'est-ce qu'il faut
  faire pour gagner » (rules.goal, a new answer from the rulebook);
* the coach asked with any verb that puts a card down or takes, said by « je » or « on »:
  « on met quoi là », « je joue quoi », « qu'est-ce qu'on joue », « on prend quoi ».

At the natural corpus's play position, through the real session: the answer is the one
asked and nothing changes."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_said_around import _position
from test_seven_kingdoms_session import ENGINE, make

POSITIONS = ("play",)  # the answers do not depend on the phase
END = ("ça finit quand la partie", "elle s'arrête quand la partie",
       "la partie elle finit quand", "c'est quand que ça se termine")
GOAL = ("c'est quoi le but déjà", "quel est le but du jeu", "le but c'est quoi",
        "qu'est-ce qu'il faut faire pour gagner")
# « pose » is left out: « qui a déjà posé une carte ce tour-ci ? » asks what was played, and
# a coach said with « pose » made the two questions tie
VERBS = {"je": ("joue", "mets", "sors", "place", "balance", "tente"),
         "on": ("joue", "met", "sort", "place", "balance", "tente")}
ASK = {"je": ("je {verb} quoi là", "qu'est-ce que je {verb}"),
       "on": ("on {verb} quoi là", "qu'est-ce qu'on {verb}")}
TAKE = {"je": ("je prends quoi", "qu'est-ce que je prends"),
        "on": ("on prend quoi", "qu'est-ce qu'on prend")}


def _asked(at: str, text: str) -> list[str]:
    state, names = _position(at)
    table = make(state, names)
    said = table.hear(text, seat=ENGINE.awaiting(state).seat)
    assert ENGINE.dumps(table.state) == ENGINE.dumps(state), text
    return [s.key for s in said]


@pytest.mark.parametrize("at", POSITIONS)
def test_the_end_and_the_goal_asked_in_other_words(at: str) -> None:
    for text in END:
        assert _asked(at, text) == ["rules.end"], text
    for text in GOAL:
        assert _asked(at, text) == ["rules.goal"], text


@pytest.mark.parametrize("who", ["je", "on"])
@pytest.mark.parametrize("at", ["play"])
def test_the_coach_asked_with_any_verb_by_je_or_on(at: str, who: str) -> None:
    asked = [f.format(verb=v) for v in VERBS[who] for f in ASK[who]] + list(TAKE[who])
    for text in asked:
        keys = _asked(at, text)
        assert keys and keys[0].startswith("answer.coach"), (text, keys)
