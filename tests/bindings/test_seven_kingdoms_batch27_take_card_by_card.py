"""7 Kingdoms: a take of several cards whose places are said card by card (issue 16, held-out
batch 27: « je prends la princesse et je la garde en main et le général je le valide » took
the princess alone, then « le général je le valide » was refused as not the speaker's turn).

The compound reader checked each part against the position the parts before it leave, but
not that the speaker was still the one to act there: after a take, the next player takes, so
« le général je le valide » was a legal take for them. A part after the turn has passed is
no move of the speaker's: such a sentence is read whole (the one take, its cards kept or
validated as said) or not acted on, never half.

Over take positions of seeded playouts where the taker may take two cards and the next player
takes too, every two-card take said card by card (clitics « je le garde », « je le valide »,
the second card dislocated « le <n> je le valide »): the take made whole, or nothing."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from table_helpers import playout
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState
from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
NAMES = ("Anne", "Paul", "Marie", "Jean")
FORMS = (
    "je prends le {a} et je le garde en main et le {b} je le valide",
    "je prends le {a} et je le garde et le {b} je le mets dans mon royaume",
    "je prends le {a} et je le valide et le {b} je le garde en main",
    "je prends le {a} je le garde en main et le {b} je le valide",
)


def _positions() -> Iterator[SevenKingdomsState]:
    """Take positions whose taker may take two cards and after whom someone takes too."""
    for label in ("sk27-a", "sk27-b"):
        for state in playout("seven-kingdoms", label, NAMES):
            if state.phase != "take":
                continue
            takes = [a for a in ENGINE.legal_actions(state)
                     if isinstance(a, Take) and len(a.cards) == 2]
            if not takes:
                continue
            after = ENGINE.apply(state, takes[0])[0]
            if after.phase == "take":
                yield state
                break


def test_a_take_said_card_by_card_is_made_whole_or_not_at_all() -> None:
    seen = 0
    for state in _positions():
        seat = ENGINE.awaiting(state).seat
        pairs = sorted({a.cards for a in ENGINE.legal_actions(state)
                        if isinstance(a, Take) and len(a.cards) == 2})
        for (a, b), form in itertools.product(pairs[:2], FORMS):
            for first, second in ((a, b), (b, a)):
                kept = (second,) if "valide et" in form else (first,)
                take = Take((a, b), kept)
                text = form.format(a=WORDS.cardinal(first), b=WORDS.cardinal(second))
                table = make(state, NAMES)
                table.hear(text, seat=seat)
                now = ENGINE.dumps(table.state)
                assert now in (ENGINE.dumps(state), ENGINE.dumps(ENGINE.apply(state, take)[0])), \
                    text
                seen += 1
    assert seen >= 16
