"""Events: what the rulebook would say happened, as plain canonical data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Value = str | int | bool | None | tuple["Value", ...]


def _freeze(value: Any) -> Value:
    # Floats are refused: their text form differs between platforms and versions (RULINGS C3).
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    raise TypeError(f"event values must be str, int, bool, None or lists of them, not {value!r}")


def _thaw(value: Value) -> Any:
    return [_thaw(v) for v in value] if isinstance(value, tuple) else value


@dataclass(frozen=True)
class Event:
    type: str
    fields: tuple[tuple[str, Value], ...]

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.fields:
            if k == key:
                return _thaw(v)
        return default

    def to_dict(self) -> dict[str, Any]:
        out = {k: _thaw(v) for k, v in self.fields}
        out["type"] = self.type
        return out


_PLAIN = frozenset({str, int, bool, type(None)})  # values _freeze returns as they are


def event(type_: str, **fields: Any) -> Event:
    """Build an event; field order never matters (the writer sorts keys)."""
    if "type" in fields or "seq" in fields or "step" in fields:
        raise TypeError("'type', 'seq' and 'step' are reserved event keys")
    for v in fields.values():
        if type(v) not in _PLAIN:
            return Event(type_, tuple(sorted((k, _freeze(v)) for k, v in fields.items())))
    # Plain values only: nothing to freeze, and the keys are unique, so sorting the items
    # orders them by key alone, as above.
    return Event(type_, tuple(sorted(fields.items())))
