import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator

from korsaren_site.asgi import application


def get(path: str) -> dict:
    communicator = HttpCommunicator(application, "GET", path, headers=[(b"host", b"localhost")])
    return async_to_sync(communicator.get_response)()


@pytest.mark.django_db(transaction=True)
def test_asgi_application_serves_http():
    response = get("/healthz")
    assert response["status"] == 200
    assert response["body"] == b"ok"
    response = get("/")
    assert response["status"] == 200
    assert b"Korsaren Online" in response["body"]


def test_asgi_application_routes_websockets():
    from channels.routing import ProtocolTypeRouter

    assert isinstance(application, ProtocolTypeRouter)
    assert set(application.application_mapping) == {"http", "websocket"}


def test_a_server_process_starts_with_every_region_template_compiled():
    """korsaren_site.asgi compiles them before the first table (and a template that does not
    compile fails here, not on the move that first shows it). In a process of its own: the
    tests' own template engines come and go with their settings."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from django.conf import settings

    on_disk = {
        path.as_posix().split("/jinja2/", 1)[1]
        for path in Path(settings.BASE_DIR).glob("games/**/jinja2/**/*.jinja")
    }
    assert "games/table/seats.jinja" in on_disk
    script = (
        "import json, korsaren_site.asgi; from django.template import engines; "
        "print(json.dumps([name for _loader, name in engines['jinja2'].env.cache]))"
    )
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "korsaren_site.settings"}
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    compiled = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert on_disk <= compiled
