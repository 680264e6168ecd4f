"""Questions about another player by name ("combien de cartes a Paul ?", "le royaume
d'Anne", "qu'a joué Zoé ?"), for every player of the table and every way of asking."""

from __future__ import annotations

import pytest
from table_helpers import Table, virtual_table

NAMES = ["Anne", "Jean-Pierre", "Zoé"]
COUNTS = ("combien de cartes a {} ?", "{} a combien de cartes ?",
          "il reste combien de cartes à {} ?", "combien de cartes reste-t-il à {} ?",
          "{} il lui reste combien de cartes ?")
KINGDOMS = ("le royaume de {}", "qu'est-ce qu'il y a dans le royaume de {} ?",
            "lis-moi le royaume de {}")


def _table(game: str) -> Table:
    return virtual_table(game, NAMES, seed=3)


def _of(name: str) -> str:
    """ "de Zoé", "d'Anne" as French says it."""
    return f"d'{name}" if name[0].lower() in "aeiouyh" else f"de {name}"


@pytest.mark.parametrize("asked", COUNTS)
def test_kingsbridge_counts_of_the_player_named_only(asked: str) -> None:
    t = _table("kingsbridge")
    before = t.state
    for seat, name in enumerate(NAMES):
        says = t.hear(asked.format(name), seat=(seat + 1) % 3)
        assert [s.key for s in says] == ["answer.counts"], (asked, name)
        others = [n for n in NAMES if n != name]
        assert says[0].text.startswith(name) and not any(n in says[0].text for n in others)
    assert t.state is before


@pytest.mark.parametrize("asked", KINGDOMS)
def test_seven_kingdoms_kingdom_of_the_player_named(asked: str) -> None:
    t = _table("seven-kingdoms")
    for seat, name in enumerate(NAMES):
        text = asked.format(name).replace(f"de {name}", _of(name))
        says = t.hear(text, seat=(seat + 1) % 3)
        assert says and says[0].key.startswith("answer.kingdom"), text
        assert name in says[0].text, text
        mine = t.hear(text, seat=seat)  # asked by that player: their own kingdom
        assert mine[0].key.startswith("answer.kingdom_yours"), text


def test_a_sentence_without_a_name_or_about_nothing_is_read_as_before() -> None:
    t = _table("kingsbridge")
    says = t.hear("combien de cartes reste-t-il à chacun ?")
    assert all(name in says[0].text for name in NAMES)  # everyone, as before
    says = t.hear("Zoé")  # a bare name asks nothing
    assert says[0].key.startswith("not_understood")
