"""The sync client against a real server."""

from __future__ import annotations

import datetime
import os
import warnings
from typing import List
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import DEAD_URL, Server, pending_for
from svc_sdk import Client, DeniedError, FailClosedError, NetworkError, SvcError, UnauthorizedError


def today() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")


def test_health_status_summary_test_reload(client: Client) -> None:
    assert client.health()["status"] == "ok"
    st = client.status()
    assert st["mode"] == "enforce" and st["policy_count"] >= 3
    assert any(r["name"] == "no-root-delete" for r in client.policy_summary()["rules"])
    t = client.test("rm -rf /")
    assert t["action"] == "deny" and "no-root-delete" in t["matched_policies"]
    assert client.reload()["success"] is True


def test_evaluate_returns_decisions_as_values(client: Client) -> None:
    allow = client.evaluate("exec", {"command": "ls -la"})
    assert allow["allowed"] is True and allow["decision"] == "allow"
    deny = client.evaluate("exec", {"command": "rm -rf /"})
    assert deny["allowed"] is False and deny["decision"] == "deny" and deny["policy"] == "no-root-delete"
    ask = client.evaluate("exec", {"command": "git push"}, run_id="py-eval-run", tool_call_id="c1")
    assert ask["decision"] == "ask" and ask["approval_id"]
    client.approvals.resolve(ask["approval_id"], False, resolved_by="cleanup")
    pf = client.preflight("read", {"path": "/home/u/.ssh/id_rsa"})
    assert pf["decision"] == "deny" and pf["enforced"] is False and pf["matched_policies"] == ["secret-files"]


def test_guard_allow_runs_the_block(client: Client) -> None:
    ran = []
    with client.guard("exec", {"command": "echo ok"}) as d:
        ran.append(d["decision"])
    assert ran == ["allow"]


def test_guard_deny_raises_and_the_block_never_runs(client: Client) -> None:
    ran = []
    with pytest.raises(DeniedError) as info:
        with client.guard("exec", {"command": "rm -rf /"}):
            ran.append(1)
    assert ran == [] and info.value.decision == "deny" and info.value.policy == "no-root-delete"
    assert "filesystem root" in info.value.message


def test_guard_ask_approved_runs_once_on_the_grant(server: Server) -> None:
    c = Client(server.url, server.token, agent="py-ask-yes", session="s", run_id="py-run-yes")

    @c.guard("exec", param_map={"cmd": "command"})
    def push(cmd: str) -> str:
        return f"pushed: {cmd}"

    with ThreadPoolExecutor(1) as pool:
        fut = pool.submit(push, "git push origin main")
        c.approvals.resolve(pending_for(c, "py-ask-yes"), True, resolved_by="pytest")
        assert fut.result(30) == "pushed: git push origin main"
    newest = c.audit.events(agent="py-ask-yes")["events"][0]
    assert newest["decision"]["action"] == "allow" and newest["request"]["approval_scope"] == "once"


def test_guard_ask_refused_raises(server: Server) -> None:
    c = Client(server.url, server.token, agent="py-ask-no", session="s")
    ran = []

    def guarded() -> None:
        with c.guard("exec", {"command": "git push --force"}):
            ran.append(1)

    with ThreadPoolExecutor(1) as pool:
        fut = pool.submit(guarded)
        approval = pending_for(c, "py-ask-no")
        c.approvals.resolve(approval, False, resolved_by="pytest")
        with pytest.raises(DeniedError) as info:
            fut.result(30)
    assert ran == [] and info.value.decision == "ask" and info.value.approval_id == approval


def test_guard_approval_timeout_zero_refuses_at_once(client: Client) -> None:
    with pytest.raises(DeniedError) as info:
        with client.guard("exec", {"command": "git push"}, approval_timeout=0):
            pass
    assert info.value.decision == "ask"
    client.approvals.resolve(info.value.approval_id or "", False)


def test_approvals_create_get_list_resolve_bulk_wait(client: Client) -> None:
    one = client.evaluate("exec", {"command": "git push a"}, run_id="py-bulk", tool_call_id="b1")
    two = client.evaluate("exec", {"command": "git push b"}, run_id="py-bulk", tool_call_id="b2")
    listing = client.approvals.list()
    group = next(g for g in listing["run_groups"] if g["run_id"] == "py-bulk")
    assert group["count"] == 2 and isinstance(listing["run_grant_ttl_ms"], int)
    assert client.approvals.get(one["approval_id"])["status"] == "pending"
    bulk = client.approvals.bulk_resolve(agent="py-test", session="py-session", run_id="py-bulk", action="approve", scope="pending", ids=[one["approval_id"], two["approval_id"]])
    assert bulk["resolved"] == 2 and bulk["future_calls_authorized"] is False
    assert client.approvals.wait(two["approval_id"], timeout=5)["status"] == "approved"

    created = client.approvals.create("exec", {"command": "make deploy"}, session="py-session", message="deploy?")
    assert created["status"] == "pending" and created["action_version"] == 1
    assert client.approvals.resolve(created["id"], False, resolved_by="pytest")["status"] == "denied"
    with pytest.raises(SvcError) as gone:
        client.approvals.resolve(created["id"], True)
    assert gone.value.status == 410 and gone.value.kind == "gone"
    with pytest.raises(SvcError) as missing:
        client.approvals.get("no-such-id")
    assert missing.value.status == 404


