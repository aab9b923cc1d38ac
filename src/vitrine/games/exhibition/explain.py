"""Why a card may not go to a spot, in words a player understands.

The legality masks say *whether*; when a turn is refused, this module finds
*which* requirement failed, testing the same pieces the masks are built from
(:func:`placement.card_filters`, :func:`placement.year_windows`,
:func:`placement.links_mask`) so the two can never disagree.  Each reason
also has a code and params (showcase keys, continent codes, card labels), so
the web page can say it in French.
"""

from typing import TYPE_CHECKING

from vitrine.engine.errors import IllegalTurnError, Reason
from vitrine.games.exhibition.cards import FIRST_YEAR, WHITE, card_label
from vitrine.games.exhibition.placement import card_filters, links_mask, neighbours, year_windows

if TYPE_CHECKING:
    from vitrine.games.exhibition.state import ExhibitionState


def _context_reason(state: "ExhibitionState", player: int, index: int, card: int) -> Reason | None:
    config = state.config
    showcase = config.hall.showcases[index]
    bit = 1 << card
    if showcase.rules.exclusive_continent:
        for seat, name in enumerate(config.players):
            claim = state.claimed_continent(seat, index)
            if seat != player and claim != WHITE and bit & config.table.continent_mask[claim]:
                continent = config.table.continent_names[claim]
                return Reason(
                    "continent_claimed",
                    {
                        "continent": config.table.continent_codes[claim],
                        "owner": name,
                        "showcase": showcase.key,
                    },
                    f"{continent} is already claimed by {name}'s {showcase.name} showcase",
                )
    if showcase.rules.unique_decades:
        decade = FIRST_YEAR + card // 10 * 10
        if not bit & config.unique_decades_allowed[index]:
            first, last = showcase.rules.unique_decades[config.num_players]
            return Reason(
                "decades_for_players",
                {
                    "showcase": showcase.key,
                    "first": first,
                    "last": last,
                    "players": config.num_players,
                },
                f"{showcase.name} allows only the {first}s to the {last}s "
                f"with {config.num_players} player(s) (D-11)",
            )
        spots = config.hall.spots_of(index)
        for seat, name in enumerate(config.players):
            if any(
                c >= 0 and c // 10 == card // 10
                for c in state.halls[seat][spots.start : spots.stop]
            ):
                return Reason(
                    "decade_taken",
                    {"decade": decade, "owner": name, "showcase": showcase.key},
                    f"the {decade}s are already in {name}'s {showcase.name} showcase",
                )
    return None


def _reason(state: "ExhibitionState", player: int, card: int, spot: int) -> Reason:
    """The first requirement that placing ``card`` on ``spot`` breaks."""
    config = state.config
    hall = state.halls[player]
    index = config.hall.spot_showcase[spot]
    showcase = config.hall.showcases[index]
    spots = config.hall.spots_of(index)
    cards = hall[spots.start : spots.stop]
    position = spot - spots.start
    bit = 1 << card
    for requirement in card_filters(showcase, cards, config.table):
        if not bit & requirement.allowed:
            return requirement.reason
    context = _context_reason(state, player, index, card)
    if context is not None:
        return context
    low, high = year_windows(showcase, cards)[position]
    around = [card_label(c) for c in neighbours(cards, position)]
    where = {"showcase": showcase.key, "around": around}
    if low > high:
        return Reason(
            "no_year_fits",
            where,
            f"no year fits between {' and '.join(around)} in {showcase.name}",
        )
    links = showcase.rules.links_within_years
    if links and low <= FIRST_YEAR + card <= high:
        for neighbour in neighbours(cards, position):
            if not bit & links_mask(neighbour, links, config.table):
                return Reason(
                    "links_broken",
                    {"showcase": showcase.key, "years": links, "neighbour": card_label(neighbour)},
                    f"in {showcase.name} neighbours share a continent or lie within {links} "
                    f"years, and {card_label(neighbour)} does neither",
                )
    return Reason(
        "years_window",
        {**where, "low": low, "high": high},
        f"next to {' and '.join(around)} in {showcase.name} only years {low}..{high} fit",
    )


def explain_refusal(
    state: "ExhibitionState", player: int, card: int, spot: int
) -> IllegalTurnError:
    """The refusal of placing ``card`` on ``spot``: the first requirement it breaks."""
    label = card_label(card)
    spot_name = state.config.notation.target_text(spot)
    held = state.halls[player][spot]
    if held >= 0:
        return IllegalTurnError(
            f"{spot_name} already holds {card_label(held)}",
            "spot_taken",
            {"spot": spot_name, "held": card_label(held)},
        )
    code, params, words = _reason(state, player, card, spot)
    return IllegalTurnError(
        f"{label} cannot go to {spot_name}: {words}",
        code,
        {"card": label, "spot": spot_name, **params},
    )
