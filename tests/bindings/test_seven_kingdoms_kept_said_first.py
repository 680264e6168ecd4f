"""7 Kingdoms: where each card goes said with the verbs and no take verb, the card kept first
or last (held-out batch 35: « je garde le roi en main et je valide l'évêque » was not
understood): the take of both cards, the one kept in hand. Said while a take of more cards
waits for where they go, it never shrinks that take (« Tu prends …, pas deux cartes »).

Over the corpus's take positions and every pair of cards of their row whose rank is alone in
the row, through the real session."""

from __future__ import annotations

import itertools

import pytest
from test_seven_kingdoms_named_by_rank import SAID
from test_seven_kingdoms_said_around import TAKES, _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import rank_of
from ludivox.engines.seven_kingdoms.actions import Take

FORMS = ("je garde {kept} en main et je valide {validated}",
         "je valide {validated} et je garde {kept} en main")


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("at", TAKES)
def test_the_card_kept_and_the_card_validated_are_taken(at: str, form: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    alone = [c for c in row if [rank_of(d) for d in row].count(rank_of(c)) == 1]
    made = 0
    for kept, validated in itertools.permutations(alone, 2):
        take = Take(tuple(sorted((kept, validated))), (kept,))
        table = make(state, names)
        said = form.format(kept=SAID[rank_of(kept)], validated=SAID[rank_of(validated)])
        table.hear(said, seat=ENGINE.awaiting(state).seat)
        if ENGINE.refusal(state, take) is None:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, take)[0]), said
            made += 1
        else:
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said
    assert made or at in ("take", "general")  # (one card taken; places, three in a row)


def test_said_while_a_take_of_three_waits_it_never_takes_fewer() -> None:
    state, names = _position("take_king")
    row = [c for c in state.row if c is not None]
    alone = [c for c in row if [rank_of(d) for d in row].count(rank_of(c)) == 1]
    three = tuple(sorted(alone[:3]))
    assert len(three) == 3
    seat = ENGINE.awaiting(state).seat
    spoken = " ".join(f"le {c}," for c in three[:2]) + f" et le {three[2]}"
    for kept, validated in itertools.permutations(three, 2):
        table = make(state, names)
        table.hear(f"je prends {spoken}", seat=seat)
        waiting = table.state
        said = FORMS[0].format(kept=SAID[rank_of(kept)], validated=SAID[rank_of(validated)])
        heard = table.hear(said, seat=seat)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(waiting), said
        assert "keep_count_mismatch" in [s.key for s in heard], said
