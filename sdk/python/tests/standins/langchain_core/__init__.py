"""Stand-in for langchain-core (see ../README.md)."""
