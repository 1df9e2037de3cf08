"""The shipped scenarios, installed as package data `bearcli.scenarios` (see pyproject.toml)."""
