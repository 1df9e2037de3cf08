"""Events are canonical plain data: no floats, reserved keys refused, order-free."""

import pytest

from bearcli.core.events import event


def test_fields_are_sorted_and_lists_frozen():
    a = event("tile-slid", to="c4", rider=None, **{"from": "c3"})
    b = event("tile-slid", **{"from": "c3"}, rider=None, to="c4")
    assert a == b and hash(a) == hash(b)
    assert event("x", dice=["bear", "wind"]).to_dict() == {"type": "x", "dice": ["bear", "wind"]}


def test_floats_and_reserved_keys_are_refused():
    with pytest.raises(TypeError):
        event("bad", rate=0.5)
    with pytest.raises(TypeError):
        event("bad", seq=1)
