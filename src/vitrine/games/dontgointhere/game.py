"""Starting and replaying games: seeds, explicit setups and records (G-2)."""

from collections import Counter
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.engine.overlay import Overlay, apply_overlay, check_base, checked
from vitrine.engine.protocol import GameState
from vitrine.engine.record import Record
from vitrine.games.dontgointhere.components import (
    Components,
    TypeCodes,
    component_document,
    load_components,
    parse_components,
)
from vitrine.games.dontgointhere.config import GAME_NAME, MAX_PLAYERS, MIN_PLAYERS, RULES_VERSION
from vitrine.games.dontgointhere.determinize import determinize
from vitrine.games.dontgointhere.position import Dice
from vitrine.games.dontgointhere.rules import VERSIONS, rules_for
from vitrine.games.dontgointhere.scoring import score_game
from vitrine.games.dontgointhere.setup import (
    TYPES_OPTION,
    check_players,
    deal,
    dice_stream,
    make_config,
    parse_types,
    types_of,
)
from vitrine.games.dontgointhere.state import DontGoInThereState
from vitrine.games.dontgointhere.state_views import STATE_VIEWS
from vitrine.kit.game import GameBase

SETUP_FIELDS: tuple[str, ...] = ("deck", "removed", "rooms", "dice")
GHOST_FACE, BLANK_FACE = "G", "-"
GHOST_WEIGHT = 0.25  # curses a ghost is worth to greedy play, the penalty's expected share


class DontGoInThereGame(GameBase[DontGoInThereState]):
    """Don't Go In There, as the engine protocol's ``Game``."""

    name = GAME_NAME
    rules_version = RULES_VERSION
    rules_versions = VERSIONS
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    setup_fields = SETUP_FIELDS
    state_type = DontGoInThereState

    def __init__(
        self, components: Components | None = None, overlay: Overlay | None = None
    ) -> None:
        """``components``: the packaged ones by default; ``overlay``: the rule
        overlay they come from, then the only rules version played."""
        super().__init__(overlay)
        self.components = components or load_components()

    def with_overlay(self, overlay: Overlay) -> "DontGoInThereGame":
        """The game under a rule overlay of ``components``, checked by the
        loader of the shipped file (and every type the effects need there)."""
        check_base(overlay, GAME_NAME, self.rules_versions)
        merged = apply_overlay(overlay, {"components": component_document()})
        components = checked(parse_components, merged["components"])
        checked(TypeCodes, components)
        return DontGoInThereGame(components, overlay)

    def parse_options(self, variants: Sequence[str]) -> dict[str, Any]:
        """Variant names are type codes: naming some chooses the types in play."""
        options = {TYPES_OPTION: list(variants)}
        parse_types(options, self.components)
        return options

    def start(
        self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
        rules_version: str | None = None,
    ) -> DontGoInThereState:
        """A new game from a seed, which the dice always come from; ``setup``
        may fix the deck (with the cards set aside), the rooms face up and the
        first dice, as records do; under the current rules unless
        ``rules_version`` names earlier ones."""
        if seed is None:
            raise VitrineError(
                "a game of Don't Go In There needs a seed: the dice come from it",
                "dgit_record_needs_seed",
            )
        components = self.components
        rules = rules_for(rules_version, self.overlay)
        setup = dict(setup or {})
        unknown = sorted(set(setup) - set(SETUP_FIELDS))
        if unknown:
            fields = ", ".join(unknown)
            raise VitrineError(
                f"unknown setup field(s): {fields}", "dgit_setup_unknown_fields", {"fields": fields}
            )
        chosen = parse_types(options or {}, components)
        dealt = deal(seed, len(players), chosen, components)
        types, deck, removed = dealt.types, dealt.deck, dealt.removed
        if "deck" in setup or "removed" in setup:
            deck, removed = self._cards(setup, len(players))
            types = types_of(deck + removed)
        rooms = self._rooms(setup["rooms"]) if "rooms" in setup else dealt.rooms
        given = self._dice(setup["dice"]) if "dice" in setup else ()
        config = make_config(
            components, players, options or {}, types, seed, setup, rules, STATE_VIEWS
        )
        return DontGoInThereState(config, deck, removed, rooms, Dice(given, dice_stream(seed)))

    def _cards(self, setup: Mapping[str, Any], players: int) -> tuple[tuple[int, ...], ...]:
        components = self.components
        piles = []
        for name in ("deck", "removed"):
            raw = setup.get(name)
            if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
                raise VitrineError(
                    f"'{name}' must be a list of cards (e.g. \"MI3\"), with both "
                    "'deck' and 'removed' given",
                    "dgit_cards_not_list",
                    {"field": name},
                )
            piles.append(tuple(components.card(label) for label in raw))
        deck, removed = piles
        _, remove = check_players(players, components)
        if len(removed) != remove:
            raise VitrineError(
                f"'removed' must hold {remove} cards, got {len(removed)}",
                "dgit_removed_count",
                {"expected": remove, "got": len(removed)},
            )
        everything = Counter(deck + removed)
        expected = Counter(components.cards_of(types_of(deck + removed)))
        if everything != expected:
            wrong = sorted((everything - expected) + (expected - everything))
            off = ", ".join(components.label(card) for card in wrong)
            raise VitrineError(
                f"'deck' and 'removed' must hold every card of their types twice: {off} off",
                "dgit_cards_off",
                {"cards": off},
            )
        return deck, removed

    def _rooms(self, raw: Any) -> tuple[int, ...]:
        components = self.components
        boards = len(components.rooms) // 2
        if (
            not isinstance(raw, list)
            or len(raw) != boards
            or not all(isinstance(r, str) for r in raw)
        ):
            raise VitrineError(
                f"'rooms' must list the {boards} rooms face up, board by board",
                "dgit_rooms_not_list",
                {"boards": boards},
            )
        rooms = tuple(components.room_index(code) for code in raw)
        for board, room in enumerate(rooms):
            if components.rooms[room].board != board:
                name = components.rooms[room].name
                raise VitrineError(
                    f"'rooms': the {name} is not on board {board + 1}",
                    "dgit_room_board",
                    {"room": components.rooms[room].code, "board": board + 1},
                )
        return rooms

    @staticmethod
    def _dice(raw: Any) -> tuple[bool, ...]:
        if not isinstance(raw, str) or set(raw) - {GHOST_FACE, BLANK_FACE}:
            raise VitrineError(
                f"'dice' must be a string of faces, {GHOST_FACE} a ghost and {BLANK_FACE} a blank",
                "dgit_dice_not_faces",
                {"ghost": GHOST_FACE, "blank": BLANK_FACE},
            )
        return tuple(face == GHOST_FACE for face in raw)

    def record_start(self, record: Record) -> DontGoInThereState:
        """The game a record starts, with the deck, rooms and dice it fixes."""
        return self.start(
            record.players,
            record.options,
            seed=record.seed,
            setup=record.setup,
            rules_version=record.rules_version,
        )

    def determinize(self, view: Mapping[str, Any], rng: Random) -> DontGoInThereState:
        rules = rules_for(view["rules_version"], self.overlay)
        return determinize(self.components, rules, STATE_VIEWS, view, rng)

    def evaluate(self, state: GameState, player: int) -> float:
        """Minus the curses the player would score now, and a little per ghost."""
        sheet = score_game(self.own(state))[player]
        return -(sheet.total + GHOST_WEIGHT * sheet.ghosts)
