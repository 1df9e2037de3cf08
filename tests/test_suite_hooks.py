"""The suite's own hooks (tests/conftest.py): each session starts with empty memos, so a
mutant of the code behind a memo is tested, not answered by what an earlier session of the
process kept; and while mutmut runs a mutant, its quickest tests go first."""

from __future__ import annotations

import sys

from bearcli.core import picture
from tests.conftest import _mutant_durations, fastest_first, kept_memos, pytest_sessionstart


def test_the_picture_memos_are_among_those_found():
    found = kept_memos(sys.modules)
    assert picture._element_text in found
    assert picture._places in found
    assert len(found) == len(set(map(id, found)))


def test_the_memos_of_test_modules_are_found_too():
    from tests.games.sliding_bears import test_fast_paths

    # its seeded positions, played by the rules of the run that filled it
    assert test_fast_paths.positions in kept_memos(sys.modules)


def test_a_module_outside_bearcli_is_left_alone():
    class Memo:
        def cache_clear(self):  # pragma: no cover - must not be called
            raise AssertionError

    fake = type(sys)("elsewhere")
    fake.memo = Memo()
    assert kept_memos({"elsewhere": fake, "bearclix": fake, "testsx": fake}) == []


def test_a_session_start_empties_a_filled_memo():
    picture._places(2, 2, 44, 10, 10)
    assert picture._places.cache_info().currsize >= 1
    pytest_sessionstart(None)
    assert picture._places.cache_info().currsize == 0
    picture._places(2, 2, 44, 10, 10)
    assert picture._places.cache_info().currsize == 1


class _Item:
    def __init__(self, nodeid: str):
        self.nodeid = nodeid


def test_a_mutants_tests_go_quickest_file_first_and_each_files_quickest_first():
    items = [_Item(n) for n in ("a.py::slow", "b.py::one", "a.py::quick", "c.py::new", "b.py::two")]
    durations = {"a.py::slow": 5.0, "a.py::quick": 0.1, "b.py::one": 0.3, "b.py::two": 0.2}
    order = [i.nodeid for i in fastest_first(items, durations)]
    # a.py holds the quickest test; c.py's test was never measured: last
    assert order == ["a.py::quick", "a.py::slow", "b.py::two", "b.py::one", "c.py::new"]


def test_the_order_is_left_alone_unless_mutmut_runs_a_mutant(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mutmut-stats.json").write_text('{"duration_by_test": {"t.py::a": 1.5}}')
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    assert _mutant_durations() is None
    monkeypatch.setenv("MUTANT_UNDER_TEST", "stats")
    assert _mutant_durations() is None
    monkeypatch.setenv("MUTANT_UNDER_TEST", "bearcli.x.y__mutmut_3")
    assert _mutant_durations() == {"t.py::a": 1.5}
    (tmp_path / "mutmut-stats.json").unlink()
    assert _mutant_durations() is None
