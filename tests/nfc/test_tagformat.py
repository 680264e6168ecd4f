"""The tag format: what goes on a card and what is understood from any tag's bytes."""

from __future__ import annotations

import ndef
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludivox.nfc.payload import TagPayload, parse_payload
from ludivox.nfc.tagformat import (
    NTAG213,
    NTAG215,
    Decoded,
    capability_container,
    data_area,
    decode,
    encode,
    read_type2,
    tlv_wrap,
)


def test_card_message_round_trips_payload_and_spoken_name() -> None:
    message = encode(TagPayload("kingsbridge", "event", "7"), "sept")
    assert decode(message) == Decoded("ludivox:kingsbridge/event/7", "sept", None)


def test_card_message_is_a_plain_uri_and_french_text_any_phone_reads() -> None:
    records = list(ndef.message_decoder(encode("ludivox:kingsbridge/event/7", "sept")))
    assert isinstance(records[0], ndef.UriRecord)
    assert records[0].iri == "ludivox:kingsbridge/event/7"
    assert isinstance(records[1], ndef.TextRecord)
    assert (records[1].text, records[1].language) == ("sept", "fr")


def test_uri_only_has_no_spoken_name() -> None:
    assert decode(encode("ludivox:kingsbridge/character/aldred")) == Decoded(
        "ludivox:kingsbridge/character/aldred", None, None)


def test_text_only_tag_has_no_payload() -> None:
    message = b"".join(ndef.message_encoder([ndef.TextRecord("sept", "fr")]))
    assert decode(message) == Decoded(None, "sept", "no_uri")


def test_payload_typed_as_text_in_a_phone_app_is_accepted() -> None:
    message = b"".join(ndef.message_encoder([ndef.TextRecord("kingsbridge:7", "fr")]))
    assert decode(message) == Decoded("kingsbridge:7", None, None)


def test_other_apps_uri_is_not_ludivox() -> None:
    message = b"".join(ndef.message_encoder([ndef.UriRecord("https://example.org/x")]))
    assert decode(message).problem == "not_ludivox"


def test_broken_ludivox_uri_is_reported() -> None:
    message = b"".join(ndef.message_encoder([ndef.UriRecord("ludivox:kingsbridge")]))
    assert decode(message) == Decoded(None, None, "bad_payload")


@pytest.mark.parametrize("raw", [b"", b"\xd0\x00\x00"])
def test_empty_messages_are_blank(raw: bytes) -> None:
    assert decode(raw).problem == "blank"


def test_cut_message_is_truncated_and_garbage_malformed() -> None:
    message = encode("ludivox:kingsbridge/event/7", "sept")
    assert decode(message[:20]).problem == "truncated"
    assert decode(b"\x00\x01\x02\x03").problem == "malformed"


def test_type2_layout_of_a_card() -> None:
    message = encode("ludivox:kingsbridge/event/7", "sept")
    assert capability_container(NTAG213) == bytes.fromhex("E1101200")
    assert capability_container(NTAG215) == bytes.fromhex("E1103E00")
    area = data_area(message, NTAG213)
    assert len(area) == 144
    assert area[: 2 + len(message) + 1] == tlv_wrap(message) == b"\x03" + bytes(
        [len(message)]) + message + b"\xfe"
    memory = bytes(12) + capability_container(NTAG213) + area
    assert read_type2(memory).message == message


def test_long_messages_use_three_length_bytes_and_must_fit() -> None:
    message = encode("ludivox:kingsbridge/event/7", "x" * 300)
    assert tlv_wrap(message)[:4] == b"\x03\xff" + len(message).to_bytes(2, "big")
    with pytest.raises(ValueError, match="NTAG213"):
        data_area(message, NTAG213)
    memory = bytes(12) + capability_container(NTAG215) + data_area(message, NTAG215)
    assert read_type2(memory).message == message


def test_type2_memory_problems() -> None:
    cc = capability_container(NTAG213)
    assert read_type2(bytes(64)).problem == "blank"  # no capability container
    assert read_type2(bytes(12) + cc + b"\x03\x00\xfe" + bytes(141)).problem == "blank"
    too_long = bytes(12) + cc + b"\x03\xfa" + bytes(142)  # 250 bytes announced, 142 room
    assert read_type2(too_long).problem == "truncated"


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_decode_never_raises_on_arbitrary_bytes(raw: bytes) -> None:
    got = decode(raw)
    assert (got.payload is None) != (got.problem is None)
    if got.payload is not None:
        assert isinstance(parse_payload(got.payload), TagPayload)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_type2_reader_never_raises_on_arbitrary_memory(raw: bytes) -> None:
    got = read_type2(raw)
    assert got.message is None or len(got.message) <= len(raw)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80), st.one_of(st.none(), st.text(max_size=20)))
def test_parse_payload_never_raises_on_arbitrary_text(raw: str, game: str | None) -> None:
    parse_payload(raw, expected_game=game)


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1, max_size=40))
def test_any_spoken_name_round_trips(text: str) -> None:
    got = decode(encode("ludivox:kingsbridge/event/7", text))
    assert got.payload == "ludivox:kingsbridge/event/7"
    assert got.text == (text.strip() or None)
