"""``ludivox nfc``: tag a deck's cards, tell what a tag holds, register a chip by its UID.

::

    ludivox nfc write kingsbridge [--reader PATH] [--text] [--restart] [--only 7,aldred]
    ludivox nfc read [--reader PATH] [--once] [--text]
    ludivox nfc register UID PAYLOAD

``--reader`` (or its old name ``--device``): ``usb``, ``usb:VID:PID``, ``tty:USB0:pn532``,
``udp:localhost:PORT`` (the test emulator); by default the first reader found. Sentences are
spoken (``--text``: written only) and always written too, for screen readers. See
:mod:`ludivox.shell.tagging` for the keys.
"""

from __future__ import annotations

import argparse
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

from ludivox.bindings.decks import (
    DECK_NAMES,
    Deck,
    DeckCard,
    UnknownDeck,
    UnknownSelection,
    deck_for_game,
    get_deck,
)
from ludivox.clifrench import whole_number
from ludivox.grammars import Grammar
from ludivox.nfc.payload import TagPayload, parse_payload
from ludivox.nfc.registry import UidRegistry, normalize_uid
from ludivox.nfc.tagformat import CHIPS

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
STOP_WORDS = ("q", "stop", "quitte", "arrête")


class Voice:
    """Says grammar sentences aloud (or writes them) and always writes them on ``out``."""

    def __init__(self, grammar: Grammar, out: TextIO, *, text_only: bool,
                 rate: int | None = None) -> None:
        from ludivox.voice.speaker import TextSpeaker, open_speaker
        from ludivox.voice.tts import DEFAULT_RATE_WPM

        self.grammar = grammar
        self.out = out
        self._lock = threading.Lock()
        notice: str | None = None
        if text_only:
            self.speaker: Any = TextSpeaker(out)
            self.echo = False
        else:
            opened = open_speaker(text_stream=out, rate_wpm=rate or DEFAULT_RATE_WPM)
            self.speaker = opened.speaker
            self.echo = not isinstance(self.speaker, TextSpeaker)
            if opened.fallback_key is not None:
                notice = grammar.say(opened.fallback_key)
        if rate and text_only:
            self.speaker.set_rate(rate)
        if notice is not None:
            self.speaker.say(notice)

    def render(self, key: str, **params: Any) -> str:
        """The sentence ``key`` (``capitalize=False``: a piece of another sentence)."""
        capitalize = bool(params.pop("capitalize", True))
        return self.grammar.say(key, capitalize=capitalize, **params)

    def say(self, key: str, **params: Any) -> None:
        """Speak (and write) the sentence ``key``."""
        self.line(self.grammar.say(key, **params))

    def line(self, text: str) -> None:
        """Speak (and write) ``text``."""
        with self._lock:
            if self.echo:
                self.write(text)
            self.speaker.say(text)

    def earcon(self, name: str) -> None:
        """A short tone (nothing is written for it)."""
        self.speaker.earcon(name)

    def write(self, text: str) -> None:
        """Write ``text`` only (lists not worth hearing: UIDs)."""
        self.out.write(text + "\n")
        self.out.flush()

    def close(self) -> None:
        """Let the last sentence finish, then release the audio device."""
        self.speaker.wait_idle(30)
        self.speaker.close()


def describer(deck: Deck, grammar: Grammar) -> Callable[[DeckCard, str], str]:
    """``describe(card, article)``: the card's name as a piece of sentence ("un sept",
    "le sept", "au sept", "la carte Aldred"); article ``a``, ``the`` or ``to``."""

    def describe(card: DeckCard, article: str) -> str:
        return grammar.say("tagging.card", capitalize=False, **_name_params(card, grammar),
                           article=article)

    return describe


def text_recorder(grammar: Grammar) -> Callable[[DeckCard], str]:
    """The spoken name written in the tag's Text record ("sept", "Aldred")."""

    def text(card: DeckCard) -> str:
        return grammar.say("tagging.text", capitalize=False, **_name_params(card, grammar))

    return text


def _name_params(card: DeckCard, grammar: Grammar) -> dict[str, Any]:
    value = card.payload.value
    name_key = f"{card.payload.kind}.{value}"
    name = grammar.say(name_key, capitalize=False) if grammar.has_response(name_key) else value
    number = int(value) if value.isdecimal() else 0
    return {"kind": card.payload.kind, "number": number, "name": name}


# --------------------------------------------------------------------------- write


