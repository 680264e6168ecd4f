"""The ``ludivox`` command: play at the table, resume a game, or run a tester's script.

::

    ludivox                                  resume the unfinished game, or start a new one
    ludivox play kingsbridge [--players N] [--names A,B] [--mode virtual|table] [--seed S]
                             [--characters] [--variant standard|solo|coop]
                             [--computer 2,3] [--strength debutant|moyen|expert]
                             [--state FILE] [--script FILE|-] [--journal FILE] [--text]
    ludivox resume [FILE] [--script FILE|-] [--text]

Script mode (``--script``) prints ``SAY <channel> <text>`` / ``STATE <json>`` lines (see
:mod:`ludivox.table.script`); it uses no audio and writes a journal only with ``--journal``
(a resumed game goes on in its own journal). Interactive mode reads the keyboard, speaks the
answers (or writes them when there is no audio output) and always journals the game in the
data folder (``$LUDIVOX_DATA_DIR`` or the user data folder).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from ludivox.table import journal as journal_mod
from ludivox.table.games import GAMES
from ludivox.table.io import TABLE, Heard, Key, Output, Quit, Say, SpeechControl, channel_seat
from ludivox.table.journal import CorruptedSave, Header, Journal, Loaded
from ludivox.table.listening import WavListener
from ludivox.table.match import Match
from ludivox.table.script import emit, run_script
from ludivox.table.session import Session
from ludivox.voice.tts import DEFAULT_RATE_WPM, MAX_RATE_WPM, MIN_RATE_WPM

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
RATE_STEP = 50  # words per minute, for "plus vite" / "moins vite"
VOLUME_STEP = 0.2  # for "plus fort" / "moins fort", volume from MIN_VOLUME to 1.0
MIN_VOLUME = 0.2


class UsageError(Exception):
    """A bad option or input file: the message is shown to the user (French)."""


# --- argument parsing ---------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The command line (help texts in French: players read them)."""
    parser = argparse.ArgumentParser(
        prog="ludivox",
        description=(
            "Assistant de jeu de société pour personnes aveugles et malvoyantes. Sans "
            "commande : reprend la partie en cours, ou en commence une nouvelle."
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="commande")

    play = sub.add_parser("play", help="commencer une nouvelle partie",
                          description="Commencer une nouvelle partie.")
    play.add_argument("game", choices=GAMES, help="le jeu (kingsbridge, seven-kingdoms)")
    play.add_argument("--players", type=int, metavar="N",
                      help="nombre de joueurs (1 à 5)")
    play.add_argument("--names", metavar="A,B,C",
                      help="prénoms des joueurs, séparés par des virgules, dans l'ordre du tour")
    play.add_argument("--mode", choices=("virtual", "table"), default="virtual",
                      help="virtual : l'assistant distribue les cartes ; table : vraies cartes "
                           "sur la table (par défaut : virtual)")
    play.add_argument("--seed", type=int, metavar="S",
                      help="graine du mélange (partie virtuelle), pour rejouer la même donne")
    play.add_argument("--state", type=Path, metavar="FICHIER",
                      help="commencer à partir d'une position (fichier JSON)")
    play.add_argument("--computer", metavar="2,3",
                      help="joueurs tenus par l'ordinateur (numéros à partir de 1, séparés par "
                           "des virgules ; partie virtuelle seulement)")
    play.add_argument("--strength", default="expert", metavar="NIVEAU",
                      help="niveau des joueurs ordinateur : debutant, moyen (Kingsbridge) ou "
                           "expert (par défaut : expert)")
    play.add_argument("--characters", action="store_true",
                      help="Kingsbridge : partie complète, avec les cartes Personnage")
    play.add_argument("--variant", choices=("standard", "solo", "coop"), default="standard",
                      help="Kingsbridge : standard, solo (1 joueur) ou coop (2 à 5 joueurs) ; "
                           "solo et coop se jouent avec les personnages")
    play.add_argument("--layout", metavar="A,B,C,D",
                      help="Kingdom Builder : les 4 sections (haut gauche, haut droite, bas "
                           "gauche, bas droite ; ^ : retournée), ou « suggested » (première "
                           "partie) ; par défaut : tirées au hasard")
    play.add_argument("--cards", metavar="A,B,C",
                      help="Kingdom Builder : les 3 cartes objectif (ids : fishermen, knights...)")
    _common(play)

    resume = sub.add_parser("resume", help="reprendre une partie sauvegardée",
                            description="Reprendre une partie sauvegardée.")
    resume.add_argument("file", nargs="?", type=Path, metavar="FICHIER",
                        help="la sauvegarde à reprendre (par défaut : la dernière partie "
                             "non terminée)")
    _common(resume, journal=False)
    return parser


def _common(parser: argparse.ArgumentParser, journal: bool = True) -> None:
    parser.add_argument("--script", metavar="FICHIER",
                        help="mode testeur : lire les phrases dans ce fichier (« - » : l'entrée "
                             "standard) et écrire les réponses en lignes SAY/STATE")
    if journal:
        parser.add_argument("--journal", type=Path, metavar="FICHIER",
                            help="enregistrer la partie dans ce fichier (toujours fait hors "
                                 "mode testeur)")
    parser.add_argument("--text", action="store_true",
                        help="répondre par écrit au lieu de parler")
    parser.add_argument("--model", type=Path, metavar="DOSSIER",
                        default=_env_path("LUDIVOX_VOSK_MODEL"),
                        help="modèle de reconnaissance vocale Vosk (par défaut : la variable "
                             "LUDIVOX_VOSK_MODEL) ; en mode testeur, « @wav FICHIER » fait "
                             "entendre un enregistrement")
    parser.add_argument("--rate", type=int, metavar="MOTS",
                        help="vitesse de la voix en mots par minute (80 à 500)")


# --- building games -----------------------------------------------------------------------


def _grammar(game: str) -> Any:
    from ludivox.grammars import Grammar

    return Grammar.load(game.replace("-", "_"), "fr")


def _binding(game: str, players: Sequence[str]) -> Any:
    from ludivox.table.games import binding_for

    return binding_for(game, players)


def default_names(grammar: Any, count: int) -> list[str]:
    """"Joueur 1", "Joueur 2"... from the grammar's ``player_name`` response."""
    names = []
    for n in range(1, count + 1):
        has = grammar.has_response("player_name")
        name = grammar.say("player_name", number=str(n)) if has else ""  # digits: "Joueur 1"
        names.append(name[:1].upper() + name[1:] if name else str(n))
    return names


def _names(option: str | None, count: int, grammar: Any) -> list[str]:
    names = default_names(grammar, count)
    if option:
        given = [n.strip() for n in option.split(",")]
        if len(given) > count or any(not n for n in given):
            raise UsageError(
                f"--names : {len(given)} prénom(s) donné(s) pour {count} joueur(s), "
                "séparés par des virgules, sans prénom vide"
            )
        names[: len(given)] = given
    return names


def _read_state(path: Path, engine: Any) -> Any:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"--state : impossible de lire {path} ({exc.strerror})") from exc
    except ValueError as exc:
        raise UsageError(f"--state : {path} n'est pas du JSON valide ({exc})") from exc
    try:
        return engine.from_json(data)
    except (ValueError, TypeError, KeyError) as exc:
        raise UsageError(f"--state : position refusée : {exc}") from exc


