"""From simulation runs and experiments to the report's page.

Runs of one game may differ in player count, variants, rules and bots;
every statistic is computed per configuration, since pooling them would mix
different games.  Runs of the same rules with different bots are drawn side
by side, so that an effect every bot shows (the game's) stands apart from
one that only some bots show (how they play).  Lead tracing replays games
turn by turn and evaluates every seat, so it uses a sample of each
configuration.  An experiment's directory adds its paired comparison.
"""

import math
from collections.abc import Mapping, Sequence
from pathlib import Path

from vitrine.engine.errors import VitrineError
from vitrine.kit.report import charts
from vitrine.kit.report.measures import SHARE
from vitrine.kit.report.page import Section, Table, render
from vitrine.kit.report.played import Config, PlayedGame, by_config, by_players
from vitrine.lab.experiment import is_experiment, load_experiment, side_name, side_runs
from vitrine.report.metrics import (
    Tension,
    advantage,
    balance,
    bot_rates,
    category_spreads,
    seat_rates,
    skill_step,
    spread,
)
from vitrine.report.paired import Comparison, compare, lead_measures
from vitrine.report.results import game_report, played_games
from vitrine.simulate.store import load_settings

TENSION_SAMPLE = 200  # games per configuration whose lead is traced turn by turn
SERIES_NOTE = (
    "  Configurations of one player count side by side (variants, rules, bots): an effect "
    "that every bot shows belongs to the game; one that a single bot shows, to how it plays."
)


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
                settings.rules,
                ",".join(settings.lineup),
                len(mine),
                sum(g.turns for g in mine) / len(mine),
            )
        )
    return Section(
        "Runs",
        parts=[
            Table(
                ("run", "players", "variants", "rules", "bots", "games", "mean turns"), tuple(rows)
            )
        ],
    )


def seats_section(groups: dict[Config, list[PlayedGame]], game_note: str = "") -> Section:
    """``game_note``: what else a seat means in this game, said after "Seat 1 starts"."""
    section = Section(
        "Win rate by seat (start-player advantage)",
        f"Seat 1 starts{game_note}.  Bars: win share with its Wilson 95% interval; "
        "dashed line: the fair 1/n.  Balance is 1 minus the gap between the best and worst "
        "seat; advantage is seat 1's rate above 1/n." + SERIES_NOTE,
    )
    rates = {config: seat_rates(games) for config, games in groups.items() if config.players > 1}
    for chart in charts.per_player_count(
        "Win rate by seat",
        by_players(rates),
        lambda r: (r.label, (r.rate, r.low, r.high)),
        fair_share=True,
        value_label="games won",
        percent=True,
    ):
        section.add(chart)
    section.add(
        Table(
            ("configuration", "seat", "games", "wins", "win rate", "95% low", "95% high"),
            tuple(
                (config.name, r.label, r.trials, r.wins, r.rate, r.low, r.high)
                for config, found in rates.items()
                for r in found
            ),
        )
    )
    section.add(
        Table(
            ("configuration", "games", "balance", "advantage"),
            tuple(
                (config.name, len(groups[config]), balance(found), advantage(found))
                for config, found in rates.items()
            ),
        )
    )
    return section


def bots_section(groups: dict[Config, list[PlayedGame]]) -> Section:
    section = Section("Win rate by bot", "Per configuration, with Wilson 95% intervals.")
    rates = {config: bot_rates(games) for config, games in groups.items() if config.players > 1}
    section.add(
        charts.compared(
            "Win rate by bot",
            {
                config.name: {r.label: (r.rate, r.low, r.high) for r in found}
                for config, found in rates.items()
            },
            value_label="seats won",
            percent=True,
        )
    )
    section.add(
        Table(
            ("configuration", "bot", "seats", "win rate", "95% low", "95% high"),
            tuple(
                (config.name, r.label, r.trials, r.rate, r.low, r.high)
                for config, found in rates.items()
                for r in found
            ),
        )
    )
    return section


