"""Whether a game keeps the engine protocol's promises, checked by playing it.

Every shared room relies on the same promises (``engine.protocol``): legal
decisions in notation and as ids agree, an illegal decision is refused and
changes nothing, copies are independent, views are JSON and hide only what
they should, a record replays the game it records, a determinization is a
position the viewer cannot tell from the real one, and a finished game ranks
and rewards every seat.  ``check_game`` plays random games and checks each
of them at every step, so a new game's tests can start with one line (the
games shipped with vitrine are held to it too: tests/test_conformance.py).
"""

import json
from collections.abc import Iterable, Mapping, Sequence
from random import Random
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game, GameState
from vitrine.engine.record import Record

HEADER = ("game", "rules_version", "viewer", "players", "options")
NOT_A_DECISION = "~not-a-decision~"


class ConformanceError(AssertionError):
    """A promise of the engine protocol that a game broke, and where."""


def _check(holds: bool, what: str, where: str) -> None:
    if not holds:
        raise ConformanceError(f"{where}: {what}")


def _snapshot(state: GameState) -> tuple[str, str]:
    """What must not change when a decision is refused: everyone's view and the record."""
    return json.dumps(state.view(None), sort_keys=True), state.record().to_json()


def check_position(game: Game, state: GameState, rng: Random, where: str) -> None:
    """Every promise that holds at one position of a game going on."""
    player = state.current_player
    _check(player is not None and 0 <= player < state.num_players, "a seat is to act", where)
    assert player is not None
    legal = state.legal_actions()
    _check(bool(legal), "the seat to act has a decision", where)
    _check(legal == sorted(set(legal)), "legal decisions are sorted and distinct", where)
    ids = state.legal_action_ids()
    _check(len(ids) == len(set(ids)) == len(legal), "one id per legal decision", where)
    _check(sorted(state.action_text(i) for i in ids) == legal, "ids name the decisions", where)
    public = state.public_view()
    for viewer in [None, *range(state.num_players)]:
        view = state.view(viewer)
        private = state.private_view(viewer)
        _check(not public.keys() & private.keys(), "a view's two parts share no key", where)
        _check(view == public | private, "a view is its public and private parts", where)
        _check(all(key in view for key in HEADER), f"the view of {viewer} has its header", where)
        _check(view["viewer"] == viewer, "a view says whose it is", where)
        json.dumps(view)  # a view travels as JSON
    _check(state.view(player).get("legal_actions") == legal, "the view lists them", where)
    before = _snapshot(state)
    try:
        state.apply_action(NOT_A_DECISION)
    except VitrineError:
        pass
    else:
        raise ConformanceError(f"{where}: {NOT_A_DECISION!r} was accepted")
    _check(_snapshot(state) == before, "a refused decision changes nothing", where)
    copy = state.copy()
    copy.apply_action_id(rng.choice(ids))
    _check(_snapshot(state) == before, "a copy is independent of its original", where)
    own = state.view(player)
    sampled = game.determinize(own, Random(rng.random()))
    _check(sampled.view(player) == own, "a determinization looks the same to its viewer", where)
    resampled = state.copy()
    resampled.redeterminize(player, Random(rng.random()))
    _check(resampled.view(player) == own, "a re-deal looks the same to its viewer", where)


def check_finished(game: Game, state: GameState, where: str) -> None:
    """Every promise that holds once a game is over."""
    _check(state.is_over and state.current_player is None, "the game says it is over", where)
    players = state.num_players
    returns = state.returns()
    _check(len(returns) == players, "one return per seat", where)
    if players > 1:
        _check(abs(sum(returns) - 1.0) < 1e-9, "the returns share one win", where)
    scores = state.view(None).get("scores")
    _check(isinstance(scores, list) and len(scores) == players, "the view holds every score", where)
    assert isinstance(scores, list)
    ranks = [entry["rank"] for entry in scores]
    _check(min(ranks) == 1, "someone ranks first", where)
    _check(
        [entry["total"] for entry in state.provisional_scores(None)]
        == [entry["total"] for entry in scores],
        "provisional scores are the final ones once it is over",
        where,
    )


def check_replay(game: Game, state: GameState, where: str) -> None:
    """The record, through JSON, replays the position it was taken from."""
    text = state.record().to_json()
    replayed = game.replay(Record.from_json(text, game.setup_fields))
    _check(_snapshot(replayed) == _snapshot(state), "the record replays the position", where)


def check_game(
    game: Game,
    player_counts: Sequence[int] | None = None,
    seeds: Iterable[int] = range(3),
    options: Mapping[str, Any] | None = None,
    replay_every: int = 7,
) -> int:
    """Play a random game per seed and player count (every count the game
    takes by default), checking each position; returns the decisions played.

    Raises ``ConformanceError`` naming the broken promise, the game, the
    count, the seed and the decision number.  ``replay_every``: how often the
    record is replayed mid-game (each replay costs a whole game's replay)."""
    counts = player_counts or range(game.min_players, game.max_players + 1)
    played = 0
    for count in counts:
        names = [f"Player {seat + 1}" for seat in range(count)]
        for seed in seeds:
            rng = Random(seed)
            state = game.new_game(names, dict(options or {}), seed)
            again = game.new_game(names, dict(options or {}), seed)
            where = f"{game.name}, {count} players, seed {seed}"
            _check(_snapshot(state) == _snapshot(again), "a seed deals one game", where)
            step = 0
            while not state.is_over:
                at = f"{where}, decision {step + 1}"
                check_position(game, state, rng, at)
                if step % replay_every == 0:
                    check_replay(game, state, at)
                state.apply_action(rng.choice(state.legal_actions()))
                step += 1
            check_finished(game, state, where)
            check_replay(game, state, where)
            played += step
    return played
