"""Kingdom Builder by voice, through the real session, grammar and engine: naming hexes,
exploring, building, refusals that say why, a tile action, and the privacy of drawn cards.

Suggested layout (1-based): tavern 7-3, 7-8; paddock 3-19, 7-12; oasis 13-8, 18-6; farm
12-18, 16-13. Castles: 4-4, 8-16, 12-12, 18-2.
"""

from __future__ import annotations

from typing import Any

import pytest
from table_helpers import Table, keys, on, settings_for

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import (
    SUGGESTED_FIRST_CARDS,
    SUGGESTED_FIRST_LAYOUT,
    grid,
    place_targets,
)
from ludivox.engines.kingdom_builder.components import BUILDABLE
from ludivox.engines.kingdom_builder.state import KingdomBuilderState
from ludivox.grammars.grammar import Grammar
from ludivox.table.match import Match
from ludivox.table.session import Session

NUMBERS = [
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
    "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
    "dix-neuf", "vingt",
]


@pytest.fixture(scope="module")
def builder_grammar() -> Grammar:
    return Grammar.load("kingdom_builder", "fr")


def spoken(hex_: tuple[int, int]) -> str:
    r, c = grid.spoken(hex_)
    return f"{NUMBERS[r]} {NUMBERS[c]}"


def start(
    grammar: Grammar, state: KingdomBuilderState | None = None, mode: str = "virtual",
    seed: int = 7,
) -> Table:
    """A two-player table (Anne, Paul) on ``state``, or on the suggested first game dealt
    from ``seed``."""
    binding = KingdomBuilderBinding(["Anne", "Paul"])
    engine: Any = binding.engine
    if state is None:
        state = engine.new_game(2, seed=seed, mode=mode, layout=SUGGESTED_FIRST_LAYOUT,
                                cards=SUGGESTED_FIRST_CARDS)
    # the players chose not to confirm moves (confirmations: test_dialogue_games.py)
    session = Session(binding, grammar, Match(engine, state), ["Anne", "Paul"],
                      settings=settings_for(["Anne", "Paul"], confirm="never"))
    table = Table(session)
    table._run(session.start())
    return table


def text(says: list[Any]) -> str:
    return " ".join(s.text for s in says)


