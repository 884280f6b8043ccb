"""Where the server is and which token to send."""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path
from typing import Optional, Tuple
from urllib.parse import urlsplit

DEFAULT_URL = "http://127.0.0.1:9090"
DEFAULT_TIMEOUT = 10.0
# Replies larger than this are refused (an audit export of a busy day fits well inside).
MAX_REPLY_BYTES = 64 * 1024 * 1024


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_url(url: str) -> str:
    url = url.rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"svc: url must be an absolute http or https URL, got {url!r}")
    if parts.username or parts.password:
        raise ValueError("svc: put the token in token=, not in the url")
    if parts.query or parts.fragment or parts.path not in ("", "/"):
        raise ValueError(f"svc: url must be the server's base address, got {url!r}")
    return url


def _data_dir() -> Path:
    return Path(os.environ.get("SERVICE_HOME") or Path.home() / ".svc")


def _read_first_line(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line
    return ""


def resolve(url: Optional[str], token: Optional[str], data_dir: Optional[str] = None) -> Tuple[str, Optional[str]]:
    """url: explicit, else the data dir's `url` file, else $SERVICE_URL, else the default.
    token: explicit, else $SERVICE_TOKEN, else the data dir's `token` file, which is only sent
    to a loopback or https server."""
    home = Path(data_dir) if data_dir else _data_dir()
    if not url and data_dir:
        f = home / "url"
        if f.is_file():
            url = _read_first_line(f)
    url = check_url(url or os.environ.get("SERVICE_URL") or DEFAULT_URL)
    if token is None:
        token = os.environ.get("SERVICE_TOKEN") or None
    if token is None:
        parts = urlsplit(url)
        if parts.scheme == "https" or is_loopback(parts.hostname or ""):
            try:
                token = (home / "token").read_text(encoding="utf-8").strip() or None
            except OSError:
                token = None
    return url, token
