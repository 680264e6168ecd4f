"""Un monde sans fin's exchange offer answered in a sentence: the offer found good (« ça me
va », « ça m'intéresse », « ça marche »), taken (« je prends l'échange »), or found of no
interest, with or without « non », « merci » and the goods kept. A negated acceptance is
never a yes (issue 16)."""

from __future__ import annotations

import itertools

import pytest
from grammar_helpers import grammar

ANSWERS = frozenset({"exchange_yes", "exchange_no", "yes", "no"})
GOOD = ["ça me va", "ça m'intéresse", "ça marche"]
OPENERS = ["", "oui", "ouais", "d'accord"]
TAKEN = ["", "je prends l'échange", "j'accepte l'échange"]


def _read(text: str) -> str | None:
    found = grammar("world_without_end").understand(text, intents=ANSWERS)
    return found[0].name if found and found[0].cost == 0 else None


@pytest.mark.parametrize(("opener", "good", "taken"),
                         list(itertools.product(OPENERS, GOOD, TAKEN)))
def test_the_offer_found_good_is_a_yes(opener: str, good: str, taken: str) -> None:
    """« ça me va », « ça marche » alone are the common yes (they answer any yes / no
    question, the exchange offered among them); with the exchange named, its own yes."""
    said = " ".join(w for w in (opener, good, taken) if w)
    if taken or good == "ça m'intéresse":
        assert _read(said) == "exchange_yes"
    elif not opener:
        assert _read(said) == "yes"


@pytest.mark.parametrize("good", GOOD)
@pytest.mark.parametrize("opener", ["", "non", "nan", "non merci"])
def test_the_offer_found_good_negated_is_never_a_yes(opener: str, good: str) -> None:
    """« ça m'intéresse pas », « non ça me va pas »: a no or nothing, never the exchange."""
    head, verb = good.rsplit(" ", 1)
    for said in (f"{head} {verb} pas", f"{head.replace('ça', 'ça ne')} {verb} pas"):
        assert _read(f"{opener} {said}".strip()) in (None, "exchange_no", "no"), said


@pytest.mark.parametrize("said", [
    "je prends l'échange", "oui je prends l'échange", "je veux l'échange"])
def test_the_exchange_taken_is_a_yes(said: str) -> None:
    assert _read(said) == "exchange_yes"


@pytest.mark.parametrize("said", [
    "je ne prends pas l'échange", "non je prends pas l'échange", "je n'échange pas ma laine",
    "non j'échange pas mes laines", "non merci ça ne m'intéresse pas", "je échange pas ma laine"])
def test_the_exchange_refused_with_its_goods_is_a_no(said: str) -> None:
    assert _read(said) == "exchange_no"
