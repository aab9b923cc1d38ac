"""Observations as arrays, for any game: the contract between the adapters and a game's encoding.

A game's encoding turns a player's view into named arrays of values in
[0, 1] (the *dict* observation) and concatenates them in a fixed order (the
*flat* observation): the same numbers either way, so an agent may switch
between them.  Actions are the engine's own integer ids, so the action space
is ``range(num_actions)`` and a legal-action mask marks the ids that
``legal_action_ids`` returns.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from vitrine.engine.protocol import GameState

Array = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Field:
    """One named part of an observation; every value lies in [0, 1]."""

    name: str
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        return math.prod(self.shape)  # not numpy's: this is asked on every observation


class Encoding(Protocol):
    """How one game, at one player count and set of options, becomes arrays."""

    @property
    def num_actions(self) -> int:
        """One more than the largest action id the game can return."""

    @property
    def fields(self) -> tuple[Field, ...]: ...

    def encode(self, view: Mapping[str, Any]) -> dict[str, Array]:
        """The view's arrays, one per field, shaped as the field says."""


class FlatEntries(Protocol):
    """An encoding's fast path from a state to its flat observation (see
    ``ExhibitionEncoding.flat_entries``), which the vectorised environment
    uses where an encoding has one."""

    def __call__(
        self,
        state: GameState,
        viewer: int,
        base: int,
        ones: list[int],
        scaled: list[tuple[int, float]],
    ) -> None: ...


def flat_entries_of(encoding: Encoding) -> FlatEntries | None:
    """The encoding's fast path, if it has one."""
    entries: FlatEntries | None = getattr(encoding, "flat_entries", None)
    return entries


class CompiledBatch(Protocol):
    """Games of one seat stepped in compiled code for the vectorised
    environment (Exhibition's solo games: ``_batch.c``), the same numbers as
    the engine and the encoding give.  Buffers are numpy arrays: flat
    observations (float32) and masks (int8) of every copy; per copy the
    actions (int64), rewards (float64), ended and illegal flags (uint8) and
    the totals (int64) of the games that end."""

    def start(self, index: int, state: GameState) -> None:
        """Copy ``index`` plays the game of ``state``, a new deal."""

    def start_deal(self, index: int, seed: int, /) -> None:
        """Copy ``index`` plays a new game of ``seed``, dealt as the engine deals it."""

    def observe(self, obs: Any, masks: Any, indices: list[int] | None = None, /) -> None: ...

    def step(self, actions: Any, rewards: Any, ended: Any, illegal: Any, totals: Any, /) -> None:
        """One action per copy; an illegal one changes nothing and ends the episode."""


def compiled_batch_of(encoding: Encoding, state: GameState, count: int) -> CompiledBatch | None:
    """The encoding's compiled batch for games like ``state``, if it has one
    that applies (see ``ExhibitionEncoding.compiled_batch``)."""
    make = getattr(encoding, "compiled_batch", None)
    batch: CompiledBatch | None = None if make is None else make(state, count)
    return batch


def observer(view: Mapping[str, Any]) -> int:
    """The seat a view belongs to: observations are a player's, never a spectator's."""
    viewer: int | None = view["viewer"]
    if viewer is None:
        raise ValueError("an observation is a player's: a spectator's view has no seat")
    return viewer


def flatten(encoding: Encoding, arrays: Mapping[str, Array]) -> Array:
    """The fields concatenated in the encoding's order."""
    return np.concatenate([arrays[field.name].ravel() for field in encoding.fields])


def flat_size(encoding: Encoding) -> int:
    return sum(field.size for field in encoding.fields)


def action_mask(encoding: Encoding, legal: Sequence[int]) -> Mask:
    """1 at each legal action id, 0 elsewhere."""
    mask = np.zeros(encoding.num_actions, dtype=np.int8)
    mask[list(legal)] = 1
    return mask


def seat_arrays(
    encoding: Encoding, view: Mapping[str, Any], players: int
) -> tuple[dict[str, Array], list[int]]:
    """Every field zeroed but ``seat`` (the viewer's absolute seat) and
    ``to_act`` (relative), and the seats in relative order: the viewer first,
    then the players after them in turn order."""
    viewer = observer(view)
    arrays = {field.name: np.zeros(field.shape, dtype=np.float32) for field in encoding.fields}
    order = [(viewer + offset) % players for offset in range(players)]
    arrays["seat"][viewer] = 1
    if view["current_player"] is not None:
        arrays["to_act"][order.index(view["current_player"])] = 1
    return arrays, order
