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
