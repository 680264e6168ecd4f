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
the second card dislocated « le <n> je le valide »), by number or by rank (a rank with one
card in the row): the take made whole, with each card where it was said to go (nothing when
the rules refuse it, as the hand limit may)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from table_helpers import playout
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
NAMES = ("Anne", "Paul", "Marie", "Jean")
SAID = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
        "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
        "paysan": "le paysan"}
FORMS = (
    "je prends {a} et je {p} garde en main et {b} je le valide",
    "je prends {a} et je {p} garde et {b} je le mets dans mon royaume",
    "je prends {a} et je {p} valide et {b} je le garde en main",
    "je prends {a} je {p} garde en main et {b} je le valide",
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


def _ways(state: SevenKingdomsState, first: int, second: int) -> list[tuple[str, str]]:
    """The two cards said by their numbers, and by their ranks when each is its rank's one
    card in the row."""
    ways = [(f"le {WORDS.cardinal(first)}", f"le {WORDS.cardinal(second)}")]
    row = [c for c in state.row if c is not None]
    if all(sum(rank_of(c) == rank_of(x) for x in row) == 1 for c in (first, second)):
        ways.append((SAID[rank_of(first)], SAID[rank_of(second)]))
    return ways


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
                for a_said, b_said in _ways(state, first, second):
                    text = form.format(a=a_said, b=b_said,
                                       p="la" if a_said == SAID["princesse"] else "le")
                    table = make(state, NAMES)
                    table.hear(text, seat=seat)
                    made = ENGINE.refusal(state, take) is None
                    after = ENGINE.apply(state, take)[0] if made else state
                    assert ENGINE.dumps(table.state) == ENGINE.dumps(after), text
                    seen += made
    assert seen >= 32, seen
