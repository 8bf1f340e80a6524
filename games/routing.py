"""WebSocket routes, mounted by korsaren_site.asgi."""

from django.urls import path

from games import consumers

websocket_urlpatterns = [
    path("ws/tables/<id:match_id>/", consumers.TableConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/turns/", consumers.TurnsConsumer.as_asgi()),
]
