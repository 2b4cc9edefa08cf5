"""Take the README's screenshots in headless Chromium against a throwaway server.

    .venv/bin/python scripts/screenshots.py

Seeds a user's memory through the real pipeline (manage.py chat), starts daphne on a free
port with its own embedded database folder, logs in as a staff auditor and saves PNGs into
docs/screenshots/.
"""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
PY = sys.executable
CHAT = [
    "Brandon is going to Paris on vacation.",
    "My sister Ana lives in Montreal.",
    "Brandon works at Pfizer with Carla.",
    "Brandon cancelled his Paris trip and is going to Brazil instead.",
    "Brandon loves Brazil and samba.",
    "Where is Brandon going on vacation?",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def manage(env: dict, *args: str) -> None:
    subprocess.run(
        [PY, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
    )


def main() -> None:
    data = Path(tempfile.mkdtemp(prefix="recollect-shots-"))
    shutil.chown(data, "root") if os.geteuid() == 0 else None
    env = {
        **os.environ,
        "RECOLLECT_PGDATA": str(data / "pg"),
        "DJANGO_SUPERUSER_PASSWORD": "shots-pass-123",
    }
    manage(env, "migrate", "--no-input")
    manage(env, "createsuperuser", "--no-input", "--username", "auditor", "--email", "a@x.org")
    for line in CHAT:
        manage(env, "chat", "--user", "alice", "--create", line)
    port = free_port()
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/daphne"),
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "chatbot.asgi:application",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        time.sleep(3)
        shoot(f"http://127.0.0.1:{port}", env)
    finally:
        server.terminate()


def shoot(base: str, env: dict) -> None:
    import django
    from playwright.sync_api import sync_playwright

    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatbot.settings")
    sys.path.insert(0, str(ROOT))
    django.setup()
    from django.contrib.auth import get_user_model

    from memory.models import Fact

    alice = get_user_model().objects.get(username="alice")
    paris = Fact.objects.filter(user=alice, object="Paris", relation="travels_to").first()
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=shutil.which("chromium") or "/usr/bin/chromium",
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{base}/admin/login/")
        page.fill("#id_username", "auditor")
        page.fill("#id_password", "shots-pass-123")
        page.click("input[type=submit]")
        page.goto(f"{base}/admin/memory/memoryedit/?kind__exact=fact_made_false")
        page.goto(f"{base}/admin/memory/memoryedit/")
        page.screenshot(path=str(OUT / "edit-log.png"))
        if paris:
            page.goto(f"{base}/admin/memory/fact/{paris.pk}/change/")
            page.screenshot(path=str(OUT / "fact-timeline.png"), full_page=True)
        page.goto(f"{base}/admin/memory/memorystate/{alice.pk}/concepts/brandon/")
        page.screenshot(path=str(OUT / "concept-graph.png"), full_page=True)
        browser.close()


if __name__ == "__main__":
    main()
