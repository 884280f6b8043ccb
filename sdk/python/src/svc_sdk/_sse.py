"""Server-sent events: lines in, parsed JSON messages out. Only `data:` lines carry meaning in
the svc stream; comments, ids and retry hints are skipped."""

from __future__ import annotations

import json
from typing import Any, List, Optional

# One event's data may not grow past this (a runaway stream is cut rather than buffered).
MAX_EVENT_BYTES = 4 * 1024 * 1024


class SseParser:
    def __init__(self) -> None:
        self._data: List[str] = []
        self._size = 0

    def feed(self, line: str) -> Optional[Any]:
        """Takes one line (without its end of line); returns a message when one is complete."""
        if line == "":
            if not self._data:
                return None
            text = "\n".join(self._data)
            self._data, self._size = [], 0
            try:
                return json.loads(text)
            except ValueError:
                return {"type": "unparsed", "data": text}
        if line.startswith(":"):
            return None
        field, _, value = line.partition(":")
        if field != "data":
            return None
        if value.startswith(" "):
            value = value[1:]
        self._size += len(value)
        if self._size > MAX_EVENT_BYTES:
            raise ValueError(f"event larger than {MAX_EVENT_BYTES} bytes")
        self._data.append(value)
        return None
