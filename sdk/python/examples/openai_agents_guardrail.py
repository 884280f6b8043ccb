"""An OpenAI Agents SDK agent whose shell tool is checked by svc before every call. Needs the
openai-agents package and OPENAI_API_KEY, plus SERVICE_URL / SERVICE_TOKEN for svc."""

import subprocess

from agents import Agent, Runner, function_tool

from svc_sdk import AsyncClient
from svc_sdk.adapters.openai_agents import svc_guardrail

guard = svc_guardrail(AsyncClient(), tool_class={"run_shell": "exec"})


@function_tool(tool_input_guardrails=[guard])
def run_shell(command: str) -> str:
    """Run a shell command and return its output."""
    return subprocess.run(command, shell=True, capture_output=True, text=True).stdout


agent = Agent(name="ops-agent", instructions="Use run_shell to answer.", tools=[run_shell])
print(Runner.run_sync(agent, "How much disk space is free?").final_output)
