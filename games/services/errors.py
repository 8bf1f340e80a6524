"""Refusals the services raise: a message fit to show the user; nothing was changed."""

from __future__ import annotations


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    """The table is not in the state the request assumed (stale version, already started...)."""

    status = 409
