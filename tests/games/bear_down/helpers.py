"""Shared set-ups for the Bear Down! tests: scenarios from text, positions built by hand."""

from __future__ import annotations

from dataclasses import replace

import yaml

from bearcli.core import registry
from bearcli.formats import scenario as scenario_fmt
from bearcli.formats import yamlsrc
from bearcli.games.bear_down import graph
from tests.steps import types  # noqa: F401 - re-exported for the tests

GAME = registry.get("bear-down")


def scen(players: int = 2, params: dict | None = None, bots: str = "human"):
    body: dict = {
        "format": "bearcli-scenario/1",
        "game": "bear-down",
        "seats": [{"name": f"P{i + 1}", "bot": bots} for i in range(players)],
    }
    if params is not None:
        body["params"] = params
    return scenario_fmt.parse(yamlsrc.loads(yaml.safe_dump(body, sort_keys=False), "t.yaml"))


def start(players: int = 2, params: dict | None = None):
    s = scen(players, params)
    return s.game.initial_state(s.config)[0]


def play(state, *texts):
    """Apply steps given in notation; returns the last state and all the events."""
    events = []
    for text in texts:
        state, more = GAME.apply(state, GAME.parse_step(text))
        events.extend(more)
    return state, events


def node(state, name: str) -> int:
    return graph.node_of(state.cfg.streams, name)


def place(
    state,
    *,
    bears: dict | None = None,
    salmon: dict | None = None,
    carried: dict | None = None,
    clear: bool = False,
    **fields,
):
    """A position by hand: bears {seat (1-based): square}, salmon {square: count}."""
    values = [0] * len(state.salmon) if clear else list(state.salmon)
    for name, count in (salmon or {}).items():
        values[node(state, name)] = count
    where = list(state.bears)
    for seat, name in (bears or {}).items():
        where[seat - 1] = node(state, name)
    held = list(state.carried)
    for seat, count in (carried or {}).items():
        held[seat - 1] = count
    return replace(state, salmon=tuple(values), bears=tuple(where), carried=tuple(held), **fields)


def of(events, kind: str) -> list[dict]:
    return [e.to_dict() for e in events if e.type == kind]


def roll_all(state, face: str) -> str:
    return "roll " + " ".join(f"{s}:{face}" for s in state.cfg.streams)
