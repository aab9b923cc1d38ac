"""What only Exhibition's rules give meaning to: full showcases, the depot,
ending early, the first-come One Continent claim, each card's worth, and
the solo challenge's 2025."""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy

from vitrine.games.exhibition.cards import WHITE, card_label
from vitrine.games.exhibition.config import EMPTY
from vitrine.games.exhibition.notation import DEPOT, END
from vitrine.games.exhibition.scoring import SOLO_TARGET
from vitrine.games.exhibition.state import ExhibitionState
from vitrine.kit.report import charts
from vitrine.kit.report.game_report import GameReport
from vitrine.kit.report.measures import SHARE, Measure, Measures
from vitrine.kit.report.page import Section, Table
from vitrine.kit.report.played import Config, PlayedGame, by_players, positions
from vitrine.kit.report.rates import Rate, rate

ONE_CONTINENT = "one_continent"

SEAT_NOTE = (
    "; seat k's vehicle starts on the k-th continent (OC, SA, AF, AS, EU), "
    "so these are also the win rates by starting continent"
)


@dataclass(frozen=True)
class Facts:
    """One finished game's Exhibition-specific facts, seat by seat."""

    game: PlayedGame
    first_claim: int | None  # the seat that first put a coloured card in One Continent
    full: tuple[dict[str, bool], ...]  # per seat: showcase key -> ended full
    depot: tuple[int, ...]  # cards in the depot at the end
    ended: tuple[bool, ...]  # ended the exhibition early (X)
    cards: tuple[tuple[int, ...], ...]  # cards exhibited in the hall


def facts(game: PlayedGame) -> Facts:
    first_claim = None
    ended = [False] * game.players
    state: ExhibitionState | None = None
    for seat, position in positions(game):
        assert isinstance(position, ExhibitionState)
        state = position
        turn = state.history[-1]
        config = state.config
        if turn.target == END:
            ended[seat] = True
        elif turn.target != DEPOT and first_claim is None:
            showcase = config.hall.showcases[config.hall.spot_showcase[turn.target]]
            if showcase.key == ONE_CONTINENT and config.table.continent_of[turn.card] != WHITE:
                first_claim = seat
    assert state is not None  # a finished game has turns
    hall = state.config.hall
    full = tuple(
        {
            case.name: all(state.halls[seat][spot] != EMPTY for spot in hall.spots_of(index))
            for index, case in enumerate(hall.showcases)
        }
        for seat in range(game.players)
    )
    return Facts(
        game,
        first_claim,
        full,
        tuple(len(d) for d in state.depots),
        tuple(ended),
        tuple(tuple(state.hall_cards(seat)) for seat in range(game.players)),
    )


def measures(game: PlayedGame) -> Measures:
    """Per game, for paired experiments: the share of players who fill each
    showcase and who end early, and the cards left in depots."""
    fact = facts(game)
    found = {
        f"{name} full": Measure(
            "showcases ending full", SHARE, sum(seat[name] for seat in fact.full) / game.players
        )
        for name in fact.full[0]
    }
    found["ended early"] = Measure("ending", SHARE, sum(fact.ended) / game.players)
    found["depot cards"] = Measure("ending", "cards", sum(fact.depot) / game.players)
    return found


def full_rates(group: Sequence[Facts]) -> list[Rate]:
    counts: dict[str, list[int]] = {}
    for fact in group:
        for seat_full in fact.full:
            for name, full in seat_full.items():
                counts.setdefault(name, [0, 0])
                counts[name][0] += full
                counts[name][1] += 1
    return [rate(name, full, seats) for name, (full, seats) in counts.items()]


def showcases_section(all_facts: Sequence[Facts]) -> Section:
    section = Section(
        "How often each showcase ends full",
        "Share of players whose showcase has every spot filled at the end, with Wilson 95% "
        "intervals; the configurations of one player count side by side.",
    )
    rates = {config: full_rates(group) for config, group in grouped(all_facts).items()}
    for chart in charts.per_player_count(
        "Showcases ending full",
        by_players(rates),
        lambda r: (r.label, (r.rate, r.low, r.high)),
        value_label="players",
        percent=True,
    ):
        section.add(chart)
    section.add(
        Table(
            ("configuration", "showcase", "players", "full", "share", "95% low", "95% high"),
            tuple(
                (config.name, r.label, r.trials, int(r.wins), r.rate, r.low, r.high)
                for config, found in rates.items()
                for r in found
            ),
        )
    )
    return section


def grouped(all_facts: Sequence[Facts]) -> dict[Config, list[Facts]]:
    groups: dict[Config, list[Facts]] = {}
    for fact in all_facts:
        groups.setdefault(fact.game.config, []).append(fact)
    return dict(sorted(groups.items()))


def ending_section(all_facts: Sequence[Facts]) -> Section:
    rows = []
    for config, group in grouped(all_facts).items():
        seats = [(e, d) for f in group for e, d in zip(f.ended, f.depot, strict=True)]
        rows.append(
            (
                config.name,
                len(seats),
                sum(e for e, _ in seats) / len(seats),
                sum(1 for _, d in seats if d) / len(seats),
                sum(d for _, d in seats) / len(seats),
            )
        )
    section = Section(
        "Ending early and the depot",
        "Ending early: a player ended their exhibition with X (allowed only when the card "
        "fits no spot).  Depot: cards left in the depot at the end (each costs a point).",
    )
    section.add(
        charts.grouped_bars(
            "Ending early and using the depot",
            [row[0] for row in rows],
            {"ended early": [row[2] for row in rows], "used the depot": [row[3] for row in rows]},
            value_label="players",
            percent=True,
        )
    )
    section.add(
        Table(
            ("configuration", "players", "ended early", "used the depot", "mean depot cards"),
            tuple(rows),
        )
    )
    return section


