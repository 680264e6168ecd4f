"""Another player spoken to by name with a phrase before the speaker's own words ("attends
Paul, je pose le neuf sur la six", "Paul t'as vu, je joue l'évêque", "Marie regarde bien, ma
tour va en vingt dix-sept"): the move is the speaker's, made at once as said without them.
Without the speaker's words after the name ("attends Paul, pose le neuf …") who acts is not
said: never made at once. Property over the corpus's plain moves said with « je » in every
game (batch 22 of the natural corpus)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludivox.asrbench import natural

PHRASES = ("attends {name}", "{name} t'as vu", "{name} regarde bien",
           "{name} attends deux secondes", "écoute {name}", "{name} bouge pas")
PER_GAME = 5


def _plain_moves(corpus: natural.Corpus) -> list[natural.Case]:
    """Moves said « je … » alone, in a position with another player, understood at once."""
    cases = [c for c in corpus.cases
             if c.expect_actions and not c.before and not c.settings and c.by is None
             and c.say.startswith("je ") and len(corpus.positions[c.at][1]) > 1]
    report = natural.run(replace(corpus, cases=tuple(cases[:2 * PER_GAME])))
    return [r.case for r in report.results if r.outcome == "understood"][:PER_GAME]


@pytest.mark.parametrize("game", ["kingsbridge", "seven-kingdoms", "kingdom-builder",
                                  "monde-sans-fin"])
def test_a_player_spoken_to_before_the_speakers_move(game: str) -> None:
    corpus = next(c for c in natural.load_all() if c.game == game)
    plain = _plain_moves(corpus)
    assert len(plain) >= PER_GAME // 2
    spoken, unsaid = [], []
    for i, case in enumerate(plain):
        name = corpus.positions[case.at][1][-1]
        phrase = PHRASES[i % len(PHRASES)].format(name=name)
        spoken.append(replace(case, say=f"{phrase} {case.say}"))
        unsaid.append(replace(case, say=f"{phrase} {case.say.removeprefix('je ')}"))
    made = natural.run(replace(corpus, cases=tuple(spoken)))
    assert [r.case.say for r in made.results if r.outcome != "understood"] == []
    who = natural.run(replace(corpus, cases=tuple(unsaid)))
    assert [r.case.say for r in who.results if r.outcome in ("understood", "harmful")] == []
