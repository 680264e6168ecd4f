"""Short answers for experts: a response may carry a short form, checked when it loads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from grammar_helpers import GAMES, copy_grammars, grammar

from ludivox.grammars import Grammar, GrammarError


def test_a_short_form_is_said_only_when_asked_for() -> None:
    common = grammar("common")
    full = common.say("did_you_mean", text="je pose le sept")
    short = common.say("did_you_mean", text="je pose le sept", short=True)
    assert full == "Tu veux dire : « je pose le sept » ?"
    assert short == "« je pose le sept » ?"
    assert common.has_short("did_you_mean")


def test_a_key_without_short_form_says_its_full_sentence() -> None:
    common = grammar("common")
    assert not common.has_short("not_your_turn")  # a refusal keeps its reason
    said = common.say("not_your_turn", short=True, player="Anne", current="Paul")
    assert said == common.say("not_your_turn", player="Anne", current="Paul")


@pytest.mark.parametrize("game", ["common", *GAMES])
def test_every_short_form_renders_and_is_shorter(game: str) -> None:
    g = grammar(game)
    samples: dict[str, Any] = {
        "action": "poser le sept sur la colonne trois", "text": "je pose le sept",
        "options": ("la une", "la deux"), "game": "Kingsbridge", "player": "Anne",
        "change": "faster", "verbosity": "short", "confirm": "never", "scan": "table",
        "cards": (), "count": 2, "rate": 225, "volume": 80,
    }
    for key in sorted(g.short_keys):
        params = {p: samples.get(p, 3) for p in g.response_params(key)}
        try:
            full = g.say(key, **params)
        except (KeyError, TypeError):
            continue  # a game line with parameters of its own: rendered by the game tests
        short = g.say(key, short=True, **params)
        assert short and len(short) <= len(full), (key, short, full)


def _add(root: Path, name: str, text: str) -> Path:
    path = root / "common" / "fr" / name
    path.write_text(text, "utf-8")
    return path


def test_short_forms_can_live_in_a_part_file(tmp_path: Path) -> None:
    root = copy_grammars(tmp_path)
    _add(root, "responses.zz.yaml", 'language: fr\nshort:\n  not_understood: "Pardon ?"\n')
    g = Grammar.load("common", "fr", root=root)
    assert g.say("not_understood", short=True) == "Pardon ?"
    assert g.say("not_understood").startswith("Je n'ai pas compris")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('short:\n  no_such_key: "Bof."\n', "not declared"),
        ('short:\n  did_you_mean: "Bof."\n', "two short forms"),
        ('short:\n  not_understood: "Quoi {thing} ?"\n', "unknown placeholder"),
        ('shrot:\n  not_understood: "Quoi ?"\n', "'responses:' (or 'short:')"),
    ],
)
def test_bad_short_forms_fail_at_load_with_the_file(
    tmp_path: Path, text: str, message: str
) -> None:
    root = copy_grammars(tmp_path)
    path = _add(root, "responses.zz.yaml", "language: fr\n" + text)
    with pytest.raises(GrammarError) as info:
        Grammar.load("common", "fr", root=root)
    assert message in str(info.value) and str(path) in str(info.value)
