"""The bytes on a Ludivox card tag: an NDEF message, and where it sits in a Type 2 chip.

Tag format (what ``ludivox nfc write`` puts on a card, readable by any phone NFC app)::

    NDEF message
      record 1  URI record (TNF 1, type "U", no prefix abbreviation)
                "ludivox:<game>/<kind>/<value>"     e.g. ludivox:kingsbridge/event/7
      record 2  Text record (TNF 1, type "T", UTF-8, language "fr")
                the card's spoken name             e.g. "sept", "Aldred"

The URI is the canonical payload of :mod:`ludivox.nfc.payload`. The text record is optional
and only used to say the card aloud (and shown by phone apps). A tag carrying only a Text
record whose text is a payload (``kingsbridge:7``, as typed by hand in a phone app) is also
accepted.

On an NTAG21x sticker (NFC Forum Type 2) the message sits in the data area after the
capability container (page 3, ``E1 10 <size/8> <access>``), wrapped in an NDEF TLV
(``03 <len> <message>`` or ``03 FF <len16> <message>`` from 255 bytes) and followed by a
terminator TLV ``FE`` when there is room:

    ==========  ===========  =========  ==============  =======================
    chip        user bytes   CC size    largest message  pages (total)
    ==========  ===========  =========  ==============  =======================
    NTAG213     144          0x12 (144)  142 bytes       45
    NTAG215     504          0x3E (496)  492 bytes       135
    NTAG216     888          0x6D (872)  868 bytes       231
    ==========  ===========  =========  ==============  =======================

:func:`decode` turns message bytes into a :class:`Decoded` and never raises; its ``problem``
is one of :data:`PROBLEMS`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import ndef

from ludivox.nfc.payload import BadPayload, TagPayload, parse_payload

TEXT_LANGUAGE = "fr"

#: Every ``problem`` a decoded tag can carry, and what it means (developer wording).
PROBLEMS: dict[str, str] = {
    "blank": "no NDEF message, or an empty one (a new sticker)",
    "malformed": "the NDEF bytes do not decode",
    "truncated": "the NDEF message stops before its end (larger than the data area, or cut)",
    "not_ludivox": "an NDEF message without a Ludivox payload (another app's tag)",
    "no_uri": "a Text record but no URI record: no payload to act on",
    "bad_payload": "a ludivox: URI that does not follow ludivox:<game>/<kind>/<value>",
    # found by the reader rather than in the message bytes:
    "unknown": "a chip without any NDEF data area (and not in the UID registry)",
    "read_error": "the tag left the reader (or failed) while being read",
}


@dataclass(frozen=True)
class Decoded:
    """What a tag's NDEF message says: the payload URI, the spoken name, or a problem."""

    payload: str | None
    text: str | None
    problem: str | None


def encode(payload: TagPayload | str, text: str | None = None) -> bytes:
    """The NDEF message bytes for a card: a URI record, then a French Text record."""
    uri = payload.uri() if isinstance(payload, TagPayload) else payload
    records: list[ndef.Record] = [ndef.UriRecord(uri)]
    if text:
        records.append(ndef.TextRecord(text, TEXT_LANGUAGE))
    return b"".join(ndef.message_encoder(records))


def decode(message: bytes | bytearray | None) -> Decoded:
    """Decode NDEF message bytes into payload and text; never raises."""
    if not message:
        return Decoded(None, None, "blank")
    try:
        records = list(ndef.message_decoder(bytes(message), errors="strict"))
    except ndef.DecodeError as error:
        reason = str(error)
        head = message[0]
        starts_well = bool(head & 0x80) and 1 <= (head & 0x07) <= 6  # MB set, known TNF
        cut = starts_well and ("underflow" in reason or "ME flag not set" in reason)
        return Decoded(None, None, "truncated" if cut else "malformed")
    except Exception:  # ndeflib raises other errors on some garbage; a tag must never crash us
        return Decoded(None, None, "malformed")
    return decode_records(records)


def decode_records(records: Iterable[object]) -> Decoded:
    """Interpret already decoded ndeflib records (from ``tag.ndef.records``)."""
    uris: list[str] = []
    texts: list[tuple[str, str]] = []
    meaningful = 0
    for record in records:
        if isinstance(record, ndef.UriRecord):
            meaningful += 1
            uris.append(str(record.iri))
        elif isinstance(record, ndef.TextRecord):
            meaningful += 1
            texts.append((str(record.text), str(record.language)))
        elif getattr(record, "type", "") != "":
            meaningful += 1
    text = _spoken_text(texts)
    if meaningful == 0:
        return Decoded(None, None, "blank")
    bad: BadPayload | None = None
    for uri in uris:
        parsed = parse_payload(uri)
        if isinstance(parsed, TagPayload):
            return Decoded(parsed.uri(), text, None)
        ludivox_uri = uri.strip().lower().startswith("ludivox:")
        if isinstance(parsed, BadPayload) and parsed.problem == "malformed" and ludivox_uri:
            bad = parsed
    for candidate, _lang in texts:
        parsed = parse_payload(candidate)
        if isinstance(parsed, TagPayload):
            others = [t for t, _ in texts if t != candidate]
            return Decoded(parsed.uri(), others[0] if others else None, None)
    if bad is not None:
        return Decoded(None, text, "bad_payload")
    if uris or not texts:
        return Decoded(None, text, "not_ludivox")
    return Decoded(None, text, "no_uri")


