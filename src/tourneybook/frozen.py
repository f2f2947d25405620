"""``@frozen``: a frozen dataclass whose equality, hash and repr are written once, here.

``@dataclass(frozen=True)`` writes six methods of each class as source text and
compiles them every time the program starts: ``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__``. A recalc starts
some sixty such classes, and compiling their 350 small methods took about a fifth
of the click (issue 40's 0.12 s). Three of the six are the same for every class but
for the field names: they are written once below, compiled with this module, and
read each class's fields through a getter made when the class is. Dataclasses
still writes ``__init__`` and the two methods that keep an instance frozen.

A ``@frozen`` class is a dataclass like any other (``fields``, ``replace``,
``asdict``, ``__match_args__``), equal, hashed and shown exactly as
``@dataclass(frozen=True)`` would: by its class and the fields that take part,
``compare``, ``hash`` and ``repr`` of :func:`dataclasses.field` included
(``tests/test_frozen.py`` holds every class to it). A class that orders its
instances stays a plain ``@dataclass(frozen=True, order=True)``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from reprlib import recursive_repr


def frozen(cls=None, /, *, kw_only: bool = False):
    """``@frozen`` or ``@frozen(kw_only=True)`` on a class: it becomes a frozen dataclass."""

    def make(cls):
        own = cls.__dict__
        # As dataclasses decides: a class that writes __eq__ alone has had its __hash__ set to None
        # by Python, and still gets the fields' hash; one that writes __hash__ keeps it.
        keeps_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
        cls = dataclass(frozen=True, eq=False, repr=False, kw_only=kw_only)(cls)
        made = fields(cls)
        cls._frozen_compared = _values([f.name for f in made if f.compare])
        cls._frozen_hashed = _values([f.name for f in made if (f.compare if f.hash is None else f.hash)])
        cls._frozen_shown = tuple(f.name for f in made if f.repr)
        if "__eq__" not in own:
            cls.__eq__ = _equal
        if not keeps_hash:
            cls.__hash__ = _hash
        if "__repr__" not in own:
            cls.__repr__ = _shown
        return cls

    return make if cls is None else make(cls)


def _values(names: list[str]):
    """The named fields' values of a record, as one tuple (the tuple dataclasses compares and hashes)."""
    if not names:
        return lambda record: ()
    if len(names) == 1:
        value = attrgetter(names[0])
        return lambda record: (value(record),)
    return attrgetter(*names)


def _equal(self, other):
    if other.__class__ is self.__class__:
        values = self.__class__._frozen_compared  # from the class: a getter is not a method of the record
        return values(self) == values(other)
    return NotImplemented


def _hash(self):
    return hash(self.__class__._frozen_hashed(self))


@recursive_repr()
def _shown(self):
    parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._frozen_shown)
    return f"{self.__class__.__qualname__}({parts})"
