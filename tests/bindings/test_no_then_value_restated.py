""""Non, le douze plutôt, et je le valide" to the confirmation of "je prends le six et je le
valide": the move is said again with another value, the words it ends with said again too;
the same move with that value is offered (never the two values together), and "oui" makes
it. For every other card that may be taken alone (7 Kingdoms)."""

from __future__ import annotations

from pathlib import Path

from test_seven_kingdoms_session import ENGINE, GRAMMAR, make

from ludivox.asrbench.natural import load
from ludivox.engines.seven_kingdoms import Take

CORPUS = Path(__file__).parents[2] / "corpus" / "natural" / "seven_kingdoms.yaml"


def test_no_then_the_move_said_again_with_another_card() -> None:
    data, names = load(CORPUS).positions["take"]  # Paul takes with his 13
    start = ENGINE.from_json(data)
    cards = sorted({a.cards[0] for a in ENGINE.legal_actions(start)
                    if isinstance(a, Take) and len(a.cards) == 1} - {6})
    assert len(cards) > 2
    for card in cards:
        t = make(start, names, confirm="always")
        assert [s.key for s in t.hear("je prends le six et je le valide", seat=1)] == [
            "confirm_move"]
        said = GRAMMAR.say("action.play", card=card).removeprefix("jouer ")
        asked = t.hear(f"non, {said} plutôt, et je le valide", seat=1)
        assert [s.key for s in asked] == ["cancelled", "confirm_move"], (said, asked)
        assert t.state == start
        t.hear("oui", seat=1)
        kingdom = t.state.seats[1].kingdom
        assert card in kingdom and 6 not in kingdom, (said, kingdom)
