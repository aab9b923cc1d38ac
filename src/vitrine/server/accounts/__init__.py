"""Accounts: optional, for the people who want their games, ratings and name to follow them.

Guests play as before, with seat tokens.  ``models`` (the tables), ``store``
(their queries), ``passwords`` (judging and hashing), ``service`` (signing up
and in, sessions, the person's own data), ``passkeys`` (WebAuthn), ``tokens``
and ``scopes`` (a bot's API tokens, what each may do), ``dependencies`` (how a
request is signed in) and ``routes``/``token_routes`` (the HTTP API).
It imports only the core: every capability above knows who is signed in
through it.  docs/accounts.md says what each choice follows.
"""