def new_session(
    game: str,
    *,
    players: int | None,
    names: str | None,
    mode: str,
    seed: int | None,
    state_file: Path | None,
    journal_path: Path | None,
    setup: dict[str, str] | None = None,
    computers: str | None = None,
    strength: str = "expert",
    characters: bool = False,
    variant: str = "standard",
) -> Session:
    """A session for a new game (journaled to ``journal_path`` when given); ``setup``: the
    game's set-up options (Kingdom Builder's ``layout`` and ``cards``)."""
    grammar = _grammar(game)
    from ludivox.table.games import engine_for

    try:
        engine: Any = engine_for(game, **(setup or {}))
    except ValueError as exc:
        raise UsageError(f"--layout/--cards : {exc}") from exc
    options: dict[str, Any] = {"mode": mode}
    full: dict[str, Any] = {}
    if characters or variant != "standard":
        if game != "kingsbridge":
            raise UsageError("--characters/--variant : seulement pour kingsbridge")
        full = {"characters": True, "mode": variant}
        options.update(characters=True, variant=variant)
    if state_file is not None:
        state = _read_state(state_file, engine)
        seats = state.players  # a list of players, or (7 Kingdoms) their number
        count = seats if isinstance(seats, int) else len(seats)
        if players is not None and players != count:
            raise UsageError(f"--players {players} : la position a {count} joueur(s)")
        mode = state.mode
        options = {"mode": mode, "state_file": str(state_file)}
    else:
        count = players if players is not None else 2
        try:
            if mode == "table":
                state = engine.new_table_game(count, **full)
                seed = None
            else:
                seed = seed if seed is not None else secrets.randbelow(2**31)
                state = engine.new_virtual_game(count, seed, **full)
        except ValueError as exc:
            raise UsageError(f"--players : {exc}") from exc
    player_names = _names(names, count, grammar)
    binding = _binding(game, player_names)
    robots = _computers(game, engine, computers, strength, count, mode, seed)
    if robots:
        options["computers"] = sorted(s + 1 for s in robots)
        options["strength"] = strength
    journal = None
    if journal_path is not None:
        header = Header(
            game=game,
            mode=mode,
            players=player_names,
            initial_notation=engine.dumps(state),
            initial_state=engine.to_json(state),
            seed=seed,
            options=options,
        )
        try:
            journal = Journal.create(journal_path, header, engine)
        except FileExistsError as exc:
            raise UsageError(
                f"--journal : {journal_path} existe déjà ; une nouvelle partie n'écrase jamais "
                "une sauvegarde (reprends-la avec « ludivox resume »)"
            ) from exc
    return Session(binding, grammar, Match(engine, state), player_names, journal,
                   computers=robots)


