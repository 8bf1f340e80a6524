from django.urls import path

from notifications import views

urlpatterns = [
    path(
        "notifications/unsubscribe/<id:user_id>/<str:token>/",
        views.unsubscribe,
        name="unsubscribe",
    ),
]
