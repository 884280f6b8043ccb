"""Stand-in for langchain_core.tools: only the tool-call interface the svc adapter uses."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Dict, Optional, Union


class ToolException(Exception):
    """Raised by a tool to report an error to the agent without stopping it."""


class BaseTool:
    name: str = ""
    description: str = ""
    args_schema: Any = None
    handle_tool_error: Union[bool, str, Callable[[ToolException], str], None] = False

    def _run(self, **kwargs: Any) -> Any:
        raise NotImplementedError

    async def _arun(self, **kwargs: Any) -> Any:
        return await asyncio.to_thread(lambda: self._run(**kwargs))

    def _handle(self, err: ToolException) -> Any:
        h = self.handle_tool_error
        if not h:
            raise err
        if isinstance(h, bool):
            return err.args[0] if err.args else "Tool execution error"
        if isinstance(h, str):
            return h
        return h(err)

    def invoke(self, input: Union[str, Dict[str, Any]], config: Any = None, **kwargs: Any) -> Any:
        args = input if isinstance(input, dict) else {"input": input}
        try:
            return self._run(**args)
        except ToolException as err:
            return self._handle(err)

    async def ainvoke(self, input: Union[str, Dict[str, Any]], config: Any = None, **kwargs: Any) -> Any:
        args = input if isinstance(input, dict) else {"input": input}
        try:
            return await self._arun(**args)
        except ToolException as err:
            return self._handle(err)


class StructuredTool(BaseTool):
    def __init__(self, name: str, description: str, func: Optional[Callable[..., Any]], coroutine: Optional[Callable[..., Awaitable[Any]]], args_schema: Any, handle_tool_error: Any) -> None:
        self.name, self.description, self.func, self.coroutine = name, description, func, coroutine
        self.args_schema, self.handle_tool_error = args_schema, handle_tool_error

    def _run(self, **kwargs: Any) -> Any:
        assert self.func is not None
        return self.func(**kwargs)

    async def _arun(self, **kwargs: Any) -> Any:
        if self.coroutine is not None:
            return await self.coroutine(**kwargs)
        return await super()._arun(**kwargs)

    @classmethod
    def from_function(
        cls,
        func: Optional[Callable[..., Any]] = None,
        coroutine: Optional[Callable[..., Awaitable[Any]]] = None,
        name: Optional[str] = None,
        description: Optional[str] = None,
        return_direct: bool = False,
        args_schema: Any = None,
        infer_schema: bool = True,
        *,
        handle_tool_error: Any = False,
        **kwargs: Any,
    ) -> "StructuredTool":
        fn = func or coroutine
        assert fn is not None
        return cls(name or fn.__name__, description or (fn.__doc__ or "").strip(), func, coroutine, args_schema, handle_tool_error)


def tool(fn: Callable[..., Any]) -> StructuredTool:
    """@tool: a StructuredTool named after the function, described by its docstring."""
    return StructuredTool.from_function(func=fn)