def _computers(game: str, engine: Any, seats: str | None, strength: str, count: int,
               mode: str, seed: int | None) -> dict[int, Any]:
    """The computer players asked for with ``--computer 2,3`` (0-based seat -> player)."""
    if not seats:
        return {}
    if mode != "virtual":
        raise UsageError("--computer : l'ordinateur ne joue que dans une partie virtuelle")
    try:
        chosen = sorted({int(x) for x in seats.split(",")})
    except ValueError:
        raise UsageError(f"--computer {seats} : donne des numéros de joueurs séparés par des "
                         "virgules, par exemple 2,3") from None
    bad = [s for s in chosen if not 1 <= s <= count]
    if bad:
        raise UsageError(f"--computer : il n'y a pas de joueur {bad[0]} (de 1 à {count})")
    from ludivox.table.games import computer_for

    try:
        return {s - 1: computer_for(game, engine, strength, seed or 0) for s in chosen}
    except KeyError:
        raise UsageError(f"--computer : l'ordinateur ne sait pas encore jouer à {game}") from None
    except ValueError as exc:
        raise UsageError(f"--strength : {exc}") from exc


def resumed_session(loaded: Loaded) -> Session:
    """A session going on from a replayed journal, appending to it."""
    header = loaded.header
    grammar = _grammar(header.game)
    binding = _binding(header.game, header.players)
    saved = (header.options or {}).get("computers") or []
    robots = _computers(header.game, loaded.match.engine, ",".join(map(str, saved)),
                        str(header.options.get("strength", "expert")), len(header.players),
                        header.mode, header.seed)
    return Session(binding, grammar, loaded.match, header.players, loaded.reopen(),
                   computers=robots)


CORRUPTED_MARK = ".corrupted"


