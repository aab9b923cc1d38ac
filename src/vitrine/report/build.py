"""From simulation runs to the report's page.

Runs of one game may differ in player count, variants and bots; every
statistic is computed per configuration (player count and variants), since
pooling them would mix different games.  Lead tracing replays games turn by
turn and evaluates every seat, so it uses a sample of each configuration.
"""

import math
from collections.abc import Sequence
from pathlib import Path

from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game
from vitrine.games import get_game
from vitrine.report import exhibition, svg
from vitrine.report.metrics import (
    Tension,
    advantage,
    balance,
    bot_rates,
    category_spreads,
    seat_rates,
    skill_step,
    spread,
    tension,
)
from vitrine.report.page import Section, Table, render
from vitrine.report.results import Config, PlayedGame, by_config, games_from, positions
from vitrine.simulate.store import load_settings, read_games

TENSION_SAMPLE = 200  # games per configuration whose lead is traced turn by turn


def overview(runs: Sequence[Path], games: Sequence[PlayedGame]) -> Section:
    rows = []
    for run in runs:
        settings = load_settings(run)
        mine = [g for g in games if g.run == str(run)]
        rows.append(
            (
                str(run),
                settings.players,
                ",".join(settings.variants) or "-",
                ",".join(settings.lineup),
                len(mine),
                sum(g.turns for g in mine) / len(mine),
            )
        )
    return Section(
        "Runs",
        parts=[Table(("run", "players", "variants", "bots", "games", "mean turns"), tuple(rows))],
    )


def seats_section(groups: dict[Config, list[PlayedGame]], game_note: str = "") -> Section:
    """``game_note``: what else a seat means in this game, said after "Seat 1 starts"."""
    section = Section(
        "Win rate by seat (start-player advantage)",
        f"Seat 1 starts{game_note}.  Bars: win share with its Wilson 95% interval; "
        "dashed line: the fair 1/n.  Balance is 1 minus the gap between the best and worst "
        "seat; advantage is seat 1's rate above 1/n.",
    )
    summary = []
    for config, games in groups.items():
        if config.players < 2:
            continue
        rates = seat_rates(games)
        section.parts.append(
            svg.bar_chart(
                f"Win rate by seat, {config.name} ({len(games)} games)",
                [r.label for r in rates],
                [r.rate for r in rates],
                [(r.low, r.high) for r in rates],
                reference=1 / config.players,
                y_label="win rate",
            )
        )
        section.parts.append(
            Table(
                ("seat", "games", "wins", "win rate", "95% low", "95% high"),
                tuple((r.label, r.trials, r.wins, r.rate, r.low, r.high) for r in rates),
            )
        )
        summary.append((config.name, len(games), balance(rates), advantage(rates)))
    section.parts.append(Table(("configuration", "games", "balance", "advantage"), tuple(summary)))
    return section


def bots_section(groups: dict[Config, list[PlayedGame]]) -> Section:
    rows: list[tuple[str, str, int, float, float, float]] = []
    for config, games in groups.items():
        if config.players > 1:
            rows.extend(
                (config.name, r.label, r.trials, r.rate, r.low, r.high) for r in bot_rates(games)
            )
    return Section(
        "Win rate by bot",
        parts=[
            Table(("configuration", "bot", "seats", "win rate", "95% low", "95% high"), tuple(rows))
        ],
    )


def spread_section(groups: dict[Config, list[PlayedGame]]) -> Section:
    section = Section(
        "Score spread per category",
        "Per player: bars are the mean, lines the 10th to 90th percentile.",
    )
    for config, games in groups.items():
        spreads = category_spreads(games)
        section.parts.append(
            svg.bar_chart(
                f"Points per category, {config.name}",
                [s.name for s in spreads],
                [s.mean for s in spreads],
                [(s.p10, s.p90) for s in spreads],
                y_label="points",
            )
        )
        section.parts.append(
            Table(
                ("category", "mean", "sd", "p10", "median", "p90"),
                tuple((s.name, s.mean, s.sd, s.p10, s.median, s.p90) for s in spreads),
            )
        )
    return section


def trace(game: Game, played: PlayedGame) -> Tension:
    evaluations = [
        [game.evaluate(state, seat) for seat in range(played.players)]
        for _, state in positions(game, played.record)
    ]
    return tension(evaluations, {s.seat for s in played.seats if s.rank == 1})


def tensions(game: Game, groups: dict[Config, list[PlayedGame]]) -> dict[Config, list[Tension]]:
    return {
        config: [trace(game, g) for g in games[:TENSION_SAMPLE]]
        for config, games in groups.items()
        if config.players > 1
    }


def average(values: Sequence[float]) -> float:
    """The mean; NaN (shown as such) where there is nothing to average."""
    return sum(values) / len(values) if values else math.nan