def test_rules_learn_list_delete(client: Client) -> None:
    learned = client.rules.learn("exec", "make py-rule-test", source="pytest")
    assert learned["rule_name"].startswith("user-allow-")
    assert client.rules.learn("exec", "make py-rule-test")["pattern"] == learned["pattern"]
    assert any(r["name"] == learned["rule_name"] for r in client.rules.list())
    client.rules.delete(learned["rule_name"])
    assert not any(r["name"] == learned["rule_name"] for r in client.rules.list())


def test_audit_events_dates_stats_export(client: Client) -> None:
    client.evaluate("exec", {"command": "echo audit-me"}, run_id="py-audit-run")
    page = client.audit.events(agent="py-test", limit=500)
    ev = next(e for e in page["events"] if e["request"].get("command") == "echo audit-me")
    assert ev["run_id"] == "py-audit-run" and ev["session"] == "py-session" and ev["hash"].startswith("sha256:")
    assert today() in client.audit.dates()["dates"]
    assert client.audit.stats(from_=today(), to=today())["by_agent"]["py-test"] >= 1
    assert any("echo audit-me" in line for line in client.audit.export(today()).splitlines())


def test_event_stream_is_an_iterator(client: Client) -> None:
    seen = []
    with client.events(read_timeout=15) as stream:
        for ev in stream:
            seen.append(ev["type"])
            if ev["type"] == "connected":
                asked = client.evaluate("exec", {"command": "git push stream"})
            if ev["type"] == "approvals":
                break
    assert seen[0] == "connected" and "approvals" in seen
    client.approvals.resolve(asked["approval_id"], False)


def test_bad_token_is_unauthorized(server: Server) -> None:
    bad = Client(server.url, "not-a-token")
    with pytest.raises(UnauthorizedError) as info:
        bad.status()
    assert info.value.status == 401


def test_data_dir_names_the_server_and_token(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SERVICE_TOKEN", raising=False)
    monkeypatch.delenv("SERVICE_URL", raising=False)
    url_file = os.path.join(server.data_dir, "url")
    with open(url_file, "w") as f:
        f.write(server.url + "\n")
    try:
        c = Client(data_dir=server.data_dir)
        assert c.url == server.url and c.status()["mode"] == "enforce"
    finally:
        os.unlink(url_file)


def test_bad_url_is_refused() -> None:
    with pytest.raises(ValueError):
        Client("ftp://example.com", "t")
    with pytest.raises(ValueError):
        Client("http://user:pw@127.0.0.1:9090", "t")


def test_server_away_fails_closed() -> None:
    c = Client(DEAD_URL, "t")
    with pytest.raises(NetworkError) as info:
        c.evaluate("exec", {"command": "ls"})
    assert info.value.status == 0
    ran = []
    with pytest.raises(FailClosedError) as refused:
        with c.guard("exec", {"command": "ls"}):
            ran.append(1)
    assert ran == [] and isinstance(refused.value, DeniedError) and refused.value.decision == "unavailable"


def test_server_away_fail_open_allows_with_a_warning() -> None:
    got: List[str] = []
    c = Client(DEAD_URL, "t", fail_open=True, on_warning=got.append)
    d = c.evaluate("exec", {"command": "ls"})
    assert d["allowed"] is True and d.get("fail_open") is True
    ran = []
    with c.guard("exec", {"command": "ls"}):
        ran.append(1)
    assert ran == [1] and len(got) == 2 and "fail_open" in got[0]
    with pytest.raises(NetworkError):
        c.status()  # only tool checks fail open
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        Client(DEAD_URL, "t", fail_open=True).preflight("exec", {"command": "ls"})
    assert any("fail_open" in str(w.message) for w in caught)


def test_preflight_enforce_is_the_execution_boundary(client: Client) -> None:
    pf = client.preflight("exec", {"command": "rm -rf /"}, enforce=True)
    assert pf["allowed"] is False and pf["enforced"] is True and pf.get("enforcement_requested") is True


def test_bad_inputs_get_clear_errors(server: Server, client: Client) -> None:
    with pytest.raises(TypeError, match="needs the params"):
        with client.guard("exec"):
            pass
    with pytest.raises(UnauthorizedError):
        Client(server.url, "not-a-token").events()
    with pytest.raises(SvcError) as info:
        client.audit.events(date="yesterday")
    assert info.value.status == 400
