"""Notifications: a person told by e-mail or Web Push that it is their turn, that a
game ended, that someone invited them, or that someone spoke at their table.

Each kind is opt-in per account and per channel, all off by default.  A
table's change is seen once per process (``events.py``), written to the
outbox once per event, recipient and channel (``store.py``: a unique key),
and sent by whichever process claims the row first (``sender.py``), with
retries and backoff.  ``mail.py`` words and sends the e-mails, ``push.py``
signs and sends the pushes, ``tokens.py`` signs the one-click unsubscribe
links, ``service.py`` is what the routes (``routes.py``) call.
docs/notifications.md says what each choice follows.
"""
