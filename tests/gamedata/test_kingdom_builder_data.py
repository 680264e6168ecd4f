"""The Kingdom Builder board data against the rulebook's counts and the shared original; a
broken file is refused with every problem told in French at its line and column, in the
loader's error and on the screen of ``ludivox play kingdom-builder``."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from data_edits import assert_any_edit_loads_or_is_told
from hypothesis import given, settings
from hypothesis import strategies as st
from sk_messages import assert_french

from ludivox.cli import main
from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.board import SUGGESTED_FIRST_LAYOUT, Layout, assemble
from ludivox.gamedata import kingdom_builder as loader
from ludivox.gamedata.kingdom_builder import (
    KingdomBuilderDataError,
    data_path,
    load_sections,
    parse_sections,
    parse_text,
)

SHIPPED = data_path().read_text(encoding="utf-8")
SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "kingdom_builder"


def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(data_path().read_text(encoding="utf-8"))
    return data


def test_eight_sections_with_the_rulebook_counts() -> None:
    sections = load_sections()
    assert sorted(sections) == sorted(
        ["barn", "farm", "harbor", "oasis", "oracle", "paddock", "tavern", "tower"]
    )
    for name, section in sections.items():
        assert len(section.rows) == 10 and all(len(r) == 10 for r in section.rows)
        castles, locations = len(section.cells("C")), len(section.cells("L"))
        if name in ("oracle", "harbor"):
            assert (castles, locations) == (2, 1), name
        else:
            assert (castles, locations) == (1, 2), name
    location_hexes = sum(len(s.cells("L")) for s in sections.values())
    assert location_hexes * 2 == 28  # "28 plaquettes de lieu"


def test_oracle_and_harbor_tiles_match_the_box() -> None:
    # "2x Oracle", "2x Port": one location hex each, 2 tiles per hex; 4 of every other kind.
    sections = load_sections()
    for name, section in sections.items():
        expected = 2 if name in ("oracle", "harbor") else 4
        assert len(section.cells("L")) * 2 == expected


def test_seven_castle_pieces_are_enough_for_any_board() -> None:
    sections = load_sections()
    for four in itertools.combinations(sections, 4):
        board = assemble(sections, Layout((four[0], four[1], four[2], four[3])))
        assert len(board.castles) <= 7  # "7 Château"


def test_first_game_example_five_locations_reachable_on_flowers() -> None:
    # Page 7: with the suggested set-up, "Mats ... a pioché une carte Terrain Fleurs ... Il a
    # donc 5 lieux différents à sa portée à côté desquels placer sa première cité."
    board = assemble(load_sections(), SUGGESTED_FIRST_LAYOUT)
    reachable = [
        i for i in board.locations if any(board.terrain[n] == "flower" for n in grid.NEIGHBOURS[i])
    ]
    assert len(board.locations) == 8
    assert len(reachable) == 5


def test_copy_keeps_provenance_and_matches_shared_data() -> None:
    raw = _raw()
    assert "Syarwin/bga-kingdombuilder" in raw["about"]
    assert "shared/data/kingdom_builder" in raw["copied_from"]
    original = SHARED / "sections.json"
    if not original.exists():
        pytest.skip("../shared is not next to this checkout")
    assert json.loads(original.read_text(encoding="utf-8"))["sections"] == raw["sections"]


def _refused(text: str) -> KingdomBuilderDataError:
    with pytest.raises(KingdomBuilderDataError) as info:
        parse_text(text, "sections.json")
    for problem in info.value.problems:
        assert_french(problem.message)
    return info.value


def _at(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """The line and column where the ``nth`` ``needle`` starts in ``text``."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_the_message_is_french_with_a_header_and_one_line_per_problem() -> None:
    text = SHIPPED.replace('"Barn": {', '"Bran": {', 1)
    error = _refused(text)
    lines = str(error).splitlines()
    assert lines[0] == "les données de Kingdom Builder sont à corriger (2 problèmes) :"
    line, column = _at(text, '"sections": {')
    column += len('"sections": ')
    assert lines[1].startswith(f"sections.json:{line}:{column}: il manque la section Barn")
    line, column = _at(text, '"Bran": {')
    column += len('"Bran": ')
    assert lines[2].startswith(f"sections.json:{line}:{column}: ")
    assert "section « Bran » inconnue" in lines[2]


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ('"location_type": "Farm"', '"location_type": "Ferme"', '"Ferme"',
         "la section « Farm » a pour location_type « Ferme » : écris « Farm »"),
        ('"location_type": "Farm"', '"location_type": 3', "3",
         "la section « Farm » a pour location_type « 3 »"),
        ('"rows": [', '"rows": "', '"',
         "la section « Barn » : « rows » doit être une liste de 10 rangées"),
    ],
)
def test_a_wrong_value_is_told_at_its_position(
        old: str, new: str, needle: str, message: str) -> None:
    text = SHIPPED.replace(old, new, 1)
    if new.endswith('"'):  # rows turned into a text: close it
        text = text.replace('"rows": "\n', '"rows": "x", "was": [\n', 1)
    error = _refused(text)
    line, column = _at(text, new)
    column += new.rindex(needle)
    assert [(p.line, p.column) for p in error.problems][:1] == [(line, column)], str(error)
    assert message in error.problems[0].message


