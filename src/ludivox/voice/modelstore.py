"""Speech models on disk: the catalog, the shipped checksums, and checking an install.

A model is described by a :class:`ModelSpec`: its folder name, where to download it, and the
exact size and sha256 of every file (shipped in ``voice/modeldata/``, never computed from the
download itself). Installed models live in ``<data dir>/models/<name>/``; folders starting with
a dot there are work in progress of an install and are never a model.

Errors are :class:`ModelError` values: a ``reason`` code plus ``params``, turned into French
sentences by the ``models`` command (``grammars/common/fr/responses.models.yaml``).
"""

from __future__ import annotations

import errno
import hashlib
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path, PurePosixPath

from ludivox.paths import data_dir

MODEL_ENV = "LUDIVOX_VOSK_MODEL"
"""Environment variable naming a Vosk model folder to use instead of the installed one."""

DEFAULT_LANG = "fr"
HASH_CHUNK = 1 << 20


class ModelError(Exception):
    """A model could not be installed, found or verified: ``reason`` code and ``params``.

    Reasons: ``unknown_language`` (lang, known), ``network`` (url, error), ``http_404`` (url),
    ``http_error`` (url, status), ``timeout`` (url), ``incomplete_download`` (url, got,
    expected), ``file_not_found`` (path), ``not_a_zip`` (path), ``unsafe_archive`` (file,
    why), ``corrupted`` (file, problem: missing | unexpected | size | hash), ``disk`` (path,
    error: no_space | read_only | permission | other, detail), ``busy`` (path).
    """

    def __init__(self, reason: str, **params: object) -> None:
        detail = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.params: dict[str, object] = dict(params)


@dataclass(frozen=True)
class FileEntry:
    """The expected size (bytes) and sha256 (hex) of one file of a model."""

    size: int
    sha256: str


@dataclass(frozen=True)
class ModelSpec:
    """An installable model: folder ``name``, download ``url``, and its ``files``.

    ``files`` maps each path inside the archive (``<name>/am/final.mdl``, POSIX) to its entry.
    """

    lang: str
    name: str
    url: str
    files: Mapping[str, FileEntry]

    @property
    def total_size(self) -> int:
        """Bytes of the unpacked model."""
        return sum(entry.size for entry in self.files.values())

    def relative(self, member: str) -> str | None:
        """``member`` without the leading ``<name>/``; None when outside the model folder."""
        prefix = self.name + "/"
        return member[len(prefix):] if member.startswith(prefix) else None


def parse_checksums(sums: str, sizes: str, *, lang: str, name: str, url: str) -> ModelSpec:
    """Build a spec from ``sha256sum`` text and ``<bytes>\\t<path>`` text.

    Both lists must name the same files; anything malformed raises ValueError.
    """
    hashes: dict[str, str] = {}
    for number, line in enumerate(sums.splitlines(), 1):
        if not line.strip():
            continue
        digest, sep, path = line.partition("  ")
        if not sep or len(digest) != 64 or not path:
            raise ValueError(f"sha256 list, line {number}: expected '<sha256>  <path>'")
        hashes[path.strip()] = digest.lower()
    byte_counts: dict[str, int] = {}
    for number, line in enumerate(sizes.splitlines(), 1):
        if not line.strip():
            continue
        count, sep, path = line.partition("\t")
        if not sep or not count.isdecimal() or not path:
            raise ValueError(f"sizes list, line {number}: expected '<bytes>\\t<path>'")
        byte_counts[path.strip()] = int(count)
    if set(hashes) != set(byte_counts):
        odd = sorted(set(hashes) ^ set(byte_counts))
        raise ValueError(f"the sha256 and sizes lists do not name the same files: {odd}")
    outside = [p for p in hashes if not p.startswith(name + "/")]
    if outside:
        raise ValueError(f"files outside the model folder {name!r}: {outside}")
    files = {p: FileEntry(byte_counts[p], hashes[p]) for p in sorted(hashes)}
    return ModelSpec(lang=lang, name=name, url=url, files=files)


def shipped_spec(lang: str, name: str, url: str) -> ModelSpec:
    """The spec of ``name`` from the checksums shipped in ``ludivox/voice/modeldata``."""
    data = resources.files("ludivox.voice").joinpath("modeldata")
    sums = data.joinpath(f"{name}.sha256").read_text(encoding="utf-8")
    sizes = data.joinpath(f"{name}.sizes").read_text(encoding="utf-8")
    return parse_checksums(sums, sizes, lang=lang, name=name, url=url)


FRENCH_MODEL = "vosk-model-small-fr-0.22"
FRENCH_URL = "https://alphacephei.com/vosk/models/vosk-model-small-fr-0.22.zip"

CATALOG: dict[str, Callable[[], ModelSpec]] = {
    "fr": lambda: shipped_spec("fr", FRENCH_MODEL, FRENCH_URL),
}
"""Installable models by language. Tests may replace an entry (``monkeypatch.setitem``)."""


def spec_for(lang: str) -> ModelSpec:
    """The catalog's model for ``lang``; ModelError ``unknown_language`` otherwise."""
    make = CATALOG.get(lang)
    if make is None:
        raise ModelError("unknown_language", lang=lang, known=tuple(sorted(CATALOG)))
    return make()


def models_dir() -> Path:
    """Where installed models live: ``<data dir>/models``."""
    return data_dir() / "models"


