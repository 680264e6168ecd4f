"""The emulated stickers behave like NTAG213/215 for nfcpy's own reader code."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from nfc_emulators import NTAG213, NTAG215, Ntag2Emulator, ntag_memory, random_uid

import nfc
from ludivox.nfc.tagformat import Type2Chip, encode


def _connect_once(path: str) -> Any:
    """Let nfcpy find one tag and hand it back (on-connect returns False)."""
    clf = nfc.ContactlessFrontend(path)
    stop = threading.Event()
    timer = threading.Timer(5.0, stop.set)
    timer.start()
    try:
        tag = clf.connect(rdwr={"targets": ["106A"], "on-connect": lambda tag: False},
                          terminate=stop.is_set)
        return clf, tag
    finally:
        timer.cancel()


@pytest.mark.parametrize(("chip", "product", "capacity"),
                         [(NTAG213, "NXP NTAG213", 142), (NTAG215, "NXP NTAG215", 492)])
def test_nfcpy_recognises_the_chip_and_reads_the_card(chip: Type2Chip, product: str,
                                                      capacity: int) -> None:
    uid = random_uid()
    memory = ntag_memory(chip, uid, message=encode("ludivox:kingsbridge/event/7", "sept"))
    with Ntag2Emulator(chip, uid=uid, memory=memory) as emu:
        clf, tag = _connect_once(emu.path)
        try:
            assert tag.product == product
            assert tag.identifier == uid
            assert tag.ndef.capacity == capacity
            assert [str(r.iri if hasattr(r, "iri") else r.text) for r in tag.ndef.records] == [
                "ludivox:kingsbridge/event/7", "sept"]
            assert len(tag.signature) == 32
            assert tag.signature == emu.signature
        finally:
            clf.close()


def test_nfcpy_writes_and_locked_pages_refuse() -> None:
    with Ntag2Emulator(NTAG213) as emu:
        clf, tag = _connect_once(emu.path)
        try:
            assert tag.ndef is not None and tag.ndef.length == 0 and tag.ndef.is_writeable
            tag.ndef.octets = encode("ludivox:kingsbridge/event/9", "neuf")
            assert emu.user_data()[:2] == b"\x03" + bytes([len(encode(
                "ludivox:kingsbridge/event/9", "neuf"))])
        finally:
            clf.close()
    uid = random_uid()
    with Ntag2Emulator(NTAG213, uid=uid, memory=ntag_memory(NTAG213, uid, locked=True)) as emu:
        clf, tag = _connect_once(emu.path)
        try:
            assert tag.ndef is not None and not tag.ndef.is_writeable
            with pytest.raises(nfc.tag.TagCommandError):  # NAK: the page is locked
                tag.write(4, b"\x01\x02\x03\x04")
        finally:
            clf.close()
        assert emu.user_data()[:4] != b"\x01\x02\x03\x04"


def test_fast_read_and_out_of_range_pages() -> None:
    uid = random_uid()
    message = encode("ludivox:kingsbridge/event/7", "sept")
    memory = ntag_memory(NTAG213, uid, message=message)
    with Ntag2Emulator(NTAG213, uid=uid, memory=memory) as emu:
        clf, tag = _connect_once(emu.path)
        try:
            pages = bytes(tag.transceive(b"\x3a\x04\x07"))  # FAST_READ pages 4..7
            assert pages == bytes(memory[16:32])
            assert pages[:2] == bytes([0x03, len(message)])
            assert bytes(tag.transceive(b"\x30\x2d")) == b"\x00"  # READ past the end: NAK
        finally:
            clf.close()
