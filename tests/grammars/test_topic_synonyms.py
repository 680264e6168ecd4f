"""A question said with a synonym the game's templates never use ("le paquet" for "la
pioche", "les persos" for "les personnages") is read by its topic as if the templates' word
had been said: a property over every game's question test sentences and every synonym."""

from __future__ import annotations

from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars import frames


def test_a_synonym_no_template_uses_reads_as_the_word_they_use() -> None:
    checked = 0
    for game in GAMES:
        g = grammar(game)
        lang = g.language
        used = {lang.sounds(t.key) for w in g.vocabulary() for t in lang.words(w)}
        for case in exact_cases(game):
            if case.intent is None or case.intent not in frames.questions([case.intent]):
                continue
            words = [t.key for t in lang.words(case.text)]
            for at, word in enumerate(words):
                group = next((grp for grp in lang.synonym_groups
                              if lang.sounds(word) in {lang.sounds(w) for w in grp}), ())
                for other in sorted(w for w in group if lang.sounds(w) not in used):
                    said = " ".join([*words[:at], other, *words[at + 1:]]) + " ?"
                    meant = [i.name for i in g.topic(" ".join(words) + " ?", case.intents)]
                    got = [i.name for i in g.topic(said, case.intents)]
                    assert got[:1] == meant[:1], (game, said, got, meant)
                    checked += 1
    assert checked > 10
