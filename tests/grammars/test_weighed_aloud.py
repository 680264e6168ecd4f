"""A choice weighed aloud, then made (issue 16, held-out batch 36): « le sept sur la trois ou
sur la quatre... bon allez, la quatre », « soit j'envoie l'évêque, soit un chevalier...
allez, l'évêque ». The choice is read, whichever alternative it names; a choice that names
neither is never read as one of them; weighing without a decision is never a move."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, exact_meaning, grammar

from ludivox.grammars.grammar import Grammar
from ludivox.grammars.said_again import says_more_than_values
from ludivox.grammars.testcases import Case

OTHERS = ("deux", "trois", "quatre", "cinq", "six", "neuf", "onze", "douze")
DECISIONS = ("bon allez", "allez", "va pour", "tout compte fait")


def _weighable(game: str, g: Grammar, case: Case) -> tuple[list[str], int, str] | None:
    """The words of ``case``, the place of a number said after an article, and another
    number that makes the sentence read as the same intent with other values."""
    words = case.text.split()
    lang = g.language
    plain = exact_meaning(game, case.text, case.intents)
    if plain is None or any(mark in case.text for mark in ("?", ",", " et ", " ou ")):
        return None  # a question, or a value among others (« le un, le deux et le trois »)
    for at in range(1, len(words)):
        if lang.number_value(words[at]) is None or words[at - 1] not in lang.articles:
            continue
        if at + 1 < len(words) and lang.number_value(words[at + 1]) is not None:
            continue  # « la dix-huit douze »: one value of two numbers
        for other in OTHERS:
            if other == words[at]:
                continue
            said = " ".join([*words[:at], other, *words[at + 1:]])
            meant = exact_meaning(game, said, case.intents)
            if meant and meant[0] == plain[0] and meant != plain:
                return words, at, other
    return None


@pytest.mark.parametrize("game", GAMES)
def test_the_value_chosen_after_weighing_is_read(game: str) -> None:
    """« <sentence with X> ou <article> Y… <decision>, <article> Y » reads as the sentence
    with Y; choosing X reads as the sentence with X; naming a third value reads as neither."""
    g = grammar(game)
    checked, missed = 0, []
    for n, case in enumerate(exact_cases(game)):
        found = _weighable(game, g, case)
        if found is None:
            continue
        words, at, other = found
        article, said = words[at - 1], words[at]
        weighed = [*words[:at + 1], "ou", article, other, *words[at + 1:]]
        decision = DECISIONS[n % len(DECISIONS)]
        meanings = []
        for chosen in (said, other):
            text = f"{' '.join(weighed)}, {decision}, {article} {chosen}"
            meant = exact_meaning(game, " ".join([*words[:at], chosen, *words[at + 1:]]),
                                  case.intents)
            meanings.append(meant)
            got = g.understand(text, intents=case.intents)
            checked += 1
            if not got or got[0].cost > 0 or (got[0].name, dict(got[0].slots)) != meant:
                missed.append((text, got[:1]))
        third = next(o for o in OTHERS if o not in (said, other))
        text = f"{' '.join(weighed)}, {decision}, {article} {third}"
        got = g.understand(text, intents=case.intents)
        if got and got[0].cost == 0 and (got[0].name, dict(got[0].slots)) in meanings:
            missed.append((text, got[:1]))  # a choice of neither read as one of them
    assert checked >= 10, checked
    assert not missed, missed[:6]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_move_said_after_weighing_is_the_move(game: str) -> None:
    """« soit <move A>, soit <move B>… allez, <move B> »: the last move, as said alone (one
    that says more than values: « la quatre » alone is a bare answer, read above)."""
    g = grammar(game)
    moves = [c for c in exact_cases(game) if exact_meaning(game, c.text, c.intents)
             and len(c.text.split()) >= 3 and "?" not in c.text
             and says_more_than_values(g.language, [t for t in g.language.tokens(c.text)
                                                    if t.key not in g.value_words])]
    missed = []
    for first, last in zip(moves[::7], moves[3::7], strict=False):
        if first.intents != last.intents:
            continue
        decision = DECISIONS[len(missed) % len(DECISIONS)]
        text = f"soit {first.text}, soit {last.text}… {decision}, {last.text}"
        got = g.understand(text, intents=last.intents)
        meant = exact_meaning(game, last.text, last.intents)
        if not got or got[0].cost > 0 or (got[0].name, dict(got[0].slots)) != meant:
            missed.append((text, got[:1]))
    assert not missed, missed[:6]
