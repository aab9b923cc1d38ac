"""The hall layout, the variation showcases and the scoring constants, as data.

``data/hall.json`` describes each showcase by its size and a small vocabulary
of rules (ascending years always hold; distinct continents, one continent,
gaps per step, links, decades).  A different board is an edit of that file,
not of the code.  Variation showcases cover a base showcase of their size
(D-10); the hall built for a game keeps the base spot names (G1..Y2) so the
notation stays the same whatever variations are in play.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from vitrine.engine.errors import VitrineError

SCORINGS = ("years_gap", "short_era", "antiquity")
RULE_KEYS = {
    "distinct_continents",
    "same_continent",
    "exclusive_continent",
    "max_gap_per_step",
    "min_gap_per_step",
    "links_within_years",
    "same_decade",
    "unique_decades",
    "whites",
}


class LayoutError(VitrineError):
    """The hall data is malformed, or a game asked for an impossible hall."""


@dataclass(frozen=True)
class ShowcaseRules:
    """Placement requirements of one showcase, beyond ascending years."""

    distinct_continents: bool = False
    same_continent: bool = False
    exclusive_continent: bool = False
    max_gap_per_step: int | None = None
    min_gap_per_step: int | None = None
    links_within_years: int | None = None
    same_decade: bool = False
    # player count -> (first, last) allowed decade, as the decades' first years
    unique_decades: Mapping[int, tuple[int, int]] | None = None
    whites: bool = True


@dataclass(frozen=True)
class SoloCloseness:
    """Solo points for a card near a target year: points - per_year * distance."""

    target: int
    points: Fraction
    per_year: Fraction


@dataclass(frozen=True)
class Showcase:
    key: str
    name: str
    prefix: str
    size: int
    rules: ShowcaseRules
    scoring: str | None = None
    tiebreak_closest_to: int | None = None
    solo_closeness: SoloCloseness | None = None
    covers: str | None = None  # variation showcases: the base showcase they cover
    first_spot: int = 0


@dataclass(frozen=True, eq=False)
class Hall:
    """The hall every player of one game uses: showcases and their spots."""

    showcases: tuple[Showcase, ...]
    spot_names: tuple[str, ...]
    spot_showcase: tuple[int, ...]
    depot_size: int

    @property
    def num_spots(self) -> int:
        return len(self.spot_names)

    def spots_of(self, index: int) -> range:
        showcase = self.showcases[index]
        return range(showcase.first_spot, showcase.first_spot + showcase.size)

    def showcase_with(self, attribute: str) -> Showcase | None:
        """The first showcase whose ``attribute`` is set (scoring roles)."""
        return next((s for s in self.showcases if getattr(s, attribute) is not None), None)


@dataclass(frozen=True)
class ScoringConstants:
    rank_awards: tuple[int, ...]
    all_continents_awards: tuple[int, ...]
    all_continents_solo: int
    solo_multiplier: int
    solo_market_award: int


@dataclass(frozen=True, eq=False)
class LayoutData:
    base: tuple[Showcase, ...]
    variations: Mapping[str, Showcase]
    depot_size: int
    scoring: ScoringConstants

    def hall(self, variations: Sequence[str] = ()) -> Hall:
        """The hall with ``variations`` laid over the base showcases (D-10).

        The same variations give the same hall object, so games on it share
        their memoised legality masks.
        """
        return self._hall(tuple(variations))

    @cache  # noqa: B019 - a LayoutData lives as long as the program
    def _hall(self, variations: tuple[str, ...]) -> Hall:
        chosen: dict[str, Showcase] = {}
        for key in variations:
            if key not in self.variations:
                known = ", ".join(self.variations)
                raise LayoutError(
                    f"unknown variation showcase {key!r} (known: {known})",
                    "unknown_variation",
                    {"variation": key},
                )
            variation = self.variations[key]
            assert variation.covers is not None
            if variation.covers in chosen:
                other = chosen[variation.covers].key
                raise LayoutError(
                    f"variations {other!r} and {key!r} both cover the {variation.covers} "
                    "showcase; at most one variation per base showcase (D-10)",
                    "variations_overlap",
                    {"first": other, "second": key, "covers": variation.covers},
                )
            chosen[variation.covers] = variation
        showcases: list[Showcase] = []
        names: list[str] = []
        owners: list[int] = []
        for index, base in enumerate(self.base):
            cover = chosen.get(base.key)
            if cover is None:
                placed = replace(base, first_spot=len(names))
            else:
                placed = replace(cover, prefix=base.prefix, first_spot=len(names))
            showcases.append(placed)
            names.extend(f"{base.prefix}{i}" for i in range(1, base.size + 1))
            owners.extend([index] * base.size)
        return Hall(tuple(showcases), tuple(names), tuple(owners), self.depot_size)


def _fail(where: str, why: str) -> LayoutError:
    return LayoutError(f"hall data: {where}: {why}")


def _positive_int(value: Any, where: str, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise _fail(where, f"'{name}' must be a positive integer")
    return value


def _parse_rules(raw: Any, where: str, size: int) -> ShowcaseRules:
    if not isinstance(raw, dict):
        raise _fail(where, "'rules' must be an object")
    unknown = set(raw) - RULE_KEYS
    if unknown:
        raise _fail(where, f"unknown rule(s) {sorted(unknown)}")
    for flag in (
        "distinct_continents",
        "same_continent",
        "exclusive_continent",
        "same_decade",
        "whites",
    ):
        if flag in raw and not isinstance(raw[flag], bool):
            raise _fail(where, f"rule '{flag}' must be true or false")
    numbers = {
        name: _positive_int(raw[name], where, name)
        for name in ("max_gap_per_step", "min_gap_per_step", "links_within_years")
        if name in raw
    }
    unique = None
    if "unique_decades" in raw:
        table = raw["unique_decades"]
        if not isinstance(table, dict):
            raise _fail(where, "'unique_decades' must map player counts to [first, last] decades")
        unique = {}
        for count, bounds in table.items():
            ok = count.isdigit() and isinstance(bounds, list) and len(bounds) == 2
            if not ok or not all(isinstance(b, int) and b % 10 == 0 for b in bounds):
                raise _fail(
                    where, f"'unique_decades' entry {count!r} must be [first, last] decades"
                )
            unique[int(count)] = (bounds[0], bounds[1])
    rules = ShowcaseRules(
        distinct_continents=raw.get("distinct_continents", False),
        same_continent=raw.get("same_continent", False),
        exclusive_continent=raw.get("exclusive_continent", False),
        same_decade=raw.get("same_decade", False),
        whites=raw.get("whites", True),
        unique_decades=unique,
        **numbers,
    )
    if rules.distinct_continents and rules.same_continent:
        raise _fail(where, "a showcase cannot require both distinct and the same continent")
    if rules.exclusive_continent and not rules.same_continent:
        raise _fail(where, "'exclusive_continent' needs 'same_continent'")
    if rules.distinct_continents and size > 6:
        # White cards must always find a free continent: six continents exist.
        raise _fail(where, "a distinct-continents showcase holds at most 6 cards")
    if rules.whites and (rules.links_within_years or rules.same_decade or rules.unique_decades):
        raise _fail(where, "links and decade rules are defined for coloured cards only")
    return rules


def _parse_showcase(raw: Any, where: str, variation: bool) -> Showcase:
    allowed = {
        "key",
        "name",
        "prefix",
        "size",
        "rules",
        "scoring",
        "tiebreak_closest_to",
        "solo_closeness",
    }
    allowed |= {"covers"} if variation else set()
    if not isinstance(raw, dict):
        raise _fail(where, "must be an object")
    unknown = set(raw) - allowed
    if unknown:
        raise _fail(where, f"unknown field(s) {sorted(unknown)}")
    for name in ("key", "name") + (("covers",) if variation else ("prefix",)):
        if not isinstance(raw.get(name), str) or not raw[name]:
            raise _fail(where, f"'{name}' must be a non-empty string")
    size = _positive_int(raw.get("size"), where, "size")
    scoring = raw.get("scoring")
    if scoring is not None and scoring not in SCORINGS:
        raise _fail(where, f"unknown scoring {scoring!r} (known: {', '.join(SCORINGS)})")
    closeness = None
    if "solo_closeness" in raw:
        spec = raw["solo_closeness"]
        try:
            closeness = SoloCloseness(
                int(spec["target"]), Fraction(spec["points"]), Fraction(spec["per_year"])
            )
        except (KeyError, TypeError, ValueError):
            raise _fail(where, "'solo_closeness' needs target, points and per_year") from None
    tiebreak = raw.get("tiebreak_closest_to")
    if tiebreak is not None and not isinstance(tiebreak, int):
        raise _fail(where, "'tiebreak_closest_to' must be a year")
    return Showcase(
        key=raw["key"],
        name=raw["name"],
        prefix=raw.get("prefix", ""),
        size=size,
        rules=_parse_rules(raw.get("rules", {}), where, size),
        scoring=scoring,
        tiebreak_closest_to=tiebreak,
        solo_closeness=closeness,
        covers=raw.get("covers"),
    )


def _int_list(raw: Any, where: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, int) for x in raw):
        raise _fail(where, "must be a list of integers")
    return tuple(raw)


TOP_KEYS = {
    "depot_size",
    "rank_awards",
    "all_continents",
    "solo_multiplier",
    "solo_market_award",
    "showcases",
    "variations",
}
ALL_CONTINENTS_KEYS = {"awards", "solo"}


def _known_keys(raw: dict[str, Any], known: set[str], where: str) -> None:
    """Refuse a key the rules do not read: a misspelt one would change nothing."""
    unknown = sorted(set(raw) - known)
    if unknown:
        raise _fail(where, f"unknown field(s) {unknown} (known: {sorted(known)})")


def parse_layout(data: Any) -> LayoutData:
    """Build the layout from decoded JSON, refusing anything malformed."""
    if not isinstance(data, dict):
        raise _fail("top level", "must be an object")
    _known_keys(data, TOP_KEYS, "top level")
    base = tuple(
        _parse_showcase(raw, f"showcase {i}", variation=False)
        for i, raw in enumerate(data.get("showcases", []))
    )
    if not base:
        raise _fail("'showcases'", "must list at least one showcase")
    base_keys = {s.key: s for s in base}
    variations: dict[str, Showcase] = {}
    for i, raw in enumerate(data.get("variations", [])):
        variation = _parse_showcase(raw, f"variation {i}", variation=True)
        covered = base_keys.get(variation.covers or "")
        if covered is None or covered.size != variation.size:
            raise _fail(f"variation {variation.key!r}", "must cover a base showcase of its size")
        variations[variation.key] = variation
    awards = data.get("all_continents", {})
    if not isinstance(awards, dict):
        raise _fail("'all_continents'", "must be an object with 'awards' and 'solo'")
    _known_keys(awards, ALL_CONTINENTS_KEYS, "'all_continents'")
    scoring = ScoringConstants(
        rank_awards=_int_list(data.get("rank_awards"), "'rank_awards'"),
        all_continents_awards=_int_list(awards.get("awards"), "'all_continents.awards'"),
        all_continents_solo=_positive_int(awards.get("solo"), "'all_continents'", "solo"),
        solo_multiplier=_positive_int(data.get("solo_multiplier"), "top level", "solo_multiplier"),
        solo_market_award=_positive_int(
            data.get("solo_market_award"), "top level", "solo_market_award"
        ),
    )
    depot = _positive_int(data.get("depot_size"), "top level", "depot_size")
    return LayoutData(base, variations, depot, scoring)


def hall_document() -> dict[str, Any]:
    """The packaged hall data, decoded afresh: what a rule overlay changes."""
    text = resources.files(__package__).joinpath("data/hall.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def default_layout() -> LayoutData:
    return parse_layout(hall_document())
