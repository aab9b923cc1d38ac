"""The terminal game loop: humans type decisions, bots answer by themselves.

Input is read with :func:`click.prompt`, one line per decision, so a game
can be driven from a pipe as well as played by hand.  Each human is shown
only ``state.view(their seat)``; bots receive their own view too.  A turn's
decisions may be typed one at a time (a take, then, once the refill is on
the table, the placement) or at once as a whole turn in notation.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

import click
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from vitrine.bots import Bot
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import Game, GameState
from vitrine.kit.render import Renderer, View, say
from vitrine.review import Hint, hint

HELP_WORDS = ("?", "HELP")
QUIT_WORDS = ("QUIT", "EXIT")
HINT_WORDS = ("HINT",)
HELP_TEXT = (
    "Type one decision, or a whole turn (its decisions separated by spaces).\n"
    "Upper or lower case both work.  ? or help: this list.  quit: leave the game."
)
HINT_HELP = "  hint: the coach's suggestion."


@dataclass(frozen=True)
class Seat:
    name: str
    bot: Bot | None = None

    @property
    def label(self) -> str:
        return self.name if self.bot is None else f"{self.name} ({self.bot.name} bot)"


def hint_comparison(suggestion: Hint, runner_words: str) -> str:
    """What a hint is worth and how it compares with the next best decision
    (``runner_words``: that decision in words); a margin that rounds to nothing
    says so rather than "0 more"."""
    if suggestion.value is None or suggestion.runner_up is None:
        return ""
    scale = suggestion.points_per_unit
    if scale is None:
        worth = f"{suggestion.value:.0%} to win"
        rounded = round(suggestion.margin * 100)
        margin = f"{rounded} in a hundred games more than"
    else:
        worth = f"{suggestion.value * scale:.0f} points expected"
        rounded = round(suggestion.margin * scale)
        margin = f"{rounded} points more than"
    if rounded == 0:
        margin = "about as good as"
    return f": {worth}, {margin} {suggestion.runner_up} ({runner_words})"


def normalize(line: str) -> str:
    """Notation is upper-case with single spaces; people type otherwise."""
    return " ".join(line.split()).upper()


def apply_input(state: GameState, text: str) -> None:
    """A whole turn when the text holds a space, else one decision.

    The split lets a take be answered with the take's own error message
    ("not in the market") rather than a complaint about turn syntax.
    """
    if " " in text:
        state.push(text)
    else:
        state.apply_action(text)


class PlaySession:
    """One game at the terminal, from its first decision to the score table."""

    def __init__(
        self,
        game: Game,
        state: GameState,
        seats: Sequence[Seat],
        renderer: Renderer,
        console: Console,
        rng: Random,
        hints: bool = False,
    ) -> None:
        self.game = game
        self.hints = hints
        self.state = state
        self.seats = list(seats)
        self.renderer = renderer
        self.console = console
        self.rng = rng
        self.shown: dict[int, View] = {}
        self.last_human: int | None = None
        self.hotseat = sum(seat.bot is None for seat in seats) > 1

    def run(self) -> bool:
        """Play until the game ends (True) or a human quits (False).

        End of input raises :class:`click.Abort`, as Ctrl-C does.
        """
        state = self.state
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            bot = self.seats[seat].bot
            if bot is None:
                if not self.human_decision(seat):
                    return False
            else:
                state.apply_action(bot.choose(self.game, state.view(seat), self.rng))
            if not state.mid_turn:
                self.announce(seat)
        self.finish()
        return True

    def announce(self, seat: int) -> None:
        turn = self.state.record().turns[-1]
        say(self.console, f"{self.seats[seat].name} plays {turn}", "bold")

    def human_decision(self, seat: int) -> bool:
        """One decision of a human; False when they asked to quit."""
        view = self.state.view(seat)
        if self.hotseat and self.last_human not in (None, seat):
            self.console.print(Rule(f"{self.seats[seat].name}'s turn", characters="="))
        self.last_human = seat
        self.console.print(self.renderer.board(view, self.shown.get(seat)))
        self.shown[seat] = view
        self.console.print(self.renderer.decisions(view))
        while True:
            line = click.prompt(self.renderer.prompt(view), prompt_suffix="> ", type=str)
            text = normalize(line)
            if text in HELP_WORDS:
                self.console.print(self.renderer.decisions(view))
                self.console.print(Text(HELP_TEXT + (HINT_HELP if self.hints else ""), style="dim"))
                continue
            if text in HINT_WORDS:
                self.show_hint(view)
                continue
            if text in QUIT_WORDS:
                return False
            try:
                apply_input(self.state, text)
            except VitrineError as error:
                say(self.console, f"Not possible: {error}", "red")
                continue
            return True

    def show_hint(self, view: View) -> None:
        """The coach's suggestion for this view, if the game allows hints; the
        same position always gets the same hint (the seed is the decision's number)."""
        if not self.hints:
            say(self.console, "Hints are off in this game (start it with --hints).", "red")
            return
        decisions = sum(len(turn.split(" ")) for turn in self.state.record().turns)
        suggestion = hint(self.game, view, seed=decisions)
        words = self.renderer.describe(suggestion.decision, view)
        line = f"Hint: {suggestion.decision} ({words})"
        if suggestion.runner_up is not None:
            line += hint_comparison(suggestion, self.renderer.describe(suggestion.runner_up, view))
        say(self.console, line, "bold cyan")

    def finish(self) -> None:
        view = self.state.view(None)
        self.console.print(self.renderer.board(view))
        self.console.print()
        self.console.print(self.renderer.results(view))
        if len(self.seats) == 1:
            return
        returns = self.state.returns()
        best = max(returns)
        winners = [self.seats[s].name for s, value in enumerate(returns) if value == best]
        if len(winners) == 1:
            say(self.console, f"Winner: {winners[0]}", "bold")
        else:
            say(self.console, f"Shared first place: {', '.join(winners)}", "bold")
