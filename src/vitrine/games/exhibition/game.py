"""Starting and replaying games: seeds, deck orders and records (D-2, D-12)."""

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from vitrine.engine.errors import NotationError, VitrineError
from vitrine.engine.overlay import Overlay, apply_overlay, check_base, checked
from vitrine.engine.protocol import GameState
from vitrine.engine.record import Record, unknown_rules_version
from vitrine.engine.rng import SplitMix64
from vitrine.games.exhibition.cards import (
    NUM_CARDS,
    CardTable,
    card_document,
    card_from_label,
    earlier_table,
    load_card_table,
    parse_card_data,
)
from vitrine.games.exhibition.config import (
    GAME_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_VERSION,
    RULES_VERSIONS,
    SOLO_SCALE,
    make_config,
)
from vitrine.games.exhibition.determinize import determinize
from vitrine.games.exhibition.fastplayout import uses_compiled_core
from vitrine.games.exhibition.greedy import compiled_greedy_values, evaluation
from vitrine.games.exhibition.layout import (
    LayoutData,
    default_layout,
    hall_document,
    parse_layout,
)
from vitrine.games.exhibition.notation import TURN_FORMAT, Notation, Take
from vitrine.games.exhibition.options import Options
from vitrine.games.exhibition.solver import decision_totals
from vitrine.games.exhibition.state import ExhibitionState
from vitrine.games.exhibition.state_views import STATE_VIEWS
from vitrine.kit.game import GameBase

SETUP_FIELDS: tuple[str, ...] = ("deck", "secret_decades")


