"""Problems found in a map: each names the file, the place in it and what to fix."""

from __future__ import annotations

from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a map; errors stop the battle from starting, warnings do not."""

    severity: str
    file: str
    where: str
    message: str

    def text(self) -> str:
        """The problem as one line: file, place, message."""
        if self.where:
            return f"{self.file}: {self.where}: {self.message}"
        return f"{self.file}: {self.message}"


class Problems:
    """The problems found so far while reading one map, in the order found."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def error(self, file: str, where: str, message: str) -> None:
        """Record something that must be fixed before the map can be played."""
        self.items.append(Problem(ERROR, file, where, message))

    def warning(self, file: str, where: str, message: str) -> None:
        """Record something worth a look that does not stop the battle."""
        self.items.append(Problem(WARNING, file, where, message))

    def as_tuple(self) -> tuple[Problem, ...]:
        """Every problem, de-duplicated, in the order found."""
        return tuple(dict.fromkeys(self.items))
