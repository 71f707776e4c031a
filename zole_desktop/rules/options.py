"""Table options (RULES.md): every variant the rule books disagree on, with its default."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

# option name -> allowed values (the first is the default)
CHOICES: dict[str, tuple[Any, ...]] = {
    "deal": ("twos", "fours"),
    "all_pass": ("pules", "galdins"),
    "maza_zole": (False, True),
    "zole_in_dark": (False, True),
    "surrender": (True, False),
    "sitting_out_pays": (True, False),
    "personal_pule": ("any", "common_only"),
    "galdins_talon": ("none", "lead", "last"),
    "galdins_penalty": ("two_each", "one_each", "per_trick", "points_rate"),
    "galdins_tie": ("points", "all_pay"),
    "zole_scoring": ("standard", "leicester"),
}


class OptionError(ValueError):
    """An unknown value for a table option."""


@dataclass(frozen=True, slots=True)
class Rules:
    deal: str = "twos"
    all_pass: str = "pules"
    maza_zole: bool = False
    zole_in_dark: bool = False
    surrender: bool = True
    sitting_out_pays: bool = True
    personal_pule: str = "any"
    galdins_talon: str = "none"
    galdins_penalty: str = "two_each"
    galdins_tie: str = "points"
    zole_scoring: str = "standard"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = CHOICES[f.name]
            if isinstance(allowed[0], bool):
                ok = isinstance(value, bool)
            else:
                ok = isinstance(value, str) and value in allowed
            if not ok:
                shown = " or ".join(str(a).lower() for a in allowed)
                raise OptionError(f"rules: {f.name} must be {shown}, not {value!r}")

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        """Options from a mapping; missing keys take their default, unknown keys are ignored."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise OptionError("rules must be an object")
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


