"""Installing speech models: download or local ZIP, verified, unpacked, swapped in atomically.

:func:`install` never leaves a half-installed model: the archive is downloaded to a temporary
file and unpacked into a temporary folder, both inside the models folder; every file is checked
against the shipped sizes and sha256 sums; only then is the folder renamed into place (an
existing install is moved aside first and put back if that rename fails). A refused or
interrupted install removes its temporary files and leaves any existing install as it was.

The catalog, the checks and :func:`resolve_model` live in :mod:`ludivox.voice.modelstore`
and are re-exported here.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import secrets
import shutil
import stat
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ludivox.voice.download import Progress, download
from ludivox.voice.modelstore import (
    CATALOG,
    MODEL_ENV,
    FileEntry,
    InstalledModel,
    ModelError,
    ModelSpec,
    check_folder,
    disk_error,
    inspect,
    installed,
    installed_status,
    models_dir,
    parse_checksums,
    resolve_model,
    shipped_spec,
    spec_for,
)

WORK_PREFIX = ".ludivox-"
"""Temporary files and folders of an install, inside the models folder."""
LOCK_NAME = ".ludivox-install.lock"
OLD_PREFIX = WORK_PREFIX + "old-"
CHUNK = 1 << 20


@dataclass(frozen=True)
class InstallResult:
    """What :func:`install` did.

    ``outcome``: ``installed`` (new), ``repaired`` (replaced a damaged install),
    ``reinstalled`` (``force`` over a good one) or ``already_installed`` (nothing done).
    ``source``: ``download``, ``file`` or ``none``.
    """

    spec: ModelSpec
    path: Path
    outcome: str
    source: str


@contextlib.contextmanager
def _install_lock(root: Path) -> Iterator[None]:
    """One install at a time per models folder (a second one is refused: ``busy``)."""
    try:
        handle = (root / LOCK_NAME).open("a")
    except OSError as error:
        raise disk_error(root, error) from None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ModelError("busy", path=str(root)) from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def _clean_leftovers(root: Path) -> None:
    """Remove what an interrupted install left (under the lock: no install is running).

    A model moved aside (``.ludivox-old-<token>.<name>``) whose place is empty was being
    replaced when the install stopped: it is put back, not removed.
    """
    for path in sorted(root.iterdir()):
        if not path.name.startswith(WORK_PREFIX) or path.name == LOCK_NAME:
            continue
        if path.name.startswith(OLD_PREFIX) and "." in path.name[len(OLD_PREFIX):]:
            name = path.name[len(OLD_PREFIX):].split(".", 1)[1]
            home = root / name
            if name and not name.startswith(".") and not home.exists():
                os.rename(path, home)
                continue
        _remove(path)


# --- archive members -----------------------------------------------------------------------


def _member_problem(info: zipfile.ZipInfo) -> str | None:
    """Why an archive member is unsafe to unpack, or None."""
    name = info.filename
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return "absolute"
    if "\\" in name:
        return "backslash"
    parts = name.rstrip("/").split("/")
    if ".." in parts:
        return "parent"
    if any(part in ("", ".") for part in parts):
        return "path"
    if info.flag_bits & 0x1:
        return "encrypted"
    mode = info.external_attr >> 16
    kind = stat.S_IFMT(mode)
    if stat.S_ISLNK(mode):
        return "symlink"
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        return "special"
    return None


def _plan(archive: zipfile.ZipFile, spec: ModelSpec) -> list[tuple[zipfile.ZipInfo, FileEntry]]:
    """The members to unpack, each with its expected entry; refuses anything unexpected."""
    plan: list[tuple[zipfile.ZipInfo, FileEntry]] = []
    seen: set[str] = set()
    for info in archive.infolist():
        problem = _member_problem(info)
        if problem is not None:
            raise ModelError("unsafe_archive", file=info.filename, why=problem)
        name = info.filename.rstrip("/")
        if info.is_dir():
            if name != spec.name and spec.relative(name) is None:
                raise ModelError("corrupted", file=info.filename, problem="unexpected")
            continue
        entry = spec.files.get(name)
        if entry is None:
            raise ModelError("corrupted", file=name, problem="unexpected")
        if name in seen:
            raise ModelError("unsafe_archive", file=name, why="duplicate")
        seen.add(name)
        if info.file_size != entry.size:
            raise ModelError("corrupted", file=name, problem="size")
        plan.append((info, entry))
    missing = sorted(set(spec.files) - seen)
    if missing:
        raise ModelError("corrupted", file=missing[0], problem="missing")
    return plan


def _extract_one(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, entry: FileEntry, target: Path,
    on_bytes: Progress | None, done: int, total: int,
) -> int:
    """Write one member to ``target`` while hashing it; returns the new ``done`` count."""
    digest = hashlib.sha256()
    written = 0
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        with archive.open(info) as source, target.open("xb") as out:
            while chunk := source.read(CHUNK):
                written += len(chunk)
                if written > entry.size:  # never trust the header's size
                    raise ModelError("corrupted", file=info.filename, problem="size")
                digest.update(chunk)
                out.write(chunk)
                if on_bytes is not None:
                    on_bytes("verify", done + written, total)
            out.flush()
            os.fsync(out.fileno())
    except (zipfile.BadZipFile, zlib.error, EOFError):  # bad CRC or damaged compressed data
        raise ModelError("corrupted", file=info.filename, problem="hash") from None
    except NotImplementedError:  # compression method zipfile does not know
        raise ModelError("not_a_zip", path=info.filename) from None
    if written != entry.size:
        raise ModelError("corrupted", file=info.filename, problem="size")
    if digest.hexdigest() != entry.sha256:
        raise ModelError("corrupted", file=info.filename, problem="hash")
    return done + written


def unpack_verified(
    archive_path: Path, spec: ModelSpec, workdir: Path, progress: Progress | None = None
) -> Path:
    """Unpack ``archive_path`` into the new folder ``workdir``, checking every member.

    Returns ``workdir / spec.name``. Raises ModelError (``not_a_zip``, ``unsafe_archive``,
    ``corrupted``, ``disk``); ``workdir`` is left for the caller to remove.
    """
    try:
        archive = zipfile.ZipFile(archive_path)
    except (zipfile.BadZipFile, EOFError):
        raise ModelError("not_a_zip", path=str(archive_path)) from None
    except FileNotFoundError:
        raise ModelError("file_not_found", path=str(archive_path)) from None
    except IsADirectoryError:
        raise ModelError("not_a_zip", path=str(archive_path)) from None
    with archive:
        plan = _plan(archive, spec)
        total = spec.total_size
        free = shutil.disk_usage(workdir.parent).free
        if free < total:
            raise ModelError("disk", path=str(workdir.parent), error="no_space",
                             detail=f"{free} bytes free, {total} needed")
        if progress is not None:
            progress("verify", 0, total)
        done = 0
        workdir.mkdir()
        for info, entry in plan:
            target = workdir / PurePosixPath(info.filename.rstrip("/"))
            try:
                done = _extract_one(archive, info, entry, target, progress, done, total)
            except OSError as error:
                raise disk_error(target, error) from None
    folder = workdir / spec.name
    folder.mkdir(exist_ok=True)  # a model made only of folders still gets its folder
    check_folder(folder, spec, hashes=False)  # nothing else slipped in
    return folder


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _swap_in(new: Path, target: Path, root: Path) -> None:
    """Rename ``new`` to ``target``; an existing ``target`` is moved aside, then removed."""
    old: Path | None = None
    if target.exists() or target.is_symlink():
        old = root / f"{OLD_PREFIX}{secrets.token_hex(4)}.{target.name}"
        os.rename(target, old)
    try:
        os.rename(new, target)
    except OSError:
        if old is not None:
            os.rename(old, target)
        raise
    _fsync_dir(root)
    if old is not None:
        _remove(old)


def install(
    lang: str = "fr",
    *,
    url: str | None = None,
    from_file: Path | None = None,
    dest: Path | None = None,
    force: bool = False,
    progress: Progress | None = None,
    spec: ModelSpec | None = None,
) -> InstallResult:
    """Install the catalog model for ``lang`` (or ``spec``) into ``dest`` (default: the data
    folder's ``models``), from ``from_file`` (a ZIP) or downloaded from ``url`` (default: the
    official address). A verified install already there is kept unless ``force``.

    Raises ModelError; nothing half-installed is ever left, and a good install is never lost.
    """
    spec = spec if spec is not None else spec_for(lang)
    root = dest if dest is not None else models_dir()
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise disk_error(root, error) from None
    target = root / spec.name
    with _install_lock(root):
        try:
            _clean_leftovers(root)
        except OSError as error:
            raise disk_error(root, error) from None
        outcome = "installed"
        if target.exists():
            current = inspect(target, spec, hashes=True)
            if current.status == "ok" and not force:
                return InstallResult(spec, target, "already_installed", "none")
            outcome = "reinstalled" if current.status == "ok" else "repaired"
        token = secrets.token_hex(4)
        workdir = root / f"{WORK_PREFIX}unpack-{token}"
        download_path = root / f"{WORK_PREFIX}download-{token}.zip"
        try:
            if from_file is not None:
                if not from_file.is_file():
                    raise ModelError("file_not_found", path=str(from_file))
                archive = from_file
            else:
                download(url or spec.url, download_path, progress=progress)
                archive = download_path
            folder = unpack_verified(archive, spec, workdir, progress)
            try:
                _swap_in(folder, target, root)
            except OSError as error:
                raise disk_error(target, error) from None
        finally:
            _remove(workdir)
            _remove(download_path)
    return InstallResult(spec, target, outcome, "file" if from_file is not None else "download")


__all__ = [
    "CATALOG",
    "MODEL_ENV",
    "FileEntry",
    "InstallResult",
    "InstalledModel",
    "ModelError",
    "ModelSpec",
    "Progress",
    "check_folder",
    "inspect",
    "install",
    "installed",
    "installed_status",
    "models_dir",
    "parse_checksums",
    "resolve_model",
    "shipped_spec",
    "spec_for",
    "unpack_verified",
]
