"""bearcli.rating.rate as a library call: what it does with arguments the CLI never gives."""

import pytest

from bearcli import rating
from tests.conftest import ROOT


def test_rate_with_no_level_to_rate_says_so():
    """No (level, variant) to rate: a plain ValueError naming the empty settings, not the
    TypeError of raising None (there is no level whose error could be raised)."""
    with pytest.raises(ValueError, match="no level and variant to rate"):
        rating.rate(ROOT / "scenarios" / "sliding-bears" / "classic.yaml", settings=())
