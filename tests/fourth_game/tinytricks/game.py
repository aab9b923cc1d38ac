"""Tiny Tricks' definition: deals, records, views, and what bots ask of it."""

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from tinytricks.state import CARDS, NAME, Config, TinyState
from vitrine.engine.errors import VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import GameState, provisional_sheet, view_header
from vitrine.engine.record import Record, unknown_rules_version
from vitrine.engine.rng import SplitMix64
from vitrine.kit.game import GameBase


class TinyTricks(GameBase[TinyState]):
    name = NAME
    rules_version = "1"
    rules_versions: tuple[str, ...] = ("1",)
    min_players = 2
    max_players = 4
    setup_fields: tuple[str, ...] = ("deck",)
    state_type = TinyState

    def start(
        self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        rules_version: str | None = None,
    ) -> TinyState:
        """A deal from a seed, or the explicit ``deck`` order a record holds."""
        self.parse_options(list(options or {}))
        if rules_version not in (None, *self.rules_versions):
            raise unknown_rules_version(str(rules_version), self.rules_versions)
        if not self.min_players <= len(players) <= self.max_players:
            raise VitrineError(
                f"Tiny Tricks is for 2 to 4 players, got {len(players)}",
                "player_count",
                {"min": self.min_players, "max": self.max_players, "got": len(players)},
            )
        if deck is None:
            if seed is None:
                raise VitrineError("a game needs a seed or a deck order", "seed_or_deck")
            order = list(range(1, CARDS + 1))
            SplitMix64(seed).shuffle(order)
            deck = order
        if sorted(deck) != list(range(1, CARDS + 1)):
            raise VitrineError(
                f"'deck' must hold the cards 1 to {CARDS} once each", "tinytricks_deck"
            )
        config = Config(tuple(players), seed, tuple(deck), self.rules_version, views=self)
        return TinyState(config)

    def record_start(self, record: Record) -> TinyState:
        return self.start(
            record.players,
            record.options,
            seed=record.seed,
            deck=record.setup.get("deck"),
            rules_version=record.rules_version,
        )

    def with_overlay(self, overlay: Overlay) -> "TinyTricks":
        raise VitrineError(
            "Tiny Tricks has no data for a rule overlay to change", "tinytricks_no_overlay"
        )

    def parse_options(self, variants: Sequence[str]) -> dict[str, Any]:
        if variants:
            raise VitrineError(
                f"Tiny Tricks has no variants, got {', '.join(variants)}",
                "tinytricks_no_variants",
                {"variants": list(variants)},
            )
        return {}

    def determinize(self, view: Mapping[str, Any], rng: Random) -> TinyState:
        """The position as the view shows it, the hidden hands dealt at random."""
        players, viewer = view["players"], view["viewer"]
        state = self.start(players, seed=0)
        state.hands = [[0] * size for size in view["hand_sizes"]]
        state.hands[viewer] = list(view["hand"])
        state.trick, state.played = list(view["trick"]), list(view["played"])
        state.tricks, state.leader = list(view["tricks"]), view["leader"]
        state.current = view["current_player"]
        state.deal_unseen(viewer, rng)
        return state

    def evaluate(self, state: GameState, player: int) -> float:
        """Tricks won ahead of the best other player."""
        tricks = self.own(state).tricks
        return tricks[player] - max(t for seat, t in enumerate(tricks) if seat != player)

    # What a state asks of its definition (kit.game.Views).

    def public_view(self, state: TinyState) -> dict[str, Any]:
        config = state.config
        view = {**view_header(NAME, config.rules_version, config.players, {})}
        view |= state.public()
        if state.is_over:
            ranks = state.ranks()
            view["scores"] = [
                {**sheet, "rank": ranks[sheet["player"]]}
                for sheet in self.provisional_scores(state, None)
            ]
        return view

    def private_view(self, state: TinyState, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"hand": [] if player is None else state.hands[player][:]}
        if player is not None and player == state.current_player:
            view["legal_actions"] = state.legal_actions()
            view["legal_turns"] = state.legal_turns()
        return view

    def provisional_scores(self, state: TinyState, viewer: int | None) -> list[dict[str, Any]]:
        return [
            provisional_sheet(seat, name, {"tricks": state.tricks[seat]})
            for seat, name in enumerate(state.config.players)
        ]

    def redeterminize(self, state: TinyState, viewer: int, rng: Random) -> None:
        state.deal_unseen(viewer, rng)
