"""The two error families: the organiser's input (fixable) and everything else (bugs).

Only :class:`InputError` (and its subclasses) is raised for bad input; anything
else escaping the package is a defect.
"""

from __future__ import annotations

from .frozen import frozen


@frozen
class Problem:
    """One thing wrong with the organiser's input, located as precisely as known."""

    message: str
    """What is wrong, in the organiser's words (e.g. 'objectives held 11 exceed the total 10')."""
    where: str = ""
    """Where in a record it is (e.g. 'game 3, Russia'), for input that is not a workbook."""
    sheet: str = ""
    """Workbook sheet name, when the input came from a workbook."""
    cell: str = ""
    """Cell address such as 'D7', when known."""

    def __str__(self) -> str:
        place = ""
        if self.sheet:
            place = f"{self.sheet}!{self.cell}" if self.cell else self.sheet
        elif self.where:
            place = self.where
        return f"{place}: {self.message}" if place else self.message

    def located(self, sheet: str, cell: str = "") -> "Problem":
        """The same problem, placed at a workbook cell."""
        return Problem(self.message, self.where, sheet, cell)


class InputError(Exception):
    """The organiser's input cannot be used as it is; carries every problem found.

    Not a ValueError: ``except ValueError`` around a library call must never
    swallow the organiser's mistakes, nor ``except InputError`` a bug.
    """

    def __init__(self, problems: list[Problem] | Problem | str):
        if isinstance(problems, str):
            problems = [Problem(problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ValidationError(InputError):
    """A game or tournament record that cannot happen under its ruleset."""


class UnknownRuleset(InputError):
    """A ruleset id that is not registered."""


class UnknownSystem(InputError):
    """A Diplomacy game-scoring system id that is not registered (rules/game_scoring); not a ValueError, as above."""


class Collector:
    """Gathers problems so that all of them are reported at once, not only the first."""

    def __init__(self, error: type[InputError] = ValidationError):
        self.problems: list[Problem] = []
        self._error = error

    def add(self, message: str, where: str = "", sheet: str = "", cell: str = "") -> None:
        self.problems.append(Problem(message, where, sheet, cell))

    def extend(self, problems: list[Problem]) -> None:
        self.problems.extend(problems)

    def check(self, condition: bool, message: str, where: str = "") -> bool:
        """Record ``message`` unless ``condition`` holds; return the condition."""
        if not condition:
            self.add(message, where)
        return condition

    def raise_if_any(self) -> None:
        if self.problems:
            raise self._error(self.problems)

    def __bool__(self) -> bool:
        return bool(self.problems)


EXIT_PROBLEMS = 1
"""Exit status: the organiser's data or files have problems; every one is printed, nothing was written."""