def test_the_opening_tells_each_hidden_card_only_to_its_owner(builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    state = t.state
    paul_card = builder_grammar.say("terrain", terrain=state.hands[1])
    private = on(t.said, "seat:2")
    assert any(paul_card in s.text for s in private)
    assert not any(paul_card in s.text and "Ta carte" in s.text for s in on(t.said, "table"))
    anne_card = builder_grammar.say("terrain", terrain=state.hands[0])
    assert f"Anne joue {anne_card}" in text(on(t.said, "table"))


def test_where_to_build_is_short_then_details_then_nothing_more(builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    first = t.hear("où dois-je construire ?")
    assert keys(first) == ["answer.where"] and first[0].channel == "seat:1"
    count = len(place_targets(t.state, "build"))
    assert builder_grammar.say("answer.where", count=count, rule="r", groups=("g",),
                          terrain="t").split(" ")[0] in first[0].text
    assert "n'importe où" in first[0].text  # no settlement yet: rule 3's exception
    more = t.hear("plus de détails")
    assert set(keys(more)) <= {"answer.where_group", "answer.where_group_more"}
    hexes = place_targets(t.state, "build").hexes
    assert spoken(hexes[0]) in text(more)
    said = sum(text(more).count(spoken(h)) for h in hexes)
    if said < len(hexes):  # a list cut short says how many were left out and how to hear them
        assert "answer.where_group_more" in keys(more) and "autres" in text(more)
    assert keys(t.hear("plus de détails")) == ["answer.no_details"]


def test_describe_a_hex_says_its_terrain_and_six_neighbours(builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    said = t.hear("décris la case cinq douze")
    assert keys(said) == ["answer.hex", "answer.hex_neighbours"]
    terrain = builder_grammar.say("terrain", terrain=t.state.board.terrain_at((4, 11)))
    assert said[0].text.startswith(f"Case cinq douze : {terrain}")
    assert said[1].text.index("au nord-est") < said[1].text.index("à l'est") < \
        said[1].text.index("au nord-ouest")


def test_a_turn_by_coordinates_and_direction_then_the_next_player(builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    first = place_targets(t.state, "build").hexes[0]
    said = t.hear(f"je construis en {spoken(first)}")
    assert keys(said) == ["event.settlement_built"] and said[0].channel == "table"
    assert t.state.owner_at(first) == 0
    # the next one next to it, named by a direction from my settlement
    allowed = place_targets(t.state, "build").hexes
    direction = next(d for d in grid.DIRECTIONS if grid.step(first, d) in allowed)
    name = builder_grammar.say("direction", direction=direction)
    said = t.hear(f"{name} de ma cité en {spoken(first)}")
    assert "event.settlement_built" in keys(said)
    assert t.state.owner_at(grid.step(first, direction)) == 0
    # ending too early is refused with the count
    said = t.hear("j'ai fini")
    assert keys(said) == ["refusal.mandatory_not_done"] and "deux" in said[0].text
    third = place_targets(t.state, "build").hexes[0]
    t.hear(spoken(third))
    paul_card = t.state.hands[1]
    said = t.hear("j'ai fini")
    assert t.state.current == 1
    drawn = [s for s in said if s.key == "event.hidden_terrain_drawn"]
    assert drawn and all(s.channel == "seat:1" for s in drawn)  # Anne's new card: hers only
    new_card = builder_grammar.say("terrain", terrain=t.state.hands[0])
    public = text(on(said, "table"))
    assert f"Paul joue {builder_grammar.say('terrain', terrain=paul_card)}" in public
    assert "Ta nouvelle carte" not in public and "event.terrain_drawn" in keys(said)
    assert new_card in drawn[0].text


def test_refusals_say_why_and_what_would_work(builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    water = t.state.board.hexes_of("water")[0]
    said = t.hear(f"je construis en {spoken(water)}")
    assert keys(said)[0] == "refusal.not_buildable" and "eau" in said[0].text
    first = place_targets(t.state, "build").hexes[0]
    t.hear(spoken(first))
    allowed = place_targets(t.state, "build")
    assert allowed.rule == "adjacent"
    far = next(x for x in t.state.board.hexes_of(t.state.terrain or "")
               if x not in allowed and t.state.owner_at(x) is None)
    before = t.state
    said = t.hear(f"je construis en {spoken(far)}")
    assert keys(said)[0] == "refusal.not_adjacent_but_possible"
    assert "ne touche pas tes cités, alors que c'est possible ailleurs" in said[0].text
    assert spoken(allowed.hexes[0]) in said[0].text
    assert t.state == before and all(s.channel == "seat:1" for s in said)
    said = t.hear("je construis en vingt et un trois")
    assert t.state == before and "not_understood" in keys(said)[0]


def test_the_other_player_cannot_build_but_can_explore(builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    hex_ = place_targets(t.state, "build").hexes[0]
    said = t.hear(f"je construis en {spoken(hex_)}", seat=1)
    assert keys(said) == ["not_your_turn"] and t.state.owner_at(hex_) is None
    said = t.hear("quelle est ma carte ?", seat=1)
    assert keys(said) == ["answer.terrain_mine"] and said[0].channel == "seat:2"
    said = t.hear("où me rapporterait le plus ?", seat=1)
    assert keys(said) == ["help.waiting"]


def test_a_paddock_move_with_its_from_and_to(builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    engine = t.session.binding.engine
    data = engine.to_json(t.state)
    # Anne's settlement next to the Paddock location 7-12, holding one of its tiles, ready
    state = t.state

    def jump(n: tuple[int, int]) -> tuple[int, int] | None:
        """A buildable hex two steps away in a straight line, if any."""
        for d in grid.DIRECTIONS:
            x = grid.step(grid.step(n, d), d)
            if grid.on_board(x) and state.board.terrain_at(x) in BUILDABLE:
                return x
        return None

    origin = next(n for n in grid.neighbours((6, 11))
                  if state.board.terrain_at(n) in BUILDABLE and jump(n) is not None)
    target = jump(origin)
    assert target is not None
    data["settlements"][0] = [grid.label(origin)]
    data["supply"][0] -= 1
    data["tiles"][0] = [{"location": "7-12", "status": "ready"}]
    index = list(state.board.locations).index(grid.index((6, 11)))
    data["tiles_left"][index] -= 1
    t = start(builder_grammar, engine.from_json(data))
    tiles = t.hear("mes tuiles")
    assert "Enclos, utilisable maintenant" in tiles[0].text
    said = t.hear(f"enclos de {spoken(origin)} à {spoken(target)}")
    assert "event.settlement_moved" in keys(said)
    assert t.state.owner_at(target) == 0 and t.state.owner_at(origin) is None
    assert "Enclos, déjà utilisée ce tour-ci" in t.hear("mes tuiles")[0].text
    said = t.hear(f"enclos de {spoken(target)} à {spoken(origin)}")
    assert keys(said)[0] == "refusal.tile_used"
    t.hear("annule")
    assert t.state.owner_at(origin) == 0
    way = next(d for d in grid.DIRECTIONS if grid.step(grid.step(origin, d), d) == target)
    name = builder_grammar.say("direction", direction=way)
    said = t.hear(f"enclos de {spoken(origin)} deux cases {name}")
    assert "event.settlement_moved" in keys(said) and t.state.owner_at(target) == 0


def test_table_mode_waits_for_the_card_told_or_scanned(builder_grammar: Grammar) -> None:
    t = start(builder_grammar, mode="table")
    assert "your_turn_table" in keys(t.said)
    said = t.hear("je construis en cinq douze")
    assert keys(said)[0] == "refusal.terrain_not_revealed"
    said = t.scan("ludivox:kingdom-builder/terrain/canyon")
    assert keys(said) == ["your_turn", "answer.terrain_current"]
    assert said[1].text == "Anne joue canyon." and said[1].channel == "table"
    assert t.state.terrain == "canyon"
    said = t.hear("où dois-je construire ?")
    assert keys(said) == ["answer.where"] and "canyon" in said[0].text


def test_the_tutorial_and_the_coach(builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    said = t.hear("explique-moi le plateau")
    assert keys(said) == ["tutorial.board", "tutorial.directions", "tutorial.shift"]
    assert "décalées d'une demi-case" in said[2].text
    said = t.hear("où me rapporterait le plus ?")
    assert keys(said) == ["answer.coach"] and "points de plus" in said[0].text
    assert keys(t.hear("plus de détails")) == ["answer.coach"]


def test_where_to_build_in_one_section_named_by_position_or_location(
        builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    allowed = place_targets(t.state, "build").hexes
    top_left = [x for x in allowed if t.state.board.section_at(x) == 0]
    said = t.hear("où puis-je construire en haut à gauche")
    assert keys(said) == ["answer.where"]
    assert "en haut à gauche, la section Taverne" in said[0].text
    assert "en bas" not in said[0].text
    more = t.hear("plus de détails")
    assert {spoken(x) for x in top_left[:3]} <= set(more[0].text.replace(" et ", ", ")
                                                     .split(" : ")[1].split(", "))
    said = t.hear("où dois-je construire dans la section de la ferme")
    assert "la section Ferme" in said[0].text and "en haut" not in said[0].text


def test_a_direction_from_my_settlement_where_i_have_none_is_refused(
        builder_grammar: Grammar) -> None:
    t = start(builder_grammar)
    before = t.state
    said = t.hear("à l'est de ma cité en cinq douze")
    assert keys(said) == ["refusal.no_settlement_there"]
    assert "Tu n'as pas de cité en cinq douze" in said[0].text and t.state == before
    said = t.hear("à l'est de vingt vingt")
    assert keys(said) == ["refusal.off_board_direction"] and "bord" in said[0].text


@pytest.mark.parametrize("count", [1, 2, 3, 4, 30])
def test_a_few_possible_hexes_are_named_at_once_and_a_cut_list_says_so(
        builder_grammar: Grammar, count: int) -> None:
    from ludivox.engines.kingdom_builder import explore

    t = start(builder_grammar)
    binding: KingdomBuilderBinding = t.session.binding  # type: ignore[assignment]
    hexes = tuple((row, col) for row in range(10) for col in range(3))[:count]
    short, full = binding._grouped(t.state, explore.Grouped("adjacent", count, ((0, hexes),)),
                                   0)
    said_short = " ".join(t.session.render(line) for line in short)  # as the session says it
    said_full = " ".join(t.session.render(line) for line in full)
    if count <= 3:  # "une seule case possible … en haut à gauche" names the hex itself
        assert spoken(hexes[0]) in said_short
    read = sum(said_full.count(spoken(h)) for h in hexes)
    assert read == count or ("autres" in said_full and str(count - read) not in said_full)
