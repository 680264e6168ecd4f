"""Script mode for testers: utterances from a text file, answers as plain lines.

Input, one item per line (UTF-8)::

    # a comment                 ignored, as are blank lines
    je pose le sept sur la trois  said by the player whose turn it is
    @as 2                       the next utterance or scan is by seat 2 (from 1) ...
    @as Paul                    ... or by the player with that name (case-insensitive)
    @scan ludivox:kingsbridge/event/7    an NFC scan (by the current or @as player)
    @wav recordings/sept.wav    recorded speech, replayed through the speech recognizer
                                (needs --model): what it heard is then handled as said
    @set confirm=never          players' settings (ludivox.table.settings: rate_wpm, volume,
                                verbosity, confirm, scan_check, listen, headphones), for
                                every player, or for the @as player just named; nothing said
    @state                      print the state

Script mode keeps settings in memory only (unless the session was given a store): by default
every player has the default settings, so moves that cannot be taken back are confirmed
("oui" in the script answers), as at a real table.

Output, one line per item, flushed at once::

    SAY <channel> <text>        channel: "table" or "seat:<n>" (n from 1)
    STATE <json>                the state JSON on one line
    HEARD <text>                what the recognizer heard in a @wav recording
    ERROR line <n>: <message>   a malformed directive (the script goes on)

A ``quit`` utterance ends the script early. Earcons and phrase lists are not printed.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TextIO

from ludivox.digits import small_int
from ludivox.shell.wav_replay import WavListener
from ludivox.table.io import Heard, Input, Output, Quit, Say, SetPhrases, TagSeen
from ludivox.table.session import Session
from ludivox.table.settings import PlayerSettings
from ludivox.voice.audio import WavFormatError


@dataclass
class ScriptResult:
    """How a script run ended."""

    lines: int = 0
    errors: int = 0
    quit: bool = False


def format_output(output: Output) -> str | None:
    """The printed line for an output (None for outputs that are not printed)."""
    if isinstance(output, Say):
        return f"SAY {output.channel} {' '.join(output.text.split())}"
    return None


def state_line(session: Session) -> str:
    """``STATE <json>`` for the session's current state."""
    data = session.binding.state_json(session.state)
    return "STATE " + json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def resolve_seat(session: Session, who: str) -> int:
    """A 0-based seat from a 1-based number or a player's name; raises ValueError."""
    who = who.strip()
    count = len(session.players)
    if who.isdecimal():
        n = small_int(who) or 0
        if not 1 <= n <= count:
            raise ValueError(f"@as {who} : les places vont de 1 à {count}")
        return n - 1
    matches = [i for i, name in enumerate(session.players) if name.casefold() == who.casefold()]
    if len(matches) == 1:
        return matches[0]
    names = ", ".join(session.players)
    if not who:
        raise ValueError(f"@as attend un numéro de place (1 à {count}) ou un prénom ({names})")
    raise ValueError(f"@as {who} : aucun joueur de ce nom (joueurs : {names})")


def emit(outputs: Iterable[Output], out: TextIO, listener: WavListener | None = None) -> bool:
    """Print outputs (phrase lists go to the listener); True if one of them ends the session."""
    ended = False
    for output in outputs:
        text = format_output(output)
        if text is not None:
            out.write(text + "\n")
        if isinstance(output, SetPhrases) and listener is not None:
            listener.set_phrases(output.phrases)
        if isinstance(output, Quit):
            ended = True
    out.flush()
    return ended


def run_script(
    session: Session, lines: Iterable[str], out: TextIO, listener: WavListener | None = None
) -> ScriptResult:
    """Feed each script line to the session and print what it says (see module docstring)."""
    result = ScriptResult()
    seat: int | None = None
    for number, raw in enumerate(lines, start=1):
        result.lines = number
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        inp: Input | None = None
        if line.startswith("@"):
            directive, _, arg = line.partition(" ")
            arg = arg.strip()
            if directive == "@state" and not arg:
                out.write(state_line(session) + "\n")
                out.flush()
                continue
            if directive == "@as":
                try:
                    seat = resolve_seat(session, arg)
                except ValueError as exc:
                    _error(out, number, str(exc), result)
                continue
            if directive == "@set":
                try:
                    _set(session, arg, seat)
                except ValueError as exc:
                    _error(out, number, str(exc), result)
                seat = None
                continue
            if directive == "@scan":
                if not arg:
                    _error(out, number, "@scan attend le contenu d'une puce (ludivox:...)", result)
                    continue
                inp = TagSeen(arg, seat=seat)
            elif directive == "@wav":
                heard = _hear(listener, arg, seat, out, number, result)
                if heard is None:
                    continue
                inp = heard
            else:
                _error(
                    out, number,
                    f"directive inconnue {directive!r} (connues : @as, @scan, @wav, @set, @state)",
                    result,
                )
                continue
        else:
            inp = Heard(line, seat=seat)
        seat = None
        if emit(session.handle(inp), out, listener):
            result.quit = True
            break
    return result


