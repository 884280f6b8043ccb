"""Ask svc before running a shell command. SERVICE_URL / SERVICE_TOKEN name the server."""

import subprocess
import sys

from svc_sdk import Client, DeniedError

svc = Client(agent="quickstart")
command = sys.argv[1] if len(sys.argv) > 1 else "echo hello"
try:
    with svc.guard("exec", {"command": command}):
        print(subprocess.run(command, shell=True, capture_output=True, text=True).stdout, end="")
except DeniedError as err:
    print(f"refused ({err.decision}): {err.reason}")
    sys.exit(1)
