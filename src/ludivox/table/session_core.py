"""What a table session keeps and the helpers each of its parts uses: the seats, who is
speaking, the players' settings, the channels (through the announcer), what can be said now.

:class:`~ludivox.table.moves.MovePipeline` builds on it (a reading carried to a move), and
:class:`~ludivox.table.session.Session` on that (the conversational loop and its dialogue).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludivox.table.announcer import Announcer, GrammarLike, folded
from ludivox.table.binding import (
    Binding,
    Line,
)
from ludivox.table.io import (
    Heard,
    Output,
    TagSeen,
)
from ludivox.table.journal import Journal
from ludivox.table.match import Match
from ludivox.table.questions import (
    Question,
)
from ludivox.table.scan_check import CardCheck
from ludivox.table.settings import PlayerSettings, SettingsStore
from ludivox.table.voice_settings import COMMANDS, SettingsCommands

log = logging.getLogger(__name__)

COST_MARGIN = 0.3
"""Intents costing at most this much more than the best one compete on legality."""

CONFIRM_COST = 0.35
"""A reading at least this fuzzy is confirmed before acting."""

MAX_CHOICES = 3
"""At most this many candidates are offered as a spoken choice."""

MAX_COMPUTER_MOVES = 1000
"""Computer players stop after this many moves in a row (a safety net, never reached)."""

ComputerPlayer = Callable[[Any], Any]
"""A computer player: given the state, the action of the acting seat (see ``computers``)."""


# Dialogue intents (grammars/common/intents.yaml, intents.dialogue.yaml).
SKIP_SCAN = "skip_scan"
NO_READER = "no_reader"  # "je n'ai pas de lecteur": no scan is asked for in this game
DIALOGUE = frozenset({"repeat", "undo", "help", "rules", "quit", "yes", "no", "choose",
                      SKIP_SCAN, NO_READER})
LAST_MOVES = "last_moves"
"""What happened lately (:mod:`ludivox.table.history`), asked at any time."""
FOLLOW_ADVICE = "follow_advice"
""""Fais-le": play what the coach advises now (:meth:`BindingDefaults.advised`)."""
SESSION_INTENTS = DIALOGUE | COMMANDS | {LAST_MOVES, FOLLOW_ADVICE}
"""Intents the session itself handles, understood whatever the binding restricts."""
DETAILS = "details"
"""A game intent asking for the rest of the last answer (:attr:`Answer.details`)."""

# Keys: names of inputs.Key the session understands.
KEY_REPEAT = "repeat"
KEY_HELP = "help"
KEY_QUIT_NOW = "quit_now"  # end of keyboard input: save and stop without asking


@dataclass(frozen=True)
class Whose:
    """An input nobody could attribute: asked "c'est la carte de qui ?" among ``seats``."""

    input: Heard | TagSeen
    seats: tuple[int, ...]


class SessionCore:
    """The state of one game at one table, shared by the parts of :class:`Session`."""

    def __init__(
        self,
        binding: Binding[Any, Any],
        grammar: GrammarLike,
        match: Match[Any, Any],
        players: Sequence[str],
        journal: Journal | None = None,
        computers: Mapping[int, ComputerPlayer] | None = None,
        settings: SettingsStore | None = None,
    ) -> None:
        self.binding = binding
        self.grammar = grammar
        self.match = match
        binding.judge = match.judge  # a reading is judged once, by the binding and here
        self.players = list(players)
        self.journal = journal
        # Seats played by the computer (virtual games): they act as soon as it is their
        # turn, their moves are narrated on the table like anyone's, and nothing is said on
        # their private channels nor to invite them to play ("your_turn*" keys).
        self.computers = dict(computers or {})
        # Each player's settings, by name (in memory only when no store is given).
        self.settings = settings if settings is not None else SettingsStore(None)
        self._computing = False
        self.pending: Question | None = None
        # the question waiting and the words that raised it ("je construis en un un"), so
        # that "non, plutôt en deux un" corrects those words
        self._raised_by: tuple[Question, str] | None = None
        self.closed = False
        self.last_seat: int | None = None
        """Whose input the last one handled was (None: nobody's, for example a question
        to the whole table); the devices use it to apply that player's settings."""
        self._whose: Whose | None = None
        self._details: dict[int, tuple[Line, ...]] = {}  # "plus de détails", per seat
        self.announcer = Announcer(
            grammar, self.players, self.computers, self.prefs, lambda: self.acting_seat,
            self._intents_now, lambda: self._whose.seats if self._whose is not None else (),
        )
        self._emit = self.announcer.emit
        self.commands = SettingsCommands(
            self.settings, self.players, lambda: self.binding.real_cards(self.match.state)
        )
        self.render = self.announcer.render
        """A line's sentence, as this table hears it (in its listener's verbosity)."""
        self.cards = CardCheck(binding, lambda: self.match.state)

    # --- public -----------------------------------------------------------------------

    @property
    def known_word(self) -> Callable[[str], bool] | None:
        """The speech model's vocabulary check: phrase lists keep only words it knows."""
        return self.announcer.known_word

    @known_word.setter
    def known_word(self, check: Callable[[str], bool] | None) -> None:
        self.announcer.known_word = check

    @property
    def reader_connected(self) -> bool | None:
        """Whether a card reader is connected (None: the session cannot know)."""
        return self.cards.reader_connected

    @reader_connected.setter
    def reader_connected(self, connected: bool | None) -> None:
        self.cards.reader_connected = connected

    def phrases_now(self) -> tuple[str, ...]:
        """What can be said now, as a phrase list for the speech recognizer."""
        return self.announcer.phrases_now()

    @property
    def state(self) -> Any:
        """The game's current state."""
        return self.match.state

    @property
    def acting_seat(self) -> int | None:
        """The seat whose turn it is (None during a world reveal or once the game is over)."""
        return self.binding.acting_seat(self.match.state)

    def close(self) -> None:
        """Close the journal (everything is already on disk)."""
        if self.journal is not None and not self.closed:
            self.journal.close()
        self.closed = True

    def _speaker(self, seat: int | None) -> int:
        if seat is not None and 0 <= seat < len(self.players):
            return seat
        acting = self.acting_seat
        return acting if acting is not None else 0

    def prefs(self, seat: int) -> PlayerSettings:
        """The settings of the player at ``seat``."""
        return self.settings.get(self.players[seat])

    def _intents_now(self) -> frozenset[str] | None:
        now = self.binding.intents_now(self.match.state)
        return None if now is None else now | SESSION_INTENTS

    def _named(self, text: str, seats: Sequence[int]) -> int | None:
        """The one seat among ``seats`` whose player's name ``text`` says, if exactly one."""
        said = f" {folded(text)} "
        named = [s for s in seats if f" {folded(self.players[s])} " in said]
        return named[0] if len(named) == 1 else None

    def _owners(self, seats: Sequence[int]) -> tuple[int, ...]:
        return tuple(s for s in seats if 0 <= s < len(self.players) and s not in self.computers)

    def _not_understood(self, seat: int) -> list[Output]:
        if self.pending is not None and self.pending.seat == seat and self.pending.guess:
            # the player went on with something else: the guess was not it, and insisting
            # on "oui ou non" would keep them from being heard
            self.pending = self.pending.resume
        if self.pending is not None and self.pending.seat == seat:
            pending = self.pending
            first = Line("help.scan" if pending.expected
                         else "yes_no_expected" if pending.yes_no else "not_understood", {}, seat)
            return self._emit([first, pending.question], earcon="refused")
        asked = self.binding.yes_no_question(self.match.state, seat)
        if asked is not None:  # the game's own question put again: a "oui" then answers it
            return self._emit([Line("not_understood_asked", {}, seat), asked], earcon="refused")
        intents = self.binding.hint_intents(self.match.state, seat)
        examples = tuple(self.grammar.examples(intents)) if intents else ()
        line = (Line("not_understood_hint", {"examples": examples}, seat) if examples
                else Line("not_understood", {}, seat))
        return self._emit([line], earcon="refused")

    def _heard_last(self, seat: int, line: Line) -> bool:
        """Whether ``line`` was in what ``seat`` heard last (alone or inside an answer)."""
        said = self.announcer.render(line, capitalize=False).casefold()
        return any(said in heard.text.casefold()
                   for heard in self.announcer.heard_by.get(seat, ()))

    def _not_your_turn(self, acting: int, seat: int) -> Line:
        return Line("not_your_turn",
                    {"player": self.players[seat], "current": self.players[acting]}, seat)


__all__ = [
    "CONFIRM_COST",
    "COST_MARGIN",
    "DETAILS",
    "DIALOGUE",
    "KEY_HELP",
    "KEY_QUIT_NOW",
    "KEY_REPEAT",
    "LAST_MOVES",
    "MAX_CHOICES",
    "MAX_COMPUTER_MOVES",
    "NO_READER",
    "SESSION_INTENTS",
    "SKIP_SCAN",
    "ComputerPlayer",
    "SessionCore",
    "Whose",
]
