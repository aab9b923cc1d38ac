"""The table service's parts, each one kind of work the server does with tables.

``service.py``'s :class:`~vitrine.server.service.TableService` is the one
object the API, the sockets and the tests talk to; it builds these parts
and hands each call to the one that does it.  They share one
:class:`~vitrine.server.tables.core.TableCore`: the copies of tables in this
process, the store, and the one path by which any change is made.
"""
