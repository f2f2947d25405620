"""Numbers a tournament director may type for a Diplomacy game-scoring system on Settings (hypothesis strategies),
shared by the forms' and the published files' language tests: a rule printed with any of them must read the same
in every language, its decimals with the language's mark."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from tourneybook.rules.game_scoring import find_system
from tourneybook.rules.game_scoring.system import Parameter


def number_of(parameter: Parameter) -> st.SearchStrategy[Fraction]:
    """A number the Settings allow for ``parameter``: whole where it must be, else halves, quarters, fifths,
    tenths and hundredths (what a rule text prints as a decimal: 0.25) from its least value up."""
    low = int(parameter.minimum or 0)
    if parameter.whole:
        return st.integers(low, 500).map(Fraction)
    return st.builds(Fraction, st.integers(low * 100, 50000), st.sampled_from((1, 2, 4, 5, 10, 100)))


def numbers_of(system_id: str) -> st.SearchStrategy[dict[str, Fraction]]:
    """Every number of the system ``system_id``, each drawn by :func:`number_of`."""
    return st.fixed_dictionaries({p.key: number_of(p) for p in find_system(system_id).parameters})