def _write(args: argparse.Namespace) -> int:
    from ludivox.shell import tagging

    out: TextIO = sys.stdout
    common = Grammar.load("common")
    try:
        deck = get_deck(args.deck)
    except UnknownDeck as exc:
        print(common.say("tagging.unknown_deck", deck=args.deck, decks=list(exc.decks)),
              file=out)
        return EXIT_USAGE
    try:
        selection = tagging.select_cards(deck, args.only or [])
    except UnknownSelection as exc:
        print(common.say("tagging.unknown_only", word=exc.word), file=out)
        return EXIT_USAGE
    good, device = _device(args.device, common, out)
    if not good or not _rate_ok(args.rate, common, out):
        return EXIT_USAGE
    path = tagging.progress_path(deck)
    if args.restart:
        tagging.restart(path)
    try:
        progress = tagging.Progress.load(deck, path)
    except tagging.ProgressError as exc:
        key = "tagging.progress_other_deck" if exc.problem == "other_deck" else \
            "tagging.progress_broken"
        print(common.say(key, path=str(exc.path)), file=out)
        return EXIT_ERROR
    grammar = Grammar.load(deck.grammar)
    voice = Voice(grammar, out, text_only=args.text, rate=args.rate)
    from ludivox.nfc.writer import TagWriter

    writer = TagWriter(device)
    if not writer.open():  # said before any card is asked for
        voice.say("tagging.no_reader", device=device or "auto")
        voice.close()
        return EXIT_ERROR
    keys: TextIO | None = sys.stdin
    session = tagging.TaggingSession(
        progress, selection, writer, voice, keys,
        describe=describer(deck, grammar), text_record=text_recorder(grammar),
        understand=_understander(grammar), registry=UidRegistry.default(),
        overwrite=bool(args.restart), device=device or "",
    )
    try:
        report = session.run()
    finally:
        writer.close()
        voice.close()
    return EXIT_ERROR if report.reader_failed or report.save_failed else EXIT_OK


def _rate_ok(rate: int | None, grammar: Grammar, out: TextIO) -> bool:
    """Whether ``--rate`` is usable; says the range when it is not."""
    from ludivox.voice.tts import MAX_RATE_WPM, MIN_RATE_WPM

    if rate is None or MIN_RATE_WPM <= rate <= MAX_RATE_WPM:
        return True
    print(grammar.say("nfc.bad_rate", rate=rate, low=MIN_RATE_WPM, high=MAX_RATE_WPM), file=out)
    return False


def _understander(grammar: Grammar) -> Callable[[str], str | None]:
    """Typed words understood with the shared intents (oui, non, répète, stop...)."""

    def understand(text: str) -> str | None:
        found = grammar.understand(text, intents=("yes", "no", "stop", "quit", "repeat", "help"))
        return found[0].name if found else None

    return understand


def _device(raw: str | None, grammar: Grammar, out: TextIO) -> tuple[bool, str | None]:
    """(True, the reader path or None for auto), or (False, None) after saying it is not a
    reader path."""
    if raw is None or raw == "auto":
        return True, None
    from ludivox.nfc.reader import check_path

    try:
        return True, check_path(raw)
    except ValueError:
        print(grammar.say("nfc.bad_device", device=raw), file=out)
        return False, None


# --------------------------------------------------------------------------- read


def _read(args: argparse.Namespace) -> int:
    from ludivox.nfc.reader import ReaderLost, ReaderService, TagRead

    out: TextIO = sys.stdout
    common = Grammar.load("common")
    good, device = _device(args.device, common, out)
    if not good or not _rate_ok(args.rate, common, out):
        return EXIT_USAGE
    voice = Voice(common, out, text_only=args.text, rate=args.rate)
    events: queue.Queue[object] = queue.Queue()
    service = ReaderService(device, events.put)
    registry = UidRegistry.default()
    threading.Thread(target=_read_stop_keys, args=(sys.stdin, events), daemon=True,
                     name="nfc-read-keys").start()
    code = EXIT_OK
    service.start()
    if service.wait_open():  # no reader: its ReaderLost is said below, and no invitation
        voice.say("read.waiting")
    try:
        while True:
            try:
                event = events.get(timeout=0.2)
            except queue.Empty:
                continue
            if isinstance(event, ReaderLost):
                voice.say("tagging.no_reader", device=event.path)
                code = EXIT_ERROR
                break
            if event == "stop":
                break
            if isinstance(event, TagRead):
                for line in describe_read(event, registry):
                    voice.line(line)
                if args.once:
                    break
    except KeyboardInterrupt:
        pass
    finally:
        service.close()
        voice.close()
    return code


