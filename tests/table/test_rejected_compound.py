"""A compound move offered ("je prends le N et je le valide") and answered "non, garde-le
plutôt en main": the offer is dropped and the answer replaces the offer's last part (the card
taken and kept in hand); never the move first offered. Property over the single-card takes
of a seeded Seven Kingdoms playout."""

from __future__ import annotations

import itertools

from table_helpers import GAME_GRAMMARS, game_binding, playout, settings_for

from ludivox.bindings.registry import engine_for
from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard
from ludivox.table.match import Match
from ludivox.table.session import Session

GAME = "seven-kingdoms"
NAMES = ("Anne", "Paul")


def test_no_keep_it_in_hand_rather_takes_the_card_into_the_hand() -> None:
    engine = engine_for(GAME)
    grammar = Grammar.load(GAME_GRAMMARS[GAME], "fr")
    checked = 0
    for state in itertools.islice(playout(GAME, "rejected-compound"), 0, 60):
        legal = list(engine.legal_actions(state))
        for n in sorted({a.cards[0] for a in legal if isinstance(a, Take) and len(a.cards) == 1}):
            validated, kept = Take((n,), ()), Take((n,), (n,))
            if validated not in legal or kept not in legal:
                continue
            seat = engine.awaiting(state).seats[0]
            session = Session(game_binding(GAME, NAMES), grammar, Match(engine, state),
                              list(NAMES), settings=settings_for(NAMES, confirm="always",
                                                                 scan_check="never"))
            session.start()
            said = grammar.language.numbers.cardinal(n)
            session.handle(Heard(f"je prends le {said} et je le valide", seat=seat))
            assert session.pending is not None
            for marker in ("non, garde-le plutôt en main", "oui"):
                session.handle(Heard(marker, seat=seat))
            assert session.state == engine.apply(state, kept)[0], n
            checked += 1
    assert checked >= 3
