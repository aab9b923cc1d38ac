"""Reviewing a game: every decision of the chosen seats, valued by the coach.

A decision is judged from what its seat could see when it decided: the
coach searches from that seat's view (``GameState.view``), re-dealing what
it hides as the bots do, so a review never blames a player for what they
could not know (``tests/test_review.py`` reorders the stock behind the same
views and requires the same review).  It is reproducible: decision ``i``'s
search draws from ``Random(f"{seed}:{i}")``, so a record, a budget and a
seed give one review, whichever seats are asked and in whatever order.

Hindsight (solo games) asks the game's perfect-information search
(``Game.decision_values``) what each decision was worth knowing the whole
stock: what was possible, not what was knowable.
"""

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any

from vitrine.bots import Analysis, Analyst, points_per_unit
from vitrine.engine.errors import RecordError, VitrineError
from vitrine.engine.protocol import Game, GameState
from vitrine.engine.record import Record
from vitrine.review.coach import make_coach
from vitrine.review.grades import (
    BEST,
    EXERCISES,
    FORCED,
    GRADES,
    THRESHOLDS,
    confident_loss,
    game_accuracy,
    grade,
)

HINDSIGHT_WIDTH = 96  # the solver's beam per decision in hindsight: PIMC's own width
COSTLIEST = 3  # the moments a summary names
Describe = Callable[[str, Mapping[str, Any]], str]  # a decision in words, from its view
Progress = Callable[[int, int], None]  # decisions reviewed so far, of how many


@dataclass(frozen=True)
class Hindsight:
    """What a decision was worth knowing everything (a solo game's stock)."""

    best: str
    value_best: float
    value_played: float

    @property
    def loss(self) -> float:
        return max(0.0, self.value_best - self.value_played)


@dataclass(frozen=True)
class DecisionReview:
    """One decision: what was played, what the coach would have played, the cost."""

    index: int  # among all the game's decisions, from 0
    turn: int  # the record's turn it belongs to, from 1
    seat: int
    played: str
    options: int  # legal decisions it was chosen from
    best: str
    value_best: float | None  # the seat's standing before it (None: forced)
    value_played: float | None
    error: float | None  # the standard error of value_best - value_played
    loss: float
    grade: str
    substitute: bool  # a bot played it for a player who had left
    words: Mapping[str, str] = field(default_factory=dict)  # "played", "best" in words
    hindsight: Hindsight | None = None
    # The expected final score of the seat, in the game's points, after the
    # best and after the decision played (None: forced, or a coach that tells
    # no points), and what the decision lost in points beyond the noise.
    points_best: float | None = None
    points_played: float | None = None
    points_loss: float = 0.0
    # The coach's value of every decision it valued, kept for mistakes and
    # blunders only: a player replays those as exercises, and the page judges
    # another answer against these values rather than search again.
    values: Mapping[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "index": self.index,
            "turn": self.turn,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "options": self.options,
            "value_best": _rounded(self.value_best),
            "value_played": _rounded(self.value_played),
            "error": _rounded(self.error),
            "loss": _rounded(self.loss),
            "points_best": _rounded(self.points_best),
            "points_played": _rounded(self.points_played),
            "points_loss": _rounded(self.points_loss),
            "grade": self.grade,
            "substitute": self.substitute,
        }
        if self.words:
            data["words"] = dict(self.words)
        if self.values:
            data["values"] = {action: _rounded(value) for action, value in self.values.items()}
        if self.hindsight is not None:
            data["hindsight"] = {
                "best": self.hindsight.best,
                "value_best": _rounded(self.hindsight.value_best),
                "value_played": _rounded(self.hindsight.value_played),
                "loss": _rounded(self.hindsight.loss),
            }
        return data


@dataclass(frozen=True)
class SeatSummary:
    """A player's review in a few numbers (forced and substitutes' decisions left out)."""

    seat: int
    name: str
    decisions: int
    best_share: float
    mean_loss: float
    grades: Mapping[str, int]
    costliest: tuple[int, ...]  # indices of the decisions that lost most, costliest first
    hindsight_loss: float | None = None  # mean loss knowing everything (solo, on request)
    accuracy: float | None = None  # 0-100 from the win-share losses, as lichess's (not alone)
    mean_points_loss: float = 0.0  # in the game's points, per decision graded

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "best_share": _rounded(self.best_share),
            "mean_loss": _rounded(self.mean_loss),
            "mean_points_loss": _rounded(self.mean_points_loss),
            "grades": dict(self.grades),
            "costliest": list(self.costliest),
        }
        if self.hindsight_loss is not None:
            data["hindsight_loss"] = _rounded(self.hindsight_loss)
        if self.accuracy is not None:
            data["accuracy"] = round(self.accuracy, 1)
        return data


