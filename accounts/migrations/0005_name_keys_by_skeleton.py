"""The names' keys again, now that they start from the name's TR39 skeleton (issue 28.7): a new
name is compared with the stored keys, so they must be made the same way."""

from django.db import migrations


def rekey(apps, schema_editor):
    from accounts.names import name_key

    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username", "display_name").iterator():
        User.objects.filter(pk=user.pk).update(
            username_key=name_key(user.username)[:255],
            display_name_key=name_key(user.display_name)[:255],
        )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0004_notification_preferences_and_time_off")]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop)]
