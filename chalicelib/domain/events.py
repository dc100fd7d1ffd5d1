"""Typed events: one class per event type, registered under its name with a version.

An aggregate's events are declared next to it (``<capability>/events.py``) with
:func:`event`, which makes the class a frozen, slotted, keyword-only dataclass and
registers it under its class name; one name, one class (a second registration fails at
import). ``event.type`` is that name and ``event.data`` the JSON payload exactly as it is
stored; new code matches on the class (``match event: case RoundPaired(round=n): ...``).

Each class has the version of the shape it writes now (``schema_version``); the stored
event records the version it was written with (``meta["v"]``, absent: 1). :func:`decode`
is the way back from storage: the stored name and version go through the upcasters
registered next to the class (pure functions lifting one version's payload to the next)
before the class is built, so deciders, evolve functions and projections see one shape
per name. A name that once meant two payloads belongs to one class today; the other
class claims the old name on the streams it was written to (``stored_as``), the one place
where the stream decides."""
from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, cast, dataclass_transform, overload

from . import streams

E = TypeVar("E", bound="Event")
Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]

_OMIT = "omitted when None"
_KEY = "stored under another key"
_CLASSES: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Upcaster] = {}
_STORED_AS: dict[str, dict[str, str]] = {}      # old name -> stream kind -> name now
_CATALOG = "chalicelib.domain.event_catalog"    # imports every aggregate's events
_loaded = False


class EventShapeError(ValueError):
    """A stored payload that no upcaster brings to its class's shape (or a version newer
    than this code knows)."""


class Event:
    """The base of every event class (declare them with :func:`event`)."""

    __slots__ = ()
    type: ClassVar[str]
    schema_version: ClassVar[int] = 1
    _keys: ClassVar[tuple[tuple[str, str], ...]] = ()      # (stored key, field name)
    _omitted: ClassVar[frozenset[str]] = frozenset()
    _renamed: ClassVar[dict[str, str]] = {}                 # stored key -> field name

    def __new__(cls, *args: Any, **kwargs: Any) -> Event:
        if cls is Event:   # ``Event(name, data)``: an event of no class yet
            return object.__new__(UnknownEvent)
        return object.__new__(cls)

    @property
    def data(self) -> Payload:
        """The payload as stored: every field, less the optional ones left at None."""
        out = {}
        for key, name in self._keys:
            value = getattr(self, name)
            if value is not None or name not in self._omitted:
                out[key] = value
        return out


def optional() -> Any:
    """A field only some events of the class carry (e.g. ``by`` when staff acted): None
    when absent, and left out of ``data`` when None."""
    return dataclasses.field(default=None, metadata={_OMIT: True})


def stored_key(key: str) -> Any:
    """A field whose payload key is not a Python name (e.g. ``from``: the field is
    ``from_``)."""
    return dataclasses.field(metadata={_KEY: key})


@overload
def event(cls: type[E], /) -> type[E]: ...


@overload
def event(*, version: int = 1,
          stored_as: dict[str, str] | None = None) -> Callable[[type[E]], type[E]]: ...


# Type checkers see each class as the frozen keyword-only dataclass it becomes (its
# constructor checked); optional() and stored_key() read as defaults to them.
@dataclass_transform(kw_only_default=True, frozen_default=True,
                     field_specifiers=(dataclasses.field,))
def event(cls: type[E] | None = None, *, version: int = 1,
          stored_as: dict[str, str] | None = None) -> Any:
    """Declare and register an event class (``@event`` or ``@event(version=2)``).

    ``stored_as``: {old name: stream kind}, events stored under another class's name on
    streams of that kind (``streams.kind_of``) that are events of this class."""
    def declare(body: type[E]) -> type[E]:
        name = body.__name__
        if name in _CLASSES:
            raise TypeError(f"event {name} is registered twice "
                            f"({_CLASSES[name].__module__} and {body.__module__})")
        made = dataclasses.dataclass(frozen=True, slots=True, kw_only=True)(body)
        fields = dataclasses.fields(cast(Any, made))      # a dataclass now
        made.type = name
        made.schema_version = version
        made._keys = tuple((f.metadata.get(_KEY, f.name), f.name) for f in fields)
        made._omitted = frozenset(f.name for f in fields if f.metadata.get(_OMIT))
        made._renamed = {key: name for key, name in made._keys if key != name}
        _CLASSES[name] = made
        for old, kind in (stored_as or {}).items():
            if kind in _STORED_AS.setdefault(old, {}):
                raise TypeError(f"{old} on {kind} streams is claimed twice")
            _STORED_AS[old][kind] = name
        return made
    return declare if cls is None else declare(cls)


