"""Rules asked in players' words (batch 21: « est-ce qu'on a le droit de poser plusieurs
cartes dans le même tour », « comment on fait pour gagner à ce jeu », « est-ce que mon treize
il peut boucler une colonne »; from batch 9, « on a le droit d'échanger et de poser dans le
même tour ? », « on a le droit de passer son tour ? », « on peut déplacer juste le milieu d'une
colonne ? »): every opener, amount and span of a turn is the rule of how
many cards a turn places; every way of asking how to win is the mode's way of winning (the
last cards in a standard game, the score in solo and co-op); placing and exchanging in one
turn is the exchange's rule, passing asked of anyone the pass's rule, the middle of a column
the middle's rule; a thirteen asked about as the
subject, with every verb of ending a column, is the coach's answer about finishing. Over
positions and modes, and nothing changes."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import make_table, playout, position

from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Say

OPENERS = ("est-ce qu'on a le droit de", "est-ce que j'ai le droit de", "j'ai le droit de",
           "on peut", "est-ce que je peux", "puis-je")
AMOUNTS = ("plusieurs cartes", "plus d'une carte", "deux cartes", "toutes mes cartes")
SPANS = ("dans le même tour", "par tour", "en un tour", "à la fois", "d'un coup",
         "à chaque tour")
HOW_MANY = ("combien de cartes on peut poser par tour",
            "on peut poser combien de cartes par tour",
            "je peux jouer combien de cartes dans le même tour",
            "combien de cartes j'ai le droit de mettre à chaque tour")
WIN = ("comment on fait pour gagner à ce jeu", "comment je fais pour gagner",
       "qu'est-ce que je dois faire pour gagner la partie", "c'est quoi le but du jeu",
       "quel est le but de ce jeu", "le but du jeu c'est quoi", "quand est-ce qu'on gagne",
       "comment faire pour gagner")
FINISH = ("est-ce que mon treize il peut {verb} une colonne",
          "mon treize il peut {verb} une colonne",
          "est-ce que le treize peut {verb} une colonne ou pas",
          "le treize il va {verb} une colonne", "est-ce que je peux {verb} une colonne",
          "il y a une colonne que je peux {verb} avec le treize",
          "y a-t-il une colonne que je peux {verb} jusqu'au treize ?")
OTHER_RULES = {
    "rules.exchange": ("on a le droit d'échanger et de poser dans le même tour ?",
                       "est-ce que j'ai le droit de poser et d'échanger par tour",
                       "on peut échanger puis poser ?",
                       "si je change des cartes, j'ai encore le droit d'en poser après ?",
                       "si j'échange deux cartes je peux encore jouer ensuite ?"),
    "rules.pass": ("on a le droit de passer son tour ?", "est-ce qu'on peut passer son tour",
                   "peut-on passer un tour n'importe quand ?"),
    "rules.middle": ("on peut déplacer juste le milieu d'une colonne ?",
                     "est-ce que je peux bouger le milieu de la colonne",
                     "j'ai le droit de prendre seulement le milieu d'une colonne ?"),
    "answer.counts": ("qui est le plus près de gagner ?", "qui est la plus près de finir"),
}
END_VERBS = ("finir", "terminer", "boucler", "compléter")


def _asked(grammar: Grammar, state: Any, text: str,
           names: tuple[str, ...] = ("Anne", "Paul")) -> list[Say]:
    """What ``text`` gets; nothing may change."""
    table = make_table(grammar, state, names)
    said = table.hear(text, seat=state.turn)
    assert table.state == state, text
    return said


def _shared(mode: str, seats: int) -> Any:
    revealed = ("agatha", "den", "ethelred")
    return position(columns=[[1, 2], [4, 5, 6, 7], [9, 10, 11], [12], [2, 3, 4, 5], [7, 8]],
                    discard=[], malus=[],
                    players=[{"hand": [3, 3, 6, 8, 10, 13], "pile": [1, 9, 11, 5, 2, 12]},
                             {"hand": [1, 4, 5, 9, 11, 12], "pile": [6, 7, 13]}][:seats],
                    options={"characters": True, "mode": mode}, revealed=list(revealed),
                    deck=[c for c in CHARACTERS if c not in revealed])


def _positions() -> list[Any]:
    return list(itertools.islice(playout("kingsbridge", "turn-rules"), 0, 200, 50))


def test_how_many_cards_a_turn_places_is_that_rule(grammar: Grammar) -> None:
    asked = [f"{o} {v} {a} {s}" for (o, a, s), v in zip(
        itertools.product(OPENERS, AMOUNTS, SPANS), itertools.cycle(("poser", "jouer", "mettre")),
        strict=False)]
    for state in _positions():
        for question in (*asked[::7], *HOW_MANY):
            said = _asked(grammar, state, question)
            assert [s.key for s in said] == ["rules.several"], (question, said)


def test_how_to_win_is_the_mode_s_way_of_winning(grammar: Grammar) -> None:
    cases = [(state, "rules.win", ("Anne", "Paul")) for state in _positions()]
    cases += [(_shared("solo", 1), "rules.solo", ("Anne",)),
              (_shared("coop", 2), "rules.coop", ("Anne", "Paul"))]
    for (state, wanted, names), question in itertools.product(cases, WIN):
        said = _asked(grammar, state, question, names)
        assert [s.key for s in said] == [wanted], (question, said)


def test_a_thirteen_ending_a_column_is_asked_of_the_coach(grammar: Grammar) -> None:
    for state in itertools.islice(playout("kingsbridge", "finish-questions"), 0, 300, 100):
        plain = [s.key for s in _asked(grammar, state, "puis-je finir une colonne ?")]
        assert plain[0].startswith("answer.finish"), plain
        for form, verb in itertools.product(FINISH, END_VERBS):
            question = form.format(verb=verb)
            assert [s.key for s in _asked(grammar, state, question)] == plain, question


def test_the_other_rules_are_asked_in_players_words(grammar: Grammar) -> None:
    for state in _positions():
        for wanted, questions in OTHER_RULES.items():
            for question in questions:
                said = _asked(grammar, state, question)
                assert [s.key for s in said] == [wanted], (question, said)