def _read_stop_keys(stream: TextIO, events: queue.Queue[object]) -> None:
    """``q`` stops ``nfc read`` (the end of input does not: ``--once`` still waits for a
    tag, and Ctrl-C always stops)."""
    while True:
        try:
            line = stream.readline()
        except (OSError, ValueError):
            return
        if not line:
            return
        if line.strip().lower() in STOP_WORDS:
            events.put("stop")
            return


def describe_read(read: Any, registry: UidRegistry | None) -> list[str]:
    """What ``ludivox nfc read`` says about a :class:`ludivox.nfc.reader.TagRead`."""
    common = Grammar.load("common")
    lines: list[str] = []
    payload = read.payload
    if payload is None and read.problem in ("blank", "unknown") and registry is not None:
        registered = registry.lookup(read.uid)
        if registered is not None:
            lines.append(common.say("read.registered", card=_card_words(registered, read.uid)))
            payload = ""
    if payload:
        parsed = parse_payload(payload)
        deck = deck_for_game(parsed.game) if isinstance(parsed, TagPayload) else None
        if deck is None:
            lines.append(common.say("read.wrong_deck", uri=payload))
        elif not isinstance(parsed, TagPayload) or not deck.for_payload(parsed):
            lines.append(common.say("read.unknown_card", uri=payload))
        else:
            lines.append(common.say("read.card", card=_card_words(payload, read.uid),
                                    uri=payload))
    elif payload is None:
        problem = read.problem or "unknown"
        if problem == "blank":
            lines.append(common.say("read.blank"))
        elif problem in ("malformed", "truncated", "bad_payload"):
            lines.append(common.say("read.malformed"))
        elif problem in ("not_ludivox", "no_uri"):
            lines.append(common.say("read.not_ludivox", text=read.text or ""))
        elif problem == "read_error":
            lines.append(common.say("read.removed"))
        else:
            lines.append(common.say("read.unknown_uid"))
    chip = CHIPS.get(str(read.product).removeprefix("NXP "))
    lines.append(common.say("read.details", uid=read.uid or "?",
                            tag_type=read.product or read.tag_type,
                            capacity=chip.capacity if chip else 0))
    return lines


def _card_words(uri: str, uid: str) -> str:
    """A payload's card as said ("le sept, exemplaire trois" when this chip's copy is known
    from the deck's tagging progress)."""
    from ludivox.shell import tagging

    parsed = parse_payload(uri)
    deck = deck_for_game(parsed.game) if isinstance(parsed, TagPayload) else None
    if deck is None or not isinstance(parsed, TagPayload):
        return uri
    cards = deck.for_payload(parsed)
    if not cards:
        return uri
    grammar = Grammar.load(deck.grammar)
    card = cards[0]
    copy_known = False
    try:
        progress = tagging.Progress.load(deck, tagging.progress_path(deck))
        owner = progress.owner(normalize_uid(uid)) if uid else None
        if owner is not None and owner.uri == card.uri:
            card, copy_known = owner, True
    except tagging.ProgressError:
        pass
    words = describer(deck, grammar)(card, "the")
    if not copy_known or card.copies == 1:
        return words
    return grammar.say("tagging.card_copy", card=words, copy=card.copy, copies=card.copies,
                       capitalize=False)


# --------------------------------------------------------------------------- register


