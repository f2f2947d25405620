"""A package's names loaded from its modules when first asked for (PEP 562), not when the package is imported.

``tourneybook.draws`` and ``tourneybook.forms`` lend their modules' names this way, so that importing either
loads none of the families' modules: a Friedrich command loads no Carcassonne or Diplomacy module (issue 40).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, home: Mapping[str, str], names: dict[str, Any]) -> tuple[Callable[[str], Any],
                                                                                      Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name of ``home`` taken from the module of the
    package that ``home`` says defines it, once, into ``names`` (the package's globals)."""

    def __getattr__(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{home[name]}", package), name)
        names[name] = value  # asked once
        return value

    def __dir__() -> list[str]:
        return sorted(set(names) | set(home))

    return __getattr__, __dir__


__all__ = ["lazy_names"]
