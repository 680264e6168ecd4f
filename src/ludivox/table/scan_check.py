"""The scan check: before a legal move said aloud is made, the player may be asked to scan
the physical cards it uses (as their ``scan_check`` setting says), one by one in any order.

:class:`CardCheck` knows which cards a move needs (:meth:`BindingDefaults.scan_expectation`),
whether a reader can check them (``reader_connected``: None when the session cannot know,
in script mode; "je n'ai pas de lecteur" turns the check off for the game), how to ask, and
what a scanned card means for the move waiting: the right card counts (the move is made
once all are scanned), another card or the same chip twice is refused, saying why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ludivox.nfc.payload import TagPayload, parse_payload
from ludivox.table.binding import Binding, Line
from ludivox.table.questions import ScanCheck
from ludivox.table.settings import PlayerSettings


class CardCheck:
    """The scan check of one table (``state`` gives the position being played)."""

    def __init__(self, binding: Binding[Any, Any], state: Callable[[], Any]) -> None:
        self.binding = binding
        self.state = state
        self.reader_connected: bool | None = None
        """Whether a card reader is connected: None when the session cannot know (script
        mode), else kept up to date by the console. Without one, the table-mode scan check
        is not asked (said once, with how to turn it on)."""
        self._told_no_reader = False
        self._reader_denied = False  # "je n'ai pas de lecteur" was said

    def no_reader(self) -> None:
        """The players said there is no card reader: never ask for a scan in this game."""
        self.reader_connected = False
        self._reader_denied = True
        self._told_no_reader = True

    def expected(self, seat: int, action: Any, prefs: PlayerSettings) -> tuple[str, ...]:
        """The card payloads to scan before ``action`` (none when the settings say so)."""
        check = prefs.scan_check
        state = self.state()
        if check == "never" or (check == "table" and not self.binding.real_cards(state)):
            return ()
        if self._reader_denied or (check == "table" and self.reader_connected is False):
            return ()
        return tuple(self.binding.scan_expectation(state, action, seat) or ())

    def no_reader_line(self, seat: int, action: Any, prefs: PlayerSettings) -> Line | None:
        """Once per game, when a move would have been checked at the table but no reader is
        connected: how to have the cards checked."""
        state = self.state()
        if (self._told_no_reader or self.reader_connected is not False
                or prefs.scan_check != "table" or not self.binding.real_cards(state)
                or not self.binding.scan_expectation(state, action, seat)):
            return None
        self._told_no_reader = True
        return Line("scan.no_reader", {}, seat)

    def card_names(self, payloads: Sequence[str]) -> tuple[Line, ...]:
        """The cards of these payloads in words, or () when one cannot be named."""
        names: list[Line] = []
        for payload in payloads:
            parsed = parse_payload(payload)
            name = (self.binding.card_name(self.state(), parsed.kind, parsed.value)
                    if isinstance(parsed, TagPayload) else None)
            if name is None:
                return ()
            names.append(name)
        return tuple(names)

    def question(self, seat: int, action: Any, expected: Sequence[str], first: bool) -> Line:
        """"Scanne le sept pour poser le sept sur la colonne deux", then "scanne le huit"."""
        cards = self.card_names(expected)
        if first:
            what = self.binding.describe(self.state(), action, seat)
            return Line("scan.please", {"action": what, "cards": cards, "count": len(expected)},
                        seat)
        return Line("scan.next", {"cards": cards, "count": len(expected)}, seat)

    def take(self, pending: ScanCheck, scanned: TagPayload, uid: str | None) -> Line | None:
        """A card scanned while ``pending`` waits: None when it was one of the cards (now
        counted), else the refusal to say (nothing changes)."""
        seat = pending.seat
        if uid is not None and uid in pending.uids:
            return Line("scan.already", {}, seat)
        index = next((i for i, p in enumerate(pending.waiting) if same_card(p, scanned)), None)
        if index is None:
            expected = self.card_names(pending.waiting)
            name = self.binding.card_name(self.state(), scanned.kind, scanned.value)
            if expected and name is not None:
                return Line("scan.mismatch", {"expected": expected, "scanned": name}, seat)
            what = self.binding.describe(self.state(), pending.action, seat)
            return Line("scan.mismatch_unnamed", {"action": what}, seat)
        if uid is not None:
            pending.uids.add(uid)
        pending.waiting = pending.waiting[:index] + pending.waiting[index + 1:]
        if pending.waiting:
            pending.question = self.question(seat, pending.action, pending.waiting, first=False)
        return None


def same_card(expected: str, scanned: TagPayload) -> bool:
    """Is ``scanned`` the card of payload ``expected``? A payload without a kind (the
    ``kingsbridge:7`` shorthand: the game's ordinary card) matches on the value alone."""
    want = parse_payload(expected)
    if not isinstance(want, TagPayload):
        return False
    kinds_agree = not want.kind or not scanned.kind or want.kind == scanned.kind
    return (want.game == scanned.game and kinds_agree
            and want.value.casefold() == scanned.value.casefold())


__all__ = ["CardCheck", "same_card"]
