"""A scripted stand-in for an OpenAI-compatible endpoint that speaks the real wire protocol:
POST /v1/chat/completions answered with chat.completion JSON or, when the request asks for
`stream`, server-sent events of chat.completion.chunk objects ending in `data: [DONE]`.

Each test queues what the "model" says next; every request body is recorded."""

import json
import queue
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Script:
    def __init__(self) -> None:
        self.replies: queue.Queue = queue.Queue()
        self.requests: list[dict] = []

    def json(self, payload: dict) -> None:
        self.replies.put({"content": json.dumps(payload)})

    def text(self, content: str, **options) -> None:
        self.replies.put({"content": content, **options})

    def error(self, status: int) -> None:
        self.replies.put({"status": status})

    def delay(self, seconds: float, content: str = "{}") -> None:
        self.replies.put({"delay": seconds, "content": content})


def _usage(prompt: str, content: str) -> dict:
    return {
        "prompt_tokens": len(prompt.split()),
        "completion_tokens": len(content.split()),
        "total_tokens": len(prompt.split()) + len(content.split()),
    }


class Handler(BaseHTTPRequestHandler):
    script: Script

    def log_message(self, *args) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:
        self._send(200, {"object": "list", "data": [{"id": "scripted", "object": "model"}]})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.script.requests.append(body)
        if self.path.endswith("/embeddings"):
            self._embeddings(body)
            return
        try:
            reply = self.script.replies.get_nowait()
        except queue.Empty:
            reply = {"status": 500}
        if "status" in reply:
            self._send(reply["status"], {"error": {"message": "scripted failure"}})
            return
        time.sleep(reply.get("delay", 0))
        prompt = " ".join(m["content"] for m in body["messages"])
        if body.get("stream"):
            self._stream(body, reply, prompt)
        else:
            self._send(
                200,
                {
                    "id": "cmpl-1",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body["model"],
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": "stop",
                            "message": {"role": "assistant", "content": reply["content"]},
                        }
                    ],
                    "usage": _usage(prompt, reply["content"]),
                },
            )

    def _embeddings(self, body: dict) -> None:
        """Deterministic bag-of-letters vectors: similar texts get similar vectors."""
        size = body.get("dimensions", 384)
        data = []
        for index, text in enumerate(body["input"]):
            vector = [0.0] * size
            for position, char in enumerate(text.lower()):
                vector[(ord(char) * 31 + position % 3) % size] += 1.0
            data.append({"object": "embedding", "index": index, "embedding": vector})
        self._send(
            200,
            {
                "object": "list",
                "data": data,
                "model": body["model"],
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            },
        )

    def _send(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _stream(self, body: dict, reply: dict, prompt: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        words = reply["content"].split(" ")
        cut = reply.get("drop_after")
        for n, word in enumerate(words):
            if cut is not None and n >= cut:
                self.wfile.flush()
                self.connection.close()  # the connection drops mid-answer
                return
            chunk = {
                "id": "cmpl-1",
                "object": "chat.completion.chunk",
                "created": int(time.time()),
                "model": body["model"],
                "choices": [{"index": 0, "delta": {"content": word + " "}, "finish_reason": None}],
            }
            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.flush()
            time.sleep(reply.get("pause", 0))
        stop = {
            "id": "cmpl-1",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": body["model"],
            "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
        }
        final = {**stop, "choices": [], "usage": _usage(prompt, reply["content"])}
        for event in (stop, final):
            self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()


def serve() -> tuple[ThreadingHTTPServer, Script]:
    script = Script()
    handler = type("ScriptedHandler", (Handler,), {"script": script})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, script
