"""Gymnasium spaces and observations shared by the PettingZoo and Gymnasium adapters.

Both hand out ``{"observation": ..., "action_mask": ...}``, the layout
PettingZoo's classic games use and masked-action learners expect, with the
observation flat (one Box) or as a dict of the encoding's fields.
"""

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from vitrine.adapters.encoding import Encoding, action_mask, flat_size, flatten

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
    encoding: Encoding, obs_type: str, view: Mapping[str, Any], legal: Sequence[int]
) -> Observation:
    """A player's observation from their view and legal action ids (none when
    it is not their turn)."""
    arrays = encoding.encode(view)
    inner = flatten(encoding, arrays) if obs_type == "flat" else arrays
    return {"observation": inner, "action_mask": action_mask(encoding, legal)}