def test_a_section_object_that_is_not_one_is_told_at_its_place() -> None:
    raw = copy.deepcopy(_raw())
    raw["sections"]["Oasis"] = ["Oasis"]
    text = json.dumps(raw, indent=1, ensure_ascii=False)
    error = _refused(text)
    assert error.problems[0].line == _at(text, '"Oasis": [')[0]
    assert "la section « Oasis » doit être un objet" in error.problems[0].message


def _row_cases() -> list[tuple[str, int]]:
    return [(name, r) for name in sorted(_raw()["sections"]) for r in range(10)]


@pytest.mark.parametrize(("name", "row"), _row_cases())
def test_every_row_with_a_wrong_letter_or_length_is_told_at_its_line(name: str, row: int) -> None:
    raw = _raw()
    text = json.dumps(raw, indent=1, ensure_ascii=False)
    printed = raw["sections"][name]["rows"][row]
    start = text.index(f'"{name}": {{')
    offset = text.index(f'"{printed}"', text.index('"rows"', start))
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    for changed, said in ((printed[:-1] + "x", "lettre inconnue « x »"),
                          (printed[:-1], "9 lettres, il en faut 10")):
        bad = text[:offset] + f'"{changed}"' + text[offset + len(printed) + 2:]
        error = _refused(bad)
        first = error.problems[0]
        assert (first.line, first.column) == (line, column), str(error)
        assert first.message.startswith(f"la section « {name} », rangée {row} (comptée depuis 0)")
        assert said in first.message


def test_castles_that_disagree_with_the_rows_name_both() -> None:
    raw = copy.deepcopy(_raw())
    raw["sections"]["Farm"]["castles"] = [[2, 2]]
    text = json.dumps(raw, indent=1, ensure_ascii=False)
    error = _refused(text)
    assert len(error.problems) == 1
    assert error.problems[0].message == (
        "la section « Farm » : « castles » donne [2, 2] mais les « C » des rangées sont en "
        "[1, 1] (rangée, colonne, comptées depuis 0) : fais-les concorder")


def test_a_section_with_a_third_castle_breaks_the_count() -> None:
    raw = copy.deepcopy(_raw())
    farm = raw["sections"]["Farm"]
    farm["rows"][9] = "CTTWWWWWWW"
    farm["castles"].append([9, 0])
    text = json.dumps(raw, indent=1, ensure_ascii=False)
    error = _refused(text)
    assert [p.line for p in error.problems] == [_at(text, '"rows"', 1)[0]]
    assert error.problems[0].message.startswith(
        "la section « Farm » a 2 châteaux et 2 lieux (lettres C et L), la boîte en a 1 et 2")


def test_a_decoded_document_is_checked_too() -> None:
    raw = copy.deepcopy(_raw())
    raw["sections"]["Tower"]["rows"][0] = "TTTTMMGMKX"
    with pytest.raises(KingdomBuilderDataError) as info:
        parse_sections(raw, "sections.json")
    assert "sections.json : la section « Tower », rangée 0" in str(info.value)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ('{"sections": {"Barn": {,}}}', 1, 24, "un nom de champ entre guillemets doubles"),
        ('{"sections"\n  {}}', 2, 3, "il manque « : »"),
        ('{"sections": {"Barn": {} "Farm": {}}}', 1, 26, "il manque une virgule"),
        ('{"sections": [1, 2,]}', 1, 20, "une valeur manque ici"),
        ('{"sections": "Barn}', 1, 14, "texte entre guillemets jamais fermé"),
        ('{"sections": {}} x', 1, 18, "du texte suit la fin"),
        ('{"sections": NaN}', 1, 14, "« NaN » n'est pas une valeur JSON"),
        ('{"NaN": "Infinity",\n "sections": [-Infinity]}', 2, 15,
         "« -Infinity » n'est pas une valeur JSON"),
        ('[]', 1, 1, "il faut un objet « sections »"),
        ("[" * 100_000 + "]" * 100_000, 0, 0, "imbriqués trop profondément"),
    ],
)
def test_json_syntax_is_told_in_french_at_its_position(
        text: str, line: int, column: int, message: str) -> None:
    error = _refused(text)
    assert [(p.line, p.column) for p in error.problems] == [(line, column)], str(error)
    assert message in error.problems[0].message


