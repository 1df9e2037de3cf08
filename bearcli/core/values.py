"""The one way the rules make a changed copy of a state: `evolve(state, changes)`.

Every step of every simulated game makes a new state, so the copy skips what
`dataclasses.replace` does per field (the generated __init__, a frozen class's guarded
attribute setting): the new state's attributes are the old ones with the changes laid over
them, and the state stays frozen. That is what `replace` makes for a state class whose
fields are all set by __init__ (no __post_init__); each game names its fields in a TypedDict
(`Changes`), so a type checker reads every change's key and value, and a test compares the
TypedDict with the dataclass's fields and `evolve` with `replace`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

S = TypeVar("S")

_new_object = object.__new__
_set_attribute = object.__setattr__


def evolve(state: S, changes: Mapping[str, object]) -> S:
    """`dataclasses.replace(state, **changes)` for a frozen state class without __post_init__.

    The new dict is built, not copied: a copy of the first state's dict would share its keys
    with the class (a split dict), which makes every field read slower."""
    return assemble(type(state), {**state.__dict__, **changes})


def assemble(cls: type[S], values: Mapping[str, object]) -> S:
    """The instance of `cls` whose attributes are `values` (its fields, and the values derived
    from them that the class keeps beside them), made without __init__: the rules' own steps
    work out the derived values as they go. `values` must be a dict, and becomes the state's."""
    new = _new_object(cls)
    _set_attribute(new, "__dict__", values)
    return new
