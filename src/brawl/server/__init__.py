"""``brawl serve``: brawl's Python API as JSON-RPC 2.0, over stdio or HTTP.

:mod:`brawl.server.methods` holds the methods, :mod:`brawl.server.protocol` the JSON-RPC
envelope and its limits, apart from any transport; :mod:`brawl.server.stdio` reads one request
a line, :mod:`brawl.server.http` serves a POST endpoint (the ``server`` extra: Starlette and
uvicorn).
"""