def _mark_corrupted(path: Path) -> None:
    """Remember that a save is corrupted (beside it; the save itself is never touched)."""
    with contextlib.suppress(OSError):
        path.with_name(path.name + CORRUPTED_MARK).touch()


def find_unfinished() -> Path | None:
    """The newest save whose game is not over (a corrupted one is reported once)."""
    for path in journal_mod.list_saves():
        if path.with_name(path.name + CORRUPTED_MARK).exists():
            continue
        try:
            loaded = journal_mod.load(path)
        except CorruptedSave:
            return path
        if not loaded.match.engine.awaiting(loaded.match.state).game_over:
            return path
    return None


# --- running --------------------------------------------------------------------------------


def _script_lines(source: str) -> Iterator[str]:
    if source == "-":
        while True:
            line = sys.stdin.readline()
            if not line:
                return
            yield line
    else:
        with open(source, encoding="utf-8") as f:
            yield from f


def run_script_mode(session: Session, source: str, out: TextIO,
                    opening: Sequence[Output] | None = None, model: Path | None = None) -> int:
    """Script mode: opening lines, then each script line; exit code 0 at the end."""
    listener = _listener(session, model) if model is not None else None
    try:
        lines: Iterable[str] = _script_lines(source)
        emit(opening if opening is not None else session.start(), out, listener)
        if listener is not None:
            listener.set_phrases(session.phrases_now())
        run_script(session, lines, out, listener)
    except OSError as exc:
        raise UsageError(f"--script : impossible de lire {source} ({exc.strerror})") from exc
    finally:
        session.close()
    return EXIT_OK


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name, "").strip()
    return Path(value) if value else None


def _listener(session: Session, model: Path) -> WavListener:
    """Load the speech model for ``@wav`` lines; report grammar words the model lacks.

    Vosk silently drops phrase-list words missing from its vocabulary, so they are listed on
    stderr at load time; the phrase lists then keep only words the model knows.
    """
    from ludivox.table.listening import open_listener
    from ludivox.voice.recognizer import ModelLoadError, ModelNotFound

    grammar = session.grammar
    try:
        listener, known = open_listener(model)
    except ModelNotFound as exc:
        print(grammar.say("no_speech_model", lang="fr"), flush=True)
        raise UsageError(f"--model : {exc}") from exc
    except ModelLoadError as exc:
        print(grammar.say("speech_model_broken"), flush=True)
        raise UsageError(f"--model : {exc}") from exc
    session.known_word = known
    missing = sorted(w for w in grammar.vocabulary() if not known(w))
    if missing:
        shown = ", ".join(missing[:12]) + (" ..." if len(missing) > 12 else "")
        print(f"ludivox : le modèle {model} ne connaît pas {len(missing)} mot(s) de la "
              f"grammaire, ignorés par la reconnaissance : {shown}", file=sys.stderr)
    return listener


def _render(output: Output, session: Session) -> str | None:
    """What the console says for an output (private lines are prefixed by the name)."""
    if not isinstance(output, Say):
        return None
    seat = channel_seat(output.channel)
    if output.channel == TABLE or seat is None:
        return output.text
    return f"{session.players[seat]} : {output.text}"


