"""Fixtures for the NFC tests: emulated tags reached by the real nfcpy reader over ``udp``.

Helpers live in ``nfc_emulators.py`` (import them with ``from nfc_emulators import ...``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from nfc_emulators import NTAG213, Ntag2Emulator


@pytest.fixture
def ntag213() -> Iterator[Ntag2Emulator]:
    """A factory-fresh NTAG213 on an emulated reader (``emu.path``), card not on the reader."""
    with Ntag2Emulator(NTAG213, present=False) as emu:
        yield emu
