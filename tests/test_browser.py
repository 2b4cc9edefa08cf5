"""A real browser (Debian's headless Chromium, driven by Playwright) against a real daphne."""

import functools
import multiprocessing
import os
import shutil

import pytest
from channels.testing import ChannelsLiveServerTestCase
from daphne.testing import DaphneProcess

from memory.evaluation.load import free_port

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
        bob = self.sign_up("bob")
        assert "Noted" in self.send(alice, "I live in Lisbon.")
        assert alice.locator(".route-update").count() == 1
        answer = self.send(alice, "Where do I live?")
        assert "Lisbon" in answer
        tokens = alice.locator("li.message.bot").last.locator(".body > span").count()
        assert tokens > 1, "the answer arrived as several streamed fragments"
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
        page.evaluate("document.getElementById('message-input').removeAttribute('maxlength')")
        page.fill("#message-input", "x" * 9000)
        page.press("#message-input", "Enter")
        error = page.locator("#chat-errors .error")
        error.wait_for()
        assert "limit" in error.inner_text()
        assert len(page.input_value("#message-input")) == 9000, "a refused message is kept"
        assert "Noted" in self.send(page, "My sister is called Ana.")
        assert self.csp_violations == []
