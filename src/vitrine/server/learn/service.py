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
from typing import Any

from vitrine.bots import make_bot
from vitrine.engine.protocol import GameState
from vitrine.games import game_names, get_game, get_plugin
from vitrine.kit.tutorial import Tutorial
from vitrine.server.errors import checked, invalid, not_found

LEARNER = 0


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
