"""Voice and settings commands: "chut", "plus vite", "moins fort", "mode expert",
"confirme tous mes coups", "quels sont mes réglages ?"...

They act at any time, for the player who said them, and a question being asked stays
pending. A change is saved at once in the settings store; the session tells the devices
(:class:`~ludivox.table.io.SettingsChanged`) and says the :class:`Outcome`'s lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludivox.table.binding import Line
from ludivox.table.io import SpeechControl
from ludivox.table.settings import PlayerSettings, SettingsStore, stepped_rate, stepped_volume

VOICE = frozenset({"stop", "louder", "quieter", "faster", "slower"})
# Settings intents (grammars/common/intents.settings.yaml): the field and value they set.
SETTINGS: dict[str, tuple[str, Any]] = {
    "verbosity_short": ("verbosity", "short"),
    "verbosity_full": ("verbosity", "full"),
    "confirm_always": ("confirm", "always"),
    "confirm_irreversible": ("confirm", "irreversible"),
    "confirm_never": ("confirm", "never"),
    "scan_always": ("scan_check", "always"),
    "scan_table": ("scan_check", "table"),
    "scan_never": ("scan_check", "never"),
    "listen_hands_free": ("listen", "hands_free"),
    "listen_push": ("listen", "push_to_talk"),
    "headphones_on": ("headphones", True),
    "headphones_off": ("headphones", False),
}
MY_SETTINGS = "my_settings"
COMMANDS = VOICE | frozenset(SETTINGS) | {MY_SETTINGS}
"""Voice and settings commands: they act at any time, a pending question stays pending."""
# The line confirming a change of each settings field (and its parameter).
_SETTING_LINES = {"verbosity": ("settings.verbosity", "verbosity"),
                  "confirm": ("settings.confirm", "confirm"),
                  "scan_check": ("settings.scan", "scan"),
                  "listen": ("settings.listen", "listen"),
                  "headphones": ("settings.headphones", "headphones")}


@dataclass(frozen=True)
class Outcome:
    """What a command did: the new settings (None: unchanged), the lines to say (refused:
    said with the refusal earcon), or a control of the speech itself."""

    changed: PlayerSettings | None = None
    lines: tuple[Line, ...] = ()
    refused: bool = False
    control: SpeechControl | None = None


class SettingsCommands:
    """Runs the commands of one table's players (``real_cards``: whether the game is
    played with real cards now, which changes how the scan setting is told)."""

    def __init__(
        self, store: SettingsStore, players: Sequence[str], real_cards: Callable[[], bool]
    ) -> None:
        self.store = store
        self.players = players
        self.real_cards = real_cards

    def run(self, seat: int, name: str) -> Outcome:
        """The command ``name`` said by ``seat``."""
        if name in VOICE:
            return self._voice(seat, name)
        if name in SETTINGS:
            return self._setting(seat, *SETTINGS[name])
        return Outcome(lines=(self.summary(seat),))

    def _voice(self, seat: int, command: str) -> Outcome:
        """"chut" stops the speech; "plus vite", "moins fort"... change the player's voice."""
        if command == "stop":
            return Outcome(control=SpeechControl("stop"))
        prefs = self.store.get(self.players[seat])
        changes: dict[str, Any]
        if command in ("faster", "slower"):
            rate = stepped_rate(prefs.rate_wpm, faster=command == "faster")
            changes = {"rate_wpm": rate}
            same = rate == prefs.rate_wpm
        else:
            volume = stepped_volume(prefs.volume, louder=command == "louder")
            changes = {"volume": volume}
            same = volume == prefs.volume
        if same:
            return Outcome(lines=(Line("settings.limit", {"change": command}, seat),),
                           refused=True)
        new = self.store.update(self.players[seat], **changes)
        line = Line("settings.voice", {"change": command, "rate": new.rate_wpm,
                                       "volume": round(new.volume * 100)}, seat)
        return Outcome(new, (line,))

    def _setting(self, seat: int, name: str, value: Any) -> Outcome:
        """Change one of the player's settings, save it, and say so."""
        if getattr(self.store.get(self.players[seat]), name) == value:
            return Outcome(lines=(Line("settings.unchanged", {}, seat),))
        new = self.store.update(self.players[seat], **{name: value})
        key, param = _SETTING_LINES[name]
        if name == "scan_check":
            value = self._scan_case(value)
        return Outcome(new, (Line(key, {param: value}, seat),))

    def _scan_case(self, scan_check: str) -> str:
        """How a ``scan_check`` setting is told: ``always`` in a game without real cards
        says the scans start when real cards are played (``always_virtual``)."""
        if scan_check == "always" and not self.real_cards():
            return "always_virtual"
        return scan_check

    def summary(self, seat: int) -> Line:
        """"quels sont mes réglages ?": every setting of the player, in words."""
        p = self.store.get(self.players[seat])
        return Line("settings.summary", {
            "player": self.players[seat], "rate": p.rate_wpm, "volume": round(p.volume * 100),
            "verbosity": Line("settings.part.verbosity", {"verbosity": p.verbosity}),
            "confirm": Line("settings.part.confirm", {"confirm": p.confirm}),
            "scan": Line("settings.part.scan", {"scan": self._scan_case(p.scan_check)}),
            "listen": Line("settings.part.listen", {"listen": p.listen}),
            "headphones": Line("settings.part.headphones", {"headphones": p.headphones}),
        }, seat)


__all__ = ["COMMANDS", "SETTINGS", "VOICE", "Outcome", "SettingsCommands"]
