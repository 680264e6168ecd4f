"""The 7 Kingdoms coach at the table: asked aloud, answered on the asker's own channel with
the expert's move and why; "et sinon ?" gives the next best; never out of turn."""

from __future__ import annotations

from test_seven_kingdoms_session import ENGINE, EXAMPLE, GRAMMAR, make, texts

from ludivox.engines.seven_kingdoms.players import EXPERT, choose
from ludivox.engines.seven_kingdoms.strategy import acting_seat


def spoken_card(card: int) -> str:
    return GRAMMAR.say("action.play", card=card).removeprefix("jouer le ")


def test_which_card_to_play_is_private_and_is_the_experts_card() -> None:
    table = make(ENGINE.loads(EXAMPLE))
    denis = acting_seat(table.state)
    assert denis == 3
    expected = choose(ENGINE, table.state, EXPERT, 0)
    said = table.hear("quelle carte jouer ?", seat=denis)
    assert [s.channel for s in said] == ["seat:4"]
    text = said[0].text
    assert text.startswith(f"Je te conseille de jouer le {spoken_card(expected.card)}")
    assert "cette carte prendrait" in text
    hand = table.state.seats[denis].hand
    kept = [c for c in hand if c != expected.card]
    assert all(spoken_card(c) in text for c in kept)  # the cards saved for later
    assert table.state == ENGINE.loads(EXAMPLE)  # asking changes nothing


def test_what_to_take_names_the_experts_take_and_why_then_the_next_best() -> None:
    table = make(ENGINE.loads(EXAMPLE))
    for move in ("je joue le vingt-huit", "je joue le quarante quatre", "je joue mon marchand",
                 "je joue le 18"):
        table.hear(move)
    anne = acting_seat(table.state)
    assert anne == 0
    expected = choose(ENGINE, table.state, EXPERT, 0)
    said = table.hear("qu'est-ce que je prends ?", seat=anne)
    assert [s.channel for s in said] == ["seat:1"]
    words = GRAMMAR.say("action.take", cards=expected.cards, keep=expected.keep,
                        validated=expected.validated)
    assert said[0].text.startswith(f"Je te conseille de {words}.")
    assert "blason" in said[0].text or "main" in said[0].text  # a majority or the hand
    more = table.hear("et sinon ?", seat=anne)
    assert more and all(s.channel == "seat:1" for s in more)
    assert any(s.text.startswith("Autre possibilité") for s in more)


def test_out_of_turn_the_coach_says_whose_turn_it_is() -> None:
    table = make(ENGINE.loads(EXAMPLE))
    said = table.hear("que me conseilles-tu ?", seat=1)
    assert texts(said) == ["Je te conseille quand c'est à toi d'agir ; c'est à Denis "
                           "maintenant."]
    assert said[0].channel == "seat:2"
