"""The suite's own hooks (tests/conftest.py): each session starts with empty memos, so a
mutant of the code behind a memo is tested, not answered by what an earlier session of the
process kept; and while mutmut runs a mutant, its quickest tests go first."""

from __future__ import annotations

import sys

from bearcli.core import picture
from bearcli.core.game import Config
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


def _held_configs(module) -> list[str]:
    """The names of a module's top-level values (or of the lists, tuples and dicts there)
    that are game configs: what a config caches (its tables, its first position) at the top
    level of a module outlives a session, as a memo would."""
    held = []
    for name, value in vars(module).items():
        inside = value.values() if isinstance(value, dict) else value
        items = inside if isinstance(value, (list, tuple, dict)) else [value]
        if any(isinstance(v, Config) for v in items):
            held.append(name)
    return held


def test_no_test_module_keeps_a_config_at_its_top_level():
    # a game's config caches its tables and first position: built at import, they would be
    # built by the clean run's code, and a mutant's session would test those instead
    import importlib

    from tests.conftest import ROOT

    found = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        held = _held_configs(importlib.import_module(name))
        if held:
            found[name] = held
    assert found == {}


def test_a_config_held_at_the_top_level_is_found():
    from tests.games.sliding_bears.test_fast_paths import configs

    fake = type(sys)("fake")
    fake.CONFIG, fake.CONFIGS, fake.BY_NAME, fake.fine = configs()[0], configs()[:2], {}, 3
    fake.BY_NAME["x"] = configs()[0]
    assert _held_configs(fake) == ["CONFIG", "CONFIGS", "BY_NAME"]
