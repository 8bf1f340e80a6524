"""Site-wide Celery tasks."""

from celery import shared_task


@shared_task(ignore_result=False)
def ping() -> str:
    """Answer "pong": proves that a worker is consuming from the broker (tests, health)."""
    return "pong"
