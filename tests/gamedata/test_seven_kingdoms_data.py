"""The 7 Kingdoms data file: the shipped one is usable and marked provisional, broken files
are refused with their position, and NFC tag facts build cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludivox.engines.seven_kingdoms import SevenKingdomsConfig, SevenKingdomsEngine, TitleCard
from ludivox.engines.seven_kingdoms.components import RANKS
from ludivox.gamedata.seven_kingdoms import (
    CardFactsError,
    SevenKingdomsDataError,
    card_from_facts,
    data_path,
    deck_from_facts,
    load_components,
    parse_components,
    with_printed_cards,
)

SHIPPED = data_path().read_text(encoding="utf-8")


def test_the_shipped_file_loads_and_plays() -> None:
    components = load_components()
    assert [c.number for c in components.cards] == list(range(1, 50))
    for blason in range(1, 8):
        ranks = sorted(c.rank for c in components.cards if c.blason == blason)
        assert ranks == sorted(RANKS)
    paysans = [c for c in components.cards if c.rank == "paysan"]
    assert len(paysans) == 7 and all(len(c.places) == 2 for c in paysans)
    assert components.token_ids == ("x2", "+1", "+2", "+3", "+4", "+5", "peasant", "blason")
    engine = SevenKingdomsEngine(SevenKingdomsConfig(components, players=3, seed=1))
    assert engine.awaiting(engine.new_game()).phase == "play"


def test_every_unchecked_value_is_marked_provisional() -> None:
    # pins what the project ships: nothing has been checked against a real box yet (update
    # this test when values are confirmed and marked ``provisional: false``)
    components = load_components()
    expected = (
        {f"card:{n}" for n in range(1, 50)}
        | {f"blason:{b}" for b in range(1, 8)}
        | {f"token:{t}" for t in components.token_ids}
    )
    assert components.provisional == expected
    assert "provisional: true" in SHIPPED and "How to correct it from your own box" in SHIPPED


def test_a_line_can_be_marked_checked() -> None:
    text = SHIPPED.replace(
        "- {number: 44, rank: paysan, blason: 2, places: [2, 5]}",
        "- {number: 44, rank: paysan, blason: 2, places: [2, 5], provisional: false}",
    )
    assert text != SHIPPED
    components = parse_components(text)
    assert not components.is_provisional("card:44")
    assert components.is_provisional("card:43")


def test_a_person_can_swap_two_blasons_from_their_box(tmp_path: Path) -> None:
    # the two Rois 1 and 2 actually carry each other's blason: both lines change together
    text = SHIPPED.replace("{number: 1, rank: roi, blason: 1}", "{number: 1, rank: roi, blason: 2}")
    text = text.replace("{number: 2, rank: roi, blason: 2}", "{number: 2, rank: roi, blason: 1}")
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    components = load_components(path)
    assert components.card(1).blason == 2 and components.card(2).blason == 1


def _line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def _error(text: str) -> SevenKingdomsDataError:
    with pytest.raises(SevenKingdomsDataError) as caught:
        parse_components(text, "box.yaml")
    return caught.value


def test_a_rank_given_twice_to_a_blason_names_both_lines() -> None:
    text = SHIPPED.replace("{number: 2, rank: roi, blason: 2}", "{number: 2, rank: roi, blason: 1}")
    error = _error(text)
    line = _line_of(text, "{number: 2, rank: roi")
    first = _line_of(text, "{number: 1, rank: roi")
    (twice,) = [p for p in error.problems if "already has its roi" in p.message]
    assert f"blason 1 already has its roi (card 1, line {first})" in twice.message
    assert twice.line == line
    assert f"box.yaml:{line}:{twice.column}: card 2: blason 1 already" in str(error)
    assert any("blason 2 has no roi card" in p.message for p in error.problems)


@pytest.mark.parametrize(
    ("old", "new", "fragment", "message"),
    [
        ("{number: 44, rank: paysan, blason: 2, places: [2, 5]}",
         "{number: 44, rank: paysan, blason: 2, places: [2, 9]}",
         "number: 44", "places are numbered 1..7"),
        ("{number: 44, rank: paysan, blason: 2, places: [2, 5]}",
         "{number: 44, rank: paysan, blason: 2}",
         "number: 44", "Paysan: give its two printed places"),
        ("{number: 12, rank: eveque, blason: 5}", "{number: 12, rank: roi, blason: 5}",
         "number: 12", "rank 'roi' does not match its number"),
        ("{number: 12, rank: eveque, blason: 5}", "{number: 12, rank: eveque, blason: 8}",
         "number: 12", "blason 8 is not one of the blasons"),
        ("{number: 12, rank: eveque, blason: 5}", "{number: 12, rank: eveque, blazon: 5}",
         "number: 12", "unknown key 'blazon'"),
        ("{number: 12, rank: eveque, blason: 5}", "{number: 11, rank: eveque, blason: 5}",
         "number: 11, rank: eveque, blason: 5}", "card 11 is listed twice"),
        ("{number: 12, rank: eveque, blason: 5}", "{number: 12, rank: eveque, blason: five}",
         "number: 12", "blason must be a whole number, got 'five'"),
        ("{id: \"+5\", kind: points, value: 5}", "{id: \"+5\", kind: points, value: 9}",
         "id: \"+5\"", "points must be 1..5"),
        ("{id: \"+5\", kind: points, value: 5}", "{id: \"+5\", kind: bonus}",
         "id: \"+5\"", "kind must be one of"),
        ("{id: 7, name: null}", "{id: 7, name: null, provisional: maybe}",
         "{id: 7, name", "provisional must be true or false"),
    ],
)
def test_a_broken_value_is_reported_at_its_position(
    old: str, new: str, fragment: str, message: str
) -> None:
    assert old in SHIPPED
    text = SHIPPED.replace(old, new)
    error = _error(text)
    lines = [p.line for p in error.problems if message in p.message]
    assert lines, str(error)
    target = [i for i, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert lines[0] in target


def test_missing_items_and_counts() -> None:
    text = SHIPPED.replace("    - {number: 30, rank: chevalier, blason: 2}\n", "")
    assert "cards 30 are missing" in str(_error(text))
    text = SHIPPED.replace("    - {id: blason, kind: blasons}\n", "")
    assert "there must be 8 bonus tokens, found 7" in str(_error(text))
    text = SHIPPED.replace("    - {id: 3, name: null}\n", "")
    assert "blasons [3] are missing" in str(_error(text))


def test_syntax_errors_and_wrong_shapes() -> None:
    error = _error("format: 1\ncards: [1, 2\n")
    assert "YAML syntax error" in str(error) and error.problems[0].line >= 2
    assert "the file is empty" in str(_error(""))
    assert "must be a mapping" in str(_error("- 1\n- 2\n"))
    assert "format 2 is not supported" in str(_error(SHIPPED.replace("format: 1", "format: 2")))
    assert "'cards' section is missing" in str(_error("format: 1\nblasons: {items: []}\n"))


def test_an_unreadable_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SevenKingdomsDataError, match="cannot read"):
        load_components(tmp_path / "absent.yaml")


def test_blason_names_are_kept() -> None:
    text = SHIPPED.replace("{id: 3, name: null}", "{id: 3, name: Licorne}")
    assert parse_components(text).blasons[2].name == "Licorne"


# --- printed facts (NFC tags) -------------------------------------------------------------
def test_card_from_facts_accepts_what_a_tag_may_carry() -> None:
    assert card_from_facts({"number": 44, "blason": 3, "places": [1, 6]}) == TitleCard(
        44, 3, (1, 6)
    )
    assert card_from_facts({"number": "card:12", "blason": "blason:4", "rank": "Évêque"}) == (
        TitleCard(12, 4)
    )
    assert card_from_facts({"number": "45", "blason": "2", "places": "3,7"}).places == (3, 7)


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"blason": 3}, "'number' is missing"),
        ({"number": 50, "blason": 3}, "no title card 50"),
        ({"number": 12, "blason": 9}, "blason 9 is not 1..7"),
        ({"number": 12, "blason": 2, "rank": "roi"}, "card 12 is a eveque"),
        ({"number": 44, "blason": 2}, "needs two different places"),
        ({"number": 12, "blason": 2, "places": [1, 2]}, "only Paysan cards show places"),
        ({"number": "douze", "blason": 2}, "number must be a number"),
    ],
)
def test_card_facts_errors(facts: dict[str, object], message: str) -> None:
    with pytest.raises(CardFactsError, match=message):
        card_from_facts(facts)


def test_a_printed_card_replaces_a_provisional_one() -> None:
    base = load_components()
    printed = card_from_facts({"number": 12, "blason": 1, "places": []})
    components = with_printed_cards(base, [printed])
    assert components.card(12).blason == 1 and not components.is_provisional("card:12")
    # the provisional Évêque that held blason 1 (card 8) takes 12's old blason
    assert components.card(8).blason == base.card(12).blason
    # a second printed fact that contradicts the first one is refused
    with pytest.raises(ValueError, match="already is that blason's eveque"):
        with_printed_cards(components, [card_from_facts({"number": 9, "blason": 1})])


def test_a_fully_tagged_deck_needs_no_table() -> None:
    base = load_components()
    facts = [
        {"number": n, "blason": (n * 3) % 7 + 1, **({"places": [1, 7]} if n > 42 else {})}
        for n in range(1, 50)
    ]
    deck = deck_from_facts(facts, base)
    assert deck.card(10).blason == (10 * 3) % 7 + 1
    assert not any(k.startswith("card:") for k in deck.provisional)
    with pytest.raises(CardFactsError, match="cards 49 are missing"):
        deck_from_facts(facts[:-1], base)
    broken = [*facts[:-1], {"number": 49, "blason": 2, "places": [1, 7]}]
    with pytest.raises(CardFactsError, match="inconsistent"):
        deck_from_facts(broken, base)