class Console:
    """Interactive play: keyboard in, speech (or text) out.

    The speaker is opened first, so the set-up questions are spoken too; a game's session is
    attached by :meth:`run`.
    """

    def __init__(self, grammar: Any, text_only: bool, rate: int | None,
                 out: TextIO | None = None) -> None:
        from ludivox.voice.speaker import TextSpeaker, open_speaker

        self.grammar = grammar
        self.session: Session | None = None
        self.out = out or sys.stdout
        self._failed = threading.Lock()
        notice: str | None = None
        if text_only:
            self.speaker: Any = TextSpeaker(self.out)
        else:
            opened = open_speaker(
                text_stream=self.out,
                rate_wpm=rate or DEFAULT_RATE_WPM,
                on_error=self._speech_failed,
            )
            self.speaker = opened.speaker
            if opened.fallback_key is not None:
                notice = grammar.say(opened.fallback_key)
        if rate and text_only:
            self.speaker.set_rate(rate)
        if notice is not None:
            self.speaker.say(notice)  # once, before anything else
        self._reader: Any = None

    @property
    def reader(self) -> Any:
        """The keyboard (opened on first use); the first key cuts the speech off."""
        from ludivox.table.console import LineReader

        if self._reader is None:
            self._reader = LineReader(sys.stdin, self.out, on_key=self._cut)
        return self._reader

    def _cut(self) -> None:
        """A key was pressed: stop talking at once."""
        self.speaker.stop()

    def ask(self, text: str) -> str | None:
        """Say ``text`` and read the answer (None at the end of input)."""
        self.speaker.say(text)
        answer: str | None = self.reader.read_line("> " if self.reader.is_tty else "")
        return answer

    def _speech_failed(self, failure: Any) -> None:
        """The audio device failed mid-game: write from now on, and lose no sentence.

        Called on the speaker's worker thread; the first failure switches to text and says
        so once, and every sentence that was not heard is written.
        """
        from ludivox.voice.speaker import TextSpeaker

        with self._failed:
            if not isinstance(self.speaker, TextSpeaker):
                broken = self.speaker
                self.speaker = TextSpeaker(self.out)
                self.speaker.say(self.grammar.say("audio_failed"))
                threading.Thread(target=broken.close, daemon=True).start()
            self.speaker.say(failure.text)

    def perform(self, outputs: Sequence[Output]) -> bool:
        """Speak the outputs; True when the session is over."""
        assert self.session is not None, "perform() needs a session: call run()"
        done = False
        for output in outputs:
            text = _render(output, self.session)
            if text is not None:
                self.speaker.say(text)
            elif isinstance(output, Quit):
                done = True
            elif isinstance(output, SpeechControl):
                self._control(output.command)
        return done

    def _control(self, command: str) -> None:
        """Apply "chut", "plus vite"...; say what was done, or that it cannot go further."""
        if command == "stop":
            self.speaker.stop()
            return
        key = f"voice.{command}"
        if command in ("faster", "slower"):
            wpm = RATE_STEP if command == "faster" else -RATE_STEP
            rate = min(MAX_RATE_WPM, max(MIN_RATE_WPM, self.speaker.rate_wpm + wpm))
            if rate == self.speaker.rate_wpm:
                key = "voice.limit"
            self.speaker.set_rate(rate)
        elif command in ("louder", "quieter"):
            gain = VOLUME_STEP if command == "louder" else -VOLUME_STEP
            volume = min(1.0, max(MIN_VOLUME, round(self.speaker.volume + gain, 2)))
            if volume == self.speaker.volume:
                key = "voice.limit"
            self.speaker.set_volume(volume)
        self.speaker.say(self.grammar.say(key))

    def run(self, session: Session, opening: Sequence[Output]) -> int:
        """The keyboard loop for ``session``, until quit or end of input."""
        self.session = session
        try:
            if self.perform(opening):
                return EXIT_OK
            while True:
                line = self.reader.read_line("> " if self.reader.is_tty else "")
                if line is None:
                    self.perform(session.handle(Key("quit_now")))
                    break
                if not line.strip():
                    continue
                if self.perform(session.handle(Heard(line))):
                    break
        except KeyboardInterrupt:
            pass
        finally:
            self.close()
            session.close()
        return EXIT_OK

    def close(self) -> None:
        """Let the last sentence finish, then release the audio device."""
        self.speaker.wait_idle(10)
        self.speaker.close()


