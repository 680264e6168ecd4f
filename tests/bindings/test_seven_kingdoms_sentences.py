"""Every 7 Kingdoms refusal, as the table says it: why, and what would work, in French."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "engines" / "seven_kingdoms"))
from sk_support import ENGINE as TEST_ENGINE
from test_seven_kingdoms_refusals import CASES

from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsBinding
from ludivox.engines.seven_kingdoms import REASON_CODES
from ludivox.grammars.grammar import Grammar
from ludivox.table.binding import Line

GRAMMAR = Grammar.load("seven_kingdoms", "fr")
BINDING = SevenKingdomsBinding(["Anne", "Bruno"], TEST_ENGINE.components)


def render(line: Line) -> str:
    params: dict[str, Any] = {}
    for key, value in line.params.items():
        if isinstance(value, Line):
            value = render(value)
        elif isinstance(value, tuple) and value and all(isinstance(v, Line) for v in value):
            value = tuple(render(v) for v in value)
        params[key] = value
    return GRAMMAR.say(line.key, **params)


def test_the_cases_cover_every_code() -> None:
    assert {code for *_, code in CASES} == set(REASON_CODES)


@pytest.mark.parametrize(("name", "start", "action", "code"), CASES, ids=[c[0] for c in CASES])
def test_each_refusal_is_a_private_french_sentence(name: str, start: Any, action: Any,
                                                   code: str) -> None:
    act = TEST_ENGINE.parse_action(action) if isinstance(action, str) else action
    reason = TEST_ENGINE.refusal(start, act)
    assert reason is not None and reason.code == code
    lines = BINDING.refusal_lines(start, act, reason, 1)
    assert lines[0].key == f"refusal.{code}"
    assert all(line.seat == 1 for line in lines)  # a refusal may tell what a hand holds
    for line in lines:
        text = render(line)
        assert text[0].isupper() and text.endswith((".", "»", "!")), text
        assert "{" not in text and "None" not in text and "  " not in text, text
        assert not any(w in text for w in ("eveque", "general", "peasant", "kingdom:")), text
    if reason.suggestions:
        assert lines[1].key == "suggestion"


def test_some_refusals_word_for_word() -> None:
    by_name = {c[0]: c for c in CASES}
    expected = {
        "take while playing": "Ce n'est pas le moment de prendre des cartes : on en est à la "
        "phase où chacun joue une carte, et il faut maintenant jouer une carte.",
        "bonus not face up": "Le jeton plus quatre n'est pas parmi les jetons révélés. Tu peux "
        "prendre le jeton fois deux ou le jeton plus trois.",
        "card in the row": "Tu n'as pas le un en main : il est sous les blasons. Demande "
        "« qu'est-ce que j'ai en main ? » pour entendre tes cartes.",
        "seat out of range": "Il n'y a pas de joueur trois : vous êtes deux à jouer.",
    }
    for name, text in expected.items():
        _, start, action, _ = by_name[name]
        act = TEST_ENGINE.parse_action(action) if isinstance(action, str) else action
        reason = TEST_ENGINE.refusal(start, act)
        assert reason is not None
        assert render(BINDING.refusal_lines(start, act, reason, 0)[0]) == text


def test_majority_awards_say_who_takes_what_and_why_not() -> None:
    from ludivox.engines.seven_kingdoms import events as ev

    state = TEST_ENGINE.loads("7k row=1,2,3,4,5,6,7 pile=rest hidden=rest revealed=x2,+3 "
                              "s0=hand:40 s1=hand:41")
    awards = [
        ev.TokenAwarded(blason=3, position=1, token="x2", seat=1, counts=(1, 2)),
        ev.TokenAwarded(blason=4, position=2, token="+3", seat=None, counts=(2, 2)),
        ev.TokenAwarded(blason=5, position=3, token="peasant", seat=None, counts=(0, 0)),
        ev.TokenAwarded(blason=6, position=4, token=None, seat=0, counts=(1, 0)),
    ]
    lines = BINDING.event_lines(state, state, awards)
    assert [render(line) for line in lines] == [
        "Blason trois : Bruno a la majorité et prend le jeton fois deux.",
        "Blason quatre : égalité, personne ne prend le jeton plus trois.",
        "Blason cinq : personne n'en a validé, personne ne prend le jeton paysan.",
        "Blason six : aucun jeton n'y est posé.",
    ]
    assert all(line.seat is None for line in lines)
