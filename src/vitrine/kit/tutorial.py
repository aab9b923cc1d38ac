"""A guided first game: a fixed deal, the learner's decisions, and what to say when.

A game's tutorial is data, declared in its own folder and handed to the
shared rooms by its plug-in (``GamePlugin.tutorial``).  The learner sits in
seat 0 against one opponent, a bot whose every decision is drawn from a
random stream named after the deal and the decision's index, so the same
decisions always meet the same answers: the guided game is one game, which
the learner plays decision by decision as written (``decisions``).  At the
decisions where a rule first matters, a lesson says it (``lessons``); the
other decisions are named in words by the page.  The page refuses any other
decision, with the rules' own reason where it is illegal and the lesson's
where it is legal but not the one this game goes on with.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LANGUAGES = ("en", "fr")  # every word a player reads is given in each


@dataclass(frozen=True)
class Lesson:
    """What the page says at one of the learner's decisions, in each language."""

    topic: str  # the rule it introduces ("take", "refill", ...), for tests and progress
    words: Mapping[str, str]


@dataclass(frozen=True)
class Tutorial:
    """One guided game: the deal, the learner's decisions in order, the lessons."""

    seed: int
    decisions: tuple[str, ...]  # seat 0's, in order, to the game's end
    lessons: Mapping[int, Lesson]  # by the index of the decision they come with
    welcome: Mapping[str, str]  # before the first decision: what the game is about
    ending: Mapping[str, str]  # after the last: what the final score table shows
    options: Mapping[str, Any] = field(default_factory=dict)
    opponent: str = "greedy"  # the bot spec of seat 1
    # A server-made name (greedy plays as casual), which the pages translate.
    opponent_name: str = "Casual bot 2"

    def __post_init__(self) -> None:
        texts = [("welcome", self.welcome), ("ending", self.ending)] + [
            (f"lesson {index}", lesson.words) for index, lesson in self.lessons.items()
        ]
        missing = [
            f"{what}[{language!r}]"
            for what, words in texts
            for language in LANGUAGES
            if not words.get(language)
        ]
        if missing:
            raise ValueError(f"the tutorial lacks {', '.join(missing)}")
        beyond = [index for index in self.lessons if not 0 <= index < len(self.decisions)]
        if beyond:
            raise ValueError(f"lessons at decisions the tutorial does not have: {beyond}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": list(self.decisions),
            "lessons": [
                {"index": index, "topic": lesson.topic, "words": dict(lesson.words)}
                for index, lesson in sorted(self.lessons.items())
            ],
            "welcome": dict(self.welcome),
            "ending": dict(self.ending),
        }