def _register(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    common = Grammar.load("common")
    uid = normalize_uid(args.uid)
    if not uid or any(c not in "0123456789ABCDEF" for c in uid) or not 8 <= len(uid) <= 20:
        print(common.say("register.bad_uid", uid=args.uid), file=out)
        return EXIT_USAGE
    parsed = parse_payload(args.payload)
    if not isinstance(parsed, TagPayload):
        print(common.say("register.bad_payload", payload=args.payload), file=out)
        return EXIT_USAGE
    deck = deck_for_game(parsed.game)
    cards = deck.for_payload(parsed) if deck is not None else ()
    if not cards:  # a well-formed payload naming no card of any deck
        print(common.say("register.unknown_card", payload=args.payload,
                         forms=card_forms(common)), file=out)
        return EXIT_USAGE
    registry = UidRegistry.default()
    previous = registry.lookup(uid)
    try:
        stored = registry.register(uid, cards[0].uri)
    except (OSError, ValueError):
        print(common.say("register.bad_payload", payload=args.payload), file=out)
        return EXIT_ERROR
    card = _card_words(stored, uid)
    if previous is None:
        print(common.say("register.done", uid=uid, card=card), file=out)
    elif previous == stored:
        print(common.say("register.same", uid=uid, card=card), file=out)
    else:
        print(common.say("register.replaced", uid=uid, card=card,
                         previous=_card_words(previous, uid)), file=out)
    return EXIT_OK


def card_forms(grammar: Grammar) -> list[str]:
    """Every kind of card a payload can name, as said to someone typing one
    ("ludivox:kingsbridge/event/ suivi d'un nombre de 1 à 13"...), deck by deck."""
    forms: list[str] = []
    for name in DECK_NAMES:
        deck = get_deck(name)
        values: dict[str, list[str]] = {}
        for card in deck.cards:
            seen = values.setdefault(card.payload.kind, [])
            if card.payload.value not in seen:
                seen.append(card.payload.value)
        for kind, names in values.items():
            numbers = sorted(int(v) for v in names if v.isdecimal())
            where: dict[str, Any] = {"game": deck.game, "kind": kind}
            if len(names) == 1:
                key, where["value"] = "register.form_one", names[0]
            elif len(numbers) == len(names) and numbers == list(
                    range(numbers[0], numbers[0] + len(numbers))):  # 1 to 13, no gap
                key, where["low"], where["high"] = "register.form_numbers", numbers[0], \
                    numbers[-1]
            else:
                key, where["values"] = "register.form_names", names
            forms.append(grammar.say(key, capitalize=False, **where))
    return forms


# --------------------------------------------------------------------------- parser


def register(subparsers: Any) -> None:
    """Add ``ludivox nfc write|read|register``."""
    nfc = subparsers.add_parser(
        "nfc", help="programmer les puces NFC des cartes, lire une puce",
        description="Programmer les puces NFC d'un jeu de cartes, carte par carte, ou lire "
                    "ce que contient une puce.")
    sub = nfc.add_subparsers(dest="nfc_command", metavar="action", required=True)

    write = sub.add_parser(
        "write", help="programmer les puces d'un jeu, carte par carte",
        description="Programmer les puces d'un jeu, carte par carte : je nomme la carte, tu "
                    "la poses sur le lecteur, j'écris et je vérifie. Touches : Entrée pour "
                    "réessayer, s pour passer une carte, r pour répéter, q pour arrêter (on "
                    "reprend là où on s'est arrêté en relançant la commande).")
    write.add_argument("deck", metavar="jeu", help=f"le jeu : {', '.join(DECK_NAMES)}")
    write.add_argument("--only", action="append", metavar="7,aldred",
                       help="seulement ces cartes : une valeur (7), un personnage (aldred), "
                            "« character » (les personnages) ou « start » (débuts de colonne)")
    write.add_argument("--restart", action="store_true",
                       help="tout recommencer (l'ancienne progression est gardée en .old)")
    _device_options(write)
    write.set_defaults(func=_write)

    read = sub.add_parser("read", help="dire ce que contient une puce",
                          description="Dire ce que contient chaque puce posée sur le lecteur "
                                      "(q puis Entrée, ou Ctrl-C, pour arrêter).")
    read.add_argument("--once", action="store_true", help="s'arrêter après la première puce")
    _device_options(read)
    read.set_defaults(func=_read)

    reg = sub.add_parser("register", help="enregistrer une puce sans données par son numéro",
                         description="Enregistrer une puce qui ne peut pas recevoir de données "
                                     "(par son numéro, l'UID) comme une carte.")
    reg.add_argument("uid", help="le numéro de la puce (hexadécimal), par exemple 04A2B3C4D5E680")
    reg.add_argument("payload", help="la carte, par exemple ludivox:kingsbridge/event/7")
    reg.set_defaults(func=_register)


def _device_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--reader", "--device", dest="device", metavar="LECTEUR",
                        help="le lecteur de cartes NFC, comme pour « ludivox play » : usb, "
                             "usb:VID:PID, tty:USB0:pn532, udp:localhost:PORT (par défaut : le "
                             "premier trouvé ; --device est l'ancien nom)")
    parser.add_argument("--text", action="store_true", help="écrire au lieu de parler")
    parser.add_argument("--rate", type=whole_number, metavar="MOTS",
                        help="vitesse de la voix en mots par minute (80 à 500)")


__all__ = ["Voice", "card_forms", "describe_read", "describer", "register", "text_recorder"]
