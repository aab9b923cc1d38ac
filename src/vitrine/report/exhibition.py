"""What only Exhibition's rules give meaning to: full showcases, the depot,
ending early, the first-come One Continent claim, each card's worth, and
the solo challenge's 2025."""

from collections.abc import Sequence
from dataclasses import dataclass

from vitrine.engine.protocol import Game
from vitrine.games.exhibition.cards import WHITE, card_label
from vitrine.games.exhibition.notation import DEPOT, END
from vitrine.games.exhibition.state import EMPTY, ExhibitionState
from vitrine.report import svg
from vitrine.report.metrics import rate
from vitrine.report.page import Section, Table
from vitrine.report.results import Config, PlayedGame, positions

ONE_CONTINENT = "one_continent"
SOLO_TARGET = 2025  # the rulebook's challenge: a score "from the future"

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


def facts(game_def: Game, game: PlayedGame) -> Facts:
    first_claim = None
    ended = [False] * game.players
    state: ExhibitionState | None = None
    for seat, position in positions(game_def, game.record):
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
            case.key: all(state.halls[seat][spot] != EMPTY for spot in hall.spots_of(index))
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


def showcases_section(all_facts: Sequence[Facts]) -> Section:
    counts: dict[str, list[int]] = {}
    for fact in all_facts:
        for seat_full in fact.full:
            for key, full in seat_full.items():
                counts.setdefault(key, [0, 0])
                counts[key][0] += full
                counts[key][1] += 1
    rates = [rate(key, full, seats) for key, (full, seats) in counts.items()]
    section = Section(
        "How often each showcase ends full",
        "Share of players whose showcase has every spot filled at the end, all runs pooled.",
    )
    section.parts.append(
        svg.bar_chart(
            "Showcases ending full",
            [r.label for r in rates],
            [r.rate for r in rates],
            [(r.low, r.high) for r in rates],
            y_label="share of players",
        )
    )
    section.parts.append(
        Table(
            ("showcase", "players", "full", "share", "95% low", "95% high"),
            tuple((r.label, r.trials, int(r.wins), r.rate, r.low, r.high) for r in rates),
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
    section.parts.append(
        svg.bar_chart(
            "Players who end early",
            [row[0] for row in rows],
            [row[2] for row in rows],
            y_label="share of players",
        )
    )
    section.parts.append(
        Table(
            ("games", "players", "ended early", "used the depot", "mean depot cards"), tuple(rows)
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
    section.parts.append(
        svg.bar_chart(
            "First claimant's win rate x n",
            [name for name, _, _ in rates],
            [r.rate * n for _, n, r in rates],
            [(r.low * n, r.high * n) for _, n, r in rates],
            reference=1.0,
            baseline=1.0,
        )
    )
    section.parts.append(
        Table(
            ("games", "claims", "claimant's win rate", "95% low", "95% high", "x n"),
            tuple((name, r.trials, r.rate, r.low, r.high, r.rate * n) for name, n, r in rates),
        )
    )
    return section


def cards_section(all_facts: Sequence[Facts]) -> Section:
    """Win rate x n of the players who exhibit each card: the card's worth."""
    shares: dict[int, list[float]] = {}
    for fact in all_facts:
        n = fact.game.players
        if n < 2:
            continue
        for seat, cards in enumerate(fact.cards):
            for card in cards:
                shares.setdefault(card, []).append(fact.game.seats[seat].share * n)
    section = Section(
        "The value of each card",
        "For each card, the win rate of the players who exhibit it at the end, as a multiple "
        "of the fair 1/n, multiplayer games pooled; bars grow from 1, with the mean's normal "
        "95% interval.  Winners exhibit more cards than losers, so most cards sit above 1: "
        "compare the cards with each other.",
    )
    if not shares:
        section.text += "  No multiplayer games here."
        return section
    rows = []
    for card in sorted(shares):
        values = shares[card]
        mean = sum(values) / len(values)
        var = sum((v - mean) ** 2 for v in values) / max(len(values) - 1, 1)
        half = 1.96 * (var / len(values)) ** 0.5
        rows.append((card_label(card), len(values), mean, mean - half, mean + half))
    section.parts.append(
        svg.bar_chart(
            "Win rate x n of the players exhibiting each card",
            [row[0] for row in rows],
            [row[2] for row in rows],
            [(row[3], row[4]) for row in rows],
            reference=1.0,
            baseline=1.0,
        )
    )
    ranked = sorted(rows, key=lambda row: -row[2])
    section.parts.append(
        Table(("card", "exhibited", "win rate x n", "95% low", "95% high"), tuple(ranked))
    )
    return section


def solo_section(games: Sequence[PlayedGame]) -> Section | None:
    solo = [g for g in games if g.players == 1]
    if not solo:
        return None
    totals = [g.seats[0].total for g in solo]
    bins = svg.histogram_bins(totals, 20)
    section = Section(
        "Solo scores against 2025",
        f"The solo challenge is a score 'from the future', above {SOLO_TARGET}: the "
        "table gives each bot's share of games above it.",
    )
    section.parts.append(
        svg.bar_chart(
            f"Solo totals ({len(solo)} games)",
            [f"{low:.0f}" for low, _, _ in bins],
            [float(count) for _, _, count in bins],
            y_label="games",
        )
    )
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
    section.parts.append(
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
    section.parts.append(
        Table(("bin from", "bin to", "games"), tuple((lo, hi, c) for lo, hi, c in bins))
    )
    return section


def sections(game_def: Game, games: Sequence[PlayedGame]) -> list[Section]:
    all_facts = [facts(game_def, game) for game in games]
    found = [
        showcases_section(all_facts),
        ending_section(all_facts),
        claim_section(all_facts),
        cards_section(all_facts),
    ]
    solo = solo_section(games)
    return found if solo is None else [*found, solo]
