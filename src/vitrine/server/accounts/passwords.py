"""Passwords: how they are judged, hashed and checked.

**Hashing** is argon2id through argon2-cffi (the reference implementation's
bindings) with RFC 9106's second recommended profile, the library's default
(``argon2.profiles.RFC_9106_LOW_MEMORY``): 3 passes over 64 MiB, 4 lanes,
16-byte salt, 32-byte hash.  A hash names its parameters, so stronger ones
later apply to new hashes and rehash old ones at the next sign-in
(``needs_rehash``).  docs/accounts.md quotes the time one hash takes here.

**Judging** follows OWASP ASVS 5.0 (V6.2): at least 8 characters, at most 128
(no other composition rule), and a strength check by zxcvbn, Dropbox's
estimator (the ``zxcvbn`` package), which knows common passwords, words,
names, keyboard patterns, repeats, sequences and dates, and is told the
account's name so a password built on it scores low.  A password must reach
score 3 ("safely unguessable", about 10^8 guesses).  zxcvbn reads at most 72
characters; a longer password is judged on its first 72.  A refusal says
which kind of weakness it found, as a code a page words in its language.
"""

import argon2
from zxcvbn import zxcvbn

from vitrine.server.errors import invalid

MIN_LENGTH = 8
MAX_LENGTH = 128
MIN_SCORE = 3  # zxcvbn's 0..4
JUDGED_LENGTH = 72  # zxcvbn's own limit
HASHER = argon2.PasswordHasher.from_parameters(argon2.profiles.RFC_9106_LOW_MEMORY)
# Checked when the name is unknown, so a wrong name costs the time a wrong password does.
# A hash made once with HASHER's parameters (test_accounts.py holds it to them),
# written out rather than made at import: making it costs what a sign-up does,
# in every process that imports the app, a server's start and each CLI command.
DECOY_HASH = (
    "$argon2id$v=19$m=65536,t=3,p=4$JMGxOgfDjbR32xnIHGZCIg"
    "$9vUq9K5Kk4K0H/e/5cI+CM7iD4zdRMmIWjh9DG0zFWs"
)

# zxcvbn's weakest part, by its kind (and dictionary), as the refusal's reason.
DICTIONARY_REASONS = {
    "user_inputs": "your_name",
    "passwords": "common_password",
    "surnames": "names",
    "male_names": "names",
    "female_names": "names",
    "english_wikipedia": "words",
    "us_tv_and_film": "words",
}
PATTERN_REASONS = {
    "spatial": "keyboard",
    "repeat": "repeat",
    "sequence": "sequence",
    "regex": "year",
    "date": "date",
}


def weakness(password: str, name: str) -> str | None:
    """Why zxcvbn finds ``password`` too easy to guess (a reason code), or None."""
    judged = zxcvbn(password[:JUDGED_LENGTH], user_inputs=[name, *name.split()])
    if judged["score"] >= MIN_SCORE:
        return None
    # The longest part zxcvbn recognised is the one to talk about.
    parts = [m for m in judged["sequence"] if m["pattern"] != "bruteforce"]
    if not parts:
        return "short"
    part = max(parts, key=lambda m: len(m["token"]))
    if part["pattern"] == "dictionary":
        return DICTIONARY_REASONS.get(part.get("dictionary_name", ""), "words")
    return PATTERN_REASONS.get(part["pattern"], "short")


def check_password(password: str, name: str) -> None:
    """Refuse a password a new account or a change may not use, saying why."""
    if len(password) < MIN_LENGTH:
        raise invalid(
            "password_too_short",
            f"a password holds at least {MIN_LENGTH} characters, got {len(password)}",
            min=MIN_LENGTH,
            got=len(password),
        )
    if len(password) > MAX_LENGTH:
        raise invalid(
            "password_too_long",
            f"a password holds at most {MAX_LENGTH} characters",
            max=MAX_LENGTH,
        )
    reason = weakness(password, name)
    if reason is not None:
        raise invalid(
            "password_weak",
            f"this password is too easy to guess ({reason.replace('_', ' ')}): "
            "a few uncommon words make a strong one",
            reason=reason,
        )


def hash_password(password: str) -> str:
    """The argon2id hash to store (CPU and 64 MiB for a fifth of a second: off the event loop)."""
    return HASHER.hash(password)


def password_matches(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from; with no hash
    (an unknown name, an account without a password) the decoy is checked, so
    the answer takes the same time either way."""
    try:
        return HASHER.verify(stored or DECOY_HASH, password) and stored is not None
    except argon2.exceptions.VerificationError:
        return False
    except argon2.exceptions.InvalidHashError:
        return False


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with other parameters than today's."""
    return HASHER.check_needs_rehash(stored)
