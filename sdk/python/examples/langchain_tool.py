"""A LangChain tool behind svc. Run with SERVICE_URL / SERVICE_TOKEN set; the commands are
reported, not executed."""

import sys

from langchain_core.tools import tool

from svc_sdk import Client
from svc_sdk.adapters.langchain import guard_tool


@tool
def shell(command: str) -> str:
    """Run a shell command."""
    return f"ran: {command}"


safe_shell = guard_tool(shell, Client(agent="langchain-example"), "exec")

for command in sys.argv[1:] or ["ls -la", "rm -rf /"]:
    # What the agent loop does with a tool call; a refusal comes back as the tool's output.
    print(safe_shell.invoke({"command": command}))
