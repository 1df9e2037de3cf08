"""The suite's sessions start with empty memos (tests/conftest.py), so a mutant of the code
behind a memo is tested, not answered by what an earlier session of the process kept."""

from __future__ import annotations

import sys

from bearcli.core import picture
from tests.conftest import kept_memos, pytest_sessionstart


def test_the_picture_memos_are_among_those_found():
    found = kept_memos(sys.modules)
    assert picture._element_text in found
    assert picture._places in found
    assert len(found) == len(set(map(id, found)))


def test_a_module_outside_bearcli_is_left_alone():
    class Memo:
        def cache_clear(self):  # pragma: no cover - must not be called
            raise AssertionError

    fake = type(sys)("elsewhere")
    fake.memo = Memo()
    assert kept_memos({"elsewhere": fake, "bearclix": fake}) == []


def test_a_session_start_empties_a_filled_memo():
    picture._places(2, 2, 44, 10, 10)
    assert picture._places.cache_info().currsize >= 1
    pytest_sessionstart(None)
    assert picture._places.cache_info().currsize == 0
    picture._places(2, 2, 44, 10, 10)
    assert picture._places.cache_info().currsize == 1
