"""The trusted side of ``vitrine replay`` for Exhibition: the whole position.

Replaying a record is analysis, not play: the record already holds the seed
(hence the deck) and the secret decades, so this module may read the state
itself, and scores positions that are not finished.  Cards are written as in
records: years as integers, Einstein as ``"EIN"``.
"""

from typing import Any

from vitrine.engine.protocol import GameState
from vitrine.games.exhibition.cards import EINSTEIN_LABEL, NUM_CARDS, WHITE, card_label
from vitrine.games.exhibition.scoring import score_game
from vitrine.games.exhibition.state import ExhibitionState


def _state(state: GameState) -> ExhibitionState:
    if not isinstance(state, ExhibitionState):
        raise TypeError("an Exhibition report needs an Exhibition state")
    return state


def json_card(label: str | None) -> int | str | None:
    """A card label of a view as a record writes it."""
    if label is None or label == EINSTEIN_LABEL:
        return label
    return int(label)


def score_sheets(state: GameState) -> list[dict[str, Any]]:
    """Score sheets shaped like a finished game's ``view["scores"]``."""
    return [
        {
            "player": sheet.player,
            "name": sheet.name,
            "categories": dict(sheet.categories),
            "total": sheet.total,
            "tiebreak_distance": sheet.tiebreak_distance,
            "rank": sheet.rank,
        }
        for sheet in score_game(_state(state)).players
    ]


def secret_decades(state: GameState) -> list[int | None]:
    """Every player's secret decade (empty when the variant is off)."""
    return list(_state(state).config.secret_decades)


def report(state: GameState) -> dict[str, Any]:
    """The position, the setup and every score, as one JSON-ready object."""
    exhibition = _state(state)
    config = exhibition.config
    table = config.table
    view = exhibition.view(None)
    sheets = score_sheets(exhibition)
    decades = secret_decades(exhibition)
    players = []
    for seat, name in enumerate(config.players):
        sheet = sheets[seat]
        player: dict[str, Any] = {
            "name": name,
            "vehicle": view["vehicles"][seat],
            "final": view["final"][seat],
            "hall": {spot: json_card(label) for spot, label in view["halls"][seat].items()},
            "depot": [json_card(label) for label in view["depots"][seat]],
            "all_continents_round": view["all_continents_round"][seat],
            "scores": sheet["categories"],
            "total": sheet["total"],
            "tiebreak_distance": sheet["tiebreak_distance"],
            "rank": sheet["rank"],
        }
        if decades:
            player["secret_decade"] = decades[seat]
        players.append(player)

    def continent(card: int) -> str | None:
        index = table.continent_of[card]
        return None if index == WHITE else table.continent_codes[index]

    return {
        "game": view["game"],
        "rules_version": view["rules_version"],
        "seed": config.seed,
        "options": view["options"],
        "deck": [json_card(card_label(card)) for card in config.deck],
        "continents": {card_label(card): continent(card) for card in range(NUM_CARDS)},
        "over": exhibition.is_over,
        "current_player": exhibition.current_player,
        "round": view["round"],
        "phase": view["phase"],
        "pending": view["pending"],
        "turns": view["turns"],
        "market": {
            code: [json_card(label) for label in cards] for code, cards in view["market"].items()
        },
        "stock_count": view["stock_count"],
        "discards": [json_card(label) for label in view["discards"]],
        "players": players,
    }
