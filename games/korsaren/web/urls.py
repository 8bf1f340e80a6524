from django.urls import path

from . import views

urlpatterns = [
    path("tables/<int:match_id>/laydown/", views.laydown, name="table_laydown"),
]
