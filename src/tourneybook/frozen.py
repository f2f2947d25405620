"""``@frozen``: a frozen dataclass whose methods are written once, here, not compiled per class at every start.

``@dataclass(frozen=True)`` writes six methods of each class as source text and
compiles them every time the program starts: ``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__``. A recalc starts
some sixty such classes, and compiling their 350 small methods took about a
third of the click (issue 40's 0.12 s). Here:

- ``__eq__``, ``__hash__`` and ``__repr__`` are written once below and read each
  class's fields through a getter made when the class is;
- ``__setattr__`` and ``__delattr__``, which only refuse, are written once too;
- ``__init__`` is compiled once for each shape of signature (how many fields,
  how many keyword-only, whether ``__post_init__`` follows) and given each
  class's field names with :meth:`types.CodeType.replace`: the same bytecode
  dataclasses compiles for that class, without parsing its source again.

A ``@frozen`` class is a dataclass like any other (``fields``, ``replace``,
``asdict``, ``__match_args__``, ``__dataclass_params__.frozen``), made,
compared, hashed, shown and refused exactly as by ``@dataclass(frozen=True)``:
``compare``, ``hash`` and ``repr`` of :func:`dataclasses.field` included
(``tests/test_frozen.py`` holds every shape of class to it). A class that
needs what only dataclasses' own ``__init__`` does (a base class, a default
factory, an ``InitVar``, a field outside ``__init__``) gets it from
dataclasses, with the three shared methods above. A class that orders its
instances stays a plain ``@dataclass(frozen=True, order=True)``.
"""

from __future__ import annotations

import sys
from dataclasses import MISSING, KW_ONLY, Field, FrozenInstanceError, dataclass, fields
from operator import attrgetter
from reprlib import recursive_repr
from types import CodeType, FunctionType
from typing import Generic


def frozen(cls=None, /, *, kw_only: bool = False):
    """``@frozen`` or ``@frozen(kw_only=True)`` on a class: it becomes a frozen dataclass."""

    def make(cls):
        own = dict(cls.__dict__)
        # As dataclasses decides: a class that writes __eq__ alone has had its __hash__ set to None
        # by Python, and still gets the fields' hash; one that writes __hash__ keeps it.
        keeps_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
        if _plain(cls, own, kw_only):
            # Without a docstring dataclasses asks inspect for object.__init__'s signature, and tokenizes it.
            if not own.get("__doc__"):
                cls.__doc__ = "made below"
            cls = dataclass(init=False, eq=False, repr=False, kw_only=kw_only)(cls)
            cls.__dataclass_params__ = _frozen_params(kw_only=kw_only)
            cls._frozen_names = frozenset(f.name for f in fields(cls))
            cls.__setattr__ = _refuse_setting
            cls.__delattr__ = _refuse_deleting
            if "__init__" not in own:
                cls.__init__ = _init(cls, fields(cls), kw_only=kw_only)
            if not own.get("__doc__"):  # dataclasses' docstring: the class's name and signature
                from inspect import signature

                cls.__doc__ = cls.__name__ + str(signature(cls)).replace(" -> None", "")
        else:
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


def _plain(cls, own: dict, kw_only: bool) -> bool:
    """Whether the class's ``__init__`` is one that :func:`_init` writes as dataclasses would.

    Decided from the class body, before dataclasses replaces its ``field()`` defaults: no base
    but ``object`` (or ``Generic``), the keyword-only fields all or none, no ``InitVar``,
    ``ClassVar`` or ``KW_ONLY`` marker, no field outside ``__init__`` made by a factory, nothing
    called ``self``.
    """
    if any(base is not object and base is not Generic for base in cls.__bases__):
        return False
    if "__setattr__" in own or "__delattr__" in own:
        return False  # dataclasses refuses a frozen class that writes them: let it
    defaulted = False
    for name, kind in own.get("__annotations__", {}).items():
        if isinstance(kind, str):
            if "InitVar" in kind or "ClassVar" in kind or "KW_ONLY" in kind:
                return False
        elif not isinstance(kind, type) or kind is KW_ONLY:
            return False
        value = own.get(name, MISSING)
        if isinstance(value, Field):
            if value.kw_only is not MISSING or not value.init and value.default_factory is not MISSING:
                return False
            if not value.init:
                continue
            value = value.default if value.default_factory is MISSING else value.default_factory
        if name == "self" or (not kw_only and defaulted and value is MISSING):
            return False  # dataclasses names self otherwise, or refuses the order: let it
        defaulted = defaulted or value is not MISSING
    return True


