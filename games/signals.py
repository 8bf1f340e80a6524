"""Sockets end with the session they were opened in (issue 15): signing out closes that
browser's sockets; a changed password closes all the account's sockets, because Django then
accepts none of its sessions (a new or reset password, and deletion, which voids it)."""

from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from accounts.models import User
from games import services


@receiver(user_logged_out)
def _signed_out(sender, request, user, **kwargs) -> None:
    # Sent before the session is flushed: its key is still there.
    session_key = getattr(getattr(request, "session", None), "session_key", None)
    if user is not None and session_key:
        services.end_sockets(user.pk, session_key)


@receiver(pre_save, sender=User)
def _note_new_password(sender, instance: User, raw: bool = False, update_fields=None, **kwargs):
    instance._sessions_void = False
    if raw or instance._state.adding or (update_fields and "password" not in update_fields):
        return
    stored = sender._default_manager.filter(pk=instance.pk).values_list("password", flat=True)
    instance._sessions_void = stored.first() not in (None, instance.password)


@receiver(post_save, sender=User)
def _close_void_sessions(sender, instance: User, **kwargs) -> None:
    if getattr(instance, "_sessions_void", False):
        user_id = instance.pk
        transaction.on_commit(lambda: services.end_sockets(user_id))
