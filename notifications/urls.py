from django.urls import path

from notifications import views

urlpatterns = [
    path(
        "notifications/unsubscribe/<int:user_id>/<str:token>/",
        views.unsubscribe,
        name="unsubscribe",
    ),
]
