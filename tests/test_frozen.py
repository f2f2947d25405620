"""``@frozen`` records behave exactly as ``@dataclass(frozen=True)`` does, for every shape of class.

Each example builds one class body twice, once with each decorator, and holds the
two to the same equality, hash (the very value), repr, frozenness, fields and
match arguments, over fields that take part in comparing, hashing and showing or
not, classes that write their own ``__eq__``, ``__hash__`` or ``__repr__``, a
subclass that adds fields, and values such as NaN, equal but not identical.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.frozen import frozen

SRC = Path(__file__).resolve().parents[1] / "src" / "tourneybook"

VALUES = st.one_of(st.integers(-3, 3), st.sampled_from([float("nan"), 0.0, -0.0, "a", "b", (1, 2), None]))
FIELD = st.fixed_dictionaries({"compare": st.booleans(), "hash": st.sampled_from([None, True, False]),
                               "repr": st.booleans()})
OWN = st.sampled_from(["", "eq", "hash", "eq+hash", "repr"])


def body(specs: list[dict], own: str) -> dict:
    """A class namespace: annotated fields with their field() options, and the methods the class writes itself."""
    namespace: dict = {"__annotations__": {f"f{i}": "object" for i in range(len(specs))}, "__module__": __name__}
    for i, spec in enumerate(specs):
        namespace[f"f{i}"] = dataclasses.field(default=None, **spec)
    if "eq" in own:
        namespace["__eq__"] = lambda self, other: isinstance(other, type(self))
    if "hash" in own:
        namespace["__hash__"] = lambda self: 7
    if own == "repr":
        namespace["__repr__"] = lambda self: "mine"
    return namespace


def twins(specs: list[dict], own: str, extra: list[dict] | None = None) -> tuple[type, type]:
    """The same class made by @frozen and by @dataclass(frozen=True); with ``extra``, a subclass adding those fields."""
    made = []
    for decorate in (frozen, dataclasses.dataclass(frozen=True)):
        cls = decorate(type("Record", (), body(specs, own)))
        if extra is not None:
            more = body(extra, "")
            more["__annotations__"] = {f"g{i}": "object" for i in range(len(extra))}
            for i in range(len(extra)):
                more[f"g{i}"] = more.pop(f"f{i}")
            cls = decorate(type("Sub", (cls,), more))
        made.append(cls)
    return made[0], made[1]


@settings(max_examples=300, deadline=None)
@given(specs=st.lists(FIELD, max_size=4), own=OWN, extra=st.none() | st.lists(FIELD, max_size=2),
       data=st.data())
def test_a_frozen_record_equals_hashes_and_shows_as_a_frozen_dataclass(specs, own, extra, data):
    ours, theirs = twins(specs, own, extra)
    count = len(dataclasses.fields(ours))
    values = [data.draw(st.lists(VALUES, min_size=count, max_size=count)) for _ in range(3)]
    values.append(list(values[0]))  # the same values again: equal records that are not the same object
    mine = [ours(*v) for v in values]
    yours = [theirs(*v) for v in values]
    assert [f.name for f in dataclasses.fields(ours)] == [f.name for f in dataclasses.fields(theirs)]
    assert ours.__match_args__ == theirs.__match_args__
    assert (ours.__hash__ is None) == (theirs.__hash__ is None)
    for i in range(len(values)):
        assert repr(mine[i]) == repr(yours[i])
        if theirs.__hash__ is not None:
            assert hash(mine[i]) == hash(yours[i])
        for j in range(len(values)):
            assert (mine[i] == mine[j]) == (yours[i] == yours[j]), (values[i], values[j])
            assert (mine[i] != mine[j]) == (yours[i] != yours[j])
        assert (mine[i] == yours[i]) is False  # another class is never equal, as with dataclasses
        assert mine[i].__eq__(object()) is yours[i].__eq__(object())  # NotImplemented, unless the class says
        with pytest.raises(dataclasses.FrozenInstanceError):
            mine[i].f0 = 1
        with pytest.raises(dataclasses.FrozenInstanceError):
            mine[i].other = 1  # not a field either, as a frozen dataclass refuses
        with pytest.raises(dataclasses.FrozenInstanceError):
            del mine[i].f0
        assert repr(dataclasses.replace(mine[i])) == repr(mine[i])


def test_a_record_inside_itself_is_shown_without_recursing():
    @frozen
    class Box:
        items: list

    box = Box([])
    box.items.append(box)
    assert repr(box).endswith(".<locals>.Box(items=[...])")


def test_keyword_only_records():
    @frozen(kw_only=True)
    class Named:
        a: int
        b: int = 2

    assert Named(a=1) == Named(a=1, b=2)
    with pytest.raises(TypeError):
        Named(1)  # type: ignore[misc]


def test_every_frozen_dataclass_of_the_package_is_a_frozen_record():
    """No class compiles its equality, hash and repr at start-up again: only an ordered one may (it needs order)."""
    plain = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for decorator in node.decorator_list:
                    if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) in ("dataclass",
                                                                                             "dataclasses.dataclass"):
                        options = {k.arg: ast.unparse(k.value) for k in decorator.keywords}
                        if options.get("frozen") == "True" and options.get("order") != "True":
                            plain.append(f"{path.relative_to(SRC)}: {node.name}")
    assert not plain, plain


# --- made as dataclasses makes it: __init__, defaults, factories, post-init, refusals -------------------------------

INIT_FIELD = st.sampled_from(["required", "default", "factory", "not in init"])


def made_body(kinds: list[str], post_init: bool) -> dict:
    """A class namespace whose fields are required, defaulted, made by a factory, or left out of ``__init__``."""
    namespace: dict = {"__annotations__": {f"f{i}": "object" for i in range(len(kinds))}, "__module__": __name__}
    for i, kind in enumerate(kinds):
        if kind == "default":
            namespace[f"f{i}"] = i * 10
        elif kind == "factory":
            namespace[f"f{i}"] = dataclasses.field(default_factory=list)
        elif kind == "not in init":
            namespace[f"f{i}"] = dataclasses.field(default="fixed", init=False)
    if post_init:
        def __post_init__(self):
            object.__setattr__(self, "seen", tuple(getattr(self, f"f{i}") for i in range(len(kinds))))
        namespace["__post_init__"] = __post_init__
    return namespace


@settings(max_examples=300, deadline=None)
@given(kinds=st.lists(INIT_FIELD, max_size=5), post_init=st.booleans(), kw_only=st.booleans(),
       generic=st.booleans(), data=st.data())
def test_a_frozen_record_is_made_as_a_frozen_dataclass(kinds, post_init, kw_only, generic, data):
    import inspect
    from typing import Generic, TypeVar

    import types

    bases = (Generic[TypeVar("T")],) if generic else ()

    def made(body: dict) -> type:
        return types.new_class("Record", bases, exec_body=lambda space: space.update(body))

    if not kw_only:  # a required parameter after a defaulted one is refused alike
        order = {"required": 0, "not in init": 0, "default": 1, "factory": 1}
        kinds = sorted(kinds, key=order.__getitem__)
    ours = frozen(kw_only=kw_only)(made(made_body(kinds, post_init)))
    theirs = dataclasses.dataclass(frozen=True, kw_only=kw_only)(made(made_body(kinds, post_init)))
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    assert ours.__doc__ == theirs.__doc__
    assert ours.__init__.__qualname__ == theirs.__init__.__qualname__
    assert ours.__init__.__module__ == theirs.__init__.__module__
    assert ours.__init__.__annotations__ == theirs.__init__.__annotations__
    assert ours.__match_args__ == theirs.__match_args__
    assert ours.__dataclass_params__.frozen and dataclasses.is_dataclass(ours)
    given_names = [f"f{i}" for i, k in enumerate(kinds) if k == "required" or (k != "not in init" and data.draw(
        st.booleans()))]
    values = {name: data.draw(VALUES) for name in given_names}
    if kw_only or data.draw(st.booleans()):
        mine, yours = ours(**values), theirs(**values)
    else:  # positionally, in field order, when every field before a given one is given too
        names = [f"f{i}" for i, k in enumerate(kinds) if k != "not in init"]
        upto = [n for n in names[:len(given_names)]] if names[:len(given_names)] == given_names else None
        if upto is None:
            mine, yours = ours(**values), theirs(**values)
        else:
            mine, yours = ours(*values.values()), theirs(*values.values())
    assert repr(mine) == repr(yours)
    assert getattr(mine, "seen", None) == getattr(yours, "seen", None)
    for i, kind in enumerate(kinds):
        if kind == "factory" and f"f{i}" not in values:
            assert getattr(mine, f"f{i}") == [] and getattr(mine, f"f{i}") is not getattr(ours(**values), f"f{i}")
    assert repr(dataclasses.replace(mine)) == repr(dataclasses.replace(yours))
    assert dataclasses.asdict(mine) == dataclasses.asdict(yours)
    for name in ("f0", "other"):
        with pytest.raises(dataclasses.FrozenInstanceError) as refused:
            setattr(mine, name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError) as also:
            setattr(yours, name, 1)
        assert str(refused.value) == str(also.value)
        with pytest.raises(dataclasses.FrozenInstanceError) as refused:
            delattr(mine, name)
        with pytest.raises(dataclasses.FrozenInstanceError) as also:
            delattr(yours, name)
        assert str(refused.value) == str(also.value)
    if any(k == "required" for k in kinds):
        for cls in (ours, theirs):
            with pytest.raises(TypeError):
                cls()


def test_a_plain_subclass_may_set_what_is_not_a_field():
    """As with dataclasses: the frozen class refuses every name; a plain subclass of it only the fields."""
    @frozen
    class Record:
        a: int

    class Plain(Record):
        pass

    thing = Plain(1)
    thing.note = "kept"
    del thing.note
    with pytest.raises(dataclasses.FrozenInstanceError):
        thing.a = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del thing.a


def test_a_subclass_record_is_frozen_too():
    @frozen
    class Record:
        a: int

    @frozen
    class More(Record):
        b: int = 2

    assert More(1) == More(1, 2) and More.__dataclass_params__.frozen
    with pytest.raises(TypeError, match="non-frozen"):
        dataclasses.dataclass(type("Thawed", (Record,), {"__module__": __name__}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        More(1).b = 3


def test_the_records_of_a_recalc_are_not_compiled_one_by_one():
    """Every record a Diplomacy recalc starts gets its __init__ from a shape shared by its signature."""
    import subprocess
    import sys

    script = ("import tourneybook.actions.recalc, tourneybook.workbook.layouts.diplomacy, gc, tourneybook.frozen as f\n"
              "records = [o for o in gc.get_objects() if isinstance(o, type) and '_frozen_shown' in o.__dict__]\n"
              "print(len(records), sum('_frozen_names' in o.__dict__ for o in records), len(f._SHAPES))")
    made = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    records, shared, shapes = map(int, made.stdout.split())
    assert records > 30 and shared == records and shapes < records / 2
