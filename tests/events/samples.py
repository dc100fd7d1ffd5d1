"""An instance of any event class, its fields filled from their annotations (a string for
``str``, a number for ``int``, one element per list and mapping), to round-trip every
class of the catalog without a hand-written sample each."""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from chalicelib.domain.events import Event


def sample(cls: type[Event]) -> Event:
    hints = typing.get_type_hints(cls)
    return cls(**{f.name: _value(hints[f.name], f.name)
                  for f in dataclasses.fields(cls)})


def _value(hint: Any, name: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _value(next(a for a in args if a is not type(None)), name)
    if hint is str:
        return f"{name}-1"
    if hint is bool:
        return True
    if hint is int:
        return 3
    if origin is list:
        return [_value(args[0], name)]
    if origin is dict:
        return {f"{name}-key": _value(args[1], name)}
    return {"any": [name, 1]}             # Any: a JSON value
