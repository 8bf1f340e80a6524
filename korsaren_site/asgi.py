"""ASGI entry point: Django for HTTP, Channels consumers for WebSockets."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "korsaren_site.settings")
# Set up Django (apps, settings) before anything imports models through the routing.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from korsaren_site import gc_stats  # noqa: E402
from korsaren_site.jinja import compile_all  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

compile_all()  # the table's templates, before the first move waits for them

# What is loaded by now (Django, the apps, every game's code, the templates) lives as long as the
# process. Frozen, the collector's full passes no longer walk it: those pauses were the tail of
# a move's latency under load (benchmarks/README.md: all-seats p99 at 100 tables ~130-150 ms
# instead of ~200-300, and ~8% less CPU a move).
gc.freeze()
# A move leaves no cyclic garbage (tests/platform/test_cyclic_garbage.py): the young generations'
# passes find what little there is, and a full pass, which walks every table and socket this
# process holds (up to ~200 ms under load), is needed ten times less often than Python's
# default (10 passes of the middle generation). benchmarks/README.md has the figures.
gc.set_threshold(700, 10, int(os.environ.get("GC_FULL_PASS_EVERY", "100")))
gc_stats.install_from_environment()  # the load benchmark's figures (GC_STATS)
