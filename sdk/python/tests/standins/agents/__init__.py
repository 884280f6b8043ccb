"""Stand-in for the OpenAI Agents SDK (package `agents`): only tool input guardrails and the
runner step that applies them (see ../README.md)."""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional


@dataclass
class Agent:
    name: str
    tools: List[Any] = field(default_factory=list)


@dataclass
class ToolContext:
    context: Any
    tool_name: str
    tool_call_id: str
    tool_arguments: str


@dataclass
class ToolInputGuardrailData:
    context: ToolContext
    agent: Agent


@dataclass
class ToolGuardrailFunctionOutput:
    output_info: Any
    behavior: Dict[str, Any]

    @classmethod
    def allow(cls, output_info: Any = None) -> "ToolGuardrailFunctionOutput":
        return cls(output_info, {"type": "allow"})

    @classmethod
    def reject_content(cls, message: str, output_info: Any = None) -> "ToolGuardrailFunctionOutput":
        return cls(output_info, {"type": "reject_content", "message": message})

    @classmethod
    def raise_exception(cls, output_info: Any = None) -> "ToolGuardrailFunctionOutput":
        return cls(output_info, {"type": "raise_exception"})


class ToolInputGuardrailTripwireTriggered(Exception):
    pass


@dataclass
class ToolInputGuardrail:
    guardrail_function: Callable[[ToolInputGuardrailData], Any]
    name: Optional[str] = None

    async def run(self, data: ToolInputGuardrailData) -> ToolGuardrailFunctionOutput:
        out = self.guardrail_function(data)
        if inspect.isawaitable(out):
            out = await out
        return out


def tool_input_guardrail(func: Optional[Callable[..., Any]] = None, *, name: Optional[str] = None) -> Any:
    def make(f: Callable[..., Any]) -> ToolInputGuardrail:
        return ToolInputGuardrail(f, name or f.__name__)

    return make(func) if func is not None else make


@dataclass
class FunctionTool:
    name: str
    fn: Callable[..., Any]
    tool_input_guardrails: List[ToolInputGuardrail]


def function_tool(func: Optional[Callable[..., Any]] = None, *, tool_input_guardrails: Optional[List[ToolInputGuardrail]] = None) -> Any:
    def make(f: Callable[..., Any]) -> FunctionTool:
        return FunctionTool(f.__name__, f, list(tool_input_guardrails or []))

    return make(func) if func is not None else make


async def run_tool_call(agent: Agent, tool: FunctionTool, arguments: str, call_id: str) -> Any:
    """The runner's tool step: input guardrails first, then the tool. A rejection's message
    is what the model gets back instead of the tool's output."""
    ctx = ToolContext(context=None, tool_name=tool.name, tool_call_id=call_id, tool_arguments=arguments)
    for g in tool.tool_input_guardrails:
        out = await g.run(ToolInputGuardrailData(context=ctx, agent=agent))
        if out.behavior["type"] == "reject_content":
            return out.behavior["message"]
        if out.behavior["type"] == "raise_exception":
            raise ToolInputGuardrailTripwireTriggered(g.name)
    result = tool.fn(**json.loads(arguments))
    if inspect.isawaitable(result):
        result = await result
    return result
