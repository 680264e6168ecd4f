"""Kingdom Builder, several settlements said in one breath, the way people say them
("je construis en seize un seize deux et dix-sept deux", no pause the recogniser would mark),
and a card checked by asking ("c'est canyon ma carte ?"), through the real session, grammar
and engine."""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import Table, keys
from test_kingdom_builder_conversation import spoken, start

from ludivox.engines.kingdom_builder import (
    Build,
    place_targets,
)
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.grammars.grammar import Grammar

SEEDS = range(1, 7)


@pytest.fixture(scope="module")
def builder_grammar() -> Grammar:
    return Grammar.load("kingdom_builder", "fr")


def three_in_a_row(table: Table) -> list[tuple[int, int]]:
    """Three hexes the player may build on one after the other (the last one of each
    choice, so that the sentence is not the engine's first suggestion)."""
    engine: Any = table.session.binding.engine
    state, chosen = table.state, []
    for _ in range(3):
        hex_ = place_targets(state, "build").hexes[-1]
        chosen.append(hex_)
        state, _ = engine.apply(state, Build(hex_))
    return chosen


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("form", ["je construis en {a} {b} et {c}", "{a} {b} puis {c}",
                                  "je pose une cité en {a} une autre en {b} et encore une en {c}",
                                  # the commas a speech model does not write
                                  "je construis en {a}, en {b}, en {c}",
                                  "je commence en {a}, je continue en {b} et je finis en {c}",
                                  "je vais coloniser {a}, puis tout de suite {b}, puis {c}"])
def test_three_settlements_said_in_one_breath_are_all_built(
        builder_grammar: Grammar, seed: int, form: str) -> None:
    t = start(builder_grammar, seed=seed)
    hexes = three_in_a_row(t)
    a, b, c = (spoken(h) for h in hexes)
    said = t.hear(form.format(a=a, b=b, c=c))
    assert keys(said).count("event.settlement_built") == 3, (form, keys(said))
    assert all(t.state.owner_at(h) == 0 for h in hexes)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_turn_ends_when_said_after_the_three(builder_grammar: Grammar, seed: int) -> None:
    t = start(builder_grammar, seed=seed)
    a, b, c = (spoken(h) for h in three_in_a_row(t))
    t.hear(f"je construis en {a} {b} {c} et j'ai fini")
    assert t.state.current == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_a_hex_that_cannot_be_built_leaves_the_others_unbuilt(
        builder_grammar: Grammar, seed: int) -> None:
    """Cut between values, the sentence is taken only when every part can be played: a
    water hex among them builds nothing at all."""
    t = start(builder_grammar, seed=seed)
    first = three_in_a_row(t)[0]
    water = t.state.board.hexes_of("water")[0]
    before = t.state
    said = t.hear(f"je construis en {spoken(first)} {spoken(water)}")
    assert t.state == before and "event.settlement_built" not in keys(said)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_card_checked_by_asking_is_answered_yes_or_no_to_its_owner(
        builder_grammar: Grammar, seed: int) -> None:
    t = start(builder_grammar, seed=seed)
    mine = t.state.hands[0]
    other = next(x for x in sorted(BUILDABLE) if x != mine)
    said = builder_grammar.say("terrain", terrain=mine)
    wrong = builder_grammar.say("terrain", terrain=other)
    yes = t.hear(f"c'est {said} ma carte, c'est ça ?")
    assert keys(yes) == ["answer.terrain_yes"] and yes[0].channel == "seat:1"
    assert yes[0].text.startswith("Oui")
    no = t.hear(f"est-ce que ma carte c'est {wrong} ?")
    assert keys(no) == ["answer.terrain_no"] and no[0].channel == "seat:1"
    assert no[0].text.startswith("Non") and said in no[0].text and wrong in no[0].text


@pytest.mark.parametrize("seed", SEEDS)
def test_the_pile_is_counted_for_everyone(builder_grammar: Grammar, seed: int) -> None:
    t = start(builder_grammar, seed=seed)
    said = t.hear("il reste combien de cartes terrain dans la pioche ?")
    assert [s.text for s in said] == [builder_grammar.say("answer.deck",
                                                          count=len(t.state.deck))]


@pytest.mark.parametrize("seed", [2, 4, 5, 18])
def test_may_i_build_on_a_hex_said_with_two_words_that_make_a_number(
        builder_grammar: Grammar, seed: int) -> None:
    """"est-ce que j'ai le droit de construire en dix huit ?": 10 and 8, a hex (there is
    no hex 18 alone), for every allowed hex whose two numbers said apart make one number."""
    t = start(builder_grammar, seed=seed)
    lang = builder_grammar.language
    merged = [h for h in place_targets(t.state, "build").hexes
              if len(lang.tokens(spoken(h))) == 1]
    assert merged  # these seeds have some: "dix sept", "dix huit", "dix neuf"
    for hex_ in merged:
        said = t.hear(f"est-ce que j'ai le droit de construire en {spoken(hex_)} ?")
        assert keys(said) == ["answer.can_offer"], (spoken(hex_), keys(said))
        t.hear("non")
        assert t.state.owner_at(hex_) is None
