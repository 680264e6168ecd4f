"""Being allowed to is being able to: « j'ai le droit de poser le cinq ? » is « je peux poser
le cinq ? ». Property over every exact test sentence of every game said with « je peux »,
« est-ce que je peux » or « puis-je »."""

from __future__ import annotations

from grammar_helpers import GAMES, exact_cases, grammar, understood

SAID = (("est-ce que je peux ", "est-ce que j'ai le droit de "),
        ("je peux ", "j'ai le droit de "), ("puis-je ", "ai-je le droit de "))


def test_allowed_reads_as_can() -> None:
    checked = 0
    for name, case in ((g, c) for g in GAMES for c in exact_cases(g)):
        g = grammar(name)
        for can, allowed in SAID:
            if not case.text.lower().startswith(can):
                continue
            meant = understood(name, case.text, case.intents)[:1]
            said = allowed + case.text[len(can):]
            got = g.understand(said, intents=case.intents)[:1]
            assert [(i.name, dict(i.slots), i.cost) for i in got] == [
                (i.name, dict(i.slots), i.cost) for i in meant], said
            checked += 1
            break
    assert checked > 5  # seven test sentences say « je peux » today