def spread_section(groups: dict[Config, list[PlayedGame]]) -> Section:
    section = Section(
        "Score spread per category",
        "Per player: bars are the mean, whiskers the 10th to 90th percentile." + SERIES_NOTE,
    )
    spreads = {config: category_spreads(games) for config, games in groups.items()}
    for chart in charts.per_player_count(
        "Points per category",
        by_players(spreads),
        lambda s: (s.name, (s.mean, s.p10, s.p90)),
        value_label="points per player",
    ):
        section.add(chart)
    section.add(
        Table(
            ("configuration", "category", "mean", "sd", "p10", "median", "p90"),
            tuple(
                (config.name, s.name, s.mean, s.sd, s.p10, s.median, s.p90)
                for config, found in spreads.items()
                for s in found
            ),
        )
    )
    return section


def average(values: Sequence[float]) -> float:
    """The mean; NaN (shown as such) where there is nothing to average."""
    return sum(values) / len(values) if values else math.nan


def tensions(groups: dict[Config, list[PlayedGame]]) -> dict[Config, list[Tension]]:
    traced: dict[Config, list[Tension]] = {}
    for config, games in groups.items():
        if config.players > 1:
            found = [lead_measures(g) for g in games[:TENSION_SAMPLE]]
            traced[config] = [
                Tension(m["drama"].value, m["decisiveness"].value, int(m["lead changes"].value))
                for m in found
            ]
    return traced


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
    section.add(
        charts.bar_chart(
            "Turns per game",
            [r[0] for r in rows],
            [r[2] for r in rows],
            [(r[3], r[4]) for r in rows],
            value_label="turns (mean, 10th-90th percentile)",
        )
    )
    multi = [r for r in rows if not math.isnan(r[5])]
    section.add(
        charts.grouped_bars(
            "Drama and decisiveness",
            [r[0] for r in multi],
            {"drama": [r[5] for r in multi], "decisiveness": [r[6] for r in multi]},
            value_label="share of the game",
            percent=True,
        )
    )
    section.add(
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
        "Effect of each variant, variation showcase and rule overlay",
        "Each configuration against the published game without variants at the same player "
        "count and bots (when a run of it is here), run against run: the change in the mean "
        "total per player and in seat 1's advantage.  An experiment's paired comparison "
        "(below, when there is one) measures a change far more precisely.",
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
        base = measured.get(config._replace(variants="", rules="published"))
        if (config.variants or config.rules != "published") and base is not None:
            count = len(groups[config])
            table_rows.append((config.name, count, total, total - base[0], adv, adv - base[1]))
    if not table_rows:
        section.text += "  No run here has both changed rules and the published game."
        return section
    section.add(
        charts.bar_chart(
            "Change in the mean total per player",
            [r[0] for r in table_rows],
            [r[3] for r in table_rows],
            value_label="points per player",
        )
    )
    section.add(
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
    section.add(
        charts.bar_chart(
            "Twice the budget: win rate",
            [s.doubled.label for s in steps],
            [s.doubled.rate for s in steps],
            [(s.doubled.low, s.doubled.high) for s in steps],
            reference=0.5,
            value_label="pairs won by 2x",
            percent=True,
        )
    )
    section.add(
        Table(
            ("pairing", "pairs", "win rate of 2x", "95% low", "95% high"),
            tuple(
                (s.doubled.label, s.doubled.trials, s.doubled.rate, s.doubled.low, s.doubled.high)
                for s in steps
            ),
        )
    )
    return section


def experiment_section(out: Path, comparison: Comparison) -> Section:
    """One experiment's paired comparison: every metric's difference."""
    experiment = load_experiment(out)
    base, variant = experiment.baseline, experiment.variant
    significant = [d for d in comparison.differences if d.significant]
    section = Section(
        f"Experiment {out}: {side_name(base)} -> {side_name(variant)}",
        f"{comparison.pairs} pairs of games: the same deals and seatings, and the same "
        f"random streams for the bots ({','.join(base.lineup)}), under each rule set.  "
        "Differences are variant minus baseline, the mean of the pairs' differences, with "
        "the paired 95% t-interval; red: significant, a Benjamini-Hochberg false discovery "
        f"rate below 5% over the {len(comparison.differences)} metrics.  "
        f"{len(significant)} significant: "
        + (", ".join(d.name for d in significant) or "none")
        + ".",
    )
    groups: dict[str, list[int]] = {}
    for index, d in enumerate(comparison.differences):
        groups.setdefault(f"{d.group} ({d.unit})", []).append(index)
    for title, indices in groups.items():
        found = [comparison.differences[i] for i in indices]
        if all(d.low == d.high == 0 for d in found):
            continue  # the rules change nothing here in any pair
        percent = found[0].unit == SHARE
        section.add(
            charts.differences(
                f"Change in {title}",
                [d.name for d in found],
                [d.difference for d in found],
                [(d.low, d.high) for d in found],
                [d.significant for d in found],
                "variant - baseline" + (" (percentage points)" if percent else ""),
                percent,
            )
        )
    section.add(
        Table(
            (
                "metric",
                "unit",
                "pairs",
                "baseline",
                "variant",
                "difference",
                "95% low",
                "95% high",
                "p",
                "q (BH)",
                "significant",
            ),
            tuple(
                (
                    d.name,
                    d.unit,
                    d.pairs,
                    d.baseline,
                    d.variant,
                    d.difference,
                    d.low,
                    d.high,
                    d.p,
                    d.q,
                    "yes" if d.significant else "no",
                )
                for d in comparison.differences
            ),
        )
    )
    if comparison.only_baseline or comparison.only_variant:
        section.text += (
            "  Not compared, measured under one rule set only: "
            + ", ".join([*comparison.only_baseline, *comparison.only_variant])
            + "."
        )
    return section


def expand(paths: Sequence[Path]) -> tuple[list[Path], list[Path]]:
    """The runs to report, an experiment standing for its two sides, and the
    experiments among the paths."""
    runs: list[Path] = []
    experiments: list[Path] = []
    for path in paths:
        if is_experiment(path):
            experiments.append(path)
            runs.extend(side_runs(path))
        else:
            runs.append(path)
    return runs, experiments


def build_report(
    paths: Sequence[Path], workers: int = 1, compared: Mapping[Path, Comparison] | None = None
) -> str:
    """The page for the runs and experiments at ``paths``; ``workers``
    processes measure experiments' games (``compared``: experiments'
    comparisons already made)."""
    runs, experiments = expand(paths)
    names = {load_settings(run).game for run in runs}
    if len(names) != 1:
        raise VitrineError(f"the runs are of different games ({', '.join(sorted(names))})")
    game_name = names.pop()
    own = game_report(game_name)
    games = played_games(runs)
    groups = by_config(games)
    made = compared or {}
    sections = [
        experiment_section(out, made[out] if out in made else compare_sides(out, games, workers))
        for out in experiments
    ]
    sections += [
        overview(runs, games),
        seats_section(groups, "" if own is None else own.seat_note),
        bots_section(groups),
        spread_section(groups),
        length_and_tension_section(groups, tensions(groups)),
        variants_section(groups),
        skill_section(runs, games),
    ]
    if own is not None:  # what only the game's rules give meaning to
        sections.extend(own.sections(games))
    intro = f"{len(games)} games of {game_name} from {len(runs)} run(s)."
    return render(f"vitrine balance report: {game_name}", intro, sections)


def compare_sides(out: Path, games: Sequence[PlayedGame], workers: int) -> Comparison:
    baseline, variant = (str(run) for run in side_runs(out))
    return compare(
        [g for g in games if g.run == baseline], [g for g in games if g.run == variant], workers
    )
