"""Take the README's audit screenshots in headless Chromium against a throwaway dev server.

    .venv/bin/python scripts/screenshots.py [--port 8765] [--pgdata DIR]

Uses its own embedded database folder (default .pgdata-audit-shots, whose database it drops
and recreates), seeds a user's memory through the real pipeline (chatbot.services, the entry
point `manage.py chat` uses, with dated messages so the truth history spans months), starts
daphne on 127.0.0.1, logs in as a staff member holding only the "Can audit memory"
permission, reverts a wrong edit through the admin UI, and saves into docs/screenshots/:
edit-log.png, fact-timeline.png and concept-graph.png; then, as alice, chat-desktop-light.png,
chat-phone-light.png, chat-desktop-dark.png, chat-phone-dark.png and my-memory.png.
"""

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
PASSWORD = "shots-pass-123"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# (date, text): alice tells the bot about Brandon and her sister over half a year.
CHAT = [
    ("2025-01-08", "Brandon is going to Paris on vacation."),
    ("2025-01-15", "My sister Ana lives in Montreal."),
    ("2025-02-02", "Brandon works at Pfizer with Carla."),
    ("2025-03-10", "Brandon cancelled his Paris trip and is going to Brazil instead."),
    ("2025-03-12", "Brandon loves Brazil and samba."),
    ("2025-04-01", "Ana moved to Toronto."),
    ("2025-05-20", "Brandon works at Moderna now."),
    ("2025-06-02", "Carla visited Brandon in Brazil."),
    ("2025-06-03", "Where is Brandon going on vacation?"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def reset_database(pgdata: Path, name: str) -> None:
    """Drop the screenshot database so that every run starts from the same memory."""
    import psycopg

    from chatbot.embedded_db import ensure_server

    params = ensure_server(pgdata, "postgres")
    with psycopg.connect(
        host=params["HOST"], user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # noqa: S608 (our name)


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=os.environ, check=True)


async def tell(user, text: str, day: str) -> None:
    from asgiref.sync import sync_to_async
    from django.utils import timezone

    from chatbot import services
    from chatbot.models import Conversation

    conversation = await sync_to_async(
        lambda: (
            Conversation.objects.filter(user=user).first()
            or services.start_conversation(user=user, title="Brandon")
        )
    )()
    when = timezone.make_aware(datetime.fromisoformat(f"{day}T09:30"))
    message = await sync_to_async(services.store_user_message)(
        conversation=conversation, text=text, sent_at=when
    )
    async for _reply, _event in services.run_message(message=message):
        pass


def seed() -> None:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission

    from memory import audit
    from memory.models import Fact

    users = get_user_model().objects
    alice = users.create_user("alice", password=PASSWORD)
    auditor = users.create_user("auditor", password=PASSWORD, is_staff=True)
    auditor.user_permissions.add(Permission.objects.get(codename="audit_memory"))
    for day, text in CHAT:
        asyncio.run(tell(alice, text, day))
    ana = Fact.objects.filter(user=alice, object="Toronto").first()
    if ana:  # alice fixes a detail herself on the My memory page
        audit.correct_by_user(fact=ana, text="Ana lives in Toronto, Canada", user=alice)


def wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise SystemExit(f"the dev server did not start on port {port}")


def shoot(base: str) -> None:
    from django.contrib.auth import get_user_model
    from playwright.sync_api import sync_playwright

    from memory.models import Fact, MemoryEdit

    alice = get_user_model().objects.get(username="alice")
    pfizer = Fact.objects.get(user=alice, object="Pfizer")
    wrong = MemoryEdit.objects.get(fact=pfizer, kind="fact_made_false")
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.goto(f"{base}/admin/login/")
        page.fill("#id_username", "auditor")
        page.fill("#id_password", PASSWORD)
        page.click("input[type=submit]")
        page.goto(f"{base}/admin/memory/memoryedit/?user={alice.pk}")
        page.click("#toggle-nav-sidebar")  # more room for the columns
        # Revert through the UI: alice misspoke about Moderna, so the auditor undoes every
        # fact edit of that message (Pfizer true again, Moderna false).
        page.check(f"input[name=_selected_action][value='{wrong.pk}']")
        page.select_option("select[name=action]", "revert_messages")
        page.click("button[name=index]")
        page.wait_for_selector("ul.messagelist")
        page.goto(f"{base}/admin/memory/memoryedit/?user={alice.pk}")
        page.screenshot(path=str(OUT / "edit-log.png"))
        page.goto(f"{base}/admin/memory/fact/{pfizer.pk}/change/")
        page.screenshot(path=str(OUT / "fact-timeline.png"), full_page=True)
        page.goto(f"{base}/admin/memory/memorystate/{alice.pk}/concepts/brandon/")
        page.screenshot(path=str(OUT / "concept-graph.png"), full_page=True)
        shoot_chat(browser, base)
        browser.close()


def shoot_chat(browser, base: str) -> None:
    """alice's chat on a desktop and a phone, light and dark, and her My memory page."""
    sizes = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}
    for scheme in ("light", "dark"):
        for name, viewport in sizes.items():
            context = browser.new_context(viewport=viewport, color_scheme=scheme)
            page = context.new_page()
            page.goto(f"{base}/accounts/login/")
            page.fill("#id_username", "alice")
            page.fill("#id_password", PASSWORD)
            page.click("button[type=submit]")
            page.locator("#connection.ok").wait_for()
            page.screenshot(path=str(OUT / f"chat-{name}-{scheme}.png"))
            if name == "desktop" and scheme == "light":
                page.goto(f"{base}/memory/")
                page.screenshot(path=str(OUT / "my-memory.png"))
            context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="default: a free port")
    parser.add_argument("--pgdata", default=str(ROOT / ".pgdata-audit-shots"))
    options = parser.parse_args()
    os.environ.pop("DATABASE_URL", None)  # always the throwaway embedded database
    os.environ.update(
        RECOLLECT_PGDATA=options.pgdata,
        RECOLLECT_DB_NAME="recollect",
        DJANGO_SETTINGS_MODULE="chatbot.settings",
        MEMORY_ENGINE="offline",
    )
    sys.path.insert(0, str(ROOT))
    reset_database(Path(options.pgdata), "recollect")
    manage("migrate", "--no-input", "-v", "0")
    import django

    django.setup()
    seed()
    port = options.port or free_port()
    os.environ["PORT"] = str(port)  # the websocket origin check admits the page's port
    daphne = [str(Path(sys.executable).parent / "daphne"), "-b", "127.0.0.1", "-p", str(port)]
    server = subprocess.Popen([*daphne, "chatbot.asgi:application"], cwd=ROOT, env=os.environ)
    try:
        wait_for(port)
        shoot(f"http://127.0.0.1:{port}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"saved {', '.join(p.name for p in sorted(OUT.glob('*.png')))} in {OUT}")


if __name__ == "__main__":
    main()
