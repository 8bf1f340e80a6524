import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.views.decorators.cache import never_cache


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" when the database and Redis answer, 503 naming what failed otherwise."""
    failed = []
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        failed.append("database")
    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError:
        failed.append("redis")
    finally:
        client.close()
    if failed:
        return HttpResponse(
            "unavailable: " + ", ".join(failed), status=503, content_type="text/plain"
        )
    return HttpResponse("ok", content_type="text/plain")


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page links (base.html links the SVG)."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))
