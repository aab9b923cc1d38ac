"""Setting a game up: options, the types in play, the deal and the dice.

One SplitMix64 stream from the seed chooses the types (unless the options
name them), shuffles their cards, sets the first cards aside and turns each
board to a random side, in that order; the dice roll from a second stream
(the seed mixed with DICE_SALT), so a record that gives its deck explicitly
still rolls the same dice from the same seed (G-2).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.engine.rng import SplitMix64
from vitrine.games.dontgointhere.components import Components, RoomCodes, TypeCodes, card_type
from vitrine.games.dontgointhere.config import MAX_PLAYERS, MIN_PLAYERS, GameConfig
from vitrine.games.dontgointhere.notation import Notation
from vitrine.games.dontgointhere.rules import Rules
from vitrine.kit.game import Views

DICE_SALT = 0xD1CE_D1CE_D1CE_D1CE
TYPES_OPTION = "types"


class OptionsError(VitrineError):
    """Options that name no type, or too many or too few for the table."""

    default_code = "options"


def parse_types(options: Mapping[str, Any], components: Components) -> tuple[int, ...]:
    """The types the options choose (empty: chosen at random), checked."""
    unknown = sorted(set(options) - {TYPES_OPTION})
    if unknown:
        names = ", ".join(unknown)
        raise OptionsError(f"unknown option(s): {names}", "options_unknown", {"names": names})
    codes = options.get(TYPES_OPTION, [])
    if not isinstance(codes, list | tuple) or not all(isinstance(c, str) for c in codes):
        raise OptionsError(
            "option 'types' must be a list of type codes (e.g. CA, MI)", "dgit_types_not_list"
        )
    if len(set(codes)) != len(codes):
        raise OptionsError("option 'types' names a type twice", "dgit_types_repeated")
    try:
        return tuple(sorted(components.type_index(code) for code in codes))
    except VitrineError as error:
        raise OptionsError(f"option 'types': {error}", error.code, error.params) from None


def check_players(count: int, components: Components) -> tuple[int, int]:
    """The number of types and of cards set aside for ``count`` players."""
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise VitrineError(
            f"Don't Go In There is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {count}",
            "player_count",
            {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "got": count},
        )
    return components.setup[count]


@dataclass(frozen=True)
class Deal:
    types: tuple[int, ...]
    deck: tuple[int, ...]  # draw order, first card first
    removed: tuple[int, ...]
    rooms: tuple[int, ...]  # the room face up on each board


def deal(seed: int, players: int, chosen: tuple[int, ...], components: Components) -> Deal:
    """What a seed deals; ``chosen`` types (if any) replace the random draw."""
    count, remove = check_players(players, components)
    rng = SplitMix64(seed)
    types = chosen
    if not types:
        pool = list(range(len(components.types)))
        rng.shuffle(pool)
        types = tuple(sorted(pool[:count]))
    cards = components.cards_of(types)
    rng.shuffle(cards)
    boards = sorted({room.board for room in components.rooms})
    rooms = []
    for board in boards:
        sides = [i for i, room in enumerate(components.rooms) if room.board == board]
        rooms.append(sides[rng.below(len(sides))])
    return Deal(types, tuple(cards[remove:]), tuple(cards[:remove]), tuple(rooms))


def dice_stream(seed: int) -> SplitMix64:
    return SplitMix64(seed ^ DICE_SALT)


def make_config(
    components: Components,
    players: Sequence[str],
    options: Mapping[str, Any],
    types: tuple[int, ...],
    seed: int | None,
    setup: Mapping[str, Any],
    rules: Rules,
    views: Views[Any],
) -> GameConfig:
    """A game's configuration, refusing a player count or types the game is not for
    (``views``: what its states ask from above, ``state_views``)."""
    count, _ = check_players(len(players), components)
    chosen = parse_types(options, components)
    if chosen and len(chosen) != count:
        raise OptionsError(
            f"{len(players)} players play with {count} types; option 'types' names {len(chosen)}",
            "dgit_types_count",
            {"players": len(players), "count": count, "named": len(chosen)},
        )
    if len(types) != count or (chosen and chosen != types):
        wanted = f"the {count} types {_codes(chosen, components)}" if chosen else f"{count} types"
        raise VitrineError(
            f"the cards are of the types {_codes(types, components)}; the game plays {wanted}",
            "dgit_types_mismatch",
            {"types": _codes(types, components), "count": count},
        )
    return GameConfig(
        components=components,
        notation=Notation(components),
        codes=TypeCodes(components),
        room_codes=RoomCodes(components),
        players=tuple(players),
        options={TYPES_OPTION: [components.types[t].code for t in chosen]},
        types=types,
        seed=seed,
        rules=rules,
        views=views,
        setup=dict(setup),
    )


def _codes(types: Sequence[int], components: Components) -> str:
    return ", ".join(components.types[t].code for t in types)


def types_of(cards: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted({card_type(c) for c in cards}))
