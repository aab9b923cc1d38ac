"""Gymnasium spaces and observations shared by the PettingZoo and Gymnasium adapters.

Both hand out ``{"observation": ..., "action_mask": ...}``, the layout
PettingZoo's classic games use and masked-action learners expect, with the
observation flat (one Box) or as a dict of the encoding's fields.
"""

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from vitrine.engine.protocol import GameState
from vitrine.kit.encoding import Array, Encoding, action_mask, flat_entries_of, flat_size, flatten

Observation = dict[str, Any]  # the observation (an array or a dict of them) and its mask


def observation_space(encoding: Encoding, obs_type: str) -> spaces.Dict:
    inner: spaces.Space[Any]
    if obs_type == "flat":
        inner = spaces.Box(0.0, 1.0, (flat_size(encoding),), np.float32)
    else:
        inner = spaces.Dict(
            {f.name: spaces.Box(0.0, 1.0, f.shape, np.float32) for f in encoding.fields}
        )
    mask = spaces.Box(0, 1, (encoding.num_actions,), np.int8)
    return spaces.Dict({"observation": inner, "action_mask": mask})


def observe(
    encoding: Encoding, obs_type: str, state: GameState, seat: int, legal: Sequence[int]
) -> Observation:
    """The observation of ``seat`` and their legal action ids (none when it
    is not their turn): from their view, or for a flat observation from the
    encoding's fast path where it has one (the same numbers, without
    building the view)."""
    fast = flat_entries_of(encoding) if obs_type == "flat" else None
    inner: Array | dict[str, Array]
    if fast is None:
        arrays = encoding.encode(state.view(seat))
        inner = flatten(encoding, arrays) if obs_type == "flat" else arrays
    else:
        inner = np.zeros(flat_size(encoding), np.float32)
        ones: list[int] = []
        scaled: list[tuple[int, float]] = []
        fast(state, seat, 0, ones, scaled)
        inner[np.array(ones, np.intp)] = 1
        for index, value in scaled:
            inner[index] = value
    return {"observation": inner, "action_mask": action_mask(encoding, legal)}
