"""Relatives and pseudo-clefts read as the plain move (issue 16): « ce que je fais c'est que
<the move> », « ce que je fais c'est <the move without a verb> », a demonstrative put in front
(« celle que je cache c'est … »), a noun said again with the number that follows (« la
colonne que je déplace c'est la cinq » is « la colonne cinq »), a kind said before a
partitive (« le matériau que je prends c'est de la pierre »), and a participle that agrees
with what is put in front (« la carte qu'on a retournée »). Built from every game's own test
sentences; the plain sentence must then fit exactly, so nothing is guessed."""

from __future__ import annotations

import re

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars import frames
from ludivox.grammars.grammar import Grammar

COMMON = frozenset(Grammar.load("common", "fr").intent_names)


def _reading(g: Grammar, text: str, intents: frozenset[str] | None) -> tuple[object, ...] | None:
    found = g.understand(text, intents=intents)
    return (found[0].name, found[0].slots) if found and found[0].cost == 0 else None


def _moves(game: str) -> list[tuple[str, frozenset[str] | None, tuple[object, ...]]]:
    """The game's own exact sentences that are moves, with their reading."""
    g = grammar(game)
    out = []
    for case in exact_cases(game):
        if case.intent is None or case.intent in COMMON or frames.questions([case.intent]):
            continue
        read = _reading(g, case.text, case.intents)
        if read is not None and read[0] == case.intent:
            out.append((case.text, case.intents, read))
    return out


def _check(game: str, variants: list[tuple[str, frozenset[str] | None, object]]) -> None:
    g = grammar(game)
    missed = [(said, read, _reading(g, said, intents)) for said, intents, read in variants
              if _reading(g, said, intents) != read]
    assert not missed, missed[:8]


@pytest.mark.parametrize("game", GAMES)
def test_what_i_do_is_that_the_move(game: str) -> None:
    variants = [(f"ce que je fais c'est que {t}", i, r)
                for t, i, r in _moves(game) if t.startswith(("je ", "j'"))][:60]
    assert variants
    _check(game, variants)


@pytest.mark.parametrize("game", GAMES)
def test_what_i_do_is_a_move_said_without_its_verb(game: str) -> None:
    heads = ("le ", "la ", "les ", "un ", "une ", "mon ", "ma ", "mes ")
    g = grammar(game)
    # not those « je fais … » already reads as a move of its own ("je fais le privilège")
    variants = [(f"ce que je fais c'est {t}", i, r) for t, i, r in _moves(game)
                if t.startswith(heads) and _reading(g, f"je fais {t}", i) is None][:60]
    if game != "kingsbridge":
        assert variants
    _check(game, variants)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("answer", ["non", "oui", "la deux", "pas ça", "quoi"])
def test_what_i_do_is_never_a_bare_answer(game: str, answer: str) -> None:
    """Read without its verb, the cleft is kept only as a move: never « non », « oui », a
    bare number or « quoi » (repeat)."""
    found = grammar(game).understand(f"ce que je fais c'est {answer}")
    assert not [f for f in found if f.cost == 0 and f.name in {"no", "yes", "number", "repeat"}]


ONE = re.compile(r"^je (\S+) (le|la) (\S+)$")


@pytest.mark.parametrize("game", GAMES)
def test_a_demonstrative_put_in_front(game: str) -> None:
    """« je cache la récolte » -> « celle que je cache c'est la récolte »."""
    variants = []
    for text, intents, read in _moves(game):
        m = ONE.match(text)
        if m:
            pronoun = "celle" if m.group(2) == "la" else "celui"
            variants.append((f"{pronoun} que je {m.group(1)} c'est {m.group(2)} {m.group(3)}",
                             intents, read))
    if game == "world_without_end":
        assert variants
    _check(game, variants)


@pytest.mark.parametrize("game", GAMES)
def test_a_noun_put_in_front_with_its_number_after(game: str) -> None:
    """« je déplace la colonne cinq sur la quatre » -> « la colonne que je déplace c'est la cinq
    sur la quatre »."""
    g = grammar(game)
    variants = []
    for text, intents, read in _moves(game):
        words = text.split()
        if (len(words) >= 5 and words[0] == "je" and words[2] in ("le", "la")
                and g.language.number_value(words[3]) is None and words[3].isalpha()
                and g.language.number_value(words[4]) is not None):
            variants.append((f"{words[2]} {words[3]} que je {words[1]} c'est {words[2]} "
                             f"{' '.join(words[4:])}", intents, read))
    _check(game, variants)


@pytest.mark.parametrize(("said", "plain"), [
    ("le matériau que je prends c'est de la pierre", "je prends de la pierre"),
    ("la ressource que je prends c'est du bois", "je prends du bois"),
    ("la carte qu'on a retournée c'est la neuf", "on a retourné la neuf"),
    ("la carte qu'on a tirée c'est la quatre", "on a tiré la quatre"),
    ("celle que je cache face cachée c'est la vente", "je cache la vente face cachée")])
def test_un_monde_sans_fin_relatives(said: str, plain: str) -> None:
    g = grammar("world_without_end")
    assert _reading(g, plain, None) is not None
    assert _reading(g, said, None) == _reading(g, plain, None)


def test_a_participle_agreeing_with_what_is_put_in_front_is_said_plainly() -> None:
    from ludivox.grammars.clefts import _unagreed

    lang = grammar("world_without_end").language
    for said, plain in [("on a retournée", "on a retourne"), ("j' ai prises", "j' ai pris"),
                        ("on a choisies", "on a choisi"), ("on a vendus", "on a vendu"),
                        ("je cache", "je cache")]:
        assert " ".join(t.key for t in _unagreed(lang.clefts, lang.tokens(said))) == plain
