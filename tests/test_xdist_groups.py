"""`make test` (pytest-xdist, --dist loadgroup) sends the tests of one `xdist_group` to one
worker, so that a module's expensive fixtures are made once: the group travels in the test's
id (`name@group`), which tests/conftest.py puts back where pytest 9.2 dropped it."""

from __future__ import annotations

import pytest

from tests.conftest import groups_first, groups_of

pytestmark = pytest.mark.xdist_group("groups-check")


def test_a_grouped_test_carries_its_group_only_under_loadgroup(request):
    nodeid = request.node.nodeid
    if getattr(request.config.option, "loadgroup", False):  # an xdist worker of make test
        assert nodeid.endswith(
            "::test_a_grouped_test_carries_its_group_only_under_loadgroup@groups-check"
        )
        # and the grouped tests are handed out first (this one is grouped)
        grouped = [bool(groups_of(item)) for item in request.session.items]
        assert grouped[0] and grouped == sorted(grouped, reverse=True)
    else:  # plain pytest, or another --dist: the id is the test's own
        assert nodeid.endswith("::test_a_grouped_test_carries_its_group_only_under_loadgroup")


def test_groups_first_moves_the_grouped_tests_ahead_keeping_each_order():
    groups = {"a": set(), "b": {"g"}, "c": set(), "d": {"h"}, "e": {"g"}}
    assert groups_first(list("abcde"), groups.get) == list("bdeac")
    assert groups_first(list("ac"), groups.get) == list("ac")  # no group: as collected
