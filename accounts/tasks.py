from celery import shared_task

from accounts import services


@shared_task
def lift_expired_bans() -> int:
    return services.lift_expired_bans()
