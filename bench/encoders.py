"""JSON encoders on what a live table sends: the fields of one picture.

A change of a table is encoded once, field by field (``server/pictures.py``):
the table's summary, the public part of the game's view, each watched seat's
private part.  This bench takes those dictionaries from positions of real
games (every game, 4 players, positions along a random game) and encodes
each field as a picture does, with each candidate:

- orjson (what vitrine uses);
- msgspec's JSON encoder, if installed (``pip install msgspec``: it is not a
  vitrine dependency; the bench says so and leaves it out otherwise);
- the standard library's ``json.dumps`` (compact), for scale.

Run: ``.venv/bin/python bench/encoders.py [--rounds 200]``; it prints
microseconds per picture for each.
"""

import argparse
import json
import time
from collections.abc import Callable
from random import Random
from typing import Any

import orjson

from vitrine.games import game_names, get_game


def pictures() -> list[list[dict[str, Any]]]:
    """For positions along one random game of each game: the public view and every
    seat's private part, each a dictionary of fields."""
    taken = []
    for name in game_names():
        game = get_game(name)
        state = game.new_game([f"P{k}" for k in range(4)], {}, 1)
        rng = Random(1)
        step = 0
        while not state.is_over:
            if step % 5 == 0:
                parts = [state.public_view(), *(state.private_view(s) for s in range(4))]
                taken.append(parts)
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    return taken


def encoders() -> dict[str, Callable[[Any], bytes]]:
    found: dict[str, Callable[[Any], bytes]] = {
        "orjson": orjson.dumps,
        "json (standard library)": lambda value: json.dumps(value, separators=(",", ":")).encode(),
    }
    try:
        import msgspec  # type: ignore[import-not-found]  # optional: a comparison only

        found["msgspec"] = msgspec.json.Encoder().encode
    except ImportError:
        print("msgspec is not installed: left out (pip install msgspec to compare)")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    rounds = parser.parse_args().rounds
    taken = pictures()
    fields = sum(len(part) for parts in taken for part in parts)
    print(f"{len(taken)} positions of {len(game_names())} games, {fields} fields")
    for name, encode in encoders().items():
        start = time.perf_counter()
        for _ in range(rounds):
            for parts in taken:
                for part in parts:
                    for value in part.values():
                        encode(value)
        seconds = (time.perf_counter() - start) / rounds / len(taken)
        print(f"{name}: {seconds * 1e6:.1f} us a picture (public part and 4 private parts)")


if __name__ == "__main__":
    main()
