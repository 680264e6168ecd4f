"""Tagging a deck with ``ludivox nfc write``: real nfcpy writer, emulated NTAG213 stickers.

Each test runs the command in-process (``LUDIVOX_DATA_DIR`` in a tmp dir), waits for what it
says and puts emulated stickers on the reader one after another, as a person would.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from nfc_emulators import NTAG213, Ntag2Emulator, ntag_memory, random_uid
from test_tagging_driver import REMOVE_S, Command, Lines, chip_contents, put_card

from ludivox.grammars import Grammar
from ludivox.nfc import writer as writer_module
from ludivox.nfc.tagformat import encode
from ludivox.nfc.writer import TagWriter, WriteOutcome
from ludivox.shell.tagging import HELP, NEXT, REPEAT, SKIP, STOP, keyboard_command

THREE = ["--only", "event/13#1,event/13#2,aldred"]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LUDIVOX_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def reader() -> Iterator[Ntag2Emulator]:
    """An emulated reader with no card on it yet."""
    with Ntag2Emulator(NTAG213, present=False) as emu:
        yield emu


def write_cmd(reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch, *extra: str) -> Command:
    return Command(["nfc", "write", "kingsbridge", "--reader", reader.path, "--text", *extra],
                   monkeypatch)


def progress(data_dir: Path) -> dict[str, dict[str, str]]:
    cards: dict[str, dict[str, str]] = json.loads(
        (data_dir / "tagging" / "kingsbridge.json").read_text(encoding="utf-8"))["cards"]
    return cards


def test_three_cards_are_named_written_checked_and_reported(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, *THREE)
    uids = []
    for prompt, payload, text in [
        ("Pose un treize, exemplaire un sur huit, sur le lecteur.",
         "ludivox:kingsbridge/event/13", "treize"),
        ("Pose un treize, exemplaire deux sur huit, sur le lecteur.",
         "ludivox:kingsbridge/event/13", "treize"),
        ("Pose la carte Aldred sur le lecteur.", "ludivox:kingsbridge/character/aldred",
         "Aldred"),
    ]:
        cmd.out.wait_for(prompt)
        done = cmd.out.text.count("C'est fait.")
        uids.append(put_card(reader).hex().upper())
        cmd.out.wait_for("C'est fait.", done + 1)
        on_chip = chip_contents(reader)
        assert (on_chip.payload, on_chip.text) == (payload, text)
    assert cmd.finish() == 0
    said = cmd.out.text
    assert "Bilan : trois cartes programmées sur trois." in said
    assert f"{uids[0]} : le treize, exemplaire un" in said
    assert f"{uids[2]} : la carte Aldred" in said
    cards = progress(data_dir)
    assert [cards[k]["uid"] for k in ("event/13#1", "event/13#2", "character/aldred")] == uids
    registry = json.loads((data_dir / "nfc_uids.json").read_text(encoding="utf-8"))
    assert registry[uids[2]] == "ludivox:kingsbridge/character/aldred"


def test_a_chip_that_fails_verification_is_retried_once_then_recorded_and_the_deck_goes_on(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, *THREE)
    cmd.out.wait_for("Pose un treize, exemplaire un sur huit")
    reader.weak_from_page = 6  # acknowledges writes but keeps nothing from page 6
    bad = put_card(reader)
    cmd.out.wait_for("Échec : la puce relue ne contient pas ce que j'ai écrit.")
    cmd.out.wait_for("Appuie sur Entrée pour réessayer")
    cmd.key("")
    cmd.out.wait_for("On réessaie : pose un treize, exemplaire un sur huit, sur le lecteur.")
    put_card(reader, bad)
    cmd.out.wait_for("Deuxième échec : je note le treize, exemplaire un, à refaire")
    reader.weak_from_page = None
    cmd.out.wait_for("Pose un treize, exemplaire deux sur huit")
    put_card(reader)
    cmd.out.wait_for("C'est fait.")
    cmd.out.wait_for("Pose la carte Aldred")
    locked = random_uid()
    put_card(reader, locked, locked=True)
    cmd.out.wait_for("Échec : cette puce est verrouillée")
    cmd.key("s")
    cmd.out.wait_for("Je passe la carte Aldred")
    assert cmd.finish() == 0
    said = cmd.out.text
    assert "Bilan : une carte programmée sur trois." in said
    assert "Ratées : Le treize, exemplaire un : la relecture ne correspond pas." in said
    assert "La carte Aldred : puce verrouillée." in said
    cards = progress(data_dir)
    assert cards["event/13#1"]["problem"] == "verify_failed"
    assert cards["character/aldred"]["problem"] == "locked"
    assert cards["event/13#2"]["status"] == "done"


def test_a_chip_given_up_on_and_left_on_the_reader_never_receives_the_next_card(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a second failure the player may leave the bad sticker where it is: the next card
    waits for another chip instead of being written on the one just given up on."""
    cmd = write_cmd(reader, monkeypatch, *THREE)
    cmd.out.wait_for("Pose un treize, exemplaire un sur huit")
    reader.weak_from_page = 6
    bad = put_card(reader)
    cmd.out.wait_for("Appuie sur Entrée pour réessayer")
    cmd.key("")
    cmd.out.wait_for("On réessaie")
    put_card(reader, bad)
    cmd.out.wait_for("Deuxième échec")
    reader.weak_from_page = None  # the chip would now take a write: it must not get one
    cmd.out.wait_for("Pose un treize, exemplaire deux sur huit")
    time.sleep(4 * REMOVE_S)  # many polls of the reader with the bad chip still on it
    assert "C'est fait." not in cmd.out.text
    fresh = put_card(reader)
    cmd.out.wait_for("C'est fait.")
    cmd.out.wait_for("Pose la carte Aldred")
    cmd.key("q")
    assert cmd.finish() == 0
    cards = progress(data_dir)
    assert cards["event/13#1"]["problem"] == "verify_failed"
    assert cards["event/13#2"]["uid"] == fresh.hex().upper()