def disk_error(path: Path, error: OSError) -> ModelError:
    """ModelError ``disk`` for ``error`` at ``path``: ``error`` = ``no_space``, ``read_only``,
    ``permission`` or ``other``, and the system's own ``detail``."""
    code = error.errno
    if code in (errno.ENOSPC, errno.EDQUOT):
        kind = "no_space"
    elif code == errno.EROFS:
        kind = "read_only"
    elif code in (errno.EACCES, errno.EPERM):
        kind = "permission"
    else:
        kind = "other"
    return ModelError("disk", path=str(path), error=kind, detail=error.strerror or str(error))


# --- checking a folder --------------------------------------------------------------------


def file_sha256(path: Path) -> str:
    """The sha256 (hex) of a file, read in chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _files_under(root: Path) -> Iterable[str]:
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for filename in sorted(names):
            yield (Path(folder) / filename).relative_to(root).as_posix()


def check_folder(folder: Path, spec: ModelSpec, *, hashes: bool = True) -> None:
    """Check that ``folder`` (the model folder, named like ``spec.name``) holds exactly the
    spec's files with their sizes, and with ``hashes`` their sha256 too.

    Raises ModelError ``corrupted`` naming the first bad file (archive path form).
    """
    expected = {spec.relative(p) or p: (p, entry) for p, entry in spec.files.items()}
    present = set(_files_under(folder))
    extra = sorted(present - set(expected))
    if extra:
        raise ModelError("corrupted", file=f"{spec.name}/{extra[0]}", problem="unexpected")
    for rel, (member, entry) in sorted(expected.items()):
        path = folder / PurePosixPath(rel)
        if rel not in present or path.is_symlink():
            raise ModelError("corrupted", file=member, problem="missing")
        if path.stat().st_size != entry.size:
            raise ModelError("corrupted", file=member, problem="size")
    if hashes:
        for rel, (member, entry) in sorted(expected.items()):
            if file_sha256(folder / PurePosixPath(rel)) != entry.sha256:
                raise ModelError("corrupted", file=member, problem="hash")


@dataclass(frozen=True)
class InstalledModel:
    """A model folder found in the models directory, with what checking it found.

    ``status``: ``ok`` (every file verified), ``quick_ok`` (files and sizes right, hashes not
    checked), ``corrupted`` (``error`` says which file), ``unknown`` (not in the catalog).
    """

    name: str
    path: Path
    lang: str | None
    status: str
    error: ModelError | None = None


def _catalog_specs() -> dict[str, ModelSpec]:
    specs: dict[str, ModelSpec] = {}
    for lang in sorted(CATALOG):
        spec = spec_for(lang)
        specs[spec.name] = spec
    return specs


def inspect(path: Path, spec: ModelSpec | None, *, hashes: bool = True) -> InstalledModel:
    """Check one model folder against ``spec`` (None: not a catalog model)."""
    if spec is None:
        return InstalledModel(path.name, path, None, "unknown")
    try:
        check_folder(path, spec, hashes=hashes)
    except ModelError as error:
        return InstalledModel(spec.name, path, spec.lang, "corrupted", error)
    except OSError as error:
        failure = ModelError("disk", path=str(path), error="other", detail=str(error))
        return InstalledModel(spec.name, path, spec.lang, "corrupted", failure)
    return InstalledModel(spec.name, path, spec.lang, "ok" if hashes else "quick_ok")


def installed(dest: Path | None = None, *, hashes: bool = True) -> list[InstalledModel]:
    """The model folders of ``dest`` (default: the data folder's ``models``), checked.

    ``hashes=False`` only checks file names and sizes (fast, for start-up).
    """
    root = dest if dest is not None else models_dir()
    if not root.is_dir():
        return []
    specs = _catalog_specs()
    found = []
    for path in sorted(root.iterdir()):
        if path.name.startswith(".") or not path.is_dir():
            continue
        found.append(inspect(path, specs.get(path.name), hashes=hashes))
    return found


def resolve_model(
    explicit: Path | None, *, lang: str = DEFAULT_LANG, dest: Path | None = None
) -> Path | None:
    """The Vosk model folder to use: ``explicit`` (``--model``), else ``$LUDIVOX_VOSK_MODEL``,
    else the catalog model for ``lang`` installed in ``dest`` (default: the data folder's
    ``models``) when its files and sizes are right; None when there is none.

    An explicit or environment path is returned as given (loading it reports a bad folder).
    A damaged installed model gives None: :func:`installed_status` tells it apart.
    """
    if explicit is not None:
        return explicit
    env = os.environ.get(MODEL_ENV)
    if env:
        return Path(env)
    status = installed_status(lang, dest=dest)
    if status is not None and status.status in ("ok", "quick_ok"):
        return status.path
    return None


def installed_status(
    lang: str = DEFAULT_LANG, *, dest: Path | None = None, hashes: bool = False
) -> InstalledModel | None:
    """The catalog model for ``lang`` in ``dest``, checked; None when it is not there."""
    try:
        spec = spec_for(lang)
    except ModelError:
        return None
    root = dest if dest is not None else models_dir()
    path = root / spec.name
    if not path.is_dir():
        return None
    return inspect(path, spec, hashes=hashes)


__all__ = [
    "CATALOG",
    "MODEL_ENV",
    "FileEntry",
    "InstalledModel",
    "ModelError",
    "ModelSpec",
    "check_folder",
    "disk_error",
    "file_sha256",
    "inspect",
    "installed",
    "installed_status",
    "models_dir",
    "parse_checksums",
    "resolve_model",
    "shipped_spec",
    "spec_for",
]
