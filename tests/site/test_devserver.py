"""`make run`'s launcher: the real processes come up, serve the site, and all stop together."""

import os
import re
import signal
import subprocess
import sys
import urllib.request

from django.conf import settings

from korsaren_site import processes


def test_devserver_serves_the_site_and_stops_everything(tmp_path):
    port = processes.free_port()
    env = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    env.update(PORT=str(port), VAR_DIR=str(tmp_path), DATABASE_URL="", DEBUG="1")
    server = processes.spawn(
        [sys.executable, "-m", "korsaren_site.devserver"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    output = []
    try:
        for line in server.stdout:  # migrate, embedded Redis, then Daphne, worker and beat
            output.append(line)
            if "Korsaren Online is running at" in line or server.poll() is not None:
                break
        assert f"running at http://127.0.0.1:{port}/" in "".join(output), "".join(output)
        redis_port = int(
            re.search(r"Embedded Redis at redis://127.0.0.1:(\d+)", "".join(output))[1]
        )

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as response:
            assert response.read() == b"ok"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
            assert b"Korsaren Online" in response.read()
    finally:
        server.send_signal(signal.SIGINT)  # Ctrl-C
        rest, _ = server.communicate(timeout=60)
    assert server.returncode == 0, rest
    assert "Korsaren Online stopped." in rest
    assert not processes.port_open("127.0.0.1", port)
    assert not processes.port_open("127.0.0.1", redis_port)


def test_links_in_e_mails_follow_the_port_the_site_runs_on():
    """Issue 28.12: with `PORT=8080 make run` every link in the turn e-mails pointed at 8000."""
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(DEBUG="1", PORT="8080")
    code = "from django.conf import settings; print(settings.SITE_URL)"
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.strip().splitlines()[-1] == "http://127.0.0.1:8080", result.stderr