def test_stopping_then_running_again_resumes_at_the_next_card_then_redoes_failures(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, "--only", "13")
    cmd.out.wait_for("Pose un treize, exemplaire un sur huit")
    put_card(reader)
    cmd.out.wait_for("C'est fait.")
    cmd.out.wait_for("Pose un treize, exemplaire deux sur huit")
    cmd.key("s")
    cmd.out.wait_for("Pose un treize, exemplaire trois sur huit")
    cmd.key("q")
    assert cmd.finish() == 0
    said = cmd.out.text
    assert "On s'arrête là." in said
    assert "Il en reste six à faire." in said
    reader.remove()

    again = write_cmd(reader, monkeypatch, "--only", "13")
    again.out.wait_for("On reprend au treize, exemplaire trois sur huit.")
    again.out.wait_for("Pose un treize, exemplaire trois sur huit, sur le lecteur.")
    again.key("q")
    assert again.finish() == 0

    restarted = write_cmd(reader, monkeypatch, "--only", "13", "--restart")
    restarted.out.wait_for("Pose un treize, exemplaire un sur huit")
    restarted.key("q")
    assert restarted.finish() == 0
    assert (data_dir / "tagging" / "kingsbridge.json.old").exists()


def test_failed_cards_come_back_after_the_cards_never_tried(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, *THREE)
    cmd.out.wait_for("Pose un treize, exemplaire un sur huit")
    cmd.key("s")
    cmd.out.wait_for("Pose un treize, exemplaire deux sur huit")
    cmd.key("q")
    assert cmd.finish() == 0
    again = write_cmd(reader, monkeypatch, *THREE)
    again.out.wait_for("On reprend au treize, exemplaire deux sur huit.")
    again.key("s")
    again.out.wait_for("Pose la carte Aldred")
    again.key("s")
    # skipped in this run: not asked again in this run
    again.out.wait_for("Il reste une carte qui n'a pas marché : on la refait maintenant.")
    again.out.wait_for("Pose un treize, exemplaire un sur huit")
    again.key("q")
    assert again.finish() == 0


