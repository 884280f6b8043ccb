"""OpenAI Agents SDK: a tool input guardrail that asks svc before every call of the tools it
is attached to.

    from agents import function_tool
    from svc_sdk import AsyncClient
    from svc_sdk.adapters.openai_agents import svc_guardrail

    guard = svc_guardrail(AsyncClient(), tool_class={"run_shell": "exec", "read_file": "read"})

    @function_tool(tool_input_guardrails=[guard])
    def run_shell(command: str) -> str: ...

A deny (or a refused ask, or the server away with fail_open off) returns
ToolGuardrailFunctionOutput.reject_content: the Agents SDK's own refusal, which skips the tool
and hands the message to the model. An ask waits for the approval before allowing. The agent
name and the tool call id come from the guardrail's data (agent.name, context.tool_call_id)."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable, Dict, Mapping, Optional, Union

from ..aio import AsyncClient
from ..client import Client
from ..errors import DeniedError

ToolClass = Union[str, Mapping[str, str], Callable[[str], str]]
ParamsFn = Callable[[str, Dict[str, Any]], Mapping[str, Any]]


def _class_for(tool_class: ToolClass, tool_name: str) -> str:
    if isinstance(tool_class, str):
        return tool_class
    if callable(tool_class):
        return tool_class(tool_name)
    if tool_name not in tool_class:
        # A tool nobody classified is checked under its own name, exactly as spelled, so a
        # policy can still match it; it is never silently let through.
        return tool_name
    return tool_class[tool_name]


def svc_guardrail(
    client: Union[AsyncClient, Client],
    tool_class: ToolClass,
    *,
    params: Optional[ParamsFn] = None,
    approval_timeout: Optional[float] = None,
    name: str = "svc",
    **call: Any,
) -> Any:
    """A ToolInputGuardrail. tool_class: one policy class for every tool, a map from tool
    name to class, or a function of the tool name. params maps (tool name, arguments) to the
    policy params (default: the arguments). call: session, run_id, cwd, ... (agent defaults
    to the running agent's name)."""
    from agents import ToolGuardrailFunctionOutput, tool_input_guardrail  # type: ignore[import]

    async def svc_check(data: Any) -> Any:
        ctx = data.context
        tool_name: str = ctx.tool_name
        try:
            args = json.loads(ctx.tool_arguments or "{}")
        except ValueError:
            args = {"raw_arguments": ctx.tool_arguments}
        if not isinstance(args, dict):
            args = {"arguments": args}
        policy_params = params(tool_name, args) if params else args
        opts: Dict[str, Any] = dict(call)
        agent_name = getattr(getattr(data, "agent", None), "name", None)
        if agent_name and "agent" not in opts:
            opts["agent"] = agent_name
        if getattr(ctx, "tool_call_id", None):
            opts.setdefault("tool_call_id", ctx.tool_call_id)
        cls = _class_for(tool_class, tool_name)
        try:
            if isinstance(client, AsyncClient):
                d = await client.check(cls, policy_params, approval_timeout=approval_timeout, **opts)
            else:
                sync_client: Client = client
                d = await asyncio.to_thread(lambda: sync_client.check(cls, policy_params, approval_timeout=approval_timeout, **opts))
        except DeniedError as err:
            info = {"decision": err.decision, "policy": err.policy, "approval_id": err.approval_id}
            return ToolGuardrailFunctionOutput.reject_content(message=f"svc refused this {tool_name} call ({err.decision}): {err.reason}", output_info=info)
        return ToolGuardrailFunctionOutput.allow(output_info={"decision": d["decision"], "policy": d.get("policy")})

    svc_check.__name__ = name
    return tool_input_guardrail(svc_check)
