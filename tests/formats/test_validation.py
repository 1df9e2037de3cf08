"""What `validate` checks and the gate before a command plays a scenario
(bearcli/formats/validation.py), called directly: which findings stop, which are only
printed, which `--unchecked` lets through, and how each file is taken."""

from __future__ import annotations

import shutil
from types import SimpleNamespace

import pytest

from bearcli.core.abilities import ERROR, WARNING, Finding
from bearcli.core.errors import ErrorList, InputError, Location, ScenarioError
from bearcli.formats import validation
from bearcli.formats.validation import Checked, Gate, gate
from tests.cli.test_authoring_checks import RISKY, STRANDED
from tests.conftest import ROOT

HERE = Location("f.layout", 2, 3)
STUCK = Finding(ERROR, "a bear is stuck", "P-SB8", HERE)
ENDLESS = Finding(ERROR, "no game could end", "P-SB10", Location("f.layout", 4, 1))
RISK = Finding(WARNING, "a risky removal", "P-SB11", Location("f.layout", 1, 1))
NO_CRACK = "params={weather_die: [wind, wind, wind, wind, wind, wind]}"


class Checks:
    """A game with static checks whose findings are given (StaticChecks)."""

    never_ends = frozenset({"P-SB10"})

    def __init__(self, *findings: Finding) -> None:
        self.findings = findings

    def static_findings(self, config, where) -> tuple:
        return self.findings


def _scen(*findings: Finding):
    return SimpleNamespace(game=Checks(*findings), config=None)


SRC = SimpleNamespace(loc=lambda *keys: None)


def test_warnings_pass_the_gate_and_are_handed_back():
    assert gate(_scen(RISK), SRC) == Gate((RISK,), ())
    assert gate(SimpleNamespace(game=object(), config=None), SRC) == Gate((), ())  # no checks


def test_one_error_stops_with_its_own_error_and_the_warnings_as_details():
    with pytest.raises(ScenarioError) as stopped:
        gate(_scen(RISK, STUCK), SRC)
    exc = stopped.value
    assert (exc.message, exc.ruling, exc.location) == ("a bear is stuck", "P-SB8", HERE)
    assert exc.details == (RISK.headline(),)


def test_several_errors_stop_together_in_their_order():
    with pytest.raises(ErrorList) as stopped:
        gate(_scen(STUCK, ENDLESS, RISK), SRC)
    assert [e.ruling for e in stopped.value.errors] == ["P-SB8", "P-SB10"]
    assert stopped.value.details == (RISK.headline(),)


def test_unchecked_lets_errors_through_but_a_batch_never_an_endless_game():
    assert gate(_scen(STUCK, RISK), SRC, unchecked=True) == Gate((RISK,), (STUCK,))
    assert gate(_scen(STUCK, RISK), SRC, unchecked=True, batch=True) == Gate((RISK,), (STUCK,))
    # one game (play) may be played even so; a batch of them is refused on P-SB10 alone
    both = _scen(STUCK, ENDLESS, RISK)
    assert gate(both, SRC, unchecked=True) == Gate((RISK,), (STUCK, ENDLESS))
    with pytest.raises(ScenarioError) as stopped:
        gate(both, SRC, unchecked=True, batch=True)
    assert (stopped.value.ruling, stopped.value.details) == ("P-SB10", ())


def test_judged_names_the_kind_checked_and_its_warnings():
    assert validation._judged("layout", (RISK,)) == Checked("layout", (RISK,))
    assert validation._judged("layout", ()) == Checked("layout", ())


@pytest.fixture
def floes(tmp_path):
    (tmp_path / "stranded.layout").write_text(STRANDED)
    (tmp_path / "risky.layout").write_text(RISKY)
    return tmp_path


def test_load_checked_applies_the_overrides_and_gates_the_result(floes):
    scen, checked = validation.load_checked(floes / "risky.layout", ("level=hard",))
    assert scen.config.level == "hard" and checked.ignored == ()
    assert [w.ruling for w in checked.warnings] == ["P-SB11"]
    with pytest.raises(ScenarioError) as stopped:
        validation.load_checked(floes / "stranded.layout")
    assert stopped.value.ruling == "P-SB8"
    scen, checked = validation.load_checked(floes / "stranded.layout", unchecked=True)
    assert [f.ruling for f in checked.ignored] == ["P-SB8"] and scen.title == "stranded"


