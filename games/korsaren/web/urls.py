from django.urls import path

from . import views

urlpatterns = [
    path("tables/<id:match_id>/laydown/", views.laydown, name="table_laydown"),
]
