from django.urls import path

from accounts import views

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("profile/edit/", views.profile_edit, name="profile_edit"),
    path("delete/", views.delete_account, name="account_delete"),
    path("time-off/", views.time_off, name="time_off"),
    path("time-off/<id:time_off_id>/end/", views.time_off_end, name="time_off_end"),
]
