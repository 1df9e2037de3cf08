"""Narration is complete: every event of every golden record is told as one plain sentence,
and every event type the docs list (and the rules emit) has a sentence in its game."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache

import pytest

from bearcli.core import registry
from bearcli.core.game import Seat
from bearcli.core.narration import NarrationError, narrate
from bearcli.formats import movelog
from bearcli.formats import scenario as scenario_fmt
from bearcli.simulation import play_one
from tests.conftest import ROOT, replay_text
from tests.games.baerenspiel.test_narrate import REROLL_AND_DECLINE
from tests.games.bear_down.test_narrate import BOXED_IN

RECORDS = sorted((ROOT / "replays").rglob("*.yaml"))
SCENARIOS = sorted((ROOT / "scenarios").rglob("*.yaml"))
CONSTRUCTED = (BOXED_IN, REROLL_AND_DECLINE)  # event types no golden record shows
TITLES = {"sliding-bears": "Sliding Bears", "bear-down": "Bear Down!", "baerenspiel": "Bärenspiel"}


def _assert_plain(sentence: str, event: dict) -> None:
    assert isinstance(sentence, str) and sentence.strip(), event
    assert sentence == sentence.strip() and "\n" not in sentence, (sentence, event)
    leaked = set(sentence) & set("{}_[]")  # a format slip, a field name or a Python list
    assert not leaked and "None" not in sentence, (sentence, event)


def _told(game, config, events: list[dict]) -> list[str]:
    sentences = narrate(game, config, events)
    assert len(sentences) == len(events)
    for sentence, event in zip(sentences, events, strict=True):
        _assert_plain(sentence, event)
    return sentences


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}--{p.stem}")
def test_every_event_of_every_record_is_one_plain_sentence(path):
    match = movelog.replay(movelog.load(path))
    events = [e.to_dict() for e in match.events]
    sentences = _told(match.game, match.config, events)
    # What json.loads gives for the lines of an event log is told the same way.
    lines = [json.loads(json.dumps(e, sort_keys=True, separators=(",", ":"))) for e in events]
    assert narrate(match.game, match.config, lines) == sentences


@cache
def _narrated_types() -> dict[str, set[str]]:
    """Event types told, per game: golden records, one seeded game per shipped scenario and
    the hand-made records of the rare events."""
    matches = [movelog.replay(movelog.load(p)) for p in RECORDS]
    matches += [replay_text(text) for text in CONSTRUCTED]
    seen: dict[str, set[str]] = {name: set() for name in registry.names()}
    for m in matches:
        events = [e.to_dict() for e in m.events]
        _told(m.game, m.config, events)
        seen[m.game.name] |= {e["type"] for e in events}
    for path in SCENARIOS:
        scen = scenario_fmt.load(path)
        events = [e.to_dict() for e in play_one(scen, seed=1).events]
        _told(scen.game, scen.config, events)
        seen[scen.game.name] |= {e["type"] for e in events}
    return seen


def _documented_types() -> dict[str, set[str]]:
    """Backticked kebab-case names in the first column of the per-game event tables (a table
    whose first header cell is `type` or `event`, under a `## ` heading naming the game)."""
    found: dict[str, set[str]] = {name: set() for name in TITLES}
    for doc in ("event-log.md", "notation.md"):
        game, header, events_table = None, True, False
        for line in (ROOT / "docs" / doc).read_text().splitlines():
            if line.startswith("## "):
                game = next((g for g, title in TITLES.items() if title in line), None)
            if not line.startswith("|"):
                header = True
                continue
            first = line.strip("|").split("|")[0].strip()
            if header:
                header, events_table = False, first in ("type", "event")
            elif events_table and game:
                found[game] |= set(re.findall(r"^`([a-z]+(?:-[a-z]+)+)`$", first))
    return found


def test_every_documented_event_type_has_a_sentence():
    documented = _documented_types()
    assert set(documented) == set(registry.names())
    seen = _narrated_types()
    for name, types in documented.items():
        assert len(types) >= 8 and "game-ended" in types, (name, types)  # the tables were read
        missing = sorted(types - seen[name])
        assert not missing, f"{name}: documented event types never narrated: {missing}"


def test_every_event_type_the_rules_emit_has_a_sentence():
    # Events are built by core.events.event(), or directly as Event(...) in hot paths, or
    # interned per configuration: Bear Down!'s `recurring("type", ...)`, Sliding Bears' by a
    # key tuple, `key = ("type", ...)` or `events["type", ...]`.
    pattern = re.compile(
        r"""(?:(?:\bevent|\brecurring|\bEvent|\b_event|\bkey\s*=\s*)\(|\bevents\[)"""
        r"""\s*["']([a-z-]+)["']"""
    )
    for name in registry.names():
        game = registry.get(name)
        package = ROOT / "bearcli" / "games" / type(game).__module__.split(".")[2]
        emitted = {t for p in package.glob("*.py") for t in pattern.findall(p.read_text())}
        assert len(emitted) >= 8, (name, emitted)
        missing = sorted(emitted - _narrated_types()[name])
        assert not missing, f"{name}: event types the rules emit but never narrated: {missing}"


def _scenario_of(name: str):
    return next(p for p in SCENARIOS if p.parent.name == name)


@pytest.mark.parametrize("name", registry.names())
def test_an_unknown_or_broken_event_is_refused(name):
    game = registry.get(name)
    assert "narrator" in vars(type(game)), f"{name} implements narrator() itself"
    config = scenario_fmt.load(_scenario_of(name)).config
    narrator = game.narrator(config)
    with pytest.raises(NarrationError, match="no-such-event"):
        narrator.tell({"type": "no-such-event", "seq": 1, "step": 0})
    with pytest.raises(NarrationError, match="has no field"):
        game.narrator(config).tell({"type": "dice-rolled", "seq": 2, "step": 1})


def test_seats_are_named_or_numbered():
    match = replay_text(BOXED_IN)
    narrator = match.game.narrator(match.config)
    assert [narrator.seat(1), narrator.seat(2)] == ["Emma", "Helena"]
    with pytest.raises(NarrationError):
        narrator.seat(3)
    seats = (Seat("", "human"), Seat("seat 2", "human"), Seat("Ana", "human"))
    plain = match.game.narrator(replace(match.config, seats=seats))
    assert [plain.seat(1), plain.seat(2), plain.seat(3)] == ["seat 1", "seat 2", "Ana"]


def test_narrate_starts_afresh_each_time():
    match = movelog.replay(movelog.load(ROOT / "replays/bear-down/blue-stream-fall.yaml"))
    events = [e.to_dict() for e in match.events]
    first = narrate(match.game, match.config, events)
    assert narrate(match.game, match.config, events) == first
    assert first[1].startswith("round 1: ") and first[-1].startswith("round 3, yellow S1: ")
