"""A real `svc serve` for the tests: port 0, a temp data dir, a small policy."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
# Framework stand-ins go last, so installed frameworks win (see standins/README.md).
sys.path.append(str(HERE / "standins"))

from svc_sdk import Client  # noqa: E402

REPO = HERE.parents[2]
SVC_JS = REPO / "bin" / "svc.js"

POLICY = """version: "1"
default_action: allow
policies:
  - name: no-root-delete
    match: { tool: exec }
    rules:
      - action: deny
        message: "Deleting the filesystem root is blocked"
        when: { command_matches: ["rm -rf /"] }
  - name: push-needs-approval
    match: { tool: exec }
    rules:
      - action: ask
        message: "git push needs approval"
        when: { command_matches: ["git push**"] }
  - name: secret-files
    match: { tool: [read, write, edit] }
    rules:
      - action: deny
        message: "credential files are off limits"
        when: { path_matches: ["**/.ssh/id_*"] }
"""

# Nothing listens here: connections are refused at once.
DEAD_URL = "http://127.0.0.1:9"


@dataclass
class Server:
    url: str
    token: str
    data_dir: str


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    data_dir = tempfile.mkdtemp(prefix="svc-pytest-")
    config = os.path.join(data_dir, "policy.yaml")
    Path(config).write_text(POLICY)
    env = {k: v for k, v in os.environ.items() if k not in ("SERVICE_TOKEN", "SERVICE_URL")}
    node = os.environ.get("NODE") or shutil.which("node") or "node"
    log = open(os.path.join(data_dir, "serve.log"), "w")
    proc = subprocess.Popen(
        [node, str(SVC_JS), "serve", "--port", "0", "--data-dir", data_dir, "--config", config],
        stdout=subprocess.PIPE,
        stderr=log,
        env=env,
        text=True,
    )
    try:
        found: List[str] = []
        ready = threading.Event()

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                m = re.search(r"listening on (http://\S+)", line)
                if m and not found:
                    found.append(m.group(1))
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(60) or not found:
            raise RuntimeError(f"svc serve did not start: {Path(data_dir, 'serve.log').read_text()}")
        token = Path(data_dir, "token").read_text().strip()
        yield Server(found[0], token, data_dir)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture()
def client(server: Server) -> Client:
    return Client(server.url, server.token, agent="py-test", session="py-session")


def pending_for(c: Client, agent: str, timeout: float = 30.0) -> str:
    """The id of the approval a guarded call of `agent` queued (waits until it is there)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for a in c.approvals.list()["approvals"]:
            if a["agent"] == agent and a["status"] == "pending":
                return a["id"]
        time.sleep(0.02)
    raise AssertionError(f"no pending approval for {agent}")