def upcaster(cls: type[Event], from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register a pure function lifting ``cls``'s payload from ``from_version`` to the
    next version. It returns a new dict and never changes the one it is given (that one
    is the stored payload)."""
    def register(lift: Upcaster) -> Upcaster:
        key = (cls.type, from_version)
        if not 1 <= from_version < cls.schema_version:
            raise TypeError(f"{cls.type} is at version {cls.schema_version}: no upcaster "
                            f"from version {from_version}")
        if key in _UPCASTERS:
            raise TypeError(f"two upcasters of {cls.type} from version {from_version}")
        _UPCASTERS[key] = lift
        return lift
    return register


@dataclasses.dataclass(frozen=True, slots=True)
class UnknownEvent(Event):
    """A stored name no class is registered under (e.g. written by newer code): evolve
    functions and projections pass over it."""

    type: str  # type: ignore[misc]  # an unknown event keeps its stored name per instance
    data: Payload = dataclasses.field(default_factory=dict)


def decode(name: str, data: Payload, version: int = 1, stream_id: str = "") -> Event:
    """The typed event of a stored one (``version``: ``meta["v"]``; ``stream_id``: the
    stream it is stored in)."""
    if not _loaded:
        _load_for(name)
    renamed = _STORED_AS.get(name)
    if renamed:
        name = renamed.get(streams.kind_of(stream_id), name)
    cls = _CLASSES.get(name)
    if cls is None:
        return UnknownEvent(name, data)
    if version > cls.schema_version:
        raise EventShapeError(f"{name} version {version} is newer than this code's "
                              f"{cls.schema_version} ({stream_id})")
    while version < cls.schema_version:
        data = _UPCASTERS[(name, version)](data)
        version += 1
    if cls._renamed:
        data = {cls._renamed.get(key, key): value for key, value in data.items()}
    try:
        return cls(**data)
    except TypeError as exc:
        raise EventShapeError(f"{name} version {cls.schema_version} ({stream_id}): "
                              f"{exc}") from None


class UntypedEvent(TypeError):
    """An event to be stored that is not an instance of the class registered under its
    name (e.g. ``Event(name, data)``): deciders emit typed events only."""


def encode(event: Event) -> tuple[str, Payload, int]:
    """How ``event`` is stored: its name, its payload and the version of its shape.
    (Its class registered itself when declared, and a second class of that name fails at
    its import, so the catalog need not be loaded.)"""
    if _CLASSES.get(event.type) is not type(event):
        raise UntypedEvent(f"{event.type} is not an event of a registered class "
                           f"({type(event).__name__})")
    return event.type, event.data, event.schema_version


def _load_for(name: str) -> None:
    """Import what decoding ``name`` needs (``event_index.py``, generated by
    ``tools.build_event_index``); the whole catalog for a name the index does not know or
    whose modules no longer declare it (an index older than the code)."""
    from .event_index import MODULES
    modules = MODULES.get(name)
    try:
        for module in modules or ():
            importlib.import_module(module)
    except ImportError:
        modules = None
    if modules is None or (name not in _CLASSES and name not in _STORED_AS):
        _load_catalog()


def _load_catalog() -> None:
    """Import every aggregate's events (once), so that a name decodes the same whichever
    modules this process happened to load first."""
    global _loaded
    importlib.import_module(_CATALOG)
    _loaded = True


def registered() -> dict[str, type[Event]]:
    """Every event class by name (the whole catalog)."""
    _load_catalog()
    return dict(_CLASSES)


def upcasters() -> dict[tuple[str, int], Upcaster]:
    """(name, from version) -> upcaster, for every registered one."""
    _load_catalog()
    return dict(_UPCASTERS)
