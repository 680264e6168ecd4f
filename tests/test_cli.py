"""The ``ludivox`` command as testers and players use it (real processes, real files)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

sys.path.insert(0, str(Path(__file__).parent / "table"))
from table_helpers import ENGINE, choose, make_table, sentence

from ludivox.engines.kingsbridge import new_virtual_game
from ludivox.grammars.grammar import Grammar

LINE = re.compile(r"^(SAY (table|seat:[1-5]) \S.*|STATE \{.*\}|ERROR line \d+: .+)$")


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["LUDIVOX_DATA_DIR"] = str(tmp_path / "data")
    return env


def ludivox(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ludivox.cli", *args], input=stdin, capture_output=True,
        text=True, env=_env(tmp_path), timeout=60,
    )


def test_help_is_in_french(tmp_path: Path) -> None:
    done = ludivox(tmp_path, "--help")
    assert done.returncode == 0
    assert "reprend la partie en cours" in done.stdout
    done = ludivox(tmp_path, "play", "--help")
    assert done.returncode == 0
    assert "--script" in done.stdout and "nombre de joueurs" in done.stdout


def test_script_mode_prints_say_and_state_lines(tmp_path: Path) -> None:
    script = tmp_path / "partie.txt"
    script.write_text(
        "# Anne joue\n\nqu'est-ce que j'ai en main\n@as Paul\nà qui de jouer\n"
        "@bogus\n@as 7\n@state\n",
        encoding="utf-8",
    )
    done = ludivox(tmp_path, "play", "kingsbridge", "--players", "2", "--seed", "3",
                   "--names", "Anne,Paul", "--script", str(script))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert all(LINE.match(line) for line in lines), lines
    assert "SAY table À toi, Anne." in lines
    assert any(line.startswith("SAY seat:2 C'est à Anne de jouer") for line in lines)
    known = "@as, @scan, @wav, @set, @state"
    assert f"ERROR line 6: directive inconnue '@bogus' (connues : {known})" in lines
    assert any(line.startswith("ERROR line 7: @as 7") for line in lines)
    state = json.loads(lines[-1][len("STATE "):])
    expected = ENGINE.to_json(new_virtual_game(2, 3))
    assert state["columns"] == expected["columns"]
    assert [p["name"] for p in state["players"]] == ["Anne", "Paul"]
    assert [p["hand"] for p in state["players"]] == [p["hand"] for p in expected["players"]]
    assert state["turn"] == 0 and state["mode"] == "virtual"
    assert not (tmp_path / "data").exists()  # script mode journals only with --journal


def test_state_file_starts_from_a_position(tmp_path: Path) -> None:
    position = {
        "mode": "virtual", "comment": "extra keys are fine",
        "columns": [[3], [6], [], [], [], []], "discard": [],
        "players": [{"name": "x", "hand": [7, 8], "pile": [5]}, {"hand": [2], "pile": []}],
        "turn": 0,
    }
    state_file = tmp_path / "pos.json"
    state_file.write_text(json.dumps(position), encoding="utf-8")
    done = ludivox(tmp_path, "play", "kingsbridge", "--state", str(state_file), "--script", "-",
                   stdin="je pose le sept sur la colonne deux\n@state\n")
    assert done.returncode == 0, done.stderr
    assert "SAY table Joueur 1 pose le sept sur la colonne deux." in done.stdout.splitlines()
    state = json.loads(done.stdout.splitlines()[-1][6:])
    assert state["columns"][1] == [6, 7]
    assert state["players"][0]["hand"] == [8]


def test_a_state_printed_by_state_starts_a_game_with_the_same_players(tmp_path: Path) -> None:
    first = ludivox(tmp_path, "play", "kingsbridge", "--players", "2", "--seed", "8",
                    "--names", "Anne,Paul", "--script", "-", stdin="@state\n")
    state_file = tmp_path / "pos.json"
    state_file.write_text(first.stdout.splitlines()[-1][6:], encoding="utf-8")
    again = ludivox(tmp_path, "play", "kingsbridge", "--state", str(state_file), "--script",
                    "-", stdin="@state\n")
    assert again.returncode == 0, again.stderr
    assert "SAY table À toi, Anne." in again.stdout.splitlines()
    assert again.stdout.splitlines()[-1] == first.stdout.splitlines()[-1]
    renamed = ludivox(tmp_path, "play", "kingsbridge", "--state", str(state_file), "--names",
                      "Léa,Marc", "--script", "-")
    assert "SAY table À toi, Léa." in renamed.stdout.splitlines()


def test_a_bad_state_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"columns": [[5, 3]]}', encoding="utf-8")
    done = ludivox(tmp_path, "play", "kingsbridge", "--state", str(bad), "--script", "-")
    assert done.returncode == 2
    assert "--state" in done.stderr and not done.stdout


def _utterances(grammar: Grammar, count: int) -> tuple[list[str], dict[str, object]]:
    """Legal moves said in French for seed 5, and the state JSON they lead to (in-process)."""
    table = make_table(grammar, new_virtual_game(2, 5), ("Anne", "Paul"))
    said = []
    for _ in range(count):
        text = sentence(choose(table.state))
        table.hear(text)
        said.append(text)
    return said, table.session.binding.state_json(table.state)


def _read_until_state(stream: IO[str]) -> str:
    while True:
        line = stream.readline()
        assert line, "the process ended early"
        if line.startswith("STATE "):
            return line.rstrip("\n")


@pytest.mark.slow
def test_kill_9_mid_game_then_resume_exactly(tmp_path: Path) -> None:
    utterances, expected = _utterances(Grammar.load("kingsbridge", "fr"), 12)
    journal = tmp_path / "partie.journal.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludivox.cli", "play", "kingsbridge", "--players", "2",
         "--seed", "5", "--names", "Anne,Paul", "--script", "-", "--journal", str(journal)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=_env(tmp_path),
    )
    assert proc.stdin is not None and proc.stdout is not None
    last = ""
    try:
        proc.stdin.write("@set confirm=never\n")  # the players chose not to confirm moves
        for text in utterances:  # each move is acknowledged (STATE printed) before the next
            proc.stdin.write(text + "\n@state\n")
            proc.stdin.flush()
            last = _read_until_state(proc.stdout)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        proc.kill()
    assert json.loads(last[6:]) == expected
    done = ludivox(tmp_path, "resume", str(journal), "--script", "-", stdin="@state\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == last
    assert lines[0].startswith("SAY table Je me suis arrêté sans prévenir")
    # the game goes on in the same journal
    more = ludivox(tmp_path, "resume", str(journal), "--script", "-",
                   stdin="je passe\n@state\n")
    assert more.returncode == 0, more.stderr
    assert more.stdout.splitlines()[-1] == last  # refused: nothing changed, nothing lost


def test_resume_without_a_file_finds_the_unfinished_game(tmp_path: Path) -> None:
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    journal = saves / "kingsbridge-test.journal.jsonl"
    first = ludivox(tmp_path, "play", "kingsbridge", "--seed", "9", "--script", "-",
                    "--journal", str(journal), stdin="@state\n")
    assert first.returncode == 0, first.stderr
    done = ludivox(tmp_path, "resume", "--script", "-", stdin="@state\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == first.stdout.splitlines()[-1]
    assert done.stdout.startswith("SAY table On reprend la partie de Kingsbridge")


def test_a_corrupted_save_is_reported_kept_and_never_overwritten(tmp_path: Path) -> None:
    journal = tmp_path / "partie.journal.jsonl"
    done = ludivox(tmp_path, "play", "kingsbridge", "--seed", "5", "--script", "-",
                   "--journal", str(journal), stdin="lis les colonnes\n")
    assert done.returncode == 0, done.stderr
    data = bytearray(journal.read_bytes())
    data[30] ^= 0x01
    journal.write_bytes(bytes(data))
    done = ludivox(tmp_path, "resume", str(journal), "--script", "-", stdin="@state\n")
    assert done.returncode == 1
    assert "La sauvegarde « partie.journal.jsonl » est abîmée" in done.stdout
    assert journal.read_bytes() == bytes(data)
    done = ludivox(tmp_path, "play", "kingsbridge", "--script", "-", "--journal", str(journal))
    assert done.returncode == 2 and "n'écrase jamais" in done.stderr
    assert journal.read_bytes() == bytes(data)


def test_without_a_sound_device_the_game_says_once_that_it_will_write(tmp_path: Path) -> None:
    # interactive play with PulseAudio out of reach: the real "no audio out" path
    env = {k: v for k, v in _env(tmp_path).items() if not k.startswith("PULSE_")}
    env["PULSE_SERVER"] = f"unix:{tmp_path / 'no-such-socket'}"
    done = subprocess.run(
        [sys.executable, "-m", "ludivox.cli", "play", "kingsbridge", "--players", "2",
         "--seed", "4"],
        input="c'est à qui ?\nlis les colonnes\n", capture_output=True, text=True, env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    notice = "Je ne trouve aucune sortie audio : je réponds par écrit."
    assert done.stdout.count(notice) == 1, done.stdout
    assert "Colonne un :" in done.stdout  # the answers are written instead


@pytest.mark.audio
def test_a_speaker_failing_mid_game_switches_to_text_and_loses_nothing() -> None:
    import io

    from ludivox.shell.console import Console
    from ludivox.voice.speaker import SpeechFailed, TextSpeaker

    grammar = Grammar.load("kingsbridge")
    table = make_table(grammar, new_virtual_game(2, 5))
    out = io.StringIO()
    console = Console(grammar, text_only=False, rate=None, out=out)
    console.session = table.session
    if isinstance(console.speaker, TextSpeaker):
        pytest.skip("no audio device here: the mid-game failure path needs one")
    # what the real worker thread reports when the device fails while speaking
    console._speech_failed(SpeechFailed("Colonne un : le huit.", OSError("device gone")))
    console._speech_failed(SpeechFailed("À toi, Paul.", OSError("device gone")))
    written = out.getvalue().splitlines()
    assert written == [
        "La sortie audio ne répond plus : je continue par écrit, sans rien perdre.",
        "Colonne un : le huit.",
        "À toi, Paul.",
    ]
    assert isinstance(console.speaker, TextSpeaker)


@pytest.mark.audio
def test_voice_controls_change_the_voice_and_say_when_they_reach_a_limit() -> None:
    import io

    from ludivox.shell.console import Console
    from ludivox.table.io import Heard
    from ludivox.voice.speaker import TextSpeaker

    grammar = Grammar.load("kingsbridge")
    table = make_table(grammar, new_virtual_game(2, 5))
    console = Console(grammar, text_only=False, rate=None, out=io.StringIO())
    console.session = table.session
    if isinstance(console.speaker, TextSpeaker):
        pytest.skip("no audio device here")
    said: list[str] = []
    console.speaker.say = said.append  # what the speaker is asked to say, in order
    try:
        # Anne (seat 0, whose turn it is) speaks: her settings change, the console applies
        # them and says the session's answer
        assert console.perform(table.session.handle(Heard("moins fort")), 0) is False
        assert said[-1] == "Anne : Je parle moins fort : volume à quatre-vingts pour cent."
        assert console.speaker.volume == 0.8
        console.perform(table.session.handle(Heard("plus fort")), 0)
        console.perform(table.session.handle(Heard("plus fort")), 0)
        assert said[-1] == "Anne : Je ne peux pas parler plus fort : c'est déjà le volume maximum."
        assert console.speaker.volume == 1.0
        console.perform(table.session.handle(Heard("plus vite")), 0)
        assert said[-1] == "Anne : Je parle plus vite : deux cent vingt-cinq mots par minute."
        assert console.speaker.rate_wpm == 225
        for _ in range(6):  # 175 -> 500 words a minute, the last step clamped to 500
            console.perform(table.session.handle(Heard("plus vite")), 0)
        assert console.speaker.rate_wpm == 500
        assert said[-1] == "Anne : Je parle plus vite : cinq cents mots par minute."
        console.perform(table.session.handle(Heard("plus vite")), 0)
        assert console.speaker.rate_wpm == 500
        assert said[-1] == "Anne : Je ne peux pas aller plus vite : c'est déjà le plus rapide."
    finally:
        console.speaker.close()


def test_a_new_game_is_set_up_by_questions_and_an_early_end_creates_nothing(
    tmp_path: Path,
) -> None:
    env = dict(_env(tmp_path), PULSE_SERVER=f"unix:{tmp_path / 'no-such-socket'}")
    answers = "peut-être\nnon, c'est toi qui distribues\non est trois\nAnne\nmoi c'est Paul\nLéa\n"
    answers += "c'est à qui ?\n"
    done = subprocess.run([sys.executable, "-m", "ludivox.cli"], input=answers,
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # no sound device: said once, then every question is written in order
    assert out.index("je réponds par écrit") < out.index("vraies cartes")
    assert "Dis « oui » si les cartes sont sur la table" in out  # why it is asked again
    assert out.index("Combien de joueurs") < out.index("joueur trois")
    assert "C'est noté : Paul." in out
    assert "C'est à Anne de jouer" in out or "À toi, Anne" in out
    saves = list((tmp_path / "data" / "saves").glob("*.jsonl"))
    assert len(saves) == 1
    # the input ends during the questions: no game, no save, a clean exit
    again = subprocess.run([sys.executable, "-m", "ludivox.cli", "play", "kingsbridge",
                            "--players", "2", "--seed", "1"], input="", capture_output=True,
                           text=True, env=env, timeout=60)
    assert again.returncode == 0
    fresh = tmp_path / "fresh"
    ended = subprocess.run([sys.executable, "-m", "ludivox.cli"], input="non\n",
                           capture_output=True, text=True,
                           env=dict(env, LUDIVOX_DATA_DIR=str(fresh)), timeout=60)
    assert ended.returncode == 0
    assert not list(fresh.glob("saves/*.jsonl"))


def _interactive(tmp_path: Path, *args: str, stdin: str) -> str:
    """Interactive play with no sound device: what the terminal shows (stdout and stderr)."""
    env = dict(_env(tmp_path), PULSE_SERVER=f"unix:{tmp_path / 'no-such-socket'}")
    done = subprocess.run([sys.executable, "-m", "ludivox.cli", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


def test_one_loudspeaker_says_a_hand_only_to_the_player_who_asks(tmp_path: Path) -> None:
    out = _interactive(tmp_path, "play", "kingsbridge", "--players", "2", "--seed", "3",
                       "--names", "Anne,Paul", stdin="qu'est-ce que j'ai en main ?\nj'ai fini\n")
    assert "À toi, Anne." in out
    assert out.count("Anne : Tu as en main") == 1  # after her question, not at the deal
    assert "Paul : Tu as en main" not in out and "Tu as pioché" not in out
    assert "WARNING" not in out and "Traceback" not in out  # developer logs go to the log file
    assert (tmp_path / "data" / "ludivox.log").read_text(encoding="utf-8")


def test_a_single_player_hears_their_hand_without_asking(tmp_path: Path) -> None:
    out = _interactive(tmp_path, "play", "kingsbridge", "--players", "1", "--seed", "3",
                       stdin="")
    assert "Tu as en main" in out


def test_plus_vite_steps_from_the_rate_given_on_the_command_line(tmp_path: Path) -> None:
    out = _interactive(tmp_path, "play", "kingsbridge", "--players", "2", "--seed", "3",
                       "--names", "Anne,Paul", "--text", "--listen", "off", "--rate", "400",
                       stdin="plus vite\n")
    assert "Anne : Je parle plus vite : quatre cent cinquante mots par minute." in out
    stored = json.loads((tmp_path / "data" / "settings.json").read_text(encoding="utf-8"))
    assert stored["anne"]["rate_wpm"] == 450
    # the other player got the command line's voice too (the same loudspeaker)
    assert stored["paul"]["rate_wpm"] == 400
    assert stored["paul"]["listen"] == "off"


def test_a_rate_out_of_range_is_a_clear_error_and_stores_nothing(tmp_path: Path) -> None:
    done = ludivox(tmp_path, "play", "kingsbridge", "--players", "2", "--text", "--rate", "900")
    assert done.returncode == 2
    assert "--rate : choisis une vitesse de 80 à 500 mots par minute" in done.stderr
    assert not (tmp_path / "data" / "settings.json").exists()
    assert not list((tmp_path / "data").glob("saves/*"))  # no game was started


def test_script_mode_names_a_model_folder_vosk_cannot_use(tmp_path: Path) -> None:
    folder = tmp_path / "modele"
    folder.mkdir()
    done = ludivox(tmp_path, "play", "kingsbridge", "--players", "2", "--script", "-",
                   "--model", str(folder), stdin="@state\n")
    assert done.returncode == 2
    assert f"Le dossier {folder}, donné comme modèle" in done.stdout
    assert "n'est pas un modèle Vosk" in done.stdout
    assert "Traceback" not in done.stderr
