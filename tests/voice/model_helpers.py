"""Helpers for the model-management tests: small fake models, their checksums, ZIP archives
(good, damaged or hostile) and a local HTTP server to download them from."""

from __future__ import annotations

import hashlib
import http.server
import socket
import stat
import threading
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ludivox.voice.modelstore import ModelSpec, parse_checksums

FAKE_NAME = "vosk-model-test-fr-0.1"

# Small files shaped like a Vosk model's (contents made up: only names, sizes and hashes
# matter to the installer). online_cmvn.conf is empty, like the real one.
FAKE_FILES: dict[str, bytes] = {
    "README": b"Fake French model for the installer tests.\n",
    "am/final.mdl": bytes(range(256)) * 40,
    "conf/model.conf": b"--min-active=200\n--max-active=3000\n",
    "graph/Gr.fst": b"\x01\x02" * 3000,
    "graph/phones/word_boundary.int": b"1 nonword\n2 begin\n",
    "ivector/online_cmvn.conf": b"",
}


def checksum_texts(name: str, files: Mapping[str, bytes]) -> tuple[str, str]:
    """The ``.sha256`` and ``.sizes`` texts for ``files``, in the shipped formats."""
    sums = "".join(
        f"{hashlib.sha256(data).hexdigest()}  {name}/{rel}\n" for rel, data in sorted(files.items())
    )
    sizes = "".join(f"{len(data)}\t{name}/{rel}\n" for rel, data in sorted(files.items()))
    return sums, sizes


def make_spec(
    name: str = FAKE_NAME,
    files: Mapping[str, bytes] = FAKE_FILES,
    url: str = "http://127.0.0.1:9/none.zip",
) -> ModelSpec:
    """A spec for ``files``, built through the same parser as the shipped checksums."""
    sums, sizes = checksum_texts(name, files)
    return parse_checksums(sums, sizes, lang="fr", name=name, url=url)


def zip_bytes(
    name: str = FAKE_NAME,
    files: Mapping[str, bytes] = FAKE_FILES,
    *,
    extra: Mapping[str, bytes] | None = None,
    symlinks: Mapping[str, str] | None = None,
    with_dirs: bool = True,
    compression: int = zipfile.ZIP_STORED,
) -> bytes:
    """A ZIP archive laid out like the official one (``<name>/...``).

    ``extra`` adds members under their raw names (may be hostile: ``../x``, ``/etc/x``);
    ``symlinks`` adds symbolic-link members (raw name -> target).
    """
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        if with_dirs:
            archive.writestr(f"{name}/", b"")
        for rel, data in sorted(files.items()):
            archive.writestr(f"{name}/{rel}", data)
        for raw, data in (extra or {}).items():
            archive.writestr(zipfile.ZipInfo(raw), data)
        for raw, target in (symlinks or {}).items():
            info = zipfile.ZipInfo(raw)
            info.create_system = 3
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return buffer.getvalue()


def flip_byte_inside(archive: bytes, content: bytes) -> bytes:
    """``archive`` with one byte flipped in the middle of a stored member's ``content``."""
    start = archive.find(content)
    assert start > 0 and archive.find(content, start + 1) == -1, "content must be unique"
    pos = start + len(content) // 2
    return archive[:pos] + bytes([archive[pos] ^ 0xFF]) + archive[pos + 1 :]


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative POSIX path -> content)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def leftovers(models: Path) -> list[str]:
    """Entries of the models folder other than model folders and the install lock."""
    if not models.exists():
        return []
    return sorted(
        p.name for p in models.iterdir()
        if p.name.startswith(".") and p.name != ".ludivox-install.lock"
    )


def free_port() -> int:
    """A local TCP port nobody listens on (for 'connection refused')."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@dataclass
class ModelServer:
    """A local HTTP server: ``files`` (path -> bytes) served with Content-Length;
    ``truncate`` (path -> bytes actually sent) cuts a body short; anything else is 404."""

    files: dict[str, bytes] = field(default_factory=dict)
    truncate: dict[str, int] = field(default_factory=dict)
    requests: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server.requests.append(self.path)
                body = server.files.get(self.path)
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/zip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: server.truncate.get(self.path, len(body))])
                self.wfile.flush()
                self.close_connection = True

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        """The full address of ``path`` on this server."""
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}{path}"

    def close(self) -> None:
        """Stop serving and free the port."""
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)
