"""The Un monde sans fin data file: the shipped one loads, plays and is marked provisional;
broken files are refused in French with their line and column; tag facts build a card."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from ludivox.engines.world_without_end import Components, WweConfig, WweEngine
from ludivox.engines.world_without_end.components import FAVOURS, FREE_HOUSE
from ludivox.engines.world_without_end.state import freeze, thaw
from ludivox.gamedata.world_without_end import (
    EventFactsError,
    WweDataError,
    data_path,
    event_from_facts,
    load_components,
    parse_components,
)

SHIPPED = data_path().read_text(encoding="utf-8")


def test_the_shipped_file_loads_and_plays_a_whole_game() -> None:
    c = load_components()
    assert len(c.events) == 44
    assert all(len(c.period_cards(p)) == 11 for p in range(1, 5))
    assert all(card.place for card in c.events if card.period >= 3)
    assert len(c.sites) == 14 and len(c.projects) == 7 and len(c.tiles) == 11
    assert c.favours[0] == "reine" and c.favours[-1] == "eveque"
    assert c.rewards[8] == FREE_HOUSE and c.rewards[10] == ()
    tower = c.project("clocher")
    assert (tower.stone, tower.wood, tower.metal, tower.bonus) == (6, 2, 1, (("vp", 2),))
    assert c.project("font").stone == 5 and c.project("hospice").heal
    eng = WweEngine(WweConfig(c, players=3, seed=2))
    state = eng.new_game()
    while state.phase != "over":
        state, _ = eng.apply(state, next(iter(eng.legal_actions(state))))
    assert eng.awaiting(state).winners


def test_every_unchecked_value_is_marked_provisional_and_the_known_ones_are_not() -> None:
    # pins what the project ships: update when values are checked on a real box
    c = load_components()
    assert {f"event:{n}" for n in range(1, 45)} <= c.provisional
    assert {f"site:{n}" for n in range(1, 15)} <= c.provisional
    assert {"favours", "tax_die", "tiles", "project:pont", "place:1"} <= c.provisional
    assert not c.is_provisional("project:clocher")
    assert not c.is_provisional("place:9") and not c.is_provisional("place:11")
    assert "How to correct it from your own box" in SHIPPED


def test_a_line_can_be_marked_checked() -> None:
    old = "- {site: 3, material: stone, income: {stone: 1}}"
    text = SHIPPED.replace(old, old[:-1] + ", provisional: false}")
    assert text != SHIPPED
    c = parse_components(text)
    assert not c.is_provisional("site:3") and c.is_provisional("site:4")


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("{site: 5, material: stone,", "{site: 5, material: marbre,", "marbre"),
        ("{site: 6, material: wood, income: {gold: 2}}",
         "{site: 6, material: wood, income: {diamant: 2}}", "clé inconnue"),
        ("effect: [{op: wool_price, amount: 1}]", "effect: [{op: gain, get: {gold: 1}}]",
         "n'existe pas pour une carte bleue"),
        ("{op: project, target: foulon}", "{op: project, target: moulin}", "projet 'moulin'"),
        ("faces: [2, 3, 3, 4, 4, 5]", "faces: [2, 3, 3, 4, 4, 6]", "entre 2 et 5"),
        ("tiles: [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5]", "tiles: [1, 1, 2]", "11 tuiles"),
    ],
)
def test_a_bad_value_is_refused_in_french_with_its_line(old: str, new: str, words: str) -> None:
    head, body = SHIPPED.split("\nformat: 1\n")
    assert old in body
    text = head + "\nformat: 1\n" + body.replace(old, new, 1)
    with pytest.raises(WweDataError) as caught:
        parse_components(text, "monde.yaml")
    message = str(caught.value)
    assert words in message
    assert f"monde.yaml:{text[:text.rindex(new)].count(chr(10)) + 1}:" in message


def test_a_missing_card_and_a_wrong_period_count_are_both_reported() -> None:
    lines = SHIPPED.splitlines()
    start = line_of(SHIPPED, "{number: 44,") - 1
    text = "\n".join(lines[:start] + lines[start + 3:])
    with pytest.raises(WweDataError) as caught:
        parse_components(text)
    assert "[44] manquent" in str(caught.value)


def test_syntax_errors_and_empty_files() -> None:
    with pytest.raises(WweDataError, match="syntaxe YAML"):
        parse_components("format: [1", "x.yaml")
    with pytest.raises(WweDataError, match="vide"):
        parse_components("")
    with pytest.raises(WweDataError, match="fichier introuvable : vérifie son chemin"):
        load_components("/nonexistent/monde.yaml")


def test_a_file_saved_in_another_encoding_is_told_in_french_with_its_place(
    tmp_path: Path,
) -> None:
    """A box's data corrected in an editor that saved Latin-1: the line and column of the
    first bad byte, and what to do, in French; never a Python traceback."""
    latin = tmp_path / "monde.yaml"
    latin.write_bytes(SHIPPED.replace("format:", "# corrigé à la main\nformat:", 1)
                      .encode("latin-1", errors="replace"))
    with pytest.raises(WweDataError) as caught:
        load_components(latin)
    message = str(caught.value)
    assert "les données de « Un monde sans fin » sont à corriger" in message
    assert "n'est pas en UTF-8 : enregistre-le en UTF-8" in message
    assert caught.value.problems[0].line >= 1


def test_the_favour_track_must_name_the_nine_favours() -> None:
    text = SHIPPED.replace("hors_la_loi, eveque]", "eveque, eveque]")
    with pytest.raises(WweDataError, match="9 faveurs"):
        parse_components(text)
    assert len(FAVOURS) == 9


def test_an_event_card_from_its_tag_facts() -> None:
    card = event_from_facts({"number": "30", "period": 3, "name": "Avec l'aide de Godwyn",
                             "lasting": "non", "corners": "stone:1 grain:1 gold:2 vp:1",
                             "place": 9})
    assert card.number == 30 and card.place == 9 and not card.lasting
    assert card.corners[2] == (("gold", 2),) and card.said
    with pytest.raises(EventFactsError, match="4 coins"):
        event_from_facts({"number": 1, "period": 1, "corners": "stone:1"})
    with pytest.raises(EventFactsError, match="place"):
        event_from_facts({"number": 30, "period": 3, "corners": "vp:1 vp:1 vp:1 vp:1"})


def test_the_box_counts_are_data_and_not_provisional() -> None:
    c = load_components()
    assert c.total("stone") == 25 and c.total("loyalty") == 14 and c.total("metal") == 1
    assert (c.covers, c.houses, c.seals, c.start_score) == (5, 4, 2, 8)
    assert not c.is_provisional("supply")
    other = parse_components(SHIPPED.replace("grain: 10,", "grain: 12,", 1).replace(
        "start_score: 8", "start_score: 10"))
    state = WweEngine(WweConfig(other, players=2, mode="table")).new_game()
    assert state.supply[2] == 12 and state.seats[0].score == 10
    broken = SHIPPED.replace("grain: 10,", "", 1)
    with pytest.raises(WweDataError, match="counts ne donne pas grain"):
        parse_components(broken)


@cache
def shipped() -> Components:
    """The shipped components, read once."""
    return load_components()


@pytest.mark.parametrize("number", range(1, 45))
def test_every_shipped_event_card_can_be_drawn_resolved_and_turned(number: int) -> None:
    c = shipped()
    card = c.event(number)
    eng = WweEngine(WweConfig(c, players=3, mode="table"))
    t = thaw(eng.new_game())
    t.period = card.period
    if card.period >= 3:
        t.places = ["hidden"] * 11
        t.houses.update({1: 0, 2: 0, 3: 1})
    for seat in t.seats:  # something to exchange or lose
        for resource in ("wool", "grain", "cloth", "gold"):
            seat.stock[resource] += 1
            t.supply[resource] -= 1
    state, _ = eng.apply(freeze(t), eng.parse_action(f"event {number}"))
    while eng.awaiting(state).phase != "orient":
        state, _ = eng.apply(state, next(iter(eng.legal_actions(state))))
    state, _ = eng.apply(state, next(iter(eng.legal_actions(state))))
    assert eng.awaiting(state).phase == "action"
    assert (number in state.lasting) == card.lasting
    assert state.drawn == (number,)
