"""A game's options: the Secret Decade variant and the variation showcases."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.games.exhibition.layout import LayoutData

SECRET_DECADE = "secret_decade"


class OptionsError(VitrineError):
    """Options that name no variant, or a combination the rules forbid."""

    default_code = "options"


@dataclass(frozen=True)
class Options:
    secret_decade: bool = False
    variations: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"secret_decade": self.secret_decade, "variations": list(self.variations)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], layout: LayoutData) -> "Options":
        unknown = sorted(set(data) - {"secret_decade", "variations"})
        if unknown:
            names = ", ".join(unknown)
            raise OptionsError(f"unknown option(s): {names}", "options_unknown", {"names": names})
        secret = data.get("secret_decade", False)
        if not isinstance(secret, bool):
            raise OptionsError("option 'secret_decade' must be true or false", "secret_decade_form")
        variations = data.get("variations", [])
        if not isinstance(variations, list | tuple) or not all(
            isinstance(v, str) for v in variations
        ):
            raise OptionsError(
                "option 'variations' must be a list of variation names", "variations_form"
            )
        if len(set(variations)) != len(variations):
            raise OptionsError("option 'variations' names a variation twice", "variations_repeated")
        layout.hall(variations)  # refuses unknown names and D-10 conflicts
        return cls(secret, tuple(variations))

    @classmethod
    def from_names(cls, names: Sequence[str], layout: LayoutData) -> "Options":
        """Options from command-line names: ``secret_decade`` or a variation."""
        variations = [name for name in names if name != SECRET_DECADE]
        return cls.from_dict(
            {"secret_decade": SECRET_DECADE in names, "variations": variations}, layout
        )