def claim_section(all_facts: Sequence[Facts]) -> Section:
    rates = []
    for config, group in grouped(all_facts).items():
        claims = [(f.game, f.first_claim) for f in group if f.first_claim is not None]
        if config.players > 1 and claims:
            wins = sum(game.seats[seat].share for game, seat in claims)
            rates.append((config.name, config.players, rate("", wins, len(claims))))
    section = Section(
        "Does the first One Continent claim decide the game?",
        "The first player to put a coloured card in One Continent takes that continent from "
        "everyone else.  Their win rate, as a multiple of the fair 1/n (1 = no edge).",
    )
    if not rates:
        section.text += "  No multiplayer game here has a One Continent showcase."
        return section
    section.add(
        charts.bar_chart(
            "First claimant's win rate as a multiple of the fair share",
            [name for name, _, _ in rates],
            [r.rate * n for _, n, r in rates],
            [(r.low * n, r.high * n) for _, n, r in rates],
            reference=1.0,
            value_label="win rate x players",
            baseline=1.0,
        )
    )
    section.add(
        Table(
            ("configuration", "claims", "claimant's win rate", "95% low", "95% high", "x n"),
            tuple((name, r.trials, r.rate, r.low, r.high, r.rate * n) for name, n, r in rates),
        )
    )
    return section


def card_values(group: Sequence[Facts]) -> dict[int, tuple[int, float, float, float]]:
    """Per card: players exhibiting it, and their mean win rate x n with its
    normal 95% interval."""
    shares: dict[int, list[float]] = {}
    for fact in group:
        n = fact.game.players
        for seat, cards in enumerate(fact.cards):
            for card in cards:
                shares.setdefault(card, []).append(fact.game.seats[seat].share * n)
    values = {}
    for card in sorted(shares):
        found = shares[card]
        mean = sum(found) / len(found)
        var = sum((v - mean) ** 2 for v in found) / max(len(found) - 1, 1)
        half = 1.96 * (var / len(found)) ** 0.5
        values[card] = (len(found), mean, mean - half, mean + half)
    return values


def cards_section(all_facts: Sequence[Facts]) -> Section:
    """Win rate x n of the players who exhibit each card: the card's worth."""
    section = Section(
        "The value of each card",
        "For each card, the win rate of the players who exhibit it at the end, as a multiple "
        "of the fair 1/n; bars grow from 1, with the mean's normal 95% interval.  Winners "
        "exhibit more cards than losers, so most cards sit above 1: compare the cards with "
        "each other, and the configurations (a card a strong bot takes looks good).",
    )
    values = {
        config: card_values(group)
        for config, group in grouped(all_facts).items()
        if config.players > 1
    }
    if not values:
        section.text += "  No multiplayer games here."
        return section
    for chart in charts.per_player_count(
        "Win rate x players of those exhibiting each card",
        by_players({config: sorted(found.items()) for config, found in values.items()}),
        lambda item: (card_label(item[0]), item[1][1:]),
        value_label="win rate x players",
        baseline=1.0,
    ):
        section.add(chart)
    section.add(
        Table(
            ("configuration", "card", "exhibited", "win rate x n", "95% low", "95% high"),
            tuple(
                (config.name, card_label(card), *found[card])
                for config, found in values.items()
                for card in sorted(found, key=lambda c: -found[c][1])
            ),
        )
    )
    return section


def solo_section(games: Sequence[PlayedGame]) -> Section | None:
    solo = [g for g in games if g.players == 1]
    if not solo:
        return None
    section = Section(
        f"Solo scores against {SOLO_TARGET}",
        f"The solo challenge is a score 'from the future', above {SOLO_TARGET}: the "
        "table gives each bot's share of games above it.",
    )
    totals = [g.seats[0].total for g in solo]
    section.add(charts.histogram(f"Solo totals ({len(solo)} games)", totals, "solo total"))
    rows = []
    for bot in sorted({g.seats[0].bot for g in solo}):
        mine = sorted(g.seats[0].total for g in solo if g.seats[0].bot == bot)
        above = rate(bot, sum(1 for t in mine if t > SOLO_TARGET), len(mine))
        rows.append(
            (
                bot,
                len(mine),
                sum(mine) / len(mine),
                mine[len(mine) // 10],
                mine[len(mine) // 2],
                mine[min(len(mine) * 9 // 10, len(mine) - 1)],
                above.rate,
                above.low,
                above.high,
            )
        )
    section.add(
        Table(
            (
                "bot",
                "games",
                "mean",
                "p10",
                "median",
                "p90",
                f"> {SOLO_TARGET}",
                "95% low",
                "95% high",
            ),
            tuple(rows),
        )
    )
    counts, edges = numpy.histogram(totals, bins=charts.BINS)
    section.add(
        Table(
            ("bin from", "bin to", "games"),
            tuple((float(edges[i]), float(edges[i + 1]), int(c)) for i, c in enumerate(counts)),
        )
    )
    return section


def sections(games: Sequence[PlayedGame]) -> list[Section]:
    all_facts = [facts(game) for game in games]
    found = [
        showcases_section(all_facts),
        ending_section(all_facts),
        claim_section(all_facts),
        cards_section(all_facts),
    ]
    solo = solo_section(games)
    return found if solo is None else [*found, solo]


# What the plug-in hands the balance lab's report (``GamePlugin.report``).
REPORT = GameReport(sections, measures, SEAT_NOTE)
