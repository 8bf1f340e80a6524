"""The middleware chain under ASGI (Daphne): the middleware run in the request's own thread.

Django runs a middleware that can do both in the mode of the one below it. A sync-only one
placed above async-capable ones left those on the event loop, each of their hooks switching to
a thread and back (~1.4 ms of CPU a move, benchmarks/README.md). ServeStatic is async-only: the
middleware above it (SecurityMiddleware) are on the event loop whatever the order below.
"""

import pytest
from asgiref.sync import SyncToAsync, async_to_sync
from django.conf import settings
from django.test import AsyncClient

from tests.helpers import make_user

SERVESTATIC = "servestatic.middleware.ServeStaticMiddleware"
HOOKS = ("process_request", "process_response", "__call__")


@pytest.mark.django_db(transaction=True)
def test_the_middleware_below_servestatic_run_without_switching_threads(monkeypatch):
    switched_to = []
    to_thread = SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        switched_to.append(getattr(self.func, "__qualname__", ""))
        return await to_thread(self, *args, **kwargs)

    client = AsyncClient()
    client.force_login(make_user())
    async_to_sync(client.get)("/rules/")  # the chain is built on the first request
    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    move = {"action": "draw", "source": "stock", "version": 0}
    response = async_to_sync(client.post)("/tables/9/act/", move)
    monkeypatch.undo()

    assert response.status_code == 404  # through every middleware to the view and back
    assert "table_act" in switched_to  # the counting sees the switches
    below = settings.MIDDLEWARE[settings.MIDDLEWARE.index(SERVESTATIC) + 1 :]
    names = {path.rsplit(".", 1)[1] for path in below}
    hooks_switched = [f for f in switched_to if f.split(".")[0] in names and f.endswith(HOOKS)]
    assert hooks_switched == []
