"""A question wrapped in a frame that only says it asks ("c'est quoi mes cartes ?",
"dis-moi le score", "les règles, c'est quoi ?"): properties over every exact test sentence of
every game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, understood

from ludivox.grammars import frames, memo
from ludivox.grammars.intents import Intent

OPENINGS = ("c'est quoi", "dis-moi", "tu peux me dire", "je voudrais savoir", "rappelle-moi",
            "vous pouvez me redire",
            # batch 21: the thing said again asked for ("t'as dit quoi pour mes cartes")
            "t'as dit quoi pour", "répète plus lentement",
            # batch 25: a thing forgotten ("j'ai oublié le score", "je sais plus mes cartes")
            "j'ai oublié", "je sais plus")
ENDINGS = ("c'est quoi", "ça donne quoi", "redis-moi ça",
           # batch 25: reminded ("mes cartes, tu me rappelles ?")
           "tu me rappelles", "tu peux me rappeler")
CONFIRM_COST = 0.35  # the session acts at once only under this cost (table.session_core)
# a question said as a noun phrase ("mes cartes", "le score"): what a frame wraps
DETERMINERS = frozenset(["le", "la", "les", "l'", "mon", "ma", "mes", "ton", "ta", "tes", "son",
                         "sa", "ses", "notre", "nos", "votre", "vos", "leur", "leurs", "un",
                         "une", "des", "du"])


def _best(found: Sequence[Intent]) -> tuple[str, dict[str, object], float] | None:
    return (found[0].name, dict(found[0].slots), found[0].cost) if found else None


@pytest.mark.parametrize("game", GAMES)
def test_a_question_in_a_frame_is_the_question(game: str) -> None:
    """Every exact test sentence that asks a question as a noun phrase ("mes cartes", "le
    score de Paul"), said inside a frame, is that question with the same values, at once (a
    sentence that fits differently as said with the frame, a template having it, is left
    out)."""
    g = grammar(game)
    checked = 0
    for case in exact_cases(game):
        meant = _best(understood(game, case.text, case.intents))
        if meant is None or meant[0] not in frames.questions([meant[0]]):
            continue
        words = g.language.words(case.text)
        if not words or words[0].key not in DETERMINERS:
            continue
        said = [f"{o} {case.text}" for o in OPENINGS] + [f"{case.text}, {e}" for e in ENDINGS]
        for text in said:
            found = g.understand(text, intents=case.intents)  # read once, for both checks
            got = _best(found)
            exact = [i for i in found if i.cost == 0]
            if exact and not frames.unframed(g.language, g.language.tokens(text)):
                continue  # the frame is part of a template: as said
            assert got is not None and got[:2] == meant[:2] and got[2] < CONFIRM_COST, (
                f"{text!r}: {got} (alone: {meant})")
            checked += 1
    assert checked > 30


INDIRECT = {"qu'est-ce que ": "ce que ", "qu'est-ce qu'": "ce qu'", "qu'est-ce qui ": "ce qui "}
INDIRECT_FRAMES = ("tu peux me dire", "vous pouvez me redire", "dis-moi", "je voudrais savoir",
                   "rappelle-moi", "pouvez-vous me dire")


@pytest.mark.parametrize("game", GAMES)
def test_a_question_asked_indirectly_in_a_frame_is_the_question(game: str) -> None:
    """Every exact test sentence asking « qu'est-ce que … ? », asked indirectly after a frame
    (« vous pouvez me dire ce que j'ai en main ? », batch 19), is that question with the same
    values, at once. Each with two of the openings in turn."""
    g = grammar(game)
    checked = 0
    for case in exact_cases(game):
        opening = next((o for o in INDIRECT if case.text.startswith(o)), None)
        meant = _best(understood(game, case.text, case.intents))
        if opening is None or meant is None or meant[0] not in frames.questions([meant[0]]):
            continue
        rest = INDIRECT[opening] + case.text[len(opening):]
        for frame in (INDIRECT_FRAMES[(checked + k) % len(INDIRECT_FRAMES)] for k in (0, 1)):
            text = f"{frame} {rest}"
            got = _best(g.understand(text, intents=case.intents))
            assert got is not None and got[:2] == meant[:2] and got[2] < CONFIRM_COST, (
                f"{text!r}: {got} (direct: {meant})")
        checked += 1
    assert checked > 3


@pytest.mark.parametrize("game", GAMES)
def test_a_frame_never_makes_a_move(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move's sentence inside a question frame ("dis-moi je pose le sept ...") is read the
    same with and without the frame pass, unless the pass gives a question: the frame never
    leads to a move. Every exact move sentence of the game, each with one of the openings in
    turn (:class:`Rotation`, by intent): every opening is checked, on every move intent with
    five sentences or more."""
    g = grammar(game)
    openings = Rotation(OPENINGS)
    said: list[tuple[str, frozenset[str] | None, str]] = []
    for case in exact_cases(game):
        meant = _best(understood(game, case.text, case.intents))
        if meant is not None and meant[0] not in frames.questions([meant[0]]):
            said += [(f"{o} {case.text}", case.intents, o) for o in openings(meant[0])]
    assert len(said) > 30
    assert not openings.missed({o for _, _, o in said})
    # a few questions said in a frame (read through the frame pass): the patch must show
    asked = [(f"{OPENINGS[1]} {case.text}", case.intents, OPENINGS[1])
             for case in exact_cases(game) if case.intent in frames.questions([case.intent])
             and g.language.words(case.text)[:1]
             and g.language.words(case.text)[0].key in DETERMINERS][:10]
    with_frames = [_best(g.understand(text, intents=intents)) for text, intents, _ in said]
    framed = [_best(g.understand(text, intents=intents)) for text, intents, _ in asked]
    # the grammar looks the frame pass up at each reading: the same grammar reads without it
    monkeypatch.setattr(frames, "unframed", lambda lang, tokens: [])
    monkeypatch.setattr(g, memo.ATTRIBUTE, {}, raising=False)  # kept readings set aside
    without = [_best(g.understand(text, intents=intents)) for text, intents, _ in said]
    assert framed != [_best(g.understand(text, intents=intents)) for text, intents, _ in asked]
    changed = [(text, a, b) for (text, _, _), a, b in zip(said, with_frames, without, strict=True)
               if a != b]
    assert all(a is not None and a[0] in frames.questions([a[0]]) for _, a, _ in changed), changed


# Every way a player asks the assistant to tell (batch 20: « pourriez-vous me dire où sont mes
# cités ? »), written here as players say them, not read from the language data.
ASKING = ("tu peux", "peux-tu", "tu pourrais", "pourrais-tu", "vous pouvez", "pouvez-vous",
          "vous pourriez", "pourriez-vous", "est-ce que tu peux", "est-ce que vous pourriez",
          "tu veux bien", "voulez-vous", "voudriez-vous")
TELLING = ("me dire", "me redire", "me rappeler", "me répéter", "me relire", "m'indiquer")


@pytest.mark.parametrize("game", GAMES)
def test_every_way_of_asking_the_assistant_to_tell_frames_a_question(game: str) -> None:
    """Every exact test sentence asking a question as a noun phrase or « qu'est-ce que … »,
    said after « <asking> <telling> » (each pair in turn: :class:`Rotation`), is that
    question with the same values, at once."""
    g = grammar(game)
    openings = Rotation([f"{a} {t}" for a in ASKING for t in TELLING], per_case=3)
    used: set[str] = set()
    for case in exact_cases(game):
        meant = _best(understood(game, case.text, case.intents))
        if meant is None or meant[0] not in frames.questions([meant[0]]):
            continue
        indirect = next((o for o in INDIRECT if case.text.startswith(o)), None)
        words = g.language.words(case.text)
        if indirect is not None:
            rest = INDIRECT[indirect] + case.text[len(indirect):]
        elif words and words[0].key in DETERMINERS:
            rest = case.text
        else:
            continue
        for opening in openings():
            text = f"{opening} {rest}"
            found = g.understand(text, intents=case.intents)
            if [i for i in found if i.cost == 0] and not frames.unframed(
                    g.language, g.language.tokens(text)):
                # the frame is part of a template, or said as the telling itself
                # (« pourriez-vous me dire combien … » is « combien … »): as said
                if (got := _best(found)) is not None and got[:2] == meant[:2]:
                    used.add(opening)
                continue
            got = _best(found)
            assert got is not None and got[:2] == meant[:2] and got[2] < CONFIRM_COST, (
                f"{text!r}: {got} (alone: {meant})")
            used.add(opening)
    assert not openings.missed(used)
