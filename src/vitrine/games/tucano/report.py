"""What only Tucano's rules give meaning to: where the joker went and what it
was worth to its holder, and how the toucans were used."""

from collections import Counter
from collections.abc import Sequence

from vitrine.games.tucano.notation import JOKER_CHOICE
from vitrine.games.tucano.scoring import score_columns
from vitrine.games.tucano.state import TucanoState
from vitrine.kit.report.game_report import GameReport
from vitrine.kit.report.page import Section, Table
from vitrine.kit.report.played import PlayedGame, final_state
from vitrine.kit.report.rates import rate


def tucano_state(game: PlayedGame) -> TucanoState:
    state = final_state(game)
    assert isinstance(state, TucanoState)
    return state


def joker_section(states: Sequence[TucanoState]) -> Section:
    nothing = "(none: discarded, or no fruit eligible)"
    fruits: Counter[str] = Counter()
    wins = 0.0
    chosen = other = 0  # holders who chose between fruits; of them, not for the best lead
    for state in states:
        if state.history and state.history[-1][0].toucan == JOKER_CHOICE:
            chosen += 1
            _, best = score_columns(state.config.table, state.counts())
            other += state.history[-1][0].card != best
        sheets = state.score_sheets()
        holder = next((s for s in sheets if s.joker is not None), None)
        fruits[holder.joker if holder and holder.joker else nothing] += 1
        if holder is not None:
            wins += state.returns()[holder.player]
    games = len(states)
    held = games - fruits[nothing]
    won = rate("holder wins", wins, held)
    return Section(
        "The joker",
        "The fruit the joker counted as at the end, and how often the player it scored for "
        f"won, with its Wilson 95% interval.  Its holder chose between two fruits or more in "
        f"{chosen} of {len(states)} games (T-10), and in {other} of those chose another "
        "fruit than the one giving the largest lead over the best other player.",
        [
            Table(
                ("fruit", "games", "share"),
                tuple((fruit, n, n / games) for fruit, n in fruits.most_common()),
            ),
            Table(
                ("games with a scoring joker", "holder's win rate", "95% low", "95% high"),
                ((held, won.rate, won.low, won.high),),
            ),
        ],
    )


def toucans_section(states: Sequence[TucanoState]) -> Section:
    used: Counter[str] = Counter()
    unused: Counter[str] = Counter()
    for state in states:
        for turn in state.history:
            for decision in turn[1:]:
                name = state.config.table.names[decision.toucan]
                (unused if decision.card < 0 and name != "flip" else used)[name] += 1
    games = len(states)
    return Section(
        "The toucans",
        "Toucans resolved per game, and those discarded unused because they could not be "
        "used (T-5); toucans left in the last column are discarded unresolved (T-7).",
        [
            Table(
                ("toucan", "used per game", "unused per game"),
                tuple(
                    (name, used[name] / games, unused[name] / games)
                    for name in ("flip", "gift", "steal")
                ),
            )
        ],
    )


def sections(games: Sequence[PlayedGame]) -> list[Section]:
    states = [tucano_state(game) for game in games]
    return [joker_section(states), toucans_section(states)]


# What the plug-in hands the balance lab's report (``GamePlugin.report``).
REPORT = GameReport(sections)
