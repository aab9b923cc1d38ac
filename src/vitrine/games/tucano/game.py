"""Starting and replaying games: seeds, deck orders and records (T-2, T-12)."""

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.engine.overlay import Overlay, apply_overlay, check_base, checked
from vitrine.engine.protocol import GameState
from vitrine.engine.record import Record
from vitrine.engine.rng import SplitMix64
from vitrine.games.tucano.cards import CardTable, card_document, load_card_table, parse_card_table
from vitrine.games.tucano.config import (
    GAME_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_VERSION,
    make_config,
)
from vitrine.games.tucano.determinize import determinize
from vitrine.games.tucano.rules import VERSIONS, rules_for
from vitrine.games.tucano.state import TucanoState
from vitrine.games.tucano.state_views import STATE_VIEWS
from vitrine.kit.game import GameBase

SETUP_FIELDS: tuple[str, ...] = ("deck",)


def deal(seed: int, table: CardTable) -> tuple[int, ...]:
    """The draw pile, top card first, that a seed gives (T-2).

    The fruit cards and the joker are shuffled and split: the first
    ``upper_half`` go on top; the rest are shuffled again with the toucans
    and go below.  One SplitMix64 stream does both shuffles.
    """
    rng = SplitMix64(seed)
    fruit = [kind for kind in range(table.joker + 1) for _ in range(table.counts[kind])]
    rng.shuffle(fruit)
    lower = fruit[table.upper_half :] + [
        kind for kind in range(table.flip, table.kinds) for _ in range(table.counts[kind])
    ]
    rng.shuffle(lower)
    return tuple(fruit[: table.upper_half] + lower)


def parse_deck(raw: Any, table: CardTable) -> tuple[int, ...]:
    """A deck order as in records: card ids from the top, toucans below the upper half."""
    if not isinstance(raw, list | tuple):
        raise VitrineError(
            f"'deck' must be a list of the {table.deck_size} cards",
            "deck_not_list",
            {"size": table.deck_size},
        )
    cards: list[int] = []
    for position, entry in enumerate(raw, start=1):
        kind = table.kind_of(entry) if isinstance(entry, str) else None
        if kind is None:
            raise VitrineError(
                f"'deck' position {position}: {entry!r} is not a card id",
                "deck_unknown_card",
                {"position": position, "entry": str(entry)},
            )
        if position <= table.upper_half and table.is_toucan(kind):
            raise VitrineError(
                f"'deck' position {position}: a toucan cannot lie in the upper "
                f"{table.upper_half} cards (T-12)",
                "deck_toucan_on_top",
                {"position": position, "upper": table.upper_half},
            )
        cards.append(kind)
    for kind, name in enumerate(table.names):
        if cards.count(kind) != table.counts[kind]:
            raise VitrineError(
                f"'deck' must hold {table.counts[kind]} {name}, got {cards.count(kind)}",
                "deck_count",
                {"card": name, "expected": table.counts[kind], "got": cards.count(kind)},
            )
    return tuple(cards)


class TucanoGame(GameBase[TucanoState]):
    """Tucano, as the engine protocol's ``Game``."""

    name = GAME_NAME
    rules_version = RULES_VERSION
    rules_versions = VERSIONS
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    setup_fields = SETUP_FIELDS
    state_type = TucanoState

    def __init__(self, table: CardTable | None = None, overlay: Overlay | None = None) -> None:
        """``table``: the cards (the packaged ones by default); ``overlay``:
        the rule overlay they come from, then the only rules version played."""
        super().__init__(overlay)
        self.table = table or load_card_table()

    def with_overlay(self, overlay: Overlay) -> "TucanoGame":
        """The game under a rule overlay of ``cards``, checked by the loader
        of the shipped file."""
        check_base(overlay, GAME_NAME, self.rules_versions)
        merged = apply_overlay(overlay, {"cards": card_document()})
        return TucanoGame(checked(parse_card_table, merged["cards"]), overlay)

    def parse_options(self, variants: Sequence[str]) -> dict[str, Any]:
        if variants:
            raise VitrineError(
                f"Tucano has no variants, got {', '.join(variants)}",
                "no_variants",
                {"variants": list(variants)},
            )
        return {}

    def start(
        self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        rules_version: str | None = None,
    ) -> TucanoState:
        """A new game from a seed or an explicit deck order (card ids, top
        first; deck wins), under the current rules unless ``rules_version``
        names earlier ones."""
        rules = rules_for(rules_version, self.overlay)
        if options:
            raise VitrineError(
                f"Tucano has no options, got {', '.join(map(str, options))}",
                "no_options",
                {"options": list(map(str, options))},
            )
        if seed is None and deck is None:
            raise VitrineError("a game needs a seed or a deck order", "seed_or_deck")
        if deck is not None:
            order = parse_deck(deck, self.table)
        else:
            assert seed is not None
            order = deal(seed, self.table)
        explicit = deck is not None
        config = make_config(self.table, players, seed, order, explicit, rules, STATE_VIEWS)
        return TucanoState(config)

    def record_start(self, record: Record) -> TucanoState:
        """The game a record starts, with its deck order if it fixes one."""
        return self.start(
            record.players,
            record.options,
            seed=record.seed,
            deck=record.setup.get("deck"),
            rules_version=record.rules_version,
        )

    def replay_turn(self, state: TucanoState, text: str, last: bool) -> None:
        """A whole turn; the record's last may stop with toucans still waiting."""
        decisions = state.config.notation.parse_turn(text)
        if last and self._unfinished(state, decisions):
            for decision in decisions:
                state.apply_decision(decision)
        else:
            state.play(decisions)

    @staticmethod
    def _unfinished(state: TucanoState, decisions: list[Any]) -> bool:
        """Whether a record's last turn stops with toucans still waiting."""
        trial = state.copy()
        try:
            for decision in decisions:
                trial.apply_decision(decision)
        except VitrineError:
            return False  # let ``play`` refuse it with its own message
        return trial.mid_turn

    def determinize(self, view: Mapping[str, Any], rng: Random) -> TucanoState:
        rules = rules_for(view["rules_version"], self.overlay)
        return determinize(self.table, rules, STATE_VIEWS, view, rng)

    def evaluate(self, state: GameState, player: int) -> float:
        """The player's lead over the best other total, face-down piles
        counted as the state has them (a determinization samples them)."""
        scores = self.own(state).totals()
        return scores[player] - max(s for seat, s in enumerate(scores) if seat != player)
