"""Tag payloads: what a scanned card says, and what happens with bad tags."""

from __future__ import annotations

import pytest

from ludivox.nfc.payload import BadPayload, TagPayload, WrongGame, parse_payload


def test_canonical_uri_gives_game_kind_value() -> None:
    assert parse_payload("ludivox:kingsbridge/event/7") == TagPayload("kingsbridge", "event", "7")


def test_case_blanks_and_double_slash_are_tolerated() -> None:
    got = parse_payload("  LUDIVOX://Kingsbridge/Event/12 \n")
    assert got == TagPayload("kingsbridge", "event", "12")


def test_shorthand_has_no_kind() -> None:
    assert parse_payload("kingsbridge:7") == TagPayload("kingsbridge", "", "7")


def test_uri_round_trips() -> None:
    for raw in ("ludivox:kingsbridge/event/7", "kingsbridge:13"):
        parsed = parse_payload(raw)
        assert isinstance(parsed, TagPayload)
        assert parse_payload(parsed.uri()) == parsed


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("bonjour", "not_ludivox"),
        ("ludivox:kingsbridge", "malformed"),
        ("ludivox:kingsbridge/event/", "malformed"),
        ("ludivox:kingsbridge/event/7/8", "malformed"),
        ("ludivox:/event/7", "malformed"),
        ("kingsbridge:", "malformed"),
        ("http://example.org/7", "malformed"),
        ("kingsbridge:²", "malformed"),  # a digit, but no number: int() would fail
        ("ludivox:kingsbridge/event/7²", "malformed"),
    ],
)
def test_bad_payloads_are_values_not_exceptions(raw: str, problem: str) -> None:
    assert parse_payload(raw) == BadPayload(raw, problem)


def test_other_game_is_detected() -> None:
    got = parse_payload("ludivox:seven_kingdoms/card/3", expected_game="kingsbridge")
    assert isinstance(got, WrongGame)
    assert got.payload.game == "seven_kingdoms"
    assert got.expected == "kingsbridge"


def test_expected_game_matches_case_insensitively() -> None:
    got = parse_payload("kingsbridge:5", expected_game="Kingsbridge")
    assert got == TagPayload("kingsbridge", "", "5")


def test_numbers_come_out_in_ascii_digits() -> None:
    for raw in ("ludivox:kingsbridge/event/07", "ludivox:kingsbridge/event/٧",
                "ludivox:kingsbridge/event/７"):
        assert parse_payload(raw) == TagPayload("kingsbridge", "event", "7"), raw
    assert parse_payload("kingsbridge:sept") == TagPayload("kingsbridge", "", "sept")
