"""Fixtures of the CLI tests."""

from __future__ import annotations

import pytest

from tests.golden_pair import copy_pair


@pytest.fixture
def pair(tmp_path):
    """A copy of one golden record and its expected log in a scratch folder."""
    return copy_pair(tmp_path)
