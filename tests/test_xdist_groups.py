"""`make test` (pytest-xdist, --dist loadgroup) sends the tests of one `xdist_group` to one
worker, so that a module's expensive fixtures are made once: the group travels in the test's
id (`name@group`), which tests/conftest.py puts back where pytest 9.2 dropped it."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.xdist_group("groups-check")


def test_a_grouped_test_carries_its_group_only_under_loadgroup(request):
    nodeid = request.node.nodeid
    if getattr(request.config.option, "loadgroup", False):  # an xdist worker of make test
        assert nodeid.endswith(
            "::test_a_grouped_test_carries_its_group_only_under_loadgroup@groups-check"
        )
    else:  # plain pytest, or another --dist: the id is the test's own
        assert nodeid.endswith("::test_a_grouped_test_carries_its_group_only_under_loadgroup")
