"""Tiny Tricks' positions and their rules: deal, play a card, win the trick."""

from dataclasses import dataclass
from random import Random
from typing import Any

from vitrine.engine.errors import IllegalTurnError, NotationError
from vitrine.engine.protocol import win_shares
from vitrine.engine.record import Record
from vitrine.kit.game import StateBase, Views

NAME = "tinytricks"
CARDS = 12  # the cards 1 to 12
HAND = 3  # cards dealt to each player, so tricks in a game
NOBODY = -1


@dataclass(frozen=True, eq=False)
class Config:
    """What stays fixed for a whole game, shared by every copy of its state."""

    players: tuple[str, ...]
    seed: int | None
    deck: tuple[int, ...]  # seat s is dealt deck[s * HAND:(s + 1) * HAND]
    rules_version: str
    views: "Views[TinyState]"


class TinyState(StateBase):
    __slots__ = ("config", "current", "hands", "history", "leader", "played", "trick", "tricks")

    config: Config
    hands: list[list[int]]  # each seat's cards, ascending: hidden from the others
    trick: list[int]  # the trick under way, in play order from the leader
    played: list[int]  # the cards of the finished tricks, face up
    tricks: list[int]  # tricks won per seat
    leader: int
    history: list[str]

    def __init__(self, config: Config) -> None:
        self.config = config
        deck = config.deck
        self.hands = [sorted(deck[s * HAND : (s + 1) * HAND]) for s in range(len(config.players))]
        self.trick, self.played, self.history = [], [], []
        self.tricks = [0] * len(config.players)
        self.current = self.leader = 0

    def copy(self) -> "TinyState":
        clone = TinyState.__new__(TinyState)
        clone.config, clone.current, clone.leader = self.config, self.current, self.leader
        clone.hands = [hand[:] for hand in self.hands]
        clone.trick, clone.played = self.trick[:], self.played[:]
        clone.tricks, clone.history = self.tricks[:], self.history[:]
        return clone

    @property
    def is_over(self) -> bool:
        return self.current == NOBODY

    @property
    def mid_turn(self) -> bool:
        return False  # a turn is one card

    def legal_action_ids(self) -> list[int]:
        return [] if self.is_over else [card - 1 for card in self.hands[self.current]]

    def action_text(self, action: int) -> str:
        return str(action + 1)

    def legal_actions(self) -> list[str]:
        return sorted(self.action_text(action) for action in self.legal_action_ids())

    def legal_turns(self) -> list[str]:
        return self.legal_actions()

    def apply_action(self, action: str) -> None:
        """Play the card ``action`` names; refused, changing nothing, unless it is in hand."""
        if not action.isascii() or not action.isdigit() or not 1 <= int(action) <= CARDS:
            raise NotationError(
                f"{action!r} is not a card (1 to {CARDS})",
                "tinytricks_not_a_card",
                {"text": action},
            )
        if self.is_over or int(action) not in self.hands[self.current]:
            raise IllegalTurnError(
                f"the card {action} is not in the hand of the player to act",
                "tinytricks_not_in_hand",
                {"card": action},
            )
        self.apply_action_id(int(action) - 1)

    def push(self, turn: str) -> None:
        self.apply_action(turn)

    def apply_action_id(self, action: int) -> None:
        card, players = action + 1, len(self.hands)
        self.hands[self.current].remove(card)
        self.trick.append(card)
        self.history.append(str(card))
        if len(self.trick) < players:
            self.current = (self.current + 1) % players
            return
        winner = (self.leader + self.trick.index(max(self.trick))) % players
        self.tricks[winner] += 1
        self.played += self.trick
        self.trick = []
        self.leader = winner
        self.current = winner if self.hands[winner] else NOBODY

    def ranks(self) -> list[int]:
        return [1 + sum(other > mine for other in self.tricks) for mine in self.tricks]

    def returns(self) -> list[float]:
        return win_shares(self.ranks())

    def playout(self, rng: Random) -> None:
        while not self.is_over:
            legal = self.legal_action_ids()
            self.apply_action_id(legal[int(rng.random() * len(legal))])

    def rollout(self, rng: Random, informed: bool = False, shaped: bool = False) -> list[float]:
        self.playout(rng)
        return self.returns()

    def scored_rollout(
        self, rng: Random, informed: bool = False
    ) -> tuple[list[float], list[float]]:
        self.playout(rng)
        return self.returns(), [float(tricks) for tricks in self.tricks]

    def record(self) -> Record:
        config = self.config
        return Record(
            game=NAME,
            rules_version=config.rules_version,
            players=config.players,
            options={},
            turns=tuple(self.history),
            seed=config.seed,
            setup={"deck": list(config.deck)},
        )

    def unseen_by(self, viewer: int) -> list[int]:
        """The cards ``viewer`` has not seen: the others' hands and those never dealt."""
        seen = {*self.hands[viewer], *self.trick, *self.played}
        return [card for card in range(1, CARDS + 1) if card not in seen]

    def deal_unseen(self, viewer: int, rng: Random) -> None:
        """Deal the others' hands anew from what ``viewer`` has not seen, sizes kept."""
        unseen = self.unseen_by(viewer)
        rng.shuffle(unseen)
        for seat, hand in enumerate(self.hands):
            if seat != viewer:
                dealt, unseen = unseen[: len(hand)], unseen[len(hand) :]
                self.hands[seat] = sorted(dealt)

    def public(self) -> dict[str, Any]:
        """What everyone sees."""
        return {
            "current_player": None if self.is_over else self.current,
            "hand_sizes": [len(hand) for hand in self.hands],
            "trick": self.trick[:],
            "leader": self.leader,
            "played": sorted(self.played),
            "tricks": self.tricks[:],
        }
