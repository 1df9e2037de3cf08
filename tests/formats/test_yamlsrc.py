"""Safe YAML with places: every value and key knows its line and column."""

import pytest

from bearcli.core.errors import InputError
from bearcli.core.source import KEY
from bearcli.formats.yamlsrc import loads


def test_values_and_keys_carry_their_location():
    src = loads("game: x\nseats:\n  - bot: greedy\n", "f.yaml")
    assert str(src.loc("seats", 0, "bot")) == "f.yaml:3:10"
    assert str(src.loc("seats", KEY)) == "f.yaml:2:1"
    assert str(src.loc("missing")) == "f.yaml:1:1"  # falls back to the nearest parent


def test_only_safe_yaml():
    with pytest.raises(InputError) as tag:
        loads("x: !!python/object/apply:os.system ['true']\n", "evil.yaml")
    assert str(tag.value.location) == "evil.yaml:1:4"
    with pytest.raises(InputError) as alias:
        loads("a: &x [1, 2]\nb: *x\n", "bomb.yaml")
    assert "aliases" in alias.value.message


def test_size_limit():
    with pytest.raises(InputError):
        loads("a: " + "x" * (1 << 20), "big.yaml")
