"""The kinds of notification and the channels they go by: the words every part shares."""

from typing import Literal

Kind = Literal["turn", "ended", "invited", "chat"]
Channel = Literal["email", "push"]
KINDS: tuple[Kind, ...] = ("turn", "ended", "invited", "chat")
CHANNELS: tuple[Channel, ...] = ("email", "push")
CHAT_QUIET_SECONDS = 15 * 60  # at most one chat notification per table and person this often
