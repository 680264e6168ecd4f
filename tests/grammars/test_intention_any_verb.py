"""An intention said before any verb of a game ("je vais protéger mon blé", "je compte tisser
mes deux laines", "on va cacher la vente") is the move said now, for every verb the game's
templates say after « je », not only the common verbs of ``meanings`` (issue 16)."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

MODALS = ("je vais", "je compte", "on va", "j'aimerais bien", "j'ai envie de")


def _infinitive(verb: str) -> str | None:
    """A first-group verb's infinitive from its « je » form ("protège" -> "protéger")."""
    if not verb.endswith("e") or "'" in verb or len(verb) < 3:
        return None
    stem = verb[:-1].replace("è", "é")
    return f"{stem}er"


def _said_with_intention(game: str) -> list[tuple[str, str, object]]:
    """(the grammar's own sentence "je V …", the same after an intention, its reading)."""
    g = grammar(game)
    out = []
    for case in exact_cases(game):
        words = case.text.split()
        if words and words[0].startswith("j'") and len(words[0]) > 2:
            words = ["je", words[0][2:], *words[1:]]  # "j'établis" -> "je vais établir"
        if len(words) < 3 or words[0] != "je" or case.intent is None:
            continue
        infinitive = _infinitive(words[1])
        if infinitive is None:
            continue
        found = g.understand(case.text, intents=case.intents)
        if not found or found[0].cost > 0 or found[0].name != case.intent:
            continue
        modal = MODALS[len(out) % len(MODALS)]
        out.append((case.text, f"{modal} {infinitive} {' '.join(words[2:])}",
                    (found[0].name, found[0].slots, case.intents)))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_an_intention_before_any_verb_is_the_move(game: str) -> None:
    g = grammar(game)
    said = _said_with_intention(game)
    missed = []
    for plain, intended, (name, slots, intents) in said:
        found = g.understand(intended, intents=intents)
        if not found or (found[0].name, found[0].slots) != (name, slots):
            missed.append((plain, intended, found[:1]))
    assert not missed, missed[:10]


def test_the_verbs_of_one_game_only_are_read_after_an_intention() -> None:
    """Un monde sans fin's own verbs (not in the common ``meanings``) are read too."""
    from ludivox.grammars.tenses import after_intention

    g = grammar("world_without_end")
    lang, known = g.language, g._matcher.known
    for said, meant in [("je vais protéger mon blé", "je protege mon ble"),
                        ("je compte tisser mes deux laines", "je tisse mes deux laines"),
                        ("on va cacher la vente", "je cache la vente"),
                        ("je compte faire la récolte", "je fais la recolte")]:
        read = after_intention(lang, lang.tokens(said), known)
        assert read is not None and " ".join(t.key for t in read) == meant, said


@pytest.mark.parametrize("said", ["je vais pas protéger mon blé", "je compte pas faire la récolte",
                                  "je vais ne pas cacher la vente"])
def test_a_negated_intention_is_never_a_move(said: str) -> None:
    from ludivox.grammars.tenses import after_intention

    g = grammar("world_without_end")
    assert after_intention(g.language, g.language.tokens(said), g._matcher.known) is None
    assert not [i for i in g.understand(said) if i.cost == 0 and i.name != "no"]


def test_the_property_covers_verbs_outside_the_common_meanings() -> None:
    """The property is not empty, and holds verbs the common ``meanings`` do not list, some
    opening with a vowel (« j'établis »: the speaker put back elided)."""
    lang = grammar("world_without_end").language
    said = [i for game in GAMES for _, i, _ in _said_with_intention(game)]
    verbs = {i[len(m) + 1:].split()[0] for i in said for m in MODALS if i.startswith(f"{m} ")}
    assert len(verbs - set(lang.meaning_words)) >= 3, verbs
    assert any(v[:1] in "aeéiou" for v in verbs), verbs


@pytest.mark.parametrize(("said", "slots"), [
    ("je mets le bois sur le pont", {"wood": "amount:1"}),
    ("je donne le bois au pont", {"wood": "amount:1"}),
    ("je mets le bois et une pierre sur le pont", {"wood": "amount:1", "stone": "amount:1"})])
def test_a_material_given_with_its_article_is_one(said: str, slots: dict[str, str]) -> None:
    """« le bois » given to a project: one, as « le tissu » sold is one."""
    found = grammar("world_without_end").understand(said, intents={"play_project"})
    assert found and found[0].cost == 0
    assert {k: v for k, v in found[0].slots.items() if k != "project"} == slots
