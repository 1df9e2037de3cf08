"""bearcli.rating.rate as a library call: what it does with arguments the CLI never gives."""

import pytest

from bearcli import rating
from bearcli.core import registry
from bearcli.core.abilities import Rating
from bearcli.core.errors import ScenarioError
from tests.conftest import ROOT


def test_rate_with_no_level_to_rate_says_so():
    """No (level, variant) to rate: a plain ValueError naming the empty settings, not the
    TypeError of raising None (there is no level whose error could be raised)."""
    with pytest.raises(ValueError, match="no level and variant to rate"):
        rating.rate(ROOT / "scenarios" / "sliding-bears" / "classic.yaml", settings=())


def test_only_a_game_with_the_rating_ability_is_rated():
    """Rating is an ability: Sliding Bears declares it and is rated; Bear Down! does not, and
    `rate` refuses it by the ability, not by the game's name."""
    assert isinstance(registry.get("sliding-bears"), Rating)
    assert not isinstance(registry.get("bear-down"), Rating)
    with pytest.raises(ScenarioError, match="Bear Down! scenarios cannot be rated"):
        rating.rate(ROOT / "scenarios" / "bear-down" / "four-players.yaml", games=5)
    rated = rating.rate(
        ROOT / "scenarios" / "sliding-bears" / "classic.yaml",
        games=5,
        settings=(("hard", "classic"),),
        bots=("greedy",),
    )
    (level,) = rated.levels
    assert level.setting == (("level", "hard"), ("variant", "classic"))
    assert [b.bot for b in level.bots] == ["greedy"] and level.bots[0].games == 5
