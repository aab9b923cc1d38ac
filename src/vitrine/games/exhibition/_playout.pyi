"""Type stub of the compiled core (_playout.c, _beam.c); fastplayout.py packs its inputs."""

from typing import Literal, overload

class Core:
    def __init__(self, spec: list[int]) -> None: ...
    @overload
    def playout(
        self,
        state: list[int],
        seed: int,
        trace: Literal[False] = False,
        informed: bool = False,
        margin: float = 0.0,
    ) -> list[float]: ...
    @overload
    def playout(
        self,
        state: list[int],
        seed: int,
        trace: Literal[True],
        informed: bool = False,
        margin: float = 0.0,
    ) -> tuple[list[float], list[tuple[int, int, int]], list[int], list[int]]: ...
    def masks(self, state: list[int], /) -> list[int]: ...
    def take_values(
        self, state: list[int], cards: list[int], refill: int, flexibility: float, /
    ) -> list[float]: ...
    def place_values(self, state: list[int], flexibility: float, /) -> list[float | None]: ...
    def beam(
        self,
        state: list[int],
        width: int,
        open_card_points: float,
        open_cards_counted: int,
        potential: float,
        market_hope: float,
    ) -> tuple[list[tuple[int, int, int]], int, int]: ...

class Batch:
    def __init__(self, core: Core, count: int, layout: list[int], decades: list[int]) -> None: ...
    def start(self, index: int, state: list[int], /) -> None: ...
    def start_deal(self, index: int, seed: int, /) -> None: ...
    def observe(self, obs: object, masks: object, indices: list[int] | None = None, /) -> None: ...
    def step(
        self, actions: object, rewards: object, ended: object, illegal: object, totals: object, /
    ) -> None: ...
