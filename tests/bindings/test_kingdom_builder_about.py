"""Kingdom Builder: another player's settlements and tiles asked by name ("qu'est-ce que
Paul a construit ?", "où sont les cités d'Anne ?", "quelles tuiles a Paul ?"): what is on
the board for everyone to see, said about that player, to the one who asked."""

from __future__ import annotations

from test_kingdom_builder_conversation import spoken, start, text

from ludivox.engines.kingdom_builder.actions import Build
from ludivox.grammars.grammar import Grammar

GRAMMAR = Grammar.load("kingdom_builder", "fr")


def test_the_settlements_and_tiles_of_a_player_named() -> None:
    table = start(GRAMMAR)
    engine = table.session.match.engine
    builds = [a for a in engine.legal_actions(table.state) if isinstance(a, Build)][:2]
    for build in builds:
        table.hear(f"je construis en {spoken(build.hex)}", seat=0)
    built = table.state.settlements(0)
    assert len(built) == 2
    for asked in ("qu'est-ce qu'Anne a construit ?", "où sont les cités d'Anne ?",
                  "où sont les colonies d'Anne ?"):
        said = table.hear(asked, seat=1)
        assert [s.key for s in said] == ["answer.settlements_of"], asked
        assert said[0].channel == "seat:2"  # the asker's own channel (seats from 1)
        assert text(said).startswith("Anne a deux cités")
        for hex_ in built:
            assert spoken(hex_) in text(said), (hex_, text(said))
    said = table.hear("qu'est-ce que Paul a construit ?", seat=0)
    assert [s.key for s in said] == ["answer.settlements_none_of"]
    said = table.hear("quelles tuiles a Paul ?", seat=0)
    assert [s.key for s in said] == ["answer.tiles_none_of"]
