"""``ludivox models``: install, list and verify the speech-recognition models.

::

    ludivox models install fr [--from-file ZIP | --url URL] [--force]
    ludivox models list
    ludivox models verify

Every line printed is a French sentence from ``grammars/common/fr/responses.models.yaml``,
written for a screen reader: what happened, then the exact command to type next. Progress
is a few lines (every 10 %), never a redrawn bar.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludivox.grammars import Grammar
from ludivox.voice import models as store

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_INTERRUPTED = 130
MEGABYTE = 1_000_000
UNKNOWN_SIZE_STEP = 5 * MEGABYTE


def say(key: str, **params: Any) -> str:
    """A response of the models topic, in French."""
    return Grammar.load("common", "fr").say(key, **params)


def _out(text: str) -> None:
    print(text, flush=True)


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def register(subparsers: Any) -> None:
    """Add ``ludivox models`` and its actions."""
    parser = subparsers.add_parser(
        "models", help="installer et vérifier les modèles de reconnaissance vocale",
        description="Installer, lister et vérifier les modèles de reconnaissance vocale.",
    )
    actions = parser.add_subparsers(dest="models_action", metavar="action", required=True)

    install = actions.add_parser(
        "install", help="installer un modèle (téléchargé, ou depuis un fichier ZIP)",
        description=(
            "Télécharger le modèle officiel, vérifier chaque fichier, puis l'installer dans "
            "le dossier de données. Sans Internet : --from-file avec le ZIP téléchargé sur "
            "un autre ordinateur."
        ),
    )
    install.add_argument("lang", nargs="?", default="fr", help="langue du modèle (fr)")
    source = install.add_mutually_exclusive_group()
    source.add_argument("--from-file", type=Path, metavar="ZIP",
                        help="installer depuis une archive ZIP déjà téléchargée")
    source.add_argument("--url", metavar="URL",
                        help="télécharger depuis une autre adresse (miroir)")
    install.add_argument("--force", action="store_true",
                         help="réinstaller même si le modèle est déjà installé et vérifié")
    install.set_defaults(func=run_install)

    listing = actions.add_parser("list", help="les modèles installés et leur état",
                                 description="Lister les modèles installés et vérifier chacun.")
    listing.set_defaults(func=run_list)

    verify = actions.add_parser(
        "verify", help="vérifier les modèles installés (code de sortie 1 si un est abîmé)",
        description="Vérifier chaque fichier des modèles installés.",
    )
    verify.set_defaults(func=run_verify)


# --- install ------------------------------------------------------------------------------


class ProgressLines:
    """Turns byte counts into a few lines: every 10 % (or every 5 Mo when the size is
    unknown) while downloading, one line when the verification starts."""

    def __init__(self, write: Callable[[str], None] = _out) -> None:
        self._write = write
        self._next_percent = 10
        self._next_bytes = UNKNOWN_SIZE_STEP
        self._verifying = False

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        if stage == "verify":
            if not self._verifying:
                self._verifying = True
                self._write(say("models.verify.start", megabytes=round((total or 0) / MEGABYTE)))
            return
        if total:
            percent = done * 100 // total
            if percent >= self._next_percent:
                shown = percent - percent % 10
                self._write(say("models.download.progress", percent=shown))
                self._next_percent = shown + 10
        elif done >= self._next_bytes:
            self._write(say("models.download.progress_unknown", megabytes=done // MEGABYTE))
            self._next_bytes = done - done % UNKNOWN_SIZE_STEP + UNKNOWN_SIZE_STEP


def error_message(error: store.ModelError, lang: str, url: str | None) -> str:
    """The French sentence for a failed install, with the command to type next."""
    params: dict[str, Any] = dict(error.params)
    try:
        spec = store.spec_for(lang)
        name, official, size = spec.name, spec.url, spec.total_size
    except store.ModelError:
        name, official, size = f"vosk-model-{lang}", "", 0
    params.setdefault("lang", lang)
    params.setdefault("detail", "")
    params["zip"] = f"{name}.zip"
    params["url"] = params.get("url") or url or official
    params["official"] = official or params["url"]
    reason = error.reason
    if reason == "disk" and params.get("error") == "no_space":
        megabytes = round(2 * size / MEGABYTE)  # the archive and the unpacked files
        return say("models.error.disk_full", path=params.get("path", ""), megabytes=megabytes)
    if reason == "unknown_language":
        return say("models.error.unknown_language", lang=params["lang"],
                   known=tuple(params.get("known", ())) or ("fr",))
    key = f"models.error.{reason}"
    if not Grammar.load("common", "fr").has_response(key):
        log.error("no message for model error %r", error)
        return say("models.error.other", lang=lang)
    return say(key, **params)


def run_install(args: argparse.Namespace) -> int:
    """``ludivox models install``."""
    lang: str = args.lang
    existing: Path | None = None
    try:
        spec = store.spec_for(lang)
        root = store.models_dir()
        if (root / spec.name).is_dir():
            existing = root / spec.name
        if args.from_file is not None:
            _out(say("models.from_file.start", path=str(args.from_file)))
        else:
            _out(say("models.download.start", url=args.url or spec.url))
        result = store.install(
            lang, url=args.url, from_file=args.from_file, dest=root, force=args.force,
            progress=ProgressLines(), spec=spec,
        )
    except store.ModelError as error:
        log.info("model install refused: %s", error)
        _err(error_message(error, lang, args.url))
        if existing is not None and existing.is_dir():
            _err(say("models.kept_existing", name=existing.name))
        return EXIT_ERROR
    except KeyboardInterrupt:
        _err(say("models.interrupted", lang=lang))
        return EXIT_INTERRUPTED
    except Exception:  # a bug of ours: logged for the developers, never a traceback here
        log.exception("model install failed")
        _err(say("models.error.other", lang=lang))
        return EXIT_ERROR
    if result.outcome == "already_installed":
        _out(say("models.already_installed", name=spec.name, path=str(result.path), lang=lang))
    else:
        _out(say(f"models.{result.outcome}", name=spec.name, path=str(result.path)))
    return EXIT_OK


# --- list / verify ------------------------------------------------------------------------


def _report(write: Callable[[str], None]) -> bool:
    """Print the models folder, the installed models and their state; True if all is well
    (every catalog model installed and verified, nothing damaged)."""
    root = store.models_dir()
    write(say("models.list.folder", path=str(root)))
    env = os.environ.get(store.MODEL_ENV)
    if env:
        write(say("models.list.env", path=env))
    all_good = True
    found = store.installed(root)
    for model in found:
        if model.status == "ok":
            write(say("models.list.ok", name=model.name, lang=model.lang or ""))
        elif model.status == "unknown":
            write(say("models.list.unknown", name=model.name))
        else:
            all_good = False
            params = model.error.params if model.error is not None else {}
            write(say("models.list.damaged", name=model.name, lang=model.lang or "",
                      file=params.get("file", model.name),
                      problem=params.get("problem", "hash")))
    names = {model.name for model in found}
    for lang in sorted(store.CATALOG):
        spec = store.spec_for(lang)
        if spec.name not in names:
            all_good = False
            write(say("models.list.not_installed", name=spec.name, lang=lang))
    return all_good


def run_list(args: argparse.Namespace) -> int:
    """``ludivox models list``."""
    try:
        _report(_out)
    except Exception:
        log.exception("listing the models failed")
        _err(say("models.error.other", lang="fr"))
        return EXIT_ERROR
    return EXIT_OK


def run_verify(args: argparse.Namespace) -> int:
    """``ludivox models verify``: like ``list``; exit code 1 when a model is damaged or the
    catalog model is not installed."""
    try:
        good = _report(_out)
    except Exception:
        log.exception("verifying the models failed")
        _err(say("models.error.other", lang="fr"))
        return EXIT_ERROR
    _out(say("models.verify.all_good" if good else "models.verify.some_damaged"))
    return EXIT_OK if good else EXIT_ERROR


__all__ = ["ProgressLines", "error_message", "register", "run_install", "run_list",
           "run_verify"]
