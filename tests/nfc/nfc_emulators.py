"""Emulated NFC tags for tests, reached by the real nfcpy reader through its ``udp`` driver.

nfcpy's ``udp`` driver (``udp:localhost:PORT``) sends each radio frame as one datagram
``"<brty> <hex>"`` (``106A 26`` is a SENS_REQ at 106 kbps Type A) to ``PORT`` and waits for
an answer datagram of the same form on the same socket; ``RFOFF`` means the reader switched
its field off. A tag emulator is therefore a UDP server on ``PORT`` that answers each frame
to its sender.

- :class:`Ntag2Emulator`: our NTAG213/215 (NFC Forum Type 2) sticker: anticollision with a
  7-byte UID (SENS_REQ/ALL_REQ, SDD and SEL on cascade levels 1 and 2), READ 0x30,
  WRITE 0xA2 (static and dynamic lock bits honoured, capability container one-time
  programmable), GET_VERSION 0x60, READ_SIG 0x3C, FAST_READ 0x3A, HLTA; NAK and silence
  (back to idle) on anything else, as the chip does. :meth:`~Ntag2Emulator.present` and
  :meth:`~Ntag2Emulator.remove` put the card on the reader and take it away.
- :class:`Type3Emulator`: nfcpy's own Type 3 (FeliCa Lite style) tag emulation, listening on
  the same kind of port through a second ``ContactlessFrontend``.

The udp driver waits up to 1 s for an answer to each SENS_REQ; a real reader polls every few
milliseconds. So a card put on the emulated reader answers the poll that is already waiting
(sent less than 0.9 s before), as a card entering the field answers the next poll.

Ports: use 54000-56999 (:func:`free_port`); nfcpy looks numbers up in /etc/services and crashes
on named ports (57000 is "dircproxy").
"""

from __future__ import annotations

import contextlib
import errno
import random
import socket
import threading
import time
from binascii import hexlify, unhexlify
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import nfc.tag.tt3

import nfc
from ludivox.nfc.tagformat import (
    NTAG213,
    NTAG215,
    Type2Chip,
    capability_container,
    data_area,
    encode,
)

PORT_RANGE = (54000, 56999)
ACK = b"\x0a"
NAK = b"\x00"
POLL_GRACE_S = 0.9
LISTEN_WINDOW_S = 3.0

__all__ = [
    "NTAG213",
    "NTAG215",
    "Ntag2Emulator",
    "Type3Emulator",
    "free_port",
    "ntag_memory",
    "random_uid",
]


def free_port() -> int:
    """A UDP port in 54000..56999 nobody is bound to (nfcpy crashes on named ports)."""
    rng = random.Random()
    for _ in range(200):
        port = rng.randint(*PORT_RANGE)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
        return port
    raise RuntimeError("no free UDP port in 54000..56999")


def random_uid(rng: random.Random | None = None) -> bytes:
    """A 7-byte NXP UID (first byte 0x04, as nfcpy's NXP detection expects)."""
    r = rng or random.Random()
    return bytes([0x04] + [r.randrange(256) for _ in range(6)])


def _bcc(data: bytes) -> int:
    out = 0
    for b in data:
        out ^= b
    return out


def ntag_memory(
    chip: Type2Chip,
    uid: bytes,
    *,
    message: bytes | None = None,
    data: bytes | None = None,
    formatted: bool = True,
    locked: bool = False,
) -> bytearray:
    """A whole NTAG memory image: UID pages, lock bytes, CC, data area, config pages.

    ``message`` is wrapped in an NDEF TLV; ``data`` is put raw from page 4 (for malformed or
    truncated tags); neither gives a factory-fresh sticker (empty NDEF TLV ``03 00 FE``).
    ``formatted=False`` leaves the CC blank; ``locked`` sets every lock bit and a read-only CC.
    """
    assert len(uid) == 7
    mem = bytearray(chip.total_pages * 4)
    mem[0:3] = uid[0:3]
    mem[3] = 0x88 ^ _bcc(uid[0:3])
    mem[4:8] = uid[3:7]
    mem[8] = _bcc(uid[3:7])
    mem[9] = 0x48  # internal
    if formatted:
        mem[12:16] = capability_container(chip, read_only=locked)
    if data is not None:
        area = bytes(data)[: chip.user_bytes]
    elif message is not None:
        area = data_area(message, chip)
    elif formatted:
        area = bytes([0x03, 0x00, 0xFE])
    else:
        area = b""
    mem[16 : 16 + len(area)] = area
    cfg = chip.config_page * 4
    mem[cfg : cfg + 4] = bytes([0x04, 0x00, 0x00, 0xFF])  # CFG0: AUTH0 = 0xFF (no password)
    if locked:
        mem[10:12] = b"\xff\xff"
        dyn = chip.dynamic_lock_page * 4
        mem[dyn : dyn + 3] = b"\xff\xff\xff"
    return mem


