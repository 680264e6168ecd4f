"""Authoring mistakes fail when the grammar loads, naming the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from grammar_helpers import copy_grammars

from ludivox.grammars import Grammar, GrammarError


def line_of(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def add_sentence(root: Path, template: str) -> Path:
    """Add a template to the `pass` intent of the French Kingsbridge sentences."""
    path = root / "kingsbridge" / "fr" / "sentences.yaml"
    text = path.read_text(encoding="utf-8")
    anchor = '          - "[je] passe [mon tour|ce tour]"\n'
    assert anchor in text
    path.write_text(text.replace(anchor, anchor + f"          - {template!r}\n"), "utf-8")
    return path


def load_error(root: Path) -> GrammarError:
    with pytest.raises(GrammarError) as info:
        Grammar.load("kingsbridge", "fr", root=root)
    return info.value


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_grammars(tmp_path)


def test_the_copy_loads(root: Path) -> None:
    assert Grammar.load("kingsbridge", "fr", root=root).understand("je passe")[0].name == "pass"


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("je passe {carte_inconnue}", "unknown list {carte_inconnue}"),
        ("je passe <règle_inconnue>", "unknown rule <règle_inconnue>"),
        ("je passe {card}", "has no slot 'card'"),
        ("je (passe|saute", "unbalanced brackets"),
        ("je passe[s]", "brackets glued to a word"),
        ("euh je passe", "filler"),
    ],
)
def test_bad_template(root: Path, template: str, message: str) -> None:
    path = add_sentence(root, template)
    error = load_error(root)
    assert message in str(error)
    assert error.file == str(path) and error.line == line_of(path, template)
    assert f"{path}:{error.line}:" in str(error)


def test_required_slot_left_empty(root: Path) -> None:
    path = root / "kingsbridge" / "fr" / "sentences.yaml"
    text = path.read_text(encoding="utf-8")
    bad = '          - "je pose sur la colonne {column}"\n'
    anchor = '          - "<cartes> [<a_la_suite>] <sur> <colonne_r>"\n'
    assert anchor in text, "the anchor line of the places sentence moved"
    path.write_text(text.replace(anchor, anchor + bad), "utf-8")
    error = load_error(root)
    assert "required slot 'cards'" in str(error) and error.line == line_of(path, "je pose sur la")


def test_intent_without_sentences(root: Path) -> None:
    path = root / "kingsbridge" / "intents.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  pass:\n", "  fly:\n    description: Fly away.\n  pass:\n"))
    error = load_error(root)
    assert "intent 'fly' has no sentences in 'fr'" in str(error)
    assert (error.file, error.line) == (str(path), line_of(path, "  fly:"))


def test_sentences_for_an_undeclared_intent(root: Path) -> None:
    path = root / "kingsbridge" / "fr" / "sentences.yaml"
    with path.open("a", encoding="utf-8") as out:
        out.write('  fly:\n    example: "je vole"\n    data:\n      - sentences: ["je vole"]\n')
    error = load_error(root)
    assert "'fly' is not declared" in str(error)
    assert (error.file, error.line) == (str(path), line_of(path, "  fly:"))


def test_response_with_unknown_placeholder(root: Path) -> None:
    path = root / "kingsbridge" / "fr" / "responses.yaml"
    text = path.read_text(encoding="utf-8")
    old = 'refusal.same_column: "C\'est la même colonne, la colonne {column}'
    assert old in text
    path.write_text(text.replace(old, old.replace("{column}", "{colonne}")), "utf-8")
    error = load_error(root)
    assert "unknown placeholder {colonne}" in str(error)
    assert (error.file, error.line) == (str(path), line_of(path, "refusal.same_column:"))


def test_response_missing_in_a_language(root: Path) -> None:
    path = root / "kingsbridge" / "fr" / "responses.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(x for x in lines if "refusal.same_column:" not in x), "utf-8")
    error = load_error(root)
    decl = root / "kingsbridge" / "intents.yaml"
    assert "'refusal.same_column' has no sentence in 'fr'" in str(error)
    assert (error.file, error.line) == (str(decl), line_of(decl, "refusal.same_column:"))


def test_yaml_syntax_error(root: Path) -> None:
    path = root / "kingsbridge" / "fr" / "responses.yaml"
    with path.open("a", encoding="utf-8") as out:
        out.write('  broken: "not closed\n')
    error = load_error(root)
    assert "YAML syntax error" in str(error) and error.file == str(path)
    assert error.line is not None


def test_unknown_response_option(root: Path) -> None:
    path = root / "kingsbridge" / "fr" / "responses.yaml"
    text = path.read_text(encoding="utf-8")
    old = "seul un {needed} peut"
    path.write_text(text.replace(old, "seul un {needed:loud} peut"), "utf-8")
    error = load_error(root)
    assert "unknown option 'loud'" in str(error)
    assert error.line == line_of(path, "refusal.needs_card:")


def write(path: Path, text: str) -> Path:
    path.write_text(text, "utf-8")
    return path


def add_topic_part(root: Path) -> None:
    """A 'lights' topic written in its own part files, as a feature team would add it."""
    write(root / "common" / "intents.lights.yaml",
          "intents:\n  lights_on:\n    description: Turn the lights on.\n"
          "responses:\n  lights.done: []\n")
    write(root / "common" / "fr" / "sentences.lights.yaml",
          'language: fr\nintents:\n  lights_on:\n    example: "allume la lumière"\n'
          '    data:\n      - sentences: ["allume [la] lumière"]\n')
    write(root / "common" / "fr" / "responses.lights.yaml",
          'language: fr\nresponses:\n  lights.done: "Lumière allumée."\n')
    write(root / "common" / "fr" / "tests.lights.yaml",
          'language: fr\ntests:\n  - intent: lights_on\n    sentences: ["allume la lumière"]\n')


def test_topic_parts_are_read_like_the_main_files(root: Path) -> None:
    from ludivox.grammars.testcases import load_cases

    add_topic_part(root)
    grammar = Grammar.load("kingsbridge", "fr", root=root)
    assert [i.name for i in grammar.understand("allume la lumière")][:1] == ["lights_on"]
    assert grammar.say("lights.done") == "Lumière allumée."
    assert [i.name for i in grammar.understand("je passe")][:1] == ["pass"]  # main files kept
    assert "allume la lumière" in [c.text for c in load_cases("common", root=root)]


def test_a_key_defined_in_two_parts_names_the_part_file(root: Path) -> None:
    add_topic_part(root)
    part = write(root / "common" / "fr" / "responses.other.yaml",
                 'language: fr\nresponses:\n  lights.done: "Encore."\n')
    error = load_error(root)
    assert "'lights.done' is defined twice" in str(error)
    assert error.file == str(part)


def test_a_test_block_under_no_match_is_refused_where_it_stands(root: Path) -> None:
    """A test block put under ``no_match`` (which lists sentences that must give nothing)
    would never be checked: loading the test cases refuses it, naming its line (Un monde
    sans fin had 69 such lines, one with a wrong slot id, found in stop 31)."""
    from ludivox.grammars.testcases import load_cases

    path = root / "kingsbridge" / "fr" / "tests.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.rstrip().rsplit("\n", 1)[-1].startswith("  - \"")  # no_match comes last
    with path.open("a", encoding="utf-8") as out:
        out.write('  - intent: ask_hand\n    sentences: ["mes cartes"]\n')
    with pytest.raises(GrammarError) as info:
        load_cases("kingsbridge", "fr", root=root)
    assert "no_match" in str(info.value) and info.value.file == str(path)
    assert info.value.line == len(text.splitlines()) + 1