_SETTING_TYPES = {f.name: f.type for f in fields(PlayerSettings)}
_KIND_NAMES = {"int": "un nombre entier", "float": "un nombre", "bool": "true ou false",
               "str": "un texte"}


def _set(session: Session, arg: str, seat: int | None) -> None:
    """``@set field=value ...``: change settings of one player (``seat``) or of everyone."""
    changes: dict[str, object] = {}
    for item in arg.split():
        name, eq, raw = item.partition("=")
        if not eq or name not in _SETTING_TYPES:
            known = ", ".join(_SETTING_TYPES)
            raise ValueError(f"@set {item} : champ=valeur attendu, champs : {known}")
        kind = str(_SETTING_TYPES[name])
        value: object = raw
        try:
            if kind == "int":
                value = int(raw)
            elif kind == "float":
                value = float(raw)
            elif kind == "bool":
                if raw.lower() not in ("true", "false"):
                    raise ValueError(raw)
                value = raw.lower() == "true"
        except ValueError:
            expected = _KIND_NAMES.get(kind, kind)
            raise ValueError(f"@set {item} : {raw!r} n'est pas {expected}") from None
        changes[name] = value
    if not changes:
        raise ValueError("@set attend champ=valeur (par exemple @set confirm=never)")
    seats = [seat] if seat is not None else range(len(session.players))
    for s in seats:  # all checked before any is saved
        try:
            replace(session.prefs(s), **changes)  # type: ignore[arg-type]
        except ValueError:
            raise ValueError(f"@set {arg} : valeur refusée (voir les réglages dans le "
                             "README)") from None
    for s in seats:
        session.settings.update(session.players[s], **changes)


def _hear(
    listener: WavListener | None, arg: str, seat: int | None, out: TextIO, number: int,
    result: ScriptResult,
) -> Heard | None:
    """Recognise a ``@wav`` recording and print ``HEARD <text>``; None after an error line."""
    if listener is None:
        _error(out, number, "@wav demande un modèle de reconnaissance vocale (--model DOSSIER "
               "ou LUDIVOX_VOSK_MODEL)", result)
        return None
    if not arg:
        _error(out, number, "@wav attend un fichier WAV", result)
        return None
    try:
        heard = listener.hear(Path(arg), seat)
    except (OSError, WavFormatError) as exc:
        _error(out, number, f"@wav {arg} : fichier illisible ({_reason(exc)})", result)
        return None
    out.write(f"HEARD {heard.text}\n")
    return heard


def _reason(exc: Exception) -> str:
    """An OS error's reason in French where Python has it, else the error's class."""
    if isinstance(exc, FileNotFoundError):
        return "introuvable"
    if isinstance(exc, PermissionError):
        return "accès refusé"
    if isinstance(exc, WavFormatError):
        return "ce n'est pas un WAV PCM lisible"
    return type(exc).__name__


def read_script(path: Path) -> list[str]:
    """The lines of a script file, decoded: UTF-8 (a byte-order mark is dropped) or UTF-16
    with its byte-order mark. Raises :class:`ScriptFileError` with a French message for a
    file that cannot be read or is in another encoding (nothing is guessed)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ScriptFileError(f"impossible de lire {path} ({_reason(exc)})") from exc
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ScriptFileError(
            f"{path} n'est pas en UTF-8 (octet illisible ligne {line}) : enregistre le fichier "
            "en UTF-8 et relance") from None
    return text.splitlines()


class ScriptFileError(ValueError):
    """A script file that cannot be used; the message is French."""


def _error(out: TextIO, number: int, message: str, result: ScriptResult) -> None:
    result.errors += 1
    out.write(f"ERROR line {number}: {message}\n")
    out.flush()


__all__ = ["ScriptFileError", "ScriptResult", "emit", "format_output", "read_script",
           "resolve_seat", "run_script", "state_line"]
