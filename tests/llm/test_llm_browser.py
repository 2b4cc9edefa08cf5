"""A browser conversation on the LLM engine: headless Chromium against a real daphne whose
model endpoint is the scripted OpenAI-compatible server, which then goes away mid-conversation."""

import multiprocessing
import os

import pytest
from channels.testing import ChannelsLiveServerTestCase

from memory.models import EditKind, MemoryEdit
from tests import test_browser
from tests.llm.openai_server import serve
from tests.llm.replies import extraction
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS

ENV = {"MEMORY_ENGINE": "llm", "LLM_MODEL": "scripted-model", "LLM_TIMEOUT": "5"}


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium is not installed")
class LLMChatInTheBrowserTests(ChannelsLiveServerTestCase):
    host = "127.0.0.1"
    serve_static = False

    @classmethod
    def setUpClass(cls):
        # The live server is a spawned process that reads its settings from the environment.
        cls.server, cls.script = serve()
        cls._saved = {k: os.environ.get(k) for k in [*ENV, "LLM_BASE_URL"]}
        os.environ.update(ENV, LLM_BASE_URL=f"http://127.0.0.1:{cls.server.server_port}/v1")
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        cls._start_method = multiprocessing.get_start_method()
        multiprocessing.set_start_method("spawn", force=True)
        test_browser.pin_server_port(cls)
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
        for key, value in cls._saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        if not cls.script.gone:
            cls.server.shutdown()

    # The same page helpers as the offline browser test (imported via the module, so that
    # pytest does not collect that test class a second time here).
    sign_up = test_browser.ChatInTheBrowserTests.sign_up
    send = test_browser.ChatInTheBrowserTests.send

    def test_the_model_decides_and_streams_then_the_chat_goes_offline_and_says_so(self):
        page = self.sign_up("lena")
        frames: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
        page.reload()  # the listener sees the socket the page opens now
        page.locator("#connection.ok").wait_for()
        self.script.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
        assert "Added: you live in Lisbon." in self.send(page, "I live in Lisbon.")
        meta = page.locator("li.message.bot").last.locator(".meta").inner_text()
        assert "llm" in meta and "tokens" in meta and "offline fallback" not in meta
        edit = MemoryEdit.objects.get(user__username="lena", kind=EditKind.FACT_ADDED)
        assert (edit.backend, edit.prompt_version) == ("llm", "route-extract/2")

        self.script.text("You live in Lisbon, by the river.", pause=0.05)
        seen = len(frames)
        answer = self.send(page, "Where do I live?").strip()
        assert answer == "You live in Lisbon, by the river."
        fragments = [f for f in frames[seen:] if 'hx-swap-oob="beforeend"><span>' in str(f)]
        assert len(fragments) > 1, "the model's answer arrived as streamed fragments"

        self.script.vanish()
        update = self.send(page, "I work at Pfizer.")
        assert "done offline" in update and "Pfizer" in update
        assert page.locator("li.message.bot").last.locator(".meta .fallback").count() == 1
        answer = self.send(page, "Where do I work?")
        assert "Pfizer" in answer and "Answered offline" in answer
        page.screenshot(path=os.environ.get("SCREENSHOT_DIR", "/tmp") + "/chat-llm.png")
