from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation


class PreferredLanguageMiddleware:
    """A signed-in player's preferred language wins over the cookie and the browser.

    Runs after LocaleMiddleware (which handles everyone else) and AuthenticationMiddleware.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        language = getattr(user, "preferred_language", "") if user else ""
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
