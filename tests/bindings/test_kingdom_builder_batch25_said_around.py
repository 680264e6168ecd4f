"""Kingdom Builder, a build said with words around it (held-out batch 25): the settlement said
« pour » its hex ("voilà une cité pour vingt douze"), what the speaker now has there ("c'est
fait, j'ai une colonie en quatre dix"), the settlement taken up by a pronoun with the hex
pointed at ("je la mets là en six sept"), one settlement for now ("une seule pour l'instant,
en seize douze"), the hex agreed with « c'est ça » after the verb ("alors je vais en vingt
treize, ouais c'est ça vingt treize"), where it falls in the turn said after the verb ("je
construis d'abord en …"), the turn's settlements counted by their rank ("mes deux premières
en … et …") and one more added ("… et je rajoute une cité en …"). Each builds exactly what
"je construis en …" builds; two different hexes agreed, or a negated sentence, build
nothing. Whose turn it is asked as where the game stands ("on en est à qui ?") is answered.
Over seeded games and a spread of the hexes the player may build on, through the real
session."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import NUMBERS, start
from test_kingdom_builder_said_together import builder_grammar, three_in_a_row  # noqa: F401

from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 4)
ONE = ("voilà une cité pour {h}", "une colonie pour {h}", "je mets une maison pour {h}",
       "c'est fait, j'ai une colonie en {h}", "ça y est j'ai ma cité en {h}",
       "je la mets là en {h}", "je la pose ici en {h}", "je le place là en {h}",
       "je mets une cité ici en {h}", "une seule pour l'instant, en {h}",
       "une cité pour commencer en {h}", "alors je vais en {h}, ouais c'est ça {h}",
       "je construis en {h}, c'est ça {h}", "je me mets en {h}, oui oui {h}",
       "je construis d'abord en {h}", "je pose en premier une cité en {h}",
       "j'ajoute une maison en {h}", "je rajoute une cité en {h}")
NOTHING = ("alors je vais en {h}, ouais c'est ça {o}", "je construis en {h}, c'est ça {o}",
           "je la mets pas là en {h}", "je ne la pose pas ici en {h}",
           "j'ai pas de cité en {h}", "une colonie pour {h} ou pour {o}")
SEVERAL = ("mes deux premières en {a} et {b}", "les deux premières cités en {a} et {b}",
           "je construis en {a} et je rajoute une cité en {b}",
           "je construis en {a} et j'en rajoute une en {b}",
           "une colonie pour {a} et une autre pour {b}")


def said(hex_: tuple[int, int]) -> str:
    r, c = grid.spoken(hex_)
    return f"{NUMBERS[r]} {NUMBERS[c]}"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_build_said_with_words_around_it_builds_that_hex_once(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    assert len(hexes) >= 4
    for n, form in enumerate(ONE):  # each form on another hex
        hex_ = hexes[(n * 5) % len(hexes)]
        plain = start(builder_grammar, seed=seed)
        plain.hear(f"je construis en {said(hex_)}")
        assert plain.state.owner_at(hex_) == 0
        t = start(builder_grammar, seed=seed)
        sentence = form.format(h=said(hex_))
        out = t.hear(sentence)
        assert t.state == plain.state, (sentence, keys(out))


@pytest.mark.parametrize("seed", SEEDS)
def test_two_hexes_or_a_negation_build_nothing(
        builder_grammar: Grammar, seed: int) -> None:  # noqa: F811
    hexes = place_targets(start(builder_grammar, seed=seed).state, "build").hexes
    for i, hex_ in enumerate(hexes[:: max(1, len(hexes) // 3)]):
        other = hexes[-1 - i] if hexes[-1 - i] != hex_ else hexes[0]
        for form in NOTHING:
            t = start(builder_grammar, seed=seed)
            before = t.state
            sentence = form.format(h=said(hex_), o=said(other))
            t.hear(sentence)
            t.hear("oui")  # nothing offered either
            assert t.state == before, sentence


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("form", SEVERAL)
def test_the_turns_settlements_counted_by_rank_or_added_are_all_built(
        builder_grammar: Grammar, seed: int, form: str) -> None:  # noqa: F811
    t = start(builder_grammar, seed=seed)
    a, b, _ = three_in_a_row(t)
    out = t.hear(form.format(a=said(a), b=said(b)))
    assert keys(out).count("event.settlement_built") == 2, (form, keys(out))
    assert t.state.owner_at(a) == 0 and t.state.owner_at(b) == 0


@pytest.mark.parametrize("form", ["on en est à qui", "et on en est à qui ?",
                                  "où on en est à qui de jouer"])
@pytest.mark.parametrize("seat", [0, 1])
def test_whose_turn_asked_as_where_the_game_stands_is_answered(
        builder_grammar: Grammar, form: str, seat: int) -> None:  # noqa: F811
    t = start(builder_grammar, seed=2)
    before = t.state
    out = keys(t.hear(form, seat=seat))
    assert out and out[0].startswith("answer.turn"), (form, out)
    assert t.state == before
