"""LangChain: a tool wrapper that asks svc before every call of a LangChain tool.

    from svc_sdk import Client
    from svc_sdk.adapters.langchain import guard_tool

    safe_shell = guard_tool(shell_tool, Client(agent="researcher"), "exec",
                            params=lambda args: {"command": args["command"]})

A deny (or an ask a human refused, or the server away with fail_open off) becomes a
ToolException, which the returned tool's handle_tool_error=True turns into the tool's answer
to the model: LangChain's own way to refuse a call without stopping the agent. An ask waits
for the approval. Needs langchain-core (BaseTool.invoke/ainvoke, StructuredTool.from_function,
ToolException)."""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Dict, Mapping, Optional

from ..client import Client
from ..errors import DeniedError

ParamsFn = Callable[[Dict[str, Any]], Mapping[str, Any]]


def refusal_text(err: DeniedError) -> str:
    """What the model reads when svc refuses a call."""
    return f"svc refused this {err.tool} call ({err.decision}): {err.reason}"


def guard_tool(
    tool: Any,
    client: Client,
    tool_class: str,
    *,
    params: Optional[ParamsFn] = None,
    approval_timeout: Optional[float] = None,
    **call: Any,
) -> Any:
    """Returns a StructuredTool with the same name, description and argument schema as `tool`
    that checks each call with svc as policy class `tool_class` (exec, read, write, fetch, mcp,
    or your own) before running `tool`. params maps the tool's arguments to the policy params
    (default: the arguments as they are). call: agent, session, run_id, cwd, ..."""
    from langchain_core.tools import StructuredTool, ToolException  # type: ignore[import]

    def check(args: Dict[str, Any]) -> None:
        try:
            client.check(tool_class, params(args) if params else args, approval_timeout=approval_timeout, **call)
        except DeniedError as err:
            raise ToolException(refusal_text(err)) from err

    def run(**kwargs: Any) -> Any:
        check(kwargs)
        return tool.invoke(kwargs)

    async def arun(**kwargs: Any) -> Any:
        await asyncio.to_thread(check, kwargs)
        return await tool.ainvoke(kwargs)

    return StructuredTool.from_function(
        func=run,
        coroutine=arun,
        name=tool.name,
        description=tool.description,
        args_schema=tool.args_schema,
        handle_tool_error=True,
    )
