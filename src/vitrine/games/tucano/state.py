"""The game state of Tucano, as the engine protocol's ``GameState``.

``apply_decision`` steps through a turn's decisions, ``play`` does a whole
turn; every mutating call checks legality first and changes nothing when it
refuses.  The position itself and the unchecked decisions are
``position.Position``'s; what reads the state from above (its view, the
re-deal of what nobody can see) the state asks of the object its
configuration carries (``state_views``), so that this module imports none of it.
"""

from collections.abc import Sequence
from random import Random
from typing import Any

from vitrine.engine.errors import IllegalTurnError, NotationError
from vitrine.engine.record import Record
from vitrine.games.tucano.config import GAME_NAME, INFORMED_NOISE, NOBODY, decode, encode
from vitrine.games.tucano.lead import LeadScorer
from vitrine.games.tucano.notation import COLUMN, JOKER_CHOICE, NONE, Decision
from vitrine.games.tucano.position import Position
from vitrine.games.tucano.scoring import score_columns


class TucanoState(Position):
    """One position of one game, with the protocol's decisions, record and search."""

    __slots__ = ()

    # --------------------------------------------------------------- decisions

    def check(self, decision: Decision) -> None:
        """Refuse an illegal decision with the reason, naming what was wrong."""
        if self.current == NOBODY:
            raise IllegalTurnError("the game is over", "game_over")
        table = self.config.table
        text = self.config.notation.text(decision)
        toucan, card, seat = decision
        if self.joker_due or toucan == JOKER_CHOICE:
            self._check_joker(decision, text)
            return
        if toucan == COLUMN:
            if any(self.pending):
                raise IllegalTurnError(
                    f"a column was already taken this turn: resolve the toucans "
                    f"({self._pending_text()})",
                    "toucans_waiting",
                    {"waiting": self._waiting()},
                )
            if not self.columns[card]:
                raise IllegalTurnError(f"column {text} is empty", "column_empty", {"column": text})
            return
        if not any(self.pending):
            raise IllegalTurnError(
                f"{text}: take a column first", "column_first", {"decision": text}
            )
        name = table.names[toucan]
        if not self.pending[toucan - table.flip]:
            raise IllegalTurnError(
                f"{text}: you have no {name} toucan to resolve (waiting: {self._pending_text()})",
                "toucan_not_waiting",
                {"decision": text, "toucan": name, "waiting": self._waiting()},
            )
        if toucan == table.flip:
            return
        player = self.current
        usable = self.targets(toucan, player)
        if card == NONE:
            if usable:
                example = self.config.notation.text(usable[0])
                raise IllegalTurnError(
                    f"the {name} toucan can be used (e.g. {example}): only a toucan "
                    "that cannot be used is discarded unused (T-5)",
                    "toucan_usable",
                    {"toucan": name, "example": example},
                )
            return
        if not 0 <= seat < self.num_players:
            raise IllegalTurnError(
                f"{text}: no seat {seat} in a {self.num_players}-player game",
                "no_seat",
                {"decision": text, "seat": seat, "players": self.num_players},
            )
        if seat == player:
            raise IllegalTurnError(
                f"{text}: name another player's seat, not your own", "own_seat", {"decision": text}
            )
        params = {"decision": text, "card": table.names[card], "owner": self.config.players[seat]}
        if toucan == table.gift and not self.faceup[player][card]:
            raise IllegalTurnError(
                f"{text}: you have no face-up {table.names[card]} "
                "(face-down cards cannot be given or stolen)",
                "gift_not_face_up",
                params,
            )
        if toucan == table.steal and not self.faceup[seat][card]:
            raise IllegalTurnError(
                f"{text}: {params['owner']} has no face-up {table.names[card]} "
                "(face-down cards cannot be given or stolen)",
                "steal_not_face_up",
                params,
            )

    def _check_joker(self, decision: Decision, text: str) -> None:
        """The joker's fruit: only once the turns are over, by its holder,
        a fruit they hold and have not completed (T-9, T-10)."""
        table = self.config.table
        legal = [self.config.notation.text(d) for d in self.decisions()]
        if not self.joker_due:
            raise IllegalTurnError(
                f"{text}: the joker's fruit is chosen by its holder once the turns are over",
                "joker_not_now",
                {"decision": text},
            )
        if decision.toucan != JOKER_CHOICE:
            raise IllegalTurnError(
                f"the turns are over: {self.config.players[self.current]} chooses the "
                f"joker's fruit ({', '.join(legal)})",
                "joker_due",
                {"decision": text, "legal": legal},
            )
        fruit = decision.card
        held = self.held(self.current)[fruit]
        if fruit not in self.joker_fruits():
            why = "you hold none" if not held else f"you hold all {held}: a complete set"
            raise IllegalTurnError(
                f"{text}: the joker cannot join {table.names[fruit]} ({why}); "
                f"choose {', '.join(legal)}",
                "joker_fruit",
                {"decision": text, "card": table.names[fruit], "held": held, "legal": legal},
            )

    def _waiting(self) -> list[str]:
        """The toucans waiting, one id per card, for a refusal's params."""
        names = self.config.table.names[self.config.table.flip :]
        return [names[i] for i, n in enumerate(self.pending) for _ in range(n)]

    def _pending_text(self) -> str:
        names = self.config.table.names[self.config.table.flip :]
        return ", ".join(
            f"{names[i]} x{n}" if n > 1 else names[i] for i, n in enumerate(self.pending) if n
        )

    def apply_decision(self, decision: Decision) -> None:
        self.check(decision)
        self.apply(decision)

    def play(self, decisions: Sequence[Decision]) -> None:
        """A whole turn; mid-turn it must begin with the decisions already made.

        Checked on a copy first, so a refused turn changes nothing.
        """
        if self.current == NOBODY:
            raise IllegalTurnError("the game is over", "game_over")
        done = len(self.partial)
        if list(decisions[:done]) != self.partial:
            begun = self.config.notation.turn_text(self.partial)
            raise IllegalTurnError(
                f"this turn began with '{begun}': the turn must start so",
                "turn_began",
                {"begun": begun},
            )
        trial = self.copy()
        rest = decisions[done:]
        for index, decision in enumerate(rest):
            if (index or done) and not any(trial.pending):
                extra = self.config.notation.text(decision)
                raise IllegalTurnError(
                    f"the turn ends before {extra!r}: it has more decisions than toucans",
                    "too_many_decisions",
                    {"decision": extra},
                )
            trial.apply_decision(decision)
        if any(trial.pending):
            raise IllegalTurnError(
                f"the turn is unfinished: resolve the toucans ({trial._pending_text()})",
                "turn_unfinished",
                {"waiting": trial._waiting()},
            )
        for decision in rest:
            self.apply(decision)

    def push(self, turn: str) -> None:
        """Play a whole turn given in notation."""
        self.play(self.config.notation.parse_turn(turn))

    def apply_action(self, action: str) -> None:
        """Apply one decision given in notation."""
        if self.current == NOBODY:
            raise IllegalTurnError("the game is over", "game_over")
        if " " in action:
            raise NotationError(
                f"{action!r} holds several decisions: give one, or push a turn",
                "several_decisions",
                {"text": action},
            )
        self.apply_decision(self.config.notation.parse(action))

    # ------------------------------------------------------------- records

    def turn_texts(self) -> list[str]:
        """The turns so far in notation, with a turn begun last (if any)."""
        text = self.config.notation.turn_text
        texts = [text(turn) for turn in self.history]
        if self.partial:
            texts.append(text(self.partial))
        return texts

    def record(self) -> Record:
        config = self.config
        setup: dict[str, Any] = {}
        if config.explicit_deck:
            setup["deck"] = [config.table.names[kind] for kind in config.deck]
        return Record(
            game=GAME_NAME,
            rules_version=config.rules.version,
            overlay=config.rules.overlay,
            players=config.players,
            options={},
            turns=tuple(self.turn_texts()),
            seed=config.seed,
            setup=setup,
        )

    # ------------------------------------------------------------- search

    def legal_action_ids(self) -> list[int]:
        """The legal decisions as small ints: the cheap currency of search."""
        table = self.config.table
        return [encode(d, table) for d in self.decisions()]

    def apply_action_id(self, action: int) -> None:
        self.apply(decode(action, self.config.table))

    def action_text(self, action: int) -> str:
        return self.config.notation.text(decode(action, self.config.table))

    def playout(self, rng: Random, informed: bool = False) -> None:
        """Play to the end choosing uniformly among the legal decisions;
        ``informed``: four in five by the lead they leave at once
        (``lead.LeadScorer.best``), the joker by :meth:`informed_joker`."""
        random = rng.random
        scorer = LeadScorer(self.config.table, self.counts()) if informed else None
        while self.current != NOBODY:
            if informed and self.joker_due:
                self.apply(Decision(JOKER_CHOICE, self.informed_joker(), NONE))
                continue
            options = self.decisions()
            if scorer is not None and random() >= INFORMED_NOISE:
                decision = scorer.best(self.current, self.columns, options, rng)
            else:
                decision = options[int(random() * len(options))]
            if scorer is not None:
                scorer.follow(self.current, self.columns, decision)
            self.apply(decision)

    def informed_joker(self) -> int:
        """The joker's fruit that leaves its holder the largest lead (T-10)."""
        _, choice = score_columns(self.config.table, self.counts())
        assert choice is not None  # asked only with two fruits or more eligible
        return choice

    def rollout(self, rng: Random, informed: bool = False, shaped: bool = False) -> list[float]:
        """The returns of a :meth:`playout` (``informed``: decisions by the
        lead they leave); ``shaped`` also grades by the lead, in SHAPING_MARGIN points."""
        self.playout(rng, informed)
        return self.shaped_returns() if shaped else self.returns()

    def scored_rollout(
        self, rng: Random, informed: bool = False
    ) -> tuple[list[float], list[float]]:
        """The returns of a :meth:`playout` and every player's final total."""
        self.playout(rng, informed)
        return self.returns(), [float(total) for total in self.totals()]
