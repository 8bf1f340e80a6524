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