def length_and_tension_section(
    groups: dict[Config, list[PlayedGame]], traced: dict[Config, list[Tension]]
) -> Section:
    section = Section(
        "Game length, drama and decisiveness",
        f"Turns per game.  On up to {TENSION_SAMPLE} games per configuration, the lead is "
        "traced after every turn with the game's own evaluation (the score so far): drama is "
        "the share of turns when no eventual winner led, decisiveness the share of the game "
        "the eventual winner led to the end, lead changes the times the sole leader changed.",
    )
    rows = []
    for config, games in groups.items():
        length = spread("turns", [float(g.turns) for g in games])
        found = traced.get(config, [])
        rows.append(
            (
                config.name,
                len(games),
                length.mean,
                length.p10,
                length.p90,
                average([t.drama for t in found]),
                average([t.decisiveness for t in found]),
                average([float(t.lead_changes) for t in found]),
            )
        )
    section.parts.append(
        svg.bar_chart("Mean turns per game", [r[0] for r in rows], [r[2] for r in rows])
    )
    multi = [r for r in rows if not math.isnan(r[5])]
    if multi:
        section.parts.append(
            svg.bar_chart("Drama", [r[0] for r in multi], [r[5] for r in multi], y_label="share")
        )
        section.parts.append(
            svg.bar_chart(
                "Decisiveness", [r[0] for r in multi], [r[6] for r in multi], y_label="share"
            )
        )
    section.parts.append(
        Table(
            (
                "configuration",
                "games",
                "mean turns",
                "p10",
                "p90",
                "drama",
                "decisiveness",
                "lead changes",
            ),
            tuple(rows),
        )
    )
    return section


def variants_section(groups: dict[Config, list[PlayedGame]]) -> Section:
    section = Section(
        "Effect of each variant and variation showcase",
        "Each configuration against the game without variants at the same player count "
        "and bots (when a run of it is here): the change in the mean total per player and "
        "in seat 1's advantage.",
    )
    measured = {
        config: (
            sum(s.total for g in games for s in g.seats) / (len(games) * config.players),
            advantage(seat_rates(games)) if config.players > 1 else math.nan,
        )
        for config, games in groups.items()
    }
    table_rows = []
    for config, (total, adv) in measured.items():
        base = measured.get(config._replace(variants=""))
        if config.variants and base is not None:
            count = len(groups[config])
            table_rows.append((config.name, count, total, total - base[0], adv, adv - base[1]))
    if not table_rows:
        section.text += "  No run here has both a variant and its base game."
        return section
    section.parts.append(
        svg.bar_chart(
            "Change in mean total per player",
            [r[0] for r in table_rows],
            [r[3] for r in table_rows],
            y_label="points",
        )
    )
    section.parts.append(
        Table(
            ("configuration", "games", "mean total", "change", "advantage", "change"),
            tuple(table_rows),
        )
    )
    return section


def skill_section(runs: Sequence[Path], games: Sequence[PlayedGame]) -> Section:
    section = Section(
        "Skill trace",
        "Win rate (pairwise, by rank) of a bot against itself with twice the budget, as the "
        "budget grows: far above 0.5 means the game rewards thinking harder; near 0.5, luck "
        "rules.  Found in runs whose two bots are one bot at budgets b and 2b.",
    )
    steps = [
        step
        for run in runs
        if (step := skill_step([g for g in games if g.run == str(run)])) is not None
    ]
    if not steps:
        section.text += (
            "  No such run here: e.g. vitrine simulate --bots ismcts:100,ismcts:200 -o DIR."
        )
        return section
    steps.sort(key=lambda s: (s.bot, s.budget))
    section.parts.append(
        svg.bar_chart(
            "Twice the budget: win rate",
            [s.doubled.label for s in steps],
            [s.doubled.rate for s in steps],
            [(s.doubled.low, s.doubled.high) for s in steps],
            reference=0.5,
        )
    )
    section.parts.append(
        Table(
            ("pairing", "pairs", "win rate of 2x", "95% low", "95% high"),
            tuple(
                (s.doubled.label, s.doubled.trials, s.doubled.rate, s.doubled.low, s.doubled.high)
                for s in steps
            ),
        )
    )
    return section


def build_report(runs: Sequence[Path]) -> str:
    names = {load_settings(run).game for run in runs}
    if len(names) != 1:
        raise VitrineError(f"the runs are of different games ({', '.join(sorted(names))})")
    game_name = names.pop()
    game = get_game(game_name)
    games = games_from(read_games(runs))
    groups = by_config(games)
    sections = [
        overview(runs, games),
        seats_section(groups, exhibition.SEAT_NOTE if game_name == "exhibition" else ""),
        bots_section(groups),
        spread_section(groups),
        length_and_tension_section(groups, tensions(game, groups)),
        variants_section(groups),
        skill_section(runs, games),
    ]
    if game_name == "exhibition":
        sections.extend(exhibition.sections(game, games))
    if game_name == "dontgointhere":
        from vitrine.report import dontgointhere

        sections.extend(dontgointhere.sections(game, games))
    if game_name == "tucano":
        from vitrine.report import tucano

        sections.extend(tucano.sections(game, games))
    intro = f"{len(games)} games of {game_name} from {len(runs)} run(s)."
    return render(f"vitrine balance report: {game_name}", intro, sections)