@dataclass(frozen=True)
class Review:
    """A whole review, JSON-ready through ``to_dict``."""

    game: str
    rules_version: str
    players: tuple[str, ...]
    coach: str
    seed: int
    seats: tuple[int, ...]
    points_per_unit: float | None  # alone: points a value of 1 stands for
    decisions: tuple[DecisionReview, ...]
    summaries: tuple[SeatSummary, ...]

    @property
    def scale(self) -> str:
        return "score" if len(self.players) == 1 else "win_share"

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "coach": self.coach,
            "seed": self.seed,
            "seats": list(self.seats),
            "scale": self.scale,
            "points_per_unit": self.points_per_unit,
            "thresholds": dict(THRESHOLDS),
            "decisions": [decision.to_dict() for decision in self.decisions],
            "summaries": [summary.to_dict() for summary in self.summaries],
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


@dataclass(frozen=True)
class Step:
    """A decision of a record, with the position it was taken in."""

    index: int
    turn: int
    state: GameState  # before the decision
    played: str


def steps(game: Game, record: Record) -> list[Step]:
    """Every decision of a record in order, with the position before it.

    A record's turn is its decisions separated by single spaces (the
    protocol's notation for every game); the record is replayed whole first,
    so a bad one is refused with the game's own words before anything else.
    """
    game.replay(record)
    state = game.replay(replace(record, turns=(), substitutes=()))
    found: list[Step] = []
    for turn, text in enumerate(record.turns, start=1):
        for action in text.split(" "):
            found.append(Step(len(found), turn, state.copy(), action))
            try:
                state.apply_action(action)
            except VitrineError as error:
                raise RecordError.caused_by(error, turn, text) from None
    return found


def _substituted(record: Record, seat: int, turn: int) -> bool:
    return any(s.seat == seat and turn > s.turns_before for s in record.substitutes)


def chosen_seats(record: Record, seats: Sequence[int] | None) -> tuple[int, ...]:
    """The seats to review (default: every seat), refusing one the game lacks."""
    players = len(record.players)
    chosen = tuple(range(players)) if seats is None else tuple(sorted(set(seats)))
    for seat in chosen:
        if not 0 <= seat < players:
            raise VitrineError(
                f"no seat {seat} in this {players}-player game (seats are 0 to {players - 1})",
                "review_seat",
                {"seat": seat, "max": players - 1},
            )
    return chosen


def review_record(
    game: Game,
    record: Record,
    *,
    seats: Sequence[int] | None = None,
    budget: str | None = None,
    seed: int = 0,
    hindsight: bool = False,
    describe: Describe | None = None,
    progress: Progress | None = None,
    only: Collection[int] | None = None,
) -> Review:
    """Review the decisions of ``seats`` (default: every seat) of a record;
    ``only``: just the decisions of these indices (a server reviews a game in
    parts, to show progress, and joins them with ``assemble``)."""
    chosen = chosen_seats(record, seats)
    if hindsight and len(record.players) != 1:
        raise VitrineError(
            "hindsight needs a solo game: with others at the table, what was possible "
            "depends on what they would have done",
            "review_hindsight_solo",
        )
    coach = make_coach(game, len(record.players), budget)
    todo = [
        step
        for step in steps(game, record)
        if step.state.current_player in chosen and (only is None or step.index in only)
    ]
    reviewed: list[DecisionReview] = []
    for done, step in enumerate(todo):
        reviewed.append(_review_step(game, record, coach, step, seed, hindsight, describe))
        if progress is not None:
            progress(done + 1, len(todo))
    return assemble(game, record, chosen, coach.name, seed, reviewed)


def assemble(
    game: Game,
    record: Record,
    seats: tuple[int, ...],
    coach: str,
    seed: int,
    decisions: Sequence[DecisionReview],
) -> Review:
    """A review from its decisions, in order, with each seat's summary."""
    ordered = sorted(decisions, key=lambda decision: decision.index)
    start = game.replay(replace(record, turns=(), substitutes=()))
    return Review(
        game=game.name,
        rules_version=record.rules_version,
        players=record.players,
        coach=coach,
        seed=seed,
        seats=seats,
        points_per_unit=points_per_unit(start),
        decisions=tuple(ordered),
        summaries=tuple(summarize(record.players, seats, ordered)),
    )