def _interactive_new(game: str, console: Console) -> Session | None:
    """Ask, by voice and keyboard: real cards or not, how many players, their names.

    None when the input ends before the answers (nothing is created).
    """
    grammar = console.grammar

    class _Ended(Exception):
        pass

    def ask(key: str, **params: Any) -> str:
        answer = console.ask(grammar.say(key, **params))
        if answer is None:
            raise _Ended
        return answer

    try:
        table = False
        answer = ask("ask_table_mode")
        while True:
            names_heard = [i.name for i in grammar.understand(answer)]
            if names_heard[:1] in (["yes"], ["no"]):
                table = names_heard[0] == "yes"
                break
            console.speaker.say(grammar.say("yes_no_expected"))
            answer = ask("ask_table_mode")
        count = 0
        while not 1 <= count <= 5:
            count = _parse_count(ask("ask_player_count"), grammar)
        names = default_names(grammar, count)
        for i in range(count):
            answer = ask("ask_player_name", number=i + 1).strip()
            if answer:
                names[i] = answer.replace(",", " ")
    except _Ended:
        return None
    path = journal_mod.new_save_path(game)
    return new_session(game, players=count, names=",".join(names),
                       mode="table" if table else "virtual", seed=None, state_file=None,
                       journal_path=path)


def _parse_count(answer: str, grammar: Any) -> int:
    text = answer.strip()
    if text.isdigit():
        return int(text)
    for intent in grammar.understand(text):
        values = intent.numbers("number") if hasattr(intent, "numbers") else ()
        if values:
            return int(values[0])
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ludivox`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _dispatch(args)
    except UsageError as exc:
        if str(exc):
            print(f"ludivox : {exc}", file=sys.stderr)
        return EXIT_USAGE


def _dispatch(args: argparse.Namespace) -> int:
    command = args.command
    if command == "play":
        journal_path = args.journal
        if args.script is None and journal_path is None:
            journal_path = journal_mod.new_save_path(args.game)
        session = new_session(
            args.game, players=args.players, names=args.names, mode=args.mode, seed=args.seed,
            state_file=args.state, journal_path=journal_path,
            setup={k: v for k in ("layout", "cards") if (v := getattr(args, k, None))},
            computers=args.computer, strength=args.strength,
            characters=args.characters, variant=args.variant,
        )
        if args.script is not None:
            return run_script_mode(session, args.script, sys.stdout, model=args.model)
        console = Console(session.grammar, args.text, args.rate)
        return console.run(session, session.start())
    if command == "resume":
        path = args.file or find_unfinished()
        if path is None:
            return _say_and_exit("resume.none", EXIT_ERROR)
        if not path.exists():
            raise UsageError(f"{path} : fichier introuvable")
        return _resume(path, args.script, args.text, args.rate, model=args.model)
    # no command: resume the unfinished game, else a new one
    path = find_unfinished()
    if path is not None:
        code = _resume(path, None, False, None, fall_back=True)
        if code != EXIT_ERROR:
            return code
    console = Console(_grammar("kingsbridge"), False, None)
    new = _interactive_new("kingsbridge", console)
    if new is None:
        console.close()
        return EXIT_OK
    return console.run(new, new.start())


def _resume(path: Path, script: str | None, text_only: bool, rate: int | None,
            fall_back: bool = False, model: Path | None = None) -> int:
    try:
        loaded = journal_mod.load(path)
    except CorruptedSave as exc:
        grammar = _grammar("kingsbridge")
        print(grammar.say(exc.key, **exc.params), flush=True)
        print(f"ludivox: {exc}", file=sys.stderr)
        if fall_back:
            _mark_corrupted(path)
        return EXIT_ERROR
    session = resumed_session(loaded)
    opening = session.start(resumed=True, torn=loaded.torn,
                            after_crash=loaded.moves > 0 and not loaded.quit_last,
                            moves=loaded.moves)
    if script is not None:
        return run_script_mode(session, script, sys.stdout, opening, model=model)
    return Console(session.grammar, text_only, rate).run(session, opening)


def _say_and_exit(key: str, code: int) -> int:
    grammar = _grammar("kingsbridge")
    print(grammar.say(key))
    return code


if __name__ == "__main__":
    sys.exit(main())
