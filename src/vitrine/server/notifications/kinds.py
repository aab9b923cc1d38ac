"""The kinds of notification and the channels they go by: the words every part shares."""

from typing import Literal

Kind = Literal["turn", "ended", "invited", "chat"]
Channel = Literal["email", "push"]
KINDS: tuple[Kind, ...] = ("turn", "ended", "invited", "chat")
CHANNELS: tuple[Channel, ...] = ("email", "push")
TURN_BASED_SECONDS = 86400  # a clock of a day or more: a game played over days
CHAT_QUIET_SECONDS = 15 * 60  # at most one chat notification per table and person this often
