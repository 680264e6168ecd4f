"""Distant talk: the gate the listening endpointer puts on starts while table talk goes on.

The player's level is learned from accepted commands (the listener calls
:meth:`~ludivox.voice.endpoint.Endpointer.heard_player` when an utterance read as a whole
command); a voice ``gap_db`` under it is distant. While distant voices have been heard
lately (outside utterances, or an utterance distant as a whole, in the last
``DISTANT_WINDOW_S``, not just now), a start needs a voice above that level: table talk
going on does not open utterance after utterance, while a quiet player speaking in a quiet
moment starts one as before, and nothing is gated before a command was accepted.

:class:`DistantTalk` is the :class:`~ludivox.voice.endpoint.Endpointer`'s part that keeps
this; times are the endpointer's frame numbers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

import numpy as np

PLAYER_GAP_DB = 10.0
"""With ``player_gap_db`` (the listening endpointer's default): a voice this much under
the player's level learned from accepted commands is distant; while distant talk goes on
(``hears_distant_talk``), a start needs a voice above that."""
PLAYER_COMMANDS = 1
"""How many of the last accepted commands the player's level is taken from (the quietest
of them). At 1 it is the level of the last accepted command alone: each new command
replaces it, louder or quieter."""
DISTANT_WINDOW_S = 5.0
"""Distant talk heard in this window before a start is talk going on."""
DISTANT_LEAD_S = 0.3
"""... if heard at least this long before (not the start's own first syllables)."""


class DistantTalk:
    """The player's level from accepted commands and the frames of distant voice heard
    lately (``gap_db`` None: no gate, nothing is distant)."""

    def __init__(self, frame_s: float, gap_db: float | None, *, min_speech_s: float) -> None:
        self.frame_s = frame_s
        self.gap_db = gap_db
        self.min_speech_s = min_speech_s
        self._window_frames = max(1, round(DISTANT_WINDOW_S / frame_s))
        self._lead_frames = max(1, round(DISTANT_LEAD_S / frame_s))
        self.reset()

    def __eq__(self, other: object) -> bool:
        """Same settings and state (an endpointer's settings are compared by value)."""
        return isinstance(other, DistantTalk) and vars(self) == vars(other)

    def reset(self) -> None:
        """Forget the player's level and the distant voices heard."""
        self._player_levels: deque[float] = deque(maxlen=PLAYER_COMMANDS)
        self._distant: deque[int] = deque()  # frame numbers of distant voice heard lately
        self._utterance_distant: list[int] = []  # those of the utterance open
        self._utterance_from = 0  # first frame of the utterance open or last ended
        self._last_levels: list[float] = []  # speech levels of the utterance last ended

    def player_level_db(self) -> float | None:
        """The player's level: the 90th percentile of the speech levels of the last
        accepted command (the quietest of the last ``PLAYER_COMMANDS``, which is 1);
        None before any."""
        return min(self._player_levels) if self._player_levels else None

    def level_db(self) -> float | None:
        """Under this level a voice is distant (``gap_db`` under the player's level;
        None: no gate, or no command accepted yet)."""
        player = self.player_level_db()
        if player is None or self.gap_db is None:
            return None
        return player - self.gap_db

    def hears(self, now: int) -> bool:
        """True when distant voices were heard in the last ``DISTANT_WINDOW_S`` before
        frame ``now``, at least ``DISTANT_LEAD_S`` before it (a quiet voice that just began
        is not yet talk going on)."""
        return any(now - self._window_frames < at <= now - self._lead_frames
                   for at in self._distant)

    def start_level_db(self, now: int) -> float | None:
        """The level a voice needs to start an utterance at frame ``now`` (None: no distant
        talk going on, or no gate)."""
        distant = self.level_db()
        return distant if distant is not None and self.hears(now) else None

    def track(self, now: int, level: float, voiced: bool, in_speech: bool) -> None:
        """Frame ``now`` (``voiced``: the detector hears a voice at least as loud as a start
        needs alone): remember it when it is distant, outside an utterance at once, inside
        one only if the utterance turns out distant as a whole (:meth:`utterance_ended`)."""
        distant = self.level_db()
        while self._distant and self._distant[0] <= now - self._window_frames:
            self._distant.popleft()
        if distant is None or not voiced or level >= distant:
            return
        if in_speech:
            self._utterance_distant.append(now)
        else:
            self._distant.append(now)

    def utterance_started(self, first: int) -> None:
        """An utterance starts at frame ``first``."""
        self._utterance_from = first
        self._utterance_distant = []

    def utterance_ended(self, levels: Sequence[float]) -> None:
        """The utterance open ended with these speech levels: when it is distant as a whole,
        its distant frames count as distant talk heard."""
        self._last_levels = list(levels)
        distant = self.level_db()
        if (distant is not None and self._last_levels
                and float(np.percentile(self._last_levels, 90)) < distant):
            self._distant.extend(self._utterance_distant)
        self._utterance_distant = []

    def heard_player(self, open_levels: Sequence[float] | None, *, command: bool) -> None:
        """The utterance still open (its speech levels ``open_levels``) or else the one last
        ended was the player's: its voice is not distant talk; with ``command`` its level
        (long enough ones only) is learned as the player's."""
        kept = [at for at in self._distant if at < self._utterance_from]
        self._distant.clear()
        self._distant.extend(kept)
        self._utterance_distant = []
        levels = self._last_levels if open_levels is None else open_levels
        if command and levels and len(levels) * self.frame_s >= self.min_speech_s:
            self._player_levels.append(float(np.percentile(levels, 90)))


__all__ = [
    "DISTANT_LEAD_S",
    "DISTANT_WINDOW_S",
    "PLAYER_COMMANDS",
    "PLAYER_GAP_DB",
    "DistantTalk",
]
