"""``ludivox nfc read`` and ``ludivox nfc register``: what a tag holds, said plainly.

The real reader service reads emulated tags over nfcpy's udp driver; nothing a tag holds
ends in a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nfc_emulators import NTAG213, NTAG215, Ntag2Emulator, Type3Emulator, ntag_memory, random_uid
from test_tagging_driver import Command

from ludivox.nfc.tagformat import encode


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path))
    return tmp_path


def read_once(path: str, monkeypatch: pytest.MonkeyPatch, *extra: str) -> Command:
    return Command(["nfc", "read", "--once", "--device", path, *extra], monkeypatch)


def said_about(memory: bytearray, uid: bytes, monkeypatch: pytest.MonkeyPatch,
               chip: object = NTAG213) -> str:
    with Ntag2Emulator(NTAG213 if chip is NTAG213 else NTAG215, uid=uid, memory=memory) as emu:
        cmd = read_once(emu.path, monkeypatch, "--text")
        assert cmd.finish() == 0
        return cmd.out.text


def test_a_card_tag_says_the_card_its_payload_and_the_chip(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    uid = random_uid()
    memory = ntag_memory(NTAG213, uid, message=encode("ludivox:kingsbridge/event/7", "sept"))
    said = said_about(memory, uid, monkeypatch)
    assert "C'est le sept (ludivox:kingsbridge/event/7)." in said
    assert f"Puce {uid.hex().upper()}, NXP NTAG213, cent quarante-deux octets de place." in said


def test_a_chip_tagged_with_the_tool_says_which_copy_it_is(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    uid = random_uid()
    folder = data_dir / "tagging"
    folder.mkdir()
    (folder / "kingsbridge.json").write_text(json.dumps({
        "format": 1, "deck": "kingsbridge",
        "cards": {"event/7#3": {"status": "done", "uid": uid.hex().upper()}},
    }), encoding="utf-8")
    memory = ntag_memory(NTAG215, uid, message=encode("ludivox:kingsbridge/event/7", "sept"))
    said = said_about(memory, uid, monkeypatch, NTAG215)
    assert "C'est le sept, exemplaire trois (ludivox:kingsbridge/event/7)." in said
    assert "NXP NTAG215, quatre cent quatre-vingt-douze octets de place." in said


def test_a_character_tag_is_named(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    uid = random_uid()
    memory = ntag_memory(NTAG213, uid, message=encode("ludivox:kingsbridge/character/wynstan"))
    said = said_about(memory, uid, monkeypatch)
    assert "C'est la carte l'Évêque Wynstan" in said


@pytest.mark.parametrize(
    ("memory", "sentence"),
    [
        ({}, "Cette puce est vide : elle n'a pas encore été programmée."),
        ({"data": bytes([0x03, 0x06, 0xD1, 0x01, 0xFF, 0x55, 0x00, 0x6C, 0xFE])},
         "Cette puce contient des données abîmées"),
        ({"data": bytes([0x03, 0x40, 0xD1, 0x01, 0x3C, 0x55, 0x00]) + b"ludivox:kingsbr"},
         "Cette puce contient des données abîmées"),
        ({"message": encode("https://example.org/")},
         "Cette puce ne vient pas de Ludivox : elle ne contient pas de carte."),
        ({"message": encode("ludivox:monopoly/card/1")},
         "C'est une carte Ludivox d'un jeu que je ne connais pas : ludivox:monopoly/card/1."),
        ({"message": encode("ludivox:kingsbridge/event/14")},
         "aucune carte de ce jeu ne correspond : ludivox:kingsbridge/event/14."),
        ({"formatted": False}, "Cette puce ne contient pas de données que je sache lire"),
    ],
    ids=["blank", "malformed", "truncated", "other_app", "other_game", "unknown_card",
         "no_ndef"],
)
def test_odd_tags_are_described_never_a_traceback(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, memory: dict[str, object], sentence: str,
) -> None:
    uid = random_uid()
    said = said_about(ntag_memory(NTAG213, uid, **memory), uid, monkeypatch)  # type: ignore[arg-type]
    assert sentence in said
    assert f"Puce {uid.hex().upper()}" in said
    assert "Traceback" not in said


def test_a_chip_without_data_registered_by_uid_is_known(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    uid = random_uid()
    reg = Command(["nfc", "register", uid.hex(), "ludivox:kingsbridge/event/12"], monkeypatch)
    assert reg.finish() == 0
    assert f"C'est noté : la puce {uid.hex().upper()} est le douze." in reg.out.text
    said = said_about(ntag_memory(NTAG213, uid, formatted=False), uid, monkeypatch)
    assert "Cette puce n'a pas de données, mais je la connais : c'est le douze." in said


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["nfc", "register", "zz-top", "ludivox:kingsbridge/event/7"],
         "« zz-top » n'est pas un numéro de puce"),
        (["nfc", "register", "04A2B3C4D5E680", "kingsbridge"],
         "« kingsbridge » n'est pas une carte Ludivox"),
    ],
)
def test_register_refuses_bad_input_and_writes_nothing(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], sentence: str,
) -> None:
    cmd = Command(argv, monkeypatch)
    assert cmd.finish() == 2
    assert sentence in cmd.out.text
    assert not (data_dir / "nfc_uids.json").exists()


def test_a_type3_tag_is_read_too(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Type3Emulator(encode("ludivox:kingsbridge/character/aldred", "Aldred")) as emu:
        cmd = read_once(emu.path, monkeypatch, "--text")
        assert cmd.finish() == 0
    assert "C'est la carte Aldred (ludivox:kingsbridge/character/aldred)." in cmd.out.text
    assert f"Puce {emu.uid_hex}, FeliCa Plug (RC-S926)." in cmd.out.text


def test_reading_until_stopped_tells_each_tag_once(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    with Ntag2Emulator(NTAG213, present=False) as emu:
        cmd = Command(["nfc", "read", "--device", emu.path, "--text"], monkeypatch)
        cmd.out.wait_for("Pose une puce sur le lecteur.")
        emu.put(NTAG213, message=encode("ludivox:kingsbridge/event/3"))
        cmd.out.wait_for("C'est le trois")
        emu.remove()
        emu.put(NTAG213, message=encode("ludivox:kingsbridge/event/4"))
        cmd.out.wait_for("C'est le quatre")
        cmd.key("q")
        assert cmd.finish() == 0
    assert cmd.out.text.count("C'est le trois") == 1


def test_no_reader_is_said(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cmd = read_once("usb:1234:5678", monkeypatch, "--text")
    assert cmd.finish() == 1
    assert cmd.out.text.startswith("Je ne trouve pas de lecteur de puces (usb:1234:5678).")
    assert "Pose une puce" not in cmd.out.text  # no invitation without a reader


def test_spoken_on_the_audio_device_and_written_for_screen_readers(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    uid = random_uid()
    with Ntag2Emulator(NTAG213, uid=uid) as emu:
        cmd = read_once(emu.path, monkeypatch, "--rate", "450")  # no --text: real speaker
        assert cmd.finish(30) == 0
    assert "Cette puce est vide" in cmd.out.text
    assert f"Puce {uid.hex().upper()}" in cmd.out.text
    assert "je réponds par écrit" not in cmd.out.text  # spoken, not the text fallback


@pytest.mark.parametrize("payload", ["ludivox:kingsbridge/event/77",
                                     "ludivox:sevenkingdoms/card/7",
                                     "ludivox:kingsbridge/character/bob"])
def test_register_refuses_a_card_that_does_not_exist_and_lists_the_real_ones(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, payload: str,
) -> None:
    cmd = Command(["nfc", "register", "04A2B3C4D5E680", payload], monkeypatch)
    assert cmd.finish() == 2
    said = cmd.out.text
    assert f"« {payload} » ne nomme aucune carte que je connaisse : je n'enregistre rien." \
        in said
    assert "ludivox:kingsbridge/event/ suivi d'un nombre de 1 à 13" in said
    assert "suivi de l'un des noms aldred, edgar" in said
    assert "ludivox:seven-kingdoms/card/ suivi d'un nombre de 1 à 49" in said
    assert not (data_dir / "nfc_uids.json").exists()


def test_registering_a_chip_again_says_what_it_replaces(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def register(payload: str) -> str:
        cmd = Command(["nfc", "register", "04a2b3c4d5e680", payload], monkeypatch)
        assert cmd.finish() == 0
        return cmd.out.text

    assert register("kingsbridge:07") == "C'est noté : la puce 04A2B3C4D5E680 est le sept.\n"
    assert register("ludivox:kingsbridge/character/aldred") == (
        "C'est noté : la puce 04A2B3C4D5E680 est maintenant la carte Aldred. "
        "Elle était enregistrée comme le sept.\n")
    assert register("ludivox:kingsbridge/character/aldred") == (
        "La puce 04A2B3C4D5E680 était déjà enregistrée comme la carte Aldred : "
        "rien n'a changé.\n")
    registry = json.loads((data_dir / "nfc_uids.json").read_text(encoding="utf-8"))
    assert registry == {"04A2B3C4D5E680": "ludivox:kingsbridge/character/aldred"}
