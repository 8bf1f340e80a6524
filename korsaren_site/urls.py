from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy

from accounts.views import switch_language
from games.views import home
from korsaren_site.views import favicon, healthz

admin.site.site_header = gettext_lazy("Korsaren Online administration")
admin.site.site_title = gettext_lazy("Korsaren Online administration")
admin.site.index_title = gettext_lazy("Players, matches and moderation")

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    # Browsers ask for /favicon.ico whatever the page links (base.html links the SVG).
    path("favicon.ico", favicon, name="favicon"),
    path("i18n/setlang/", switch_language, name="set_language"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("", include("games.urls")),
    path("", include("moderation.urls")),
    path("", include("notifications.urls")),
]