@dataclass
class _Poll:
    addr: tuple[str, int]
    brty: str
    at: float


class Ntag2Emulator:
    """An NTAG213/215 sticker on an emulated reader at ``udp:localhost:<port>``.

    ``memory`` is the chip's full memory image (see :func:`ntag_memory`); writes change it.
    Thread-safe: the test thread can :meth:`present`, :meth:`remove` or replace the memory
    while the reader runs.
    """

    def __init__(self, chip: Type2Chip = NTAG213, *, uid: bytes | None = None,
                 memory: bytearray | None = None, port: int | None = None,
                 present: bool = True) -> None:
        self.chip = chip
        self.uid = uid or random_uid()
        self.memory = memory if memory is not None else ntag_memory(chip, self.uid)
        if len(self.memory) != chip.total_pages * 4:
            raise ValueError("memory image size does not match the chip")
        self.port = port or free_port()
        self.signature = bytes(random.Random(self.uid).randrange(256) for _ in range(32))
        self._present = present
        self._state = "idle"
        self._lock = threading.Lock()
        self._poll: _Poll | None = None
        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self.weak_from_page: int | None = None  # pages from here ACK writes but keep nothing
        self.commands: list[bytes] = []  # every frame received while present (for asserts)
        self.presented_at: float | None = time.monotonic() if present else None
        self.absent_polls = 0  # searches for a card heard since the card was taken away

    # ------------------------------------------------------------------ life cycle
    @property
    def path(self) -> str:
        """The nfcpy device path of the emulated reader."""
        return f"udp:localhost:{self.port}"

    @property
    def uid_hex(self) -> str:
        """The UID as the reader service reports it (upper-case hex)."""
        return self.uid.hex().upper()

    def start(self) -> Ntag2Emulator:
        """Bind the port and answer frames on a daemon thread."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.bind(("127.0.0.1", self.port))
        self._sock = sock
        self._thread = threading.Thread(target=self._serve, name=f"ntag-{self.port}",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop answering and free the port."""
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.sendto(b"STOP", ("127.0.0.1", self.port))
            if self._thread is not None:
                self._thread.join(2.0)
            sock.close()

    def __enter__(self) -> Ntag2Emulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ the card
    def present(self, memory: bytearray | None = None, uid: bytes | None = None) -> None:
        """Put the card (or another one: new ``memory``/``uid``) on the reader."""
        with self._lock:
            if uid is not None:
                self.uid = uid
            if memory is not None:
                self.memory = memory
            self._present = True
            self._state = "idle"
            self.presented_at = time.monotonic()
            poll, self._poll = self._poll, None
            sock = self._sock
            if poll is not None and sock is not None and time.monotonic() - poll.at < POLL_GRACE_S:
                self._state = "ready1"
                self._send(sock, poll.brty, b"\x44\x00", poll.addr)

    def remove(self) -> None:
        """Take the card away: it stops answering."""
        with self._lock:
            self._present = False
            self._state = "idle"
            self.presented_at = None
            self.absent_polls = 0

    def put(self, chip: Type2Chip, uid: bytes | None = None, **memory: Any) -> None:
        """Present a new card built by :func:`ntag_memory` (``message=``, ``data=``...)."""
        uid = uid or random_uid()
        with self._lock:
            self.chip = chip
        self.present(ntag_memory(chip, uid, **memory), uid)

    def user_data(self) -> bytes:
        """The data area (from page 4) as it is now."""
        with self._lock:
            return bytes(self.memory[16 : 16 + self.chip.user_bytes])

    # ------------------------------------------------------------------ radio
    def _serve(self) -> None:
        while True:
            sock = self._sock
            if sock is None:
                return
            try:
                datagram, addr = sock.recvfrom(1024)
            except OSError:
                return
            if datagram == b"STOP" and self._sock is None:
                return
            with self._lock:
                self._handle(sock, datagram, addr)

    def _send(self, sock: socket.socket, brty: str, data: bytes, addr: tuple[str, int]) -> None:
        with contextlib.suppress(OSError):
            sock.sendto(brty.encode() + b" " + hexlify(data), addr)

    def _handle(self, sock: socket.socket, datagram: bytes, addr: tuple[str, int]) -> None:
        if datagram.startswith(b"RFOFF"):
            self._state = "idle"
            return
        try:
            brty_b, hexdata = datagram.split()
            frame = unhexlify(hexdata)
        except ValueError:
            return
        brty = brty_b.decode("ascii", "replace")
        if brty != "106A" or not frame:
            return
        if not self._present:
            if frame in (b"\x26", b"\x52"):
                self._poll = _Poll(addr, brty, time.monotonic())
                self.absent_polls += 1
            return
        self.commands.append(frame)
        answer = self._answer(frame)
        if answer is not None:
            self._send(sock, brty, answer, addr)

    def _answer(self, frame: bytes) -> bytes | None:
        cmd = frame[0]
        if frame in (b"\x26", b"\x52"):  # SENS_REQ / ALL_REQ
            self._state = "ready1"
            return b"\x44\x00"  # ATQA of NTAG21x (LSB first)
        cl1 = bytes([0x88]) + self.uid[0:3]
        cl1 += bytes([_bcc(cl1)])
        cl2 = self.uid[3:7] + bytes([_bcc(self.uid[3:7])])
        if self._state == "ready1":
            if frame == b"\x93\x20":
                return cl1
            if frame == b"\x93\x70" + cl1:
                self._state = "ready2"
                return b"\x04"  # SAK: UID not complete
            self._state = "idle"
            return None
        if self._state == "ready2":
            if frame == b"\x95\x20":
                return cl2
            if frame == b"\x95\x70" + cl2:
                self._state = "active"
                return b"\x00"  # SAK: Type 2 tag, UID complete
            self._state = "idle"
            return None
        if self._state != "active":
            return None
        pages = self.chip.total_pages
        if cmd == 0x30 and len(frame) == 2:  # READ: 4 pages, rolling over at the end
            page = frame[1]
            if page >= pages:
                return self._nak()
            return b"".join(self._page(page + i) for i in range(4))
        if cmd == 0x3A and len(frame) == 3:  # FAST_READ start..end
            start, end = frame[1], frame[2]
            if start > end or end >= pages:
                return self._nak()
            return b"".join(self._page(p) for p in range(start, end + 1))
        if cmd == 0xA2 and len(frame) == 6:  # WRITE one page
            return self._write(frame[1], frame[2:6])
        if frame == b"\x60":  # GET_VERSION
            return self.chip.version
        if cmd == 0x3C and len(frame) == 2:  # READ_SIG
            return self.signature
        if frame == b"\x50\x00":  # HLTA
            self._state = "halt"
            return None
        return self._nak()

    def _nak(self) -> bytes:
        self._state = "idle"
        return NAK

    def _page(self, page: int) -> bytes:
        page %= self.chip.total_pages
        if page >= self.chip.config_page + 2:  # PWD and PACK read as zeros
            return bytes(4)
        return bytes(self.memory[page * 4 : page * 4 + 4])

    def _locked(self, page: int) -> bool:
        mem = self.memory
        if page in (0, 1):
            return True
        if page == 2:
            return False
        if 3 <= page <= 7:
            return bool(mem[10] >> page & 1)
        if 8 <= page <= 15:
            return bool(mem[11] >> (page - 8) & 1)
        dyn = self.chip.dynamic_lock_page
        if 16 <= page < dyn:
            per_bit = 2 if self.chip.user_bytes <= 144 else 16
            bit = (page - 16) // per_bit
            return bool(mem[dyn * 4 + bit // 8] >> (bit % 8) & 1)
        return False

    def _write(self, page: int, data: bytes) -> bytes:
        if page >= self.chip.total_pages or self._locked(page):
            return self._nak()
        if self.weak_from_page is not None and page >= self.weak_from_page:
            return ACK  # a worn-out chip: acknowledges, keeps nothing
        base = page * 4
        if page == 2:  # lock bytes are OR-ed (bits can only be set)
            self.memory[base + 2] |= data[2]
            self.memory[base + 3] |= data[3]
        elif page == 3:  # capability container: one-time programmable
            for i in range(4):
                self.memory[base + i] |= data[i]
        elif page == self.chip.dynamic_lock_page:
            for i in range(3):
                self.memory[base + i] |= data[i]
        else:
            self.memory[base : base + 4] = data
        return ACK


def card(chip: Type2Chip, payload: str, text: str | None = None, **kw: Any) -> dict[str, Any]:
    """Keyword arguments for :meth:`Ntag2Emulator.put` holding a Ludivox tag."""
    return {"message": encode(payload, text), **kw}


# ---------------------------------------------------------------------- Type 3 (nfcpy's own)


class Type3Emulator:
    """A Type 3 tag (FeliCa Lite style NDEF) emulated by nfcpy itself over ``udp``.

    The emulating frontend listens on ``port``; the reader under test opens the same
    ``udp:localhost:<port>`` path. The NDEF message is served from an attribute block
    (block 0) and data blocks, as the NFC Forum Type 3 Tag mapping says.
    """

    IDM = bytes.fromhex("03FEFFE011223344")
    PMM = bytes.fromhex("01E0000000FFFF00")
    SYS = bytes.fromhex("12FC")

    def __init__(self, message: bytes, *, port: int | None = None) -> None:
        self.port = port or free_port()
        nblocks = max(1, (len(message) + 15) // 16)
        self.blocks = [bytearray(16) for _ in range(1 + max(nblocks, 4))]
        attr = bytearray([0x10, 4, 4, 0, max(nblocks, 4), 0, 0, 0, 0, 0, 0, 0x00, 0, 0, 0, 0])
        attr[11:14] = len(message).to_bytes(3, "big")
        attr[14:16] = sum(attr[0:14]).to_bytes(2, "big")
        self.blocks[0] = attr
        for i in range(nblocks):
            chunk = message[i * 16 : (i + 1) * 16]
            self.blocks[1 + i][: len(chunk)] = chunk
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.connected = threading.Event()

    @property
    def path(self) -> str:
        """The nfcpy device path of the emulated reader."""
        return f"udp:localhost:{self.port}"

    @property
    def uid_hex(self) -> str:
        """The IDm, as the reader service reports a Type 3 tag's identifier."""
        return self.IDM.hex().upper()

    def start(self) -> Type3Emulator:
        """Listen on a daemon thread until :meth:`stop`."""
        self._thread = threading.Thread(target=self._run, name=f"tt3-{self.port}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop emulating. Returns within half a second; the daemon thread ends by itself at
        the end of its listening window (its port is not reused)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(0.5)

    def __enter__(self) -> Type3Emulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _read(self, block: int, rb: int, re: int) -> bytes | None:
        if 0 <= block < len(self.blocks):
            return bytes(self.blocks[block])
        return None

    def _write(self, block: int, data: bytes, wb: int, we: int) -> bool:
        if 0 <= block < len(self.blocks):
            self.blocks[block][:] = data
            return True
        return False

    def _run(self) -> None:
        clf = nfc.ContactlessFrontend(self.path)

        def on_startup(target: Any) -> Any:
            target.brty = "212F"
            target.sensf_res = bytearray(b"\x01" + self.IDM + self.PMM + self.SYS)
            return target

        def on_connect(tag: Any) -> bool:
            tag.add_service(0x0009, self._read, self._write)
            tag.add_service(0x000B, self._read, lambda *a: False)
            self.connected.set()
            return True

        try:
            while not self._stop.is_set():
                # A long listening window: nfcpy's udp listener forgets a SENSF_REQ answered
                # at the very end of a window, and the reader's next command is then ignored.
                clf.connect(card={"on-startup": on_startup, "on-connect": on_connect,
                                  "timeout": LISTEN_WINDOW_S},
                            terminate=self._stop.is_set)
        except OSError as error:  # port taken: tell the test through the thread's death
            if error.errno != errno.EADDRINUSE:
                raise
        finally:
            clf.close()


def wait_for(predicate: Callable[[], bool], timeout_s: float = 5.0) -> bool:
    """Poll ``predicate`` until true or ``timeout_s``; whether it became true."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


@contextlib.contextmanager
def ntag(chip: Type2Chip = NTAG213, **kw: Any) -> Iterator[Ntag2Emulator]:
    """An started :class:`Ntag2Emulator`, stopped afterwards."""
    emu = Ntag2Emulator(chip, **kw).start()
    try:
        yield emu
    finally:
        emu.stop()


class EventLog:
    """Collects a reader's events (pass ``log.put`` as ``on_event``) and waits for them."""

    def __init__(self) -> None:
        self.events: list[Any] = []
        self._cond = threading.Condition()

    def put(self, event: Any) -> None:
        """The ``on_event`` callback."""
        with self._cond:
            self.events.append(event)
            self._cond.notify_all()

    def next(self, kind: type, timeout_s: float = 5.0, after: int = 0) -> Any:
        """The first event of ``kind`` at index >= ``after``; AssertionError on timeout."""
        end = time.monotonic() + timeout_s
        with self._cond:
            while True:
                for event in self.events[after:]:
                    if isinstance(event, kind):
                        return event
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {kind.__name__} within {timeout_s}s: {self.events}")
                self._cond.wait(left)

    def of(self, kind: type) -> list[Any]:
        """Every event of ``kind`` so far."""
        with self._cond:
            return [e for e in self.events if isinstance(e, kind)]


def cut_reader_link(service: Any) -> None:
    """Make the reader's device I/O fail, as a USB reader's transfers fail once unplugged.

    The nfcpy ``udp`` driver has no device to unplug: this closes the socket it talks
    through, so its next I/O raises and nfcpy gives up the reader (``connect`` returns
    False, or raises). The service then reopens the path, which works again at once.
    """
    clf = service.frontend
    assert clf is not None, "the reader is not open"
    clf.device.socket.close()
