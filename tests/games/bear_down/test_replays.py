"""The hand-written records of replays/bear-down replay cleanly to their stated result."""

from __future__ import annotations

from pathlib import Path

import pytest

from bearcli.formats import movelog

RECORDS = sorted((Path(__file__).parents[3] / "replays" / "bear-down").glob("*.yaml"))


def test_the_records_are_there():
    names = {p.stem for p in RECORDS}
    assert {"blue-stream-fall", "yellow-salmon-jump", "end-of-game-halves"} <= names
    for players in (2, 3, 4):
        assert {f"water-ends-{players}p", f"salmon-ends-{players}p"} <= names


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_its_result(path):
    log = movelog.load(path)
    assert log.result is not None  # every record states what it shows
    match = movelog.replay(log)  # raises CheckFailed on a different result
    if match.over:
        assert match.events[-1].event.type == "game-ended"
    else:
        assert log.result == "unfinished"


def test_rulebook_examples_show_what_the_rulebook_says():
    def events(stem: str, kind: str) -> list[dict]:
        match = movelog.replay(movelog.load(RECORDS[[p.stem for p in RECORDS].index(stem)]))
        return [e.event.to_dict() for e in match.events if e.event.type == kind]

    fell = events("blue-stream-fall", "bear-fell")
    assert [(e["seat"], e["stream"], e["lost"]) for e in fell] == [(2, "blue", 4)]
    yellow = [e for e in events("yellow-salmon-jump", "salmon-jumped") if e["stream"] == "yellow"][
        -1
    ]
    assert (yellow["rolled"], yellow["squares"]) == (3, ["yellow4", "yellow1"])
    assert [
        (e["stream"], e["count"]) for e in events("yellow-salmon-jump", "surplus-returned")
    ] == [("yellow", 1)]
    counted = events("end-of-game-halves", "salmon-counted")
    assert [(e["carried"], e["kept"]) for e in counted] == [(2, 1), (5, 3)]