def test_the_chip_of_a_card_already_done_is_refused_and_left_unchanged(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, *THREE)
    cmd.out.wait_for("Pose un treize, exemplaire un sur huit")
    first = put_card(reader)
    cmd.out.wait_for("C'est fait.")
    cmd.out.wait_for("Pose un treize, exemplaire deux sur huit")
    put_card(reader, first, message=encode("ludivox:kingsbridge/event/13", "treize"))
    cmd.out.wait_for("Cette puce est déjà le treize, exemplaire un.")
    second = put_card(reader)
    cmd.out.wait_for("C'est fait.", 2)
    cmd.out.wait_for("Pose la carte Aldred")
    memory = ntag_memory(NTAG213, second, message=encode("ludivox:kingsbridge/event/13"))
    put_card(reader, second, message=encode("ludivox:kingsbridge/event/13"))
    cmd.out.wait_for("Cette puce est déjà le treize, exemplaire deux.")
    assert bytes(reader.memory[16:64]) == bytes(memory[16:64])  # not overwritten
    put_card(reader)
    cmd.out.wait_for("C'est fait.", 3)
    assert cmd.finish() == 0
    assert "Bilan : trois cartes programmées sur trois." in cmd.out.text
    cards = progress(data_dir)
    assert len({cards[k]["uid"] for k in cards}) == 3


def test_a_chip_holding_another_card_is_overwritten_only_when_asked(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, "--only", "aldred")
    cmd.out.wait_for("Pose la carte Aldred")
    put_card(reader, message=encode("ludivox:seven-kingdoms/card/22", "vingt-deux"))
    cmd.out.wait_for("Cette puce contient déjà une autre carte : ludivox:seven-kingdoms/card/22.")
    assert chip_contents(reader).payload == "ludivox:seven-kingdoms/card/22"
    cmd.key("")
    cmd.out.wait_for("C'est fait.")
    assert chip_contents(reader).payload == "ludivox:kingsbridge/character/aldred"
    assert cmd.finish() == 0


def test_nothing_left_to_do_says_so_and_how_to_start_again(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, "--only", "aldred")
    cmd.out.wait_for("Pose la carte Aldred")
    put_card(reader)
    assert cmd.finish() == 0
    again = write_cmd(reader, monkeypatch, "--only", "aldred")
    assert again.finish() == 0
    assert "Toutes les cartes de Kingsbridge sont déjà programmées" in again.out.text


def test_a_missing_reader_is_said_and_nothing_is_lost(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = Command(["nfc", "write", "kingsbridge", "--device", "usb:1234:5678", "--text",
                   "--only", "1"], monkeypatch)
    assert cmd.finish() == 1
    # said first: nobody is asked to put a card on a reader that is not there
    assert cmd.out.text.startswith("Je ne trouve pas de lecteur de puces (usb:1234:5678).")
    assert "Pose" not in cmd.out.text and "On programme" not in cmd.out.text
    assert not (data_dir / "tagging" / "kingsbridge.json").exists()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["nfc", "write", "monopoly", "--text"], "Je ne connais pas le jeu « monopoly »"),
        (["nfc", "write", "kingsbridge", "--only", "14", "--text"],
         "Aucune carte de ce jeu ne correspond à « 14 »."),
        (["nfc", "write", "kingsbridge", "--device", "bluetooth", "--text"],
         "« bluetooth » n'est pas un lecteur"),
        (["nfc", "write", "kingsbridge", "--rate", "9000"],
         "La vitesse de la voix doit aller de quatre-vingts à cinq cents mots par minute"),
    ],
)
def test_bad_command_lines_are_explained_and_create_nothing(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], said: str,
) -> None:
    cmd = Command(argv, monkeypatch)
    assert cmd.finish() == 2
    assert said in cmd.out.text
    assert not (data_dir / "tagging").exists()


