"""Downloading a model archive over HTTP(S), streamed to a file, with progress.

Every failure is a :class:`~ludivox.voice.modelstore.ModelError`: ``network`` (no connection,
refused, reset), ``timeout``, ``http_404``, ``http_error`` (other status), ``bad_url``,
``incomplete_download`` (fewer bytes than announced) or ``disk`` (writing failed).
"""

from __future__ import annotations

import http.client
import socket
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from ludivox.voice.modelstore import ModelError, disk_error

Progress = Callable[[str, int, int | None], None]
"""``progress(stage, done, total)``: stage ``download`` or ``verify``, bytes done and total
(None when unknown)."""

CHUNK = 256 * 1024
TIMEOUT = 30.0
USER_AGENT = "ludivox-models/0.1"


def _is_timeout(error: object) -> bool:
    return isinstance(error, TimeoutError | socket.timeout)


def _open(url: str, timeout: float) -> http.client.HTTPResponse:
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    try:
        response: http.client.HTTPResponse = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as error:
        error.close()
        if error.code == 404:
            raise ModelError("http_404", url=url) from None
        raise ModelError("http_error", url=url, status=error.code) from None
    except urllib.error.URLError as error:
        if _is_timeout(error.reason):
            raise ModelError("timeout", url=url) from None
        raise ModelError("network", url=url, error=str(error.reason)) from None
    except ValueError as error:
        raise ModelError("bad_url", url=url, error=str(error)) from None
    except OSError as error:  # timeouts and resets while reading the headers
        if _is_timeout(error):
            raise ModelError("timeout", url=url) from None
        raise ModelError("network", url=url, error=str(error)) from None
    except http.client.HTTPException as error:
        raise ModelError("network", url=url, error=repr(error)) from None
    return response


def download(
    url: str,
    target: Path,
    *,
    progress: Progress | None = None,
    timeout: float = TIMEOUT,
) -> int:
    """Download ``url`` into the new file ``target`` (which must not exist); the byte count.

    On failure the partial ``target`` stays for the caller to remove (it owns the file).
    """
    response = _open(url, timeout)
    with response:
        length = response.headers.get("Content-Length")
        total = int(length) if length and length.isdecimal() else None
        done = 0
        try:
            out = target.open("xb")
        except OSError as error:
            raise disk_error(target, error) from None
        with out:
            if progress is not None:
                progress("download", 0, total)
            while True:
                try:
                    chunk = response.read(CHUNK)
                except (OSError, http.client.HTTPException) as error:
                    if _is_timeout(error):
                        raise ModelError("timeout", url=url) from None
                    raise ModelError("network", url=url, error=repr(error)) from None
                if not chunk:
                    break
                try:
                    out.write(chunk)
                except OSError as error:
                    raise disk_error(target, error) from None
                done += len(chunk)
                if progress is not None:
                    progress("download", done, total)
    if total is not None and done != total:
        raise ModelError("incomplete_download", url=url, got=done, expected=total)
    return done


__all__ = ["Progress", "download"]
