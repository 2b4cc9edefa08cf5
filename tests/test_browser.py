"""A real browser (Debian's headless Chromium, driven by Playwright) against a real daphne."""

import functools
import multiprocessing
import os
import shutil

import pytest
from channels.testing import ChannelsLiveServerTestCase
from daphne.testing import DaphneProcess

from memory.evaluation.load import free_port
from tests.helpers import seed_long_recall

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pin_server_port(cls) -> None:
    """Websocket origins are checked with their port: the spawned live server reads the page's
    origin from the environment, so its port is chosen before it starts."""
    port = free_port()
    os.environ["WS_ALLOWED_ORIGINS"] = f"http://{cls.host}:{port}"
    cls.ProtocolServerProcess = functools.partial(DaphneProcess, port=port)


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
class ChatInTheBrowserTests(ChannelsLiveServerTestCase):
    host = "127.0.0.1"
    serve_static = False  # chatbot.asgi serves /static/ itself

    @classmethod
    def setUpClass(cls):
        # Playwright's sync API runs an event loop in this thread; the ORM calls that the
        # test case makes between tests are still synchronous and safe.
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        # The server process is spawned, not forked: a fork copies asgiref's thread pools
        # without their threads (earlier tests started them), and the child then hangs.
        cls._start_method = multiprocessing.get_start_method()
        multiprocessing.set_start_method("spawn", force=True)
        pin_server_port(cls)
        super().setUpClass()
        from playwright.sync_api import sync_playwright

        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()
        super().tearDownClass()
        multiprocessing.set_start_method(cls._start_method, force=True)
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        os.environ.pop("WS_ALLOWED_ORIGINS", None)

    def sign_up(self, username: str):
        context = self.browser.new_context()
        page = context.new_page()
        page.set_default_timeout(30_000)
        # Every page runs under the Content-Security-Policy: a violation is a failure.
        self.csp_violations = getattr(self, "csp_violations", [])
        page.on(
            "console",
            lambda m: "Content Security Policy" in m.text and self.csp_violations.append(m.text),
        )
        page.goto(f"{self.live_server_url}/accounts/signup/")
        page.fill("#id_username", username)
        page.fill("#id_password1", "a-long-pass-4242")
        page.fill("#id_password2", "a-long-pass-4242")
        page.click("button[type=submit]")
        page.wait_for_selector("#message-input")
        # A locator wait, not wait_for_function: that evaluates a string, which the page's
        # Content-Security-Policy (no 'unsafe-eval') refuses.
        page.locator("#connection.ok").wait_for()
        return page

    def send(self, page, text: str) -> str:
        """Type a message, press Enter, and return the text of the bot's finished reply."""
        before = page.locator("li.message.bot").count()
        page.fill("#message-input", text)
        page.press("#message-input", "Enter")
        reply = page.locator("li.message.bot").nth(before)
        reply.locator(".meta span").first.wait_for()
        return reply.locator(".body").inner_text()

    def test_two_users_chat_with_their_own_memory(self):
        alice = self.sign_up("alice")
        frames: list[str] = []
        alice.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
        alice.reload()  # the listener sees the socket the page opens now
        alice.locator("#connection.ok").wait_for()
        bob = self.sign_up("bob")
        assert "Noted" in self.send(alice, "I live in Lisbon.")
        assert alice.locator(".route-update").count() == 1
        answer = self.send(alice, "Where do I live?")
        assert "Lisbon" in answer
        tokens = [f for f in frames if 'hx-swap-oob="beforeend"><span>' in str(f)]
        assert len(tokens) > 1, "the answer arrived as several streamed fragments"
        assert alice.locator("li.message.bot").last.locator(".body .md").count() == 1
        assert alice.locator(".route-question").count() == 1
        bob_answer = self.send(bob, "Where do I live?")
        assert "Lisbon" not in bob_answer
        assert "Lisbon" not in bob.content()
        alice.reload()
        alice.wait_for_selector("#message-input")
        assert "Where do I live?" in alice.content()
        bob.screenshot(path=os.environ.get("SCREENSHOT_DIR", "/tmp") + "/chat-bob.png")
        assert alice.evaluate("document.querySelector('style') === null")
        assert self.csp_violations == []

    def test_it_shows_errors_in_the_page(self):
        page = self.sign_up("dora")
        assert page.evaluate("document.activeElement.id") == "message-input", "focused on load"
        page.fill("#message-input", "x" * 9000)  # nothing cuts a paste short
        assert page.locator("#counter.over").inner_text() == "9,000 / 8,000"
        page.press("#message-input", "Enter")
        error = page.locator("#chat-errors .error")
        error.wait_for()
        assert "limit" in error.inner_text()
        assert len(page.input_value("#message-input")) == 9000, "a refused message is kept"
        assert "Noted" in self.send(page, "My sister is called Ana.")
        assert page.evaluate("document.activeElement.id") == "message-input", "focused after send"
        assert page.locator("#counter").inner_text() == ""
        assert self.csp_violations == []

    def overflow(self, page) -> int:
        return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")

    def test_the_pages_fit_a_phone(self):
        phone = self.browser.new_context(viewport={"width": 390, "height": 844})
        page = phone.new_page()
        page.goto(f"{self.live_server_url}/accounts/login/")
        assert self.overflow(page) <= 0
        page.goto(f"{self.live_server_url}/accounts/signup/")
        page.fill("#id_username", "phoebe")
        page.fill("#id_password1", "a-long-pass-4242")
        page.fill("#id_password2", "a-long-pass-4242")
        page.click("button[type=submit]")
        page.locator("#connection.ok").wait_for()
        assert self.overflow(page) <= 0
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
        assert not page.locator("#sidebar").is_visible(), "conversations are in a drawer"
        page.click("#drawer-toggle")
        assert page.locator("#new-conversation").is_visible()
        page.goto(f"{self.live_server_url}/memory/")
        assert self.overflow(page) <= 0
        phone.close()

    def test_a_reload_opens_at_the_latest_message(self):
        page = self.sign_up("rhea")
        for n in range(8):
            self.send(page, f"My friend number {n} lives in a town with a long name, Town{n}.")
        page.reload()
        page.locator("#connection.ok").wait_for()
        gap = page.evaluate(
            "(() => { const m = document.getElementById('messages');"
            " return m.scrollHeight - m.scrollTop - m.clientHeight; })()"
        )
        assert page.evaluate("document.getElementById('messages').scrollTop") > 0
        assert gap <= 2

    def test_dark_mode_follows_the_system(self):
        dark = self.browser.new_context(color_scheme="dark")
        page = dark.new_page()
        page.goto(f"{self.live_server_url}/accounts/login/")
        rgb = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert sum(int(v) for v in rgb[rgb.index("(") + 1 : -1].split(",")[:3]) < 150, rgb
        dark.close()

    def test_a_long_reply_renders_about_as_fast_as_it_arrives(self):
        from django.contrib.auth import get_user_model

        page = self.sign_up("tess")
        user = get_user_model().objects.get(username="tess")
        seed_long_recall(user)
        started = page.evaluate("performance.now()")
        self.send(page, "What do you remember about Bob?")
        shown = page.evaluate("performance.now()") - started
        reply = page.locator("li.message.bot").last
        server = float(reply.locator(".meta span").last.inner_text().split()[0])
        tokens = len(reply.locator(".body").inner_text().split())
        print(f"\n{tokens} tokens: server {server:.0f} ms, in the page {shown:.0f} ms")
        assert tokens >= 3000
        assert shown < 3 * server + 2000

    def test_the_revert_button_on_an_edit_page_reverts_it(self):
        from django.contrib.auth import get_user_model
        from django.test import Client

        from memory.models import EditKind, Fact, MemoryEdit

        page = self.sign_up("uma")
        self.send(page, "Brandon lives in Oslo.")
        self.send(page, "Brandon moved to Rome.")
        boss = get_user_model().objects.create_superuser("boss", password="a-long-pass-4242")
        edit = MemoryEdit.objects.get(user__username="uma", kind=EditKind.FACT_MADE_FALSE)
        session = Client()
        session.force_login(boss, backend="django.contrib.auth.backends.ModelBackend")
        context = self.browser.new_context()
        cookie = session.cookies["sessionid"].value
        context.add_cookies([{"name": "sessionid", "value": cookie, "url": self.live_server_url}])
        admin = context.new_page()
        admin.goto(f"{self.live_server_url}/admin/memory/memoryedit/{edit.pk}/change/")
        admin.click("input[value='Revert this edit']")
        admin.wait_for_load_state()
        assert Fact.objects.get(pk=edit.fact_id).is_true, "the fact made false is true again"
        assert MemoryEdit.objects.filter(kind=EditKind.FACT_REVERTED, actor__username="boss")

    def test_replies_are_markdown_and_markup_in_them_is_not_run(self):
        page = self.sign_up("vera")
        self.send(page, "Gil likes <script>window.pwned = 1</script> jazz.")
        self.send(page, "Gil likes old <b>films</b>.")
        reply = page.locator("li.message.bot").last
        self.send(page, "What do you remember about Gil?")
        reply = page.locator("li.message.bot").last
        assert reply.locator(".md ul li").count() >= 2, "the recalled facts are a list"
        assert page.evaluate("window.pwned === undefined")
        assert reply.locator("script").count() == 0
        page.reload()
        page.locator("#connection.ok").wait_for()
        assert page.locator("li.message.bot").last.locator(".md ul li").count() >= 2
        assert page.evaluate("window.pwned === undefined")

    def test_the_stop_button_asks_the_server_to_end_the_reply(self):
        # The server side (a stop mid-reply is stored incomplete) is tested over the socket
        # in tests/test_websocket.py; here, that the button sends it for the streaming reply.
        # The socket is routed through Playwright so the race is the test's to decide: once
        # the reply has started, the server's frames are held until the page says stop
        # (otherwise a fast machine finishes the reply before the click).
        from django.contrib.auth import get_user_model

        from chatbot.models import Message

        page = self.sign_up("wes")
        sent: list[str] = []
        held: list = []
        state = {"started": False, "stopped": False}

        def route(ws):
            server = ws.connect_to_server()

            def from_page(frame):
                sent.append(str(frame))
                server.send(frame)
                if '"stop"' in str(frame):
                    state["stopped"] = True
                    while held:
                        ws.send(held.pop(0))

            def from_server(frame):
                if state["started"] and not state["stopped"]:
                    held.append(frame)
                    return
                state["started"] = state["started"] or 'class="message bot' in str(frame)
                ws.send(frame)

            ws.on_message(from_page)
            server.on_message(from_server)

        page.route_web_socket("**/ws/**", route)
        page.reload()
        page.locator("#connection.ok").wait_for()
        user = get_user_model().objects.get(username="wes")
        seed_long_recall(user)
        page.fill("#message-input", "What do you remember about Bob?")
        page.press("#message-input", "Enter")
        page.locator("#stop").click()
        page.locator("#send:enabled").wait_for()
        reply = Message.objects.filter(user=user, role=Message.Role.BOT).latest("id")
        assert f'{{"stop":{reply.pk}}}' in [f.replace(" ", "") for f in sent]
        assert not page.locator("#stop").is_visible()

    def test_conversations_can_be_renamed_searched_and_deleted(self):
        page = self.sign_up("xena")
        self.send(page, "I adopted a tortoise called Speedy.")
        assert "I adopted a tortoise" in page.locator("#sidebar li.current").inner_text()
        page.locator(".conversation-tools summary").click()
        page.fill(".conversation-tools input[name=title]", "Pets")
        page.click("#rename")
        page.locator("#connection.ok").wait_for()
        assert page.locator("#sidebar li.current").inner_text() == "Pets"
        page.click("#new-conversation")
        page.locator("#starters").wait_for()
        page.fill(".search input", "tortoise")
        page.press(".search input", "Enter")
        assert page.locator("#sidebar .conversations li a").all_inner_texts() == ["Pets"]
        page.locator("#sidebar .conversations li a").first.click()
        page.locator("#connection.ok").wait_for()
        page.locator(".conversation-tools summary").click()
        page.click("#delete-conversation")
        page.locator("#connection.ok").wait_for()
        assert "Pets" not in page.locator("#sidebar").inner_text()