def test_a_damaged_progress_file_is_left_alone_and_explained(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = data_dir / "tagging" / "kingsbridge.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    cmd = write_cmd(reader, monkeypatch)
    assert cmd.finish() == 1
    assert "Le fichier de progression est abîmé" in cmd.out.text
    assert path.read_text(encoding="utf-8") == "{not json"


def test_keys_and_typed_words_drive_the_session() -> None:
    grammar = Grammar.load("kingsbridge")

    def understand(text: str) -> str | None:
        found = grammar.understand(text, intents=("yes", "no", "stop", "quit", "repeat"))
        return found[0].name if found else None

    said = {line: keyboard_command(line, understand) for line in
            ["", "s", "Q", "r", "oui", "non", "stop", "on arrête", "répète", "bonjour"]}
    assert said == {"": NEXT, "s": SKIP, "Q": STOP, "r": REPEAT, "oui": NEXT, "non": SKIP,
                    "stop": STOP, "on arrête": STOP, "répète": REPEAT, "bonjour": HELP}


def test_ctrl_c_stops_like_q_and_keeps_what_was_done(
    data_dir: Path, reader: Ntag2Emulator,
) -> None:
    ludivox = Path(sys.executable).with_name("ludivox")
    proc = subprocess.Popen(
        [str(ludivox), "nfc", "write", "kingsbridge", "--device", reader.path, "--text",
         "--only", "12"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
        env={**os.environ, "LUDIVOX_DATA_DIR": str(data_dir)},
    )
    out = Lines()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            out.write(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        out.wait_for("Pose un douze, exemplaire un sur huit", timeout_s=30)
        put_card(reader)
        out.wait_for("C'est fait.")
        out.wait_for("Pose un douze, exemplaire deux sur huit")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(15) == 0
    finally:
        proc.kill()
    out.wait_for("On s'arrête là.")
    assert "Bilan : une carte programmée sur huit." in out.text
    assert "Traceback" not in out.text
    assert progress(data_dir)["event/12#1"]["status"] == "done"


def test_progress_that_cannot_be_saved_stops_the_session_and_says_where(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, "--only", "1")
    cmd.out.wait_for("Pose un un, exemplaire un sur huit")
    (data_dir / "tagging").write_text("a file where the folder should be", encoding="utf-8")
    put_card(reader)
    assert cmd.finish() == 1
    assert "Je n'arrive pas à enregistrer la progression dans" in cmd.out.text
    assert "Pose un un, exemplaire deux" not in cmd.out.text


def test_a_card_left_on_the_reader_after_it_is_done_is_not_announced_again(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch,
) -> None:
    cmd = write_cmd(reader, monkeypatch, *THREE)
    cmd.out.wait_for("Pose un treize, exemplaire un sur huit")
    put_card(reader)
    cmd.out.wait_for("Pose un treize, exemplaire deux sur huit")
    time.sleep(3.5)  # the person leaves the card there for a while (several writer waits)
    assert "Cette puce est déjà" not in cmd.out.text
    assert cmd.out.text.count("Pose un treize, exemplaire deux sur huit") == 1
    put_card(reader)
    cmd.out.wait_for("C'est fait.", 2)
    cmd.key("q")
    assert cmd.finish() == 0
    assert "Cette puce est déjà" not in cmd.out.text


class SlowChipWriter(TagWriter):
    """The real writer, on a chip so slow that the person types a key while it is written:
    the write goes on only once the session has reacted to the key (cancelled the wait)."""

    found = threading.Event()
    key_seen = threading.Event()

    def cancel(self) -> None:
        SlowChipWriter.key_seen.set()
        super().cancel()

    def _write_on(self, tag: Any, uri: str, message: bytes, overwrite: bool) -> WriteOutcome:
        SlowChipWriter.found.set()
        assert SlowChipWriter.key_seen.wait(20), "the key never reached the writer"
        return super()._write_on(tag, uri, message, overwrite)


@pytest.mark.parametrize("key", ["s", "r"])
def test_a_chip_written_while_a_key_is_typed_is_recorded(
    data_dir: Path, reader: Ntag2Emulator, monkeypatch: pytest.MonkeyPatch, key: str,
) -> None:
    SlowChipWriter.found.clear()
    SlowChipWriter.key_seen.clear()
    monkeypatch.setattr(writer_module, "TagWriter", SlowChipWriter)
    cmd = write_cmd(reader, monkeypatch, "--only", "aldred")
    cmd.out.wait_for("Pose la carte Aldred")
    uid = put_card(reader).hex().upper()
    assert SlowChipWriter.found.wait(20)
    cmd.key(key)
    cmd.out.wait_for("C'est fait.")
    assert cmd.finish() == 0
    assert chip_contents(reader).payload == "ludivox:kingsbridge/character/aldred"
    assert "Bilan : une carte programmée sur une." in cmd.out.text
    record = progress(data_dir)["character/aldred"]
    assert (record["status"], record["uid"]) == ("done", uid)
    registry = json.loads((data_dir / "nfc_uids.json").read_text(encoding="utf-8"))
    assert registry[uid] == "ludivox:kingsbridge/character/aldred"
