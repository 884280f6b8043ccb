"""Thin adapters that put svc in front of agent frameworks' tool calls. Each imports its
framework only when used, so svc_sdk itself needs nothing beyond the standard library."""