def _review_step(
    game: Game,
    record: Record,
    coach: Analyst,
    step: Step,
    seed: int,
    hindsight: bool,
    describe: Describe | None,
) -> DecisionReview:
    seat = step.state.current_player
    assert seat is not None
    view = step.state.view(seat)
    options = len(view["legal_actions"])
    best, value_best, value_played, error, loss = step.played, None, None, None, 0.0
    points: tuple[float | None, float | None, float] = (None, None, 0.0)
    values: Mapping[str, float] = {}
    if options > 1:
        analysis = coach.analyse(game, view, Random(f"{seed}:{step.index}"), focus=step.played)
        best = analysis.best
        value_best, value_played = analysis.values[best], analysis.values[step.played]
        error = math.hypot(analysis.errors[best], analysis.errors[step.played])
        loss = confident_loss(value_best - value_played, error) if best != step.played else 0.0
        points = points_lost(analysis, best, step.played)
        values = analysis.values
    graded = grade(loss, best == step.played) if options > 1 else FORCED
    words = {}
    if describe is not None:
        words = {"played": describe(step.played, view), "best": describe(best, view)}
    return DecisionReview(
        index=step.index,
        turn=step.turn,
        seat=seat,
        played=step.played,
        options=options,
        best=best,
        value_best=value_best,
        value_played=value_played,
        error=error,
        loss=loss,
        grade=graded,
        substitute=_substituted(record, seat, step.turn),
        words=words,
        hindsight=_hindsight(game, step) if hindsight and options > 1 else None,
        points_best=points[0],
        points_played=points[1],
        points_loss=points[2],
        values=dict(values) if graded in EXERCISES else {},
    )


def points_lost(
    analysis: Analysis, best: str, played: str
) -> tuple[float | None, float | None, float]:
    """The expected points after the best and after the decision played, and
    the loss between them beyond the coach's noise, as the win-share loss is
    counted (nothing where the coach tells no points).  The best is the
    coach's choice on win share: a decision that scores more points but wins
    less often loses no points against it."""
    if best not in analysis.points or played not in analysis.points:
        return None, None, 0.0
    points_best, points_played = analysis.points[best], analysis.points[played]
    if best == played:
        return points_best, points_played, 0.0
    error = math.hypot(analysis.points_errors[best], analysis.points_errors[played])
    return points_best, points_played, confident_loss(points_best - points_played, error)


def _hindsight(game: Game, step: Step) -> Hindsight:
    values = game.decision_values(step.state.copy(), HINDSIGHT_WIDTH)
    best = max(values, key=values.__getitem__)
    if values[step.played] >= values[best]:
        best = step.played
    return Hindsight(best, values[best], values[step.played])


def summarize(
    players: Sequence[str], seats: Iterable[int], decisions: Sequence[DecisionReview]
) -> list[SeatSummary]:
    """Each chosen seat's share of best decisions, mean losses (in value and
    in points), accuracy and costliest moments."""
    summaries = []
    for seat in seats:
        graded = [d for d in decisions if d.seat == seat and d.grade != FORCED and not d.substitute]
        count = len(graded)
        costly = sorted((d for d in graded if d.loss > 0), key=lambda d: (-d.loss, d.index))
        hindsight = [d.hindsight.loss for d in graded if d.hindsight is not None]
        summaries.append(
            SeatSummary(
                seat=seat,
                name=players[seat],
                decisions=count,
                best_share=sum(d.grade == BEST for d in graded) / count if count else math.nan,
                mean_loss=sum(d.loss for d in graded) / count if count else 0.0,
                grades={name: sum(d.grade == name for d in graded) for name in GRADES},
                costliest=tuple(d.index for d in costly[:COSTLIEST]),
                hindsight_loss=sum(hindsight) / len(hindsight) if hindsight else None,
                # Alone the values are scores, not chances: no accuracy to speak of.
                accuracy=game_accuracy([d.loss for d in graded]) if len(players) > 1 else None,
                mean_points_loss=sum(d.points_loss for d in graded) / count if count else 0.0,
            )
        )
    return summaries
