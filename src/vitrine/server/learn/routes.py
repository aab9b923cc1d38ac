"""Learning by playing: a game's guided first game, position by position.

Stateless and server-authoritative: the page sends the learner's decisions
so far (its progress lives on the device), and the server replays the
tutorial's deal with them, the opponent bot answering each from its own
seeded stream (``kit.tutorial``), to the learner's next decision or the
end.  A decision off the tutorial's script is refused, so every learner
plays the one game the lessons were written for; ``check`` asks whether a
decision would be legal now, and the rules' refusal if not, as a table's
check does.  Each request replays at most one game: bounded work, rate
limited per client.
"""

from random import Random
from typing import Annotated, Any

from fastapi import APIRouter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from vitrine.bots import make_bot
from vitrine.engine.protocol import GameState
from vitrine.games import game_names, get_game, get_plugin
from vitrine.kit.tutorial import Tutorial
from vitrine.server import schemas
from vitrine.server.errors import checked, invalid, not_found
from vitrine.server.http import BODY, Client, refusals
from vitrine.server.names import clean_name
from vitrine.server.play.schemas import Check
from vitrine.server.ratelimit import RateLimit, moving_window
from vitrine.server.settings import Settings

LEARNER = 0
MOST_DECISIONS = 400  # more than any game gives one seat


class PositionRequest(schemas.Strict):
    name: str = Field(max_length=schemas.NAME_FIELD, description="the learner's name, as shown")
    decisions: list[Annotated[str, Field(min_length=1, max_length=schemas.ACTION_LENGTH)]] = Field(
        max_length=MOST_DECISIONS, description="the learner's decisions so far, in order"
    )
    check: str | None = Field(
        default=None,
        max_length=schemas.ACTION_LENGTH,
        description="a decision to check against the rules at the position reached",
    )


class LogEntry(BaseModel):
    seat: int
    action: str


class Position(BaseModel):
    view: dict[str, Any] = Field(description="the learner's view, as a table gives it")
    log: list[LogEntry] = Field(description="every decision from the deal, both seats'")
    done: int = Field(description="the learner's decisions made")
    over: bool
    check: Check | None = Field(description="the check asked for, if one was")


class TutorialInfo(BaseModel):
    decisions: list[str]
    lessons: list[dict[str, Any]]
    welcome: dict[str, str]
    ending: dict[str, str]


def tutorial_of(name: str) -> Tutorial:
    """The game's tutorial, or a 404 for a game without one."""
    plugin = get_plugin(name) if name in game_names() else None
    if plugin is None or plugin.tutorial is None:
        raise not_found("tutorial_not_found", f"game {name!r} has no tutorial", game=name)
    return plugin.tutorial()


def position(
    game_name: str, tutorial: Tutorial, name: str, decisions: list[str], check: str | None
) -> dict[str, Any]:
    """Replay the deal with ``decisions`` to the learner's next decision (or the end)."""
    game = get_game(game_name)
    players = [name, tutorial.opponent_name]
    state: GameState = game.new_game(players, tutorial.options, tutorial.seed)
    opponent = make_bot(tutorial.opponent)
    log: list[dict[str, Any]] = []
    done = 0
    while not state.is_over:
        seat = state.current_player
        if seat != LEARNER:
            view = state.view(seat)
            action = opponent.choose(game, view, Random(f"{tutorial.seed}:{len(log)}"))
        elif done < len(decisions):
            action = decisions[done]
            expected = tutorial.decisions[done] if done < len(tutorial.decisions) else None
            if action != expected:
                raise invalid(
                    "tutorial_off_script",
                    f"decision {done + 1} of this guided game is {expected}, not {action}",
                    index=done,
                    expected=expected,
                    got=action,
                )
            done += 1
        else:
            break
        state.apply_action(action)
        log.append({"seat": seat, "action": action})
    if done < len(decisions):
        raise invalid(
            "tutorial_off_script",
            f"the guided game ended after {done} decisions of {len(decisions)}",
            index=done,
            expected=None,
            got=decisions[done],
        )
    return {
        "view": state.view(LEARNER),
        "log": log,
        "done": done,
        "over": state.is_over,
        "check": None if check is None else checked(state, check),
    }


def learn_router(settings: Settings) -> APIRouter:
    router = APIRouter(prefix="/api")
    asking = RateLimit("tutorial_positions", settings.tutorial_positions, moving_window())

    @router.get("/games/{name}/tutorial", response_model=TutorialInfo, responses=refusals(404))
    async def tutorial(name: str) -> dict[str, Any]:
        """The game's guided first game: the learner's decisions in order and the
        lessons, each in English and French."""
        return tutorial_of(name).to_dict()

    @router.post(
        "/games/{name}/tutorial/position",
        response_model=Position,
        responses=refusals(*BODY, 404, 429),
    )
    async def tutorial_position(name: str, body: PositionRequest, client: Client) -> dict[str, Any]:
        """The learner's view after their decisions so far (the opponent's answers
        included, in ``log``), and the check of ``check`` if asked."""
        found = tutorial_of(name)
        learner = clean_name(body.name)
        asking.hit(client)
        return await run_in_threadpool(position, name, found, learner, body.decisions, body.check)

    return router
