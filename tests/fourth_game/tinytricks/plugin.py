"""Tiny Tricks as the shared rooms see it: all a game hands over to plug in."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tinytricks.game import TinyTricks
from vitrine.kit.plugin import GamePlugin, PageAssets

if TYPE_CHECKING:
    from vitrine.kit.chance import ChanceGame
    from vitrine.kit.encoding import Encoding


def encoding(view: Mapping[str, Any]) -> "Encoding":
    from tinytricks.encoding import TinyTricksEncoding  # numpy: only for the adapters

    return TinyTricksEncoding(view)


def chance() -> "ChanceGame":
    from tinytricks.chance import TINY_TRICKS

    return TINY_TRICKS


PLUGIN = GamePlugin(
    name="tinytricks",
    package=__package__,
    titles={"en": "Tiny Tricks", "fr": "Petits plis"},
    summaries={
        "en": "Three cards each, three tricks: the highest card wins. 2 to 4 players.",
        "fr": "Trois cartes chacun, trois plis : la plus haute carte gagne. 2 à 4 joueurs.",
    },
    make_game=TinyTricks,
    position=50,
    page=PageAssets(script="tinytricks.js", stylesheet="tinytricks.css"),
    encoding=encoding,
    chance=chance,
    gymnasium_id="vitrine/TinyTricks-v1",
    pettingzoo_name="tinytricks_v1",
)