def test_load_checked_is_a_batch_unless_told_and_load_for_games_is_one(floes):
    endless = floes / "stranded.layout"
    with pytest.raises(BaseException) as stopped:  # P-SB10 with P-SB8: a batch never runs
        validation.load_checked(endless, (NO_CRACK,), unchecked=True)
    assert "P-SB10" in str(stopped.value)
    scen, checked = validation.load_checked(endless, (NO_CRACK,), unchecked=True, batch=False)
    assert {f.ruling for f in checked.ignored} >= {"P-SB8", "P-SB10"}
    with pytest.raises(BaseException) as stopped:
        validation.load_for_games(endless, (NO_CRACK,))
    assert "P-SB10" in str(stopped.value)
    scen = validation.load_for_games(endless, ("level=hard",))  # errors other than P-SB10 pass
    assert scen.config.level == "hard" and scen.title == "stranded"


def test_an_event_log_finds_its_move_log_as_yaml_then_yml(tmp_path):
    log = tmp_path / "game.events.jsonl"
    log.write_text("")
    assert validation._move_log_of(log) is None and validation._orphan(log)
    (tmp_path / "game.yml").write_text("")
    assert validation._move_log_of(log) == tmp_path / "game.yml"
    (tmp_path / "game.yaml").write_text("")
    assert validation._move_log_of(log) == tmp_path / "game.yaml"
    assert not validation._orphan(log)
    assert validation._move_log_of(tmp_path / "game.yaml") is None  # not an event log


def test_an_orphan_event_log_is_refused_naming_its_move_log(tmp_path):
    log = tmp_path / "events.events.jsonl"
    log.write_text("")
    with pytest.raises(InputError) as refused:
        validation.check_file(log)
    assert refused.value.message == (
        "an event log without its move log events.yaml (an interrupted save?)"
    )
    assert refused.value.location == Location(str(log), 1, 1)


def test_a_file_that_is_no_mapping_is_refused_at_its_start(tmp_path):
    listed = tmp_path / "list.yaml"
    listed.write_text("- a\n- b\n")
    with pytest.raises(InputError) as refused:
        validation.check_file(listed)
    assert refused.value.message == "expected a scenario or a move log (a YAML mapping)"
    assert refused.value.location == Location(str(listed), 1, 1)


def test_each_kind_of_file_is_checked_as_what_it_is(floes):
    record = ROOT / "replays" / "sliding-bears" / "rulings-tour.yaml"
    assert validation.check_file(record).kind == (
        "move log, sliding-bears, 54 moves, all-bears-across"
    )
    classic = ROOT / "scenarios" / "sliding-bears" / "classic.yaml"
    assert validation.check_file(classic) == Checked("scenario, sliding-bears", ())
    risky = validation.check_file(floes / "risky.layout")
    assert risky.kind == "layout" and risky.warnings == ()  # normal level: no tile at risk
    with pytest.raises(ScenarioError):
        validation.check_file(floes / "stranded.layout")


def test_a_move_log_is_known_by_its_format_or_by_its_moves(tmp_path):
    record = ROOT / "replays" / "sliding-bears" / "rulings-tour.yaml"
    text = record.read_text()
    no_format = tmp_path / "no-format.yaml"
    no_format.write_text(text.replace("format: bearcli-moves/1\n", "", 1))
    played = validation.check_file(no_format)  # its moves make it a move log
    assert played.kind == "move log, sliding-bears, 54 moves, all-bears-across"
    no_moves = tmp_path / "no-moves.yaml"
    no_moves.write_text(text.split("\nmoves:", 1)[0] + "\n")
    with pytest.raises(ScenarioError) as refused:  # its format makes it one, without moves
        validation.check_file(no_moves)
    assert refused.value.message == "missing key 'moves'"


def test_a_folder_is_its_scenarios_move_logs_layouts_and_orphan_event_logs(floes):
    shutil.copy(ROOT / "replays" / "sliding-bears" / "rulings-tour.yaml", floes / "b.yml")
    (floes / "b.events.jsonl").write_text("")  # beside its move log: not listed
    (floes / "lost.events.jsonl").write_text("")  # an orphan: listed, to be reported
    (floes / "notes.txt").write_text("")
    (floes / "sub").mkdir()
    (floes / "sub" / "a.yaml").write_text("")
    found = validation.expand([floes, floes / "notes.txt"])
    names = [p.relative_to(floes).as_posix() for p in found]
    assert names == [
        "b.yml",
        "lost.events.jsonl",
        "risky.layout",
        "stranded.layout",
        "sub/a.yaml",
        "notes.txt",
    ]
