"""Play: tables, live play, clocks and chat.

A table is made, joined and started (``lobby``, ``rematch``, ``challenges``),
played decision by decision (``decisions``), run by one process at a time
with its bots and clock (``running``, ``leases``, ``time_controls``), kept in
memory while used (``live``, ``idle``) and followed by every process
(``changes``, ``following``); every change is written first (``store``,
``writer``: the group commit) and then shown to every watcher (``realtime``,
``pictures``).  ``service`` is the façade the routes (``routes``,
``challenge_routes``) and sockets call.  A game's end writes the ranks here
and hands the rest to the recorder the app assembles (``endings``: the ratings).
Play knows accounts, and nothing above.
"""