def _spoken_text(texts: list[tuple[str, str]]) -> str | None:
    """The French text if there is one, else the first text."""
    for text, lang in texts:
        if lang.lower().startswith(TEXT_LANGUAGE) and text.strip():
            return text.strip()
    for text, _lang in texts:
        if text.strip():
            return text.strip()
    return None


# --------------------------------------------------------------------------- Type 2 layout

PAGE = 4
CC_MAGIC = 0xE1
NDEF_TLV = 0x03
TERMINATOR_TLV = 0xFE


@dataclass(frozen=True)
class Type2Chip:
    """An NTAG21x product: its memory map and GET_VERSION answer."""

    name: str
    cc_size: int  # data area announced in the capability container (bytes)
    user_bytes: int  # user memory from page 4 (pages 4 .. dynamic lock page - 1)
    total_pages: int
    version: bytes  # GET_VERSION (0x60) response

    @property
    def dynamic_lock_page(self) -> int:
        """Page holding the dynamic lock bytes (right after user memory)."""
        return 4 + self.user_bytes // PAGE

    @property
    def config_page(self) -> int:
        """First configuration page (CFG0)."""
        return self.dynamic_lock_page + 1

    @property
    def capacity(self) -> int:
        """Largest NDEF message that fits (nfcpy's rule: TLV header of 2 or 4 bytes)."""
        return self.cc_size - (4 if self.cc_size > 256 else 2)


NTAG213 = Type2Chip("NTAG213", 144, 144, 45, bytes.fromhex("0004040201000F03"))
NTAG215 = Type2Chip("NTAG215", 496, 504, 135, bytes.fromhex("0004040201001103"))
NTAG216 = Type2Chip("NTAG216", 872, 888, 231, bytes.fromhex("0004040201001303"))
CHIPS = {chip.name: chip for chip in (NTAG213, NTAG215, NTAG216)}


def capability_container(chip: Type2Chip, *, read_only: bool = False) -> bytes:
    """Page 3 of a formatted chip: magic, version 1.0, data area size / 8, access."""
    return bytes([CC_MAGIC, 0x10, chip.cc_size // 8, 0x0F if read_only else 0x00])


def tlv_wrap(message: bytes) -> bytes:
    """An NDEF TLV holding ``message``, followed by a terminator TLV."""
    if len(message) < 255:
        head = bytes([NDEF_TLV, len(message)])
    else:
        head = bytes([NDEF_TLV, 0xFF]) + len(message).to_bytes(2, "big")
    return head + message + bytes([TERMINATOR_TLV])


def data_area(message: bytes, chip: Type2Chip) -> bytes:
    """The data area (from page 4) holding ``message``; ValueError when it does not fit."""
    if len(message) > chip.capacity:
        raise ValueError(f"{len(message)} bytes do not fit on {chip.name} ({chip.capacity})")
    body = tlv_wrap(message)[: chip.cc_size]
    return body + bytes(chip.cc_size - len(body))


@dataclass(frozen=True)
class Type2Contents:
    """What the first pages of a Type 2 chip hold, read byte by byte."""

    message: bytes | None  # the NDEF message bytes (possibly b"" for an empty one)
    problem: str | None  # "blank", "truncated", "malformed" or None
    read_only: bool


def read_type2(memory: bytes) -> Type2Contents:
    """Find the NDEF message in a Type 2 memory image (from page 0); never raises."""
    if len(memory) < 16 or memory[12] != CC_MAGIC:
        return Type2Contents(None, "blank", False)
    read_only = (memory[15] & 0x0F) != 0
    end = 16 + memory[14] * 8
    offset = 16
    while offset < end:
        if offset >= len(memory):
            return Type2Contents(None, "truncated", read_only)
        tlv = memory[offset]
        if tlv == 0x00:
            offset += 1
            continue
        if tlv == TERMINATOR_TLV:
            break
        if offset + 1 >= len(memory):
            return Type2Contents(None, "truncated", read_only)
        length = memory[offset + 1]
        start = offset + 2
        if length == 0xFF:
            if offset + 3 >= len(memory):
                return Type2Contents(None, "truncated", read_only)
            length = int.from_bytes(memory[offset + 2 : offset + 4], "big")
            start = offset + 4
        if tlv == NDEF_TLV:
            if start + length > min(end, len(memory)):
                return Type2Contents(None, "truncated", read_only)
            message = bytes(memory[start : start + length])
            return Type2Contents(message, None if message else "blank", read_only)
        offset = start + length
    return Type2Contents(None, "blank", read_only)


__all__ = [
    "CHIPS",
    "NTAG213",
    "NTAG215",
    "NTAG216",
    "PROBLEMS",
    "Decoded",
    "Type2Chip",
    "Type2Contents",
    "capability_container",
    "data_area",
    "decode",
    "decode_records",
    "encode",
    "read_type2",
    "tlv_wrap",
]
