"""What the Kingsbridge fixtures say: sentences, the position each is said in, and the effect
each must have on the game.

Every in-grammar sentence is taken word for word from the grammar's own test utterances
(``grammars/kingsbridge/fr/tests.yaml``, ``grammars/common/fr/tests.yaml``), so the fixtures
never ask the grammar for a form it was not written to understand. The out-of-grammar table
chatter is new speech that must change nothing and must not be acted on.

Positions are written in Kingsbridge's notation (``kb v ...``, see
``engines/kingsbridge/notation.py``). They are made up for the fixtures (marked
``provisional``: not from ``shared/rules`` or ``shared/data``): the six starting columns and
the hand of seat 0 are chosen so that every move below is legal; the other cards are dealt
to the piles in a fixed shuffled order so that each position holds the 104 cards.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

VALUES = range(1, 14)
COPIES = 8


def position(
    columns: list[list[int]], hand0: list[int], hand1: list[int], pile0: int, seed: int
) -> str:
    """A 2-player virtual position, seat 0 to play; the unused cards fill the piles.

    ``pile0`` cards go to seat 0's pile (0: empty pile), the rest to seat 1's pile, in an
    order shuffled with ``random.Random(seed)``.
    """
    counts = Counter({v: COPIES for v in VALUES})
    counts.subtract([c for col in columns for c in col] + hand0 + hand1)
    if any(n < 0 for n in counts.values()):
        raise ValueError("more than 8 copies of a value in the position")
    rest = [v for v in VALUES for _ in range(counts[v])]
    random.Random(seed).shuffle(rest)
    piles = (rest[:pile0], rest[pile0:])

    def cards(values: list[int]) -> str:
        return ",".join(map(str, values)) or "-"

    cols = "/".join(cards(c) for c in columns)
    players = "|".join(
        f"{cards(sorted(h))}:{cards(p)}" for h, p in zip((hand0, hand1), piles, strict=True)
    )
    return f"kb v {cols} - {players} @0 p0m0q0x0 play"


POSITIONS: dict[str, str] = {
    # 7 fits columns 3 and 4; 4-5-6 fit column 1; column 2 (8 9 10) fits after column 5's
    # 7, and its 9 10 after column 6's 8; the hand holds 2 4 5 6 7 9.
    "opening": position(
        [[1, 2, 3], [8, 9, 10], [5, 6], [4, 5, 6], [7], [6, 7, 8]],
        [2, 4, 5, 6, 7, 9], [1, 3, 10, 11, 13, 13], pile0=37, seed=1,
    ),
    # seat 0's pile is empty (only then may a player pass).
    "empty_pile": position(
        [[1, 2, 3], [8, 9, 10], [5, 6], [4, 5, 6], [7], [6, 7, 8]],
        [2, 13, 13], [1, 3, 10, 11, 12, 12], pile0=0, seed=2,
    ),
}
"""Named positions (``provisional``: invented for the fixtures, see the module docstring)."""


@dataclass(frozen=True)
class Expect:
    """The effect an utterance must have (see ``audio_fixtures/README.md``).

    ``kind``: ``action`` (``action``: the engine action in its text form, applied by the
    speaker's seat), ``answer`` (one of ``keys`` is said, the game does not change),
    ``repeat`` (the last answer is said again), ``undo`` (the last move of the set-up is
    taken back), ``control`` (a speech control ``command``: stop, faster...; or, when
    ``keys`` are given, one of those answers, e.g. the speed saved as a player setting), ``none``
    (out of grammar: nothing changes, nothing is acted on).
    """

    kind: str
    action: str | None = None
    keys: tuple[str, ...] = ()
    command: str | None = None

    def to_json(self) -> dict[str, object]:
        """The manifest form."""
        data: dict[str, object] = {"kind": self.kind}
        if self.action is not None:
            data["action"] = self.action
        if self.keys:
            data["keys"] = list(self.keys)
        if self.command is not None:
            data["command"] = self.command
        return data


@dataclass(frozen=True)
class Sentence:
    """One fixture sentence: its id (file stem), words, category, set-up and effect."""

    id: str
    text: str
    category: str  # move | question | dialogue | chatter
    expect: Expect
    position: str = "opening"
    script: tuple[str, ...] = field(default=())

    @property
    def in_grammar(self) -> bool:
        """False for table chatter (false-acceptance fixtures)."""
        return self.category != "chatter"


def _action(action: str) -> Expect:
    return Expect("action", action=action)


def _answer(*keys: str) -> Expect:
    return Expect("answer", keys=keys)


NONE = Expect("none")

SENTENCES: tuple[Sentence, ...] = (
    # -- moves ---------------------------------------------------------------------------
    Sentence("sept-sur-trois", "je pose le sept sur la colonne trois", "move",
             _action("place 7 on 3")),
    Sentence("sept-sur-trois-court", "sept sur trois", "move", _action("place 7 on 3")),
    Sentence("quatre-cinq-six-sur-un", "je pose le quatre, le cinq et le six sur la colonne un",
             "move", _action("place 4 5 6 on 1")),
    Sentence("colonne-deux-sur-cinq", "déplace la colonne deux sur la cinq", "move",
             _action("move 2[0:] to 5")),
    Sentence("neuf-de-deux-sur-six", "déplace le neuf de la colonne deux sur la six", "move",
             _action("move 2[1:] to 6")),
    Sentence("echange-deux-neuf", "j'échange le deux et le neuf", "move",
             _action("exchange 2 9")),
    Sentence("termine-tour", "je termine mon tour", "move", _action("end"),
             script=("je pose le sept sur la colonne trois",)),
    Sentence("passe", "je passe", "move", _action("pass"), position="empty_pile"),
    # -- questions -----------------------------------------------------------------------
    Sentence("colonne-deux", "qu'y a-t-il sur la colonne deux ?", "question",
             _answer("answer.column")),
    Sentence("main", "qu'est-ce que j'ai en main ?", "question", _answer("answer.hand")),
    Sentence("ou-sept", "où puis-je poser le sept ?", "question",
             _answer("answer.playable_card")),
    Sentence("a-qui", "c'est à qui ?", "question", _answer("answer.turn", "answer.turn_you")),
    # -- dialogue ------------------------------------------------------------------------
    Sentence("repete", "répète", "dialogue", Expect("repeat"),
             script=("qu'est-ce que j'ai en main ?",)),
    Sentence("annule", "annule", "dialogue", Expect("undo"),
             script=("je pose le sept sur la colonne trois",)),
    Sentence("oui", "oui", "dialogue", _action("place 7 on 3"),
             script=("je pose le cet sur la trois",)),
    Sentence("non", "non", "dialogue", _answer("cancelled"),
             script=("je pose le cet sur la trois",)),
    Sentence("la-premiere", "la première", "dialogue", _action("place 7 on 3"),
             script=("je pose le sept",)),
    Sentence("aide", "aide", "dialogue", _answer("help.general")),
    Sentence("chut", "chut", "dialogue", Expect("control", command="stop")),
    # the rate is the speaker's control, or (with per-player settings) a saved setting
    Sentence("plus-vite", "plus vite", "dialogue",
             Expect("control", command="faster", keys=("settings.voice",))),
    # -- table chatter: must change nothing ----------------------------------------------
    Sentence("cafe", "tu veux un café", "chatter", NONE),
    Sentence("distribuer", "c'est à qui de distribuer", "chatter", NONE),
    Sentence("lunettes", "attends je cherche mes lunettes", "chatter", NONE),
    Sentence("sel", "passe-moi le sel", "chatter", NONE),
    Sentence("beau-temps", "il fait beau aujourd'hui", "chatter", NONE),
    Sentence("heure", "quelle heure est-il ?", "chatter", NONE),
    Sentence("gateau", "qui veut encore du gâteau", "chatter", NONE),
    Sentence("radio", "mets la radio", "chatter", NONE),
)

PLAYERS = 2
GAME = "kingsbridge"

__all__ = ["GAME", "PLAYERS", "POSITIONS", "SENTENCES", "Expect", "Sentence", "position"]