def test_unreadable_files_are_told_in_french(tmp_path: Path) -> None:
    missing = tmp_path / "absent.json"
    with pytest.raises(KingdomBuilderDataError) as info:
        load_sections(missing)
    assert str(info.value).endswith(f"{missing} : fichier introuvable : vérifie son chemin")
    latin = tmp_path / "sections.json"
    latin.write_bytes(SHIPPED.encode("latin-1", "replace"))
    with pytest.raises(KingdomBuilderDataError) as info:
        load_sections(latin)
    first = next(ch for ch in SHIPPED if ord(ch) > 127)  # the first letter latin-1 changes
    line, column = _at(SHIPPED, first)
    assert f"{latin}:{line}:{column}: le fichier n'est pas en UTF-8" in str(info.value)
    with_bom = tmp_path / "bom.json"
    with_bom.write_bytes(b"\xef\xbb\xbf" + SHIPPED.encode("utf-8"))
    assert sorted(load_sections(with_bom)) == sorted(load_sections())


def test_ludivox_play_tells_a_broken_data_file_in_french_and_starts_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = SHIPPED.replace('"location_type": "Farm"', '"location_type": "Ferme"', 1)
    broken = tmp_path / "sections.json"
    broken.write_text(text, encoding="utf-8")
    monkeypatch.setattr(loader, "data_path", lambda: broken)
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path / "data"))
    script = tmp_path / "partie.txt"
    script.write_text("@state\n", encoding="utf-8")
    save = tmp_path / "partie.jsonl"
    line, column = _at(text, '"location_type": "Ferme"')
    column += len('"location_type": ')
    for options in ([], ["--layout", "suggested"]):
        code = main(["play", "kingdom-builder", "--players", "2", *options, "--script",
                     str(script), "--journal", str(save)])
        out = capsys.readouterr()
        assert code not in (0, None)
        assert out.out == "", "nothing is said before the data is right"
        assert out.err == (
            "ludivox : les données de Kingdom Builder sont à corriger (1 problème) :\n"
            f"{broken}:{line}:{column}: la section « Farm » a pour location_type « Ferme » : "
            "écris « Farm », le nom de la section\n")
        assert not save.exists(), "no save is started on data that cannot be played"


_TYPED = st.sampled_from(list('{}[]",: 0123\n\t\\xXCLGMéa'))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_edit_of_the_file_loads_or_is_told_in_french_at_its_line(data: st.DataObject) -> None:
    assert_any_edit_loads_or_is_told(
        data, SHIPPED, _TYPED, parse_text, KingdomBuilderDataError,
        "les données de Kingdom Builder sont à corriger", "box.json")


def test_resume_of_a_kingdom_builder_save_with_a_broken_file_blames_the_file_not_the_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path / "data"))
    script = tmp_path / "partie.txt"
    script.write_text("@state\n", encoding="utf-8")
    save = tmp_path / "data" / "saves" / "kingdom_builder-test.journal.jsonl"
    save.parent.mkdir(parents=True)
    assert main(["play", "kingdom-builder", "--players", "2", "--seed", "4", "--script",
                 str(script), "--journal", str(save)]) == 0
    kept = save.read_bytes()
    broken = tmp_path / "sections.json"
    broken.write_text(SHIPPED.replace('"Barn": {', '"Bran": {', 1), encoding="utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(loader, "data_path", lambda: broken)
        capsys.readouterr()
        assert main(["resume", str(save), "--script", str(script)]) not in (0, None)
        out = capsys.readouterr()
        assert out.err.startswith("ludivox : les données de Kingdom Builder sont à corriger "
                                  "(2 problèmes) :\n")
        assert f"{broken}:" in out.err and "section « Bran » inconnue" in out.err
        assert "abîmée" not in out.out + out.err
    assert save.read_bytes() == kept
    assert sorted(p.name for p in save.parent.iterdir()) == [save.name], "the save is not marked"
    capsys.readouterr()
    assert main(["resume", str(save), "--script", str(script)]) == 0  # the file corrected
    assert "STATE" in capsys.readouterr().out