def deal(seed: int, table: CardTable) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The deck order and the secret decades' order a seed gives.

    The deck (cards 1900..1999 then EIN) is shuffled first, then the ten
    decades, from one SplitMix64 stream: the same seed deals the same cards
    whatever the options.
    """
    rng = SplitMix64(seed)
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    decades = list(table.secret_decades)
    rng.shuffle(decades)
    return tuple(deck), tuple(decades)


def parse_deck(raw: Any) -> tuple[int, ...]:
    """A deck order as in records: years as integers, Einstein as ``"EIN"``."""
    if not isinstance(raw, list):
        raise VitrineError(
            f"'deck' must be a list of the {NUM_CARDS} cards", "deck_not_list", {"size": NUM_CARDS}
        )
    cards: list[int] = []
    for position, entry in enumerate(raw, start=1):
        card = card_from_label(str(entry)) if isinstance(entry, int | str) else None
        if card is None or isinstance(entry, bool) or (isinstance(entry, str) and entry != "EIN"):
            raise VitrineError(
                f"'deck' position {position}: {entry!r} is not a card (a year or \"EIN\")",
                "deck_unknown_card",
                {"position": position, "entry": str(entry)},
            )
        if card in cards:
            raise VitrineError(
                f"'deck' position {position}: {entry!r} appears twice",
                "deck_card_twice",
                {"position": position, "entry": str(entry)},
            )
        cards.append(card)
    if len(cards) != NUM_CARDS:
        raise VitrineError(
            f"'deck' must hold all {NUM_CARDS} cards, got {len(cards)}",
            "deck_size",
            {"expected": NUM_CARDS, "got": len(cards)},
        )
    return tuple(cards)


class ExhibitionGame(GameBase[ExhibitionState]):
    """Exhibition: 20th Century, as the engine protocol's ``Game``."""

    name = GAME_NAME
    rules_version = RULES_VERSION
    rules_versions = RULES_VERSIONS
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    setup_fields = SETUP_FIELDS
    state_type = ExhibitionState

    def __init__(
        self,
        table: CardTable | None = None,
        layout: LayoutData | None = None,
        overlay: Overlay | None = None,
    ) -> None:
        """``table`` and ``layout``: the current rules' cards and hall (the
        packaged ones by default); ``overlay``: the rule overlay they come
        from, which is then the only rules version this game plays."""
        super().__init__(overlay)
        self.table = table or load_card_table()
        self.layout = layout or default_layout()

    def with_overlay(self, overlay: Overlay) -> "ExhibitionGame":
        """The game under a rule overlay of ``hall`` and ``cards``, as its
        base version has them, checked by the loaders of the shipped files."""
        check_base(overlay, GAME_NAME, self.rules_versions)
        earlier = None if overlay.base == RULES_VERSION else overlay.base
        merged = apply_overlay(overlay, {"hall": hall_document(), "cards": card_document(earlier)})
        table = checked(parse_card_data, merged["cards"])
        return ExhibitionGame(table, checked(parse_layout, merged["hall"]), overlay)

    def parse_options(self, variants: Sequence[str]) -> dict[str, Any]:
        return Options.from_names(variants, self.layout).to_dict()

    def table_of(self, rules_version: str | None) -> CardTable:
        """The cards a rules version plays with (None: the current version's,
        which may be a table given to this game); refuses an unknown version."""
        if rules_version is None or rules_version == self.rules_version:
            return self.table
        if rules_version not in self.rules_versions:
            raise unknown_rules_version(rules_version, self.rules_versions)
        return earlier_table(rules_version)

    def start(
        self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        secret_decades: Sequence[int] | None = None,
        rules_version: str | None = None,
    ) -> ExhibitionState:
        """A new game from a seed, an explicit deck order, or both (deck wins),
        under the current rules unless ``rules_version`` names earlier ones.

        Secret decades come from the seed when not given.
        """
        table = self.table_of(rules_version)
        opts = Options.from_dict(options or {}, self.layout)
        if seed is None and deck is None:
            raise VitrineError("a game needs a seed or a deck order", "seed_or_deck")
        dealt_deck, dealt_decades = deal(seed, self.table) if seed is not None else ((), ())
        order = tuple(deck) if deck is not None else dealt_deck
        decades: tuple[int, ...] = ()
        if opts.secret_decade:
            decades = self._secret_decades(secret_decades, dealt_decades, len(players))
        elif secret_decades is not None:
            raise VitrineError(
                "secret decades are given but the secret_decade option is off",
                "decades_option_off",
            )
        explicit = deck is not None
        version = rules_version or self.rules_version
        config = make_config(
            table,
            self.layout,
            players,
            opts,
            seed,
            order,
            explicit,
            decades,
            version,
            STATE_VIEWS,
            self.overlay,
        )
        return ExhibitionState(config)

    def _secret_decades(
        self, given: Sequence[int] | None, dealt: tuple[int, ...], players: int
    ) -> tuple[int, ...]:
        if given is None:
            if not dealt:
                raise VitrineError(
                    "the secret decades need a seed or 'secret_decades'", "decades_need_seed"
                )
            return dealt[:players]
        decades = tuple(given)
        if len(decades) != players:
            raise VitrineError(
                f"'secret_decades' must give one decade per player ({players})",
                "decades_count",
                {"players": players, "got": len(decades)},
            )
        for decade in decades:
            if isinstance(decade, bool) or decade not in self.table.secret_decades:
                raise VitrineError(
                    f"{decade!r} is not a decade (1900, 1910, ... 1990)",
                    "decade_unknown",
                    {"decade": str(decade)},
                )
        if len(set(decades)) != len(decades):
            raise VitrineError("'secret_decades' must all differ (D-14)", "decades_repeated")
        return decades

    def record_start(self, record: Record) -> ExhibitionState:
        """The game a record starts, with its deck order and secret decades if it fixes them."""
        deck = parse_deck(record.setup["deck"]) if "deck" in record.setup else None
        decades = record.setup.get("secret_decades")
        if decades is not None and not isinstance(decades, list):
            raise VitrineError("'secret_decades' must be a list of decades", "decades_not_list")
        return self.start(
            record.players,
            record.options,
            seed=record.seed,
            deck=deck,
            secret_decades=decades,
            rules_version=record.rules_version,
        )

    def replay_turn(self, state: ExhibitionState, text: str, last: bool) -> None:
        """A whole turn; a take alone as the record's last entry is a pending take."""
        if last and " " not in text and not state.is_over:
            state.take(self._pending_take(state.config.notation, text))
        else:
            state.push(text)

    @staticmethod
    def _pending_take(notation: Notation, text: str) -> Take:
        try:
            return notation.parse_take(text)
        except NotationError:
            raise NotationError(
                f"malformed turn {text!r}: expected {TURN_FORMAT}, "
                "or a take alone as the record's last entry"
            ) from None

    def determinize(self, view: Mapping[str, Any], rng: Random) -> ExhibitionState:
        table = self.table_of(view["rules_version"])
        return determinize(table, self.layout, self.overlay, view, rng)

    def evaluate(self, state: GameState, player: int) -> float:
        """The player's score now, plus a little for every card each empty spot
        still accepts: keeping showcases fillable is worth something."""
        return evaluation(self.own(state), player)

    def greedy_values(self, view: Mapping[str, Any], rng: Random) -> list[float]:
        """Greedy play's values, computed by the compiled core where it is the
        core in use (``greedy``), the plain way otherwise: the same values."""
        if not uses_compiled_core():
            return super().greedy_values(view, rng)
        table = self.table_of(view["rules_version"])
        return compiled_greedy_values(table, self.layout, view, rng)

    def decision_values(
        self, state: GameState, width: int, actions: Sequence[str] | None = None
    ) -> dict[str, float]:
        """The clairvoyant solver's value of every legal decision (solo games
        only), valued as ``returns`` values a solo score."""
        own = self.own(state)
        if not own.config.solo:
            raise VitrineError("Exhibition's perfect-information search plays solo games only")
        scale = SOLO_SCALE * own.config.scoring.solo_multiplier
        totals = decision_totals(own, width, actions)
        return {action: total / scale for action, total in totals.items()}


def solo_deal(seed: int, options: Mapping[str, Any] | None = None) -> ExhibitionState:
    """The solo game a seed deals (the same deal the runner's bots play)."""
    return ExhibitionGame().start(["Solo"], options or {}, seed=seed)
