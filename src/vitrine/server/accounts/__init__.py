"""Accounts: optional, for the people who want their games, ratings and name to follow them.

Guests play as before, with seat tokens.  ``rows`` (the tables), ``store``
(their queries), ``passwords`` (judging and hashing), ``service`` (signing up
and in, sessions, the person's data), ``passkeys`` (WebAuthn) and ``routes``
(the HTTP API).  docs/accounts.md says what each choice follows.
"""