_PARAMS: dict[bool, object] = {}


def _frozen_params(*, kw_only: bool):
    """The ``__dataclass_params__`` of a frozen dataclass, taken from one: what a subclass and a reader check."""
    if kw_only not in _PARAMS:
        _PARAMS[kw_only] = dataclass(frozen=True, eq=False, repr=False, kw_only=kw_only)(
            type("Frozen", (), {"__module__": __name__})).__dataclass_params__
    return _PARAMS[kw_only]


_set = object.__setattr__


class _Factory:
    """A parameter's default when its field's default is made by a factory (dataclasses shows the same)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _made(record, name: str):
    """A new default of the field ``name``, from its factory."""
    return record._frozen_factories[name]()


_SHAPES: dict[tuple[int, tuple[bool, ...], bool], CodeType] = {}


def _shape(positional: int, factories: tuple[bool, ...], post_init: bool) -> CodeType:
    """The ``__init__`` of fields named ``_0``, ``_1``... (those after ``positional`` keyword-only), each set as a
    frozen dataclass sets it; a field whose ``factories`` flag is set gets a new default when not given."""
    key = (positional, factories, post_init)
    if key not in _SHAPES:
        names = [f"_{i}" for i in range(len(factories))]
        params = ["self", *names[:positional], *(["*", *names[positional:]] if names[positional:] else [])]
        body = [f" _set(self, {n!r}, _made(self, {n!r}) if {n} is _FACTORY else {n})\n" if made
                else f" _set(self, {n!r}, {n})\n" for n, made in zip(names, factories)]
        if post_init:
            body.append(" self.__post_init__()\n")
        source = f"def __init__({', '.join(params)}):\n{''.join(body) or ' pass'}\n"
        space: dict = {}
        exec(compile(source, "<@frozen __init__>", "exec"), space)  # once a shape, not once a class
        _SHAPES[key] = space["__init__"].__code__
    return _SHAPES[key]


def _init(cls, made, *, kw_only: bool) -> FunctionType:
    """The class's ``__init__``: its shape's code with the field names in place of ``_0``, ``_1``..."""
    made = [f for f in made if f.init]
    names = [f.name for f in made]
    code = _shape(0 if kw_only else len(names), tuple(f.default_factory is not MISSING for f in made),
                  hasattr(cls, "__post_init__"))
    rename = dict(zip((f"_{i}" for i in range(len(names))), names))
    code = code.replace(co_varnames=tuple(rename.get(v, v) for v in code.co_varnames),
                        co_consts=tuple(rename.get(c, c) if type(c) is str else c for c in code.co_consts),
                        co_qualname=f"{cls.__qualname__}.__init__")
    init = FunctionType(code, globals(), "__init__")
    defaults = {f.name: f.default if f.default_factory is MISSING else _FACTORY for f in made
                if f.default is not MISSING or f.default_factory is not MISSING}
    if kw_only:
        init.__kwdefaults__ = defaults or None
    else:
        init.__defaults__ = tuple(defaults.values()) or None
    init.__annotations__ = {**{f.name: f.type for f in made}, "return": None}
    init.__module__ = cls.__module__
    cls._frozen_factories = {f.name: f.default_factory for f in made if f.default_factory is not MISSING}
    return init


def _refuse_setting(self, name, value):
    # A frozen dataclass refuses every name on its own instances, and its fields on a plain subclass's.
    if type(self).__dict__.get("__setattr__") is _refuse_setting or name in self._frozen_names:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    _set(self, name, value)


def _refuse_deleting(self, name):
    if type(self).__dict__.get("__delattr__") is _refuse_deleting or name in self._frozen_names:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


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


if sys.version_info >= (3, 13):  # dataclasses compares field by field there: a NaN field is not equal to itself
    def _equal(self, other):
        if self is other:
            return True
        if other.__class__ is self.__class__:
            values = self.__class__._frozen_compared
            same = True
            for mine, theirs in zip(values(self), values(other)):
                same = mine == theirs
                if not same:
                    return same  # as `a == b and c == d` answers
            return same
        return NotImplemented


def _hash(self):
    return hash(self.__class__._frozen_hashed(self))


@recursive_repr()
def _shown(self):
    parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._frozen_shown)
    return f"{self.__class__.__qualname__}({parts})"
