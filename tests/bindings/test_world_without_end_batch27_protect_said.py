"""Un monde sans fin, end of a period (held-out batch 27): the loyalty token put on what it
covers (« ouais je mets ma loyauté sur le blé ») lifts that sanction, and « je protège rien »
(« ne » dropped, as players say it) lifts none; both were not understood.

Over the protect steps of seeded virtual playouts: each sanction one token can lift, said
so, is lifted; « je protège rien » pays nothing."""

from __future__ import annotations

from table_helpers import Table, settings_for
from test_world_without_end_protect_unnamed import GRAMMAR, NAMES, _protect_steps

from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.world_without_end import Protect
from ludivox.table.match import Match
from ludivox.table.session import Session

DUE = {"piety": "la piété", "grain": "le blé", "gold": "l'impôt"}


def _heard(state: object, text: str) -> str:
    binding = WweBinding(NAMES)
    engine = binding.engine
    session = Session(binding, GRAMMAR, Match(engine, state), NAMES,
                      settings=settings_for(NAMES, confirm="never", scan_check="never"))
    table = Table(session)
    table.hear(text, seat=engine.awaiting(state).seat)
    return engine.dumps(table.state)


def test_the_token_put_on_what_it_covers_and_nothing_protected() -> None:
    steps = _protect_steps(4)
    assert steps
    engine = WweBinding(NAMES).engine
    seen = 0
    for state in steps:
        for action in engine.legal_actions(state):
            if isinstance(action, Protect) and len(action.kinds) == 1:
                text = f"ouais je mets ma loyauté sur {DUE[action.kinds[0]]}"
                assert _heard(state, text) == engine.dumps(engine.apply(state, action)[0]), text
                seen += 1
        none = engine.apply(state, Protect(()))[0]
        assert _heard(state, "je protège rien") == engine.dumps(none)
    assert seen
