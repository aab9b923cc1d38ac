"""What only Don't Go In There's rules give meaning to: how each card type
ends up (taken, dispelled, curses kept), the ghost penalty, and what
players choose in the Basement and the Hallway."""

import dataclasses
from collections import Counter
from collections.abc import Sequence

from vitrine.engine.record import Record
from vitrine.games.dontgointhere.components import card_type, curse
from vitrine.games.dontgointhere.config import DICE
from vitrine.games.dontgointhere.scoring import ghost_penalties
from vitrine.games.dontgointhere.state import DontGoInThereState
from vitrine.kit.report.game_report import GameReport
from vitrine.kit.report.measures import SHARE, Measure, Measures
from vitrine.kit.report.page import Section, Table
from vitrine.kit.report.played import PlayedGame, final_state


@dataclasses.dataclass
class Tally:
    """Counts over all games, filled one finished game at a time."""

    in_play: Counter[int] = dataclasses.field(default_factory=Counter)  # type -> games
    taken: Counter[int] = dataclasses.field(default_factory=Counter)
    dispelled: Counter[int] = dataclasses.field(default_factory=Counter)
    kept: Counter[int] = dataclasses.field(default_factory=Counter)  # curses left face up
    choices: Counter[tuple[str, str]] = dataclasses.field(default_factory=Counter)
    seats: int = 0
    penalised: int = 0
    penalty: int = 0
    winners_penalised: int = 0


def replay_counting(game: PlayedGame, tally: Tally) -> DontGoInThereState:
    """Replay one game, counting the dice choices as they are made."""
    game_def = game.definition
    record = Record.from_json(game.record, game_def.setup_fields)
    state = game_def.replay(dataclasses.replace(record, turns=()))
    assert isinstance(state, DontGoInThereState)
    rooms = state.config.components.rooms
    for word in record.turns:
        if state.phase == DICE:
            tally.choices[(rooms[state.rooms[state.board]].name, word)] += 1
        state.apply_action(word)
    return state


def tally_games(games: Sequence[PlayedGame]) -> tuple[Tally, DontGoInThereState | None]:
    tally = Tally()
    state = None
    for game in games:
        state = replay_counting(game, tally)
        tally.in_play.update(state.config.types)
        for held, gone in zip(state.held, state.dispelled, strict=True):
            tally.taken.update(card_type(c) for c in held + gone)
            tally.dispelled.update(card_type(c) for c in gone)
            for card in held:
                tally.kept[card_type(card)] += curse(card)
        penalties = ghost_penalties(state.ghosts)
        tally.seats += len(penalties)
        tally.penalised += sum(1 for p in penalties if p)
        tally.penalty += sum(penalties)
        tally.winners_penalised += sum(
            1 for seat, p in zip(game.seats, penalties, strict=True) if p and seat.rank == 1
        )
    return tally, state


def measures(game: PlayedGame) -> Measures:
    """Per game, for paired experiments: the share of players who pay the
    ghost penalty, and the share of the cards taken that end dispelled."""
    state = final_state(game)
    assert isinstance(state, DontGoInThereState)
    penalties = ghost_penalties(state.ghosts)
    taken = sum(
        len(held) + len(gone) for held, gone in zip(state.held, state.dispelled, strict=True)
    )
    return {
        "ghost penalty paid": Measure(
            "ghosts", SHARE, sum(1 for p in penalties if p) / len(penalties)
        ),
        "cards dispelled": Measure(
            "cards", SHARE, sum(map(len, state.dispelled)) / taken if taken else 0.0
        ),
    }


def sections(games: Sequence[PlayedGame]) -> list[Section]:
    tally, state = tally_games(games)
    if state is None:
        return []
    types = state.config.components.types
    rows = tuple(
        (
            types[kind].name,
            tally.in_play[kind],
            tally.taken[kind] / tally.in_play[kind],
            tally.dispelled[kind] / max(1, tally.taken[kind]),
            tally.kept[kind] / tally.in_play[kind],
        )
        for kind in sorted(tally.in_play, key=lambda k: types[k].name)
    )
    cards = Section(
        "Card types: taken, dispelled, curses kept",
        "Per type, over the games it was in play: cards taken per game (by all "
        "players), the share of them dispelled by the end, and the curses left "
        "face up per game.",
        [Table(("type", "games", "taken / game", "dispelled", "curses kept / game"), rows)],
    )
    ghosts = Section(
        "Ghosts and dice choices",
        f"{tally.penalised} of {tally.seats} seats paid the ghost penalty "
        f"({tally.penalty / max(1, tally.penalised):.2f} curses each when they did); "
        f"{tally.winners_penalised} of them still won.  The Basement's and the "
        "Hallway's choices, as the player of the third meeple made them:",
        [
            Table(
                ("room", "choice", "times"),
                tuple((r, w, n) for (r, w), n in sorted(tally.choices.items())),
            )
        ],
    )
    return [cards, ghosts]


# What the plug-in hands the balance lab's report (``GamePlugin.report``).
REPORT = GameReport(sections, measures)
