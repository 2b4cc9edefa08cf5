"""A scripted stand-in for an OpenAI-compatible endpoint that speaks the real wire protocol
over HTTP/1.1: GET /v1/models; POST /v1/chat/completions answered with chat.completion JSON or,
when the request asks for `stream`, server-sent events of chat.completion.chunk objects (sent
with chunked transfer encoding, as real servers do) ending in `data: [DONE]`, with usage;
POST /v1/embeddings.

Each test queues what the "model" says next (JSON, any text, an HTTP error, a delay, a stream
that pauses or whose connection drops); every request body is recorded, and so is every
client that went away in the middle of a stream. An empty queue answers 500, so an
unexpected call fails loudly. `responder`, when set, answers instead of an empty queue."""

import json
import queue
import socket
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Script:
    def __init__(self) -> None:
        self.replies: queue.Queue = queue.Queue()
        self.requests: list[dict] = []
        self.disconnects = 0  # streams the client closed before the end
        self.responder: Callable[[dict], str] | None = None
        self.server: ThreadingHTTPServer | None = None
        self.gone = False

    def vanish(self) -> None:
        """The server dies: no new connections, and open keep-alive ones are dropped."""
        self.gone = True
        self.server.shutdown()
        self.server.server_close()

    def json(self, payload: object) -> None:
        self.replies.put({"content": json.dumps(payload)})

    def text(self, content: str, **options) -> None:
        """`pause` seconds between streamed words; `drop_after` words, then the connection
        dies without ending the chunked body."""
        self.replies.put({"content": content, **options})

    def error(self, status: int, message: str = "scripted failure") -> None:
        self.replies.put({"status": status, "message": message})

    def delay(self, seconds: float, content: str = "{}") -> None:
        self.replies.put({"delay": seconds, "content": content})

    def chats(self) -> list[dict]:
        return [r for r in self.requests if "messages" in r]

    def prompt(self, index: int) -> str:
        """Everything the model was told in chat request `index`."""
        return "\n".join(m["content"] for m in self.chats()[index]["messages"])


def _tokens(text: str) -> int:
    return max(1, round(len(text) / 4))  # about four characters to a token in English


def _usage(prompt: str, content: str) -> dict:
    used = {"prompt_tokens": _tokens(prompt), "completion_tokens": _tokens(content)}
    return {**used, "total_tokens": used["prompt_tokens"] + used["completion_tokens"]}


def _chunk(model: str, delta: dict, finish: str | None = None) -> dict:
    return {
        "id": "cmpl-1",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    script: Script

    def log_message(self, *args) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:
        self._send(200, {"object": "list", "data": [{"id": "scripted", "object": "model"}]})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if self.script.gone:
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self.script.requests.append(body)
        if self.path.endswith("/embeddings"):
            self._embeddings(body)
            return
        try:
            reply = self.script.replies.get_nowait()
        except queue.Empty:
            responder = self.script.responder
            reply = {"content": responder(body)} if responder else {"status": 500}
        if "status" in reply:
            message = reply.get("message", "scripted failure")
            self._send(reply["status"], {"error": {"message": message, "type": "invalid_request"}})
            return
        time.sleep(reply.get("delay", 0))
        prompt = " ".join(m["content"] for m in body["messages"])
        try:
            if body.get("stream"):
                self._stream(body, reply, prompt)
            else:
                self._complete(body, reply, prompt)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client gave up (a timeout): nothing to send

    def _complete(self, body: dict, reply: dict, prompt: str) -> None:
        message = {"role": "assistant", "content": reply["content"]}
        self._send(
            200,
            {
                "id": "cmpl-1",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body["model"],
                "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
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
        usage = {"prompt_tokens": 1, "total_tokens": 1}
        self._send(200, {"object": "list", "data": data, "model": body["model"], "usage": usage})

    def _send(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _event(self, payload: dict | str) -> None:
        data = payload if isinstance(payload, str) else json.dumps(payload)
        frame = f"data: {data}\n\n".encode()
        self.wfile.write(f"{len(frame):x}\r\n".encode() + frame + b"\r\n")
        self.wfile.flush()

    def _stream(self, body: dict, reply: dict, prompt: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        model, words = body["model"], reply["content"].split(" ")
        try:
            for n, word in enumerate(words):
                if reply.get("drop_after") is not None and n >= reply["drop_after"]:
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)  # dies mid-body: no last chunk
                    return
                self._event(_chunk(model, {"content": word + " "}))
                time.sleep(reply.get("pause", 0))
            self._event(_chunk(model, {}, "stop"))
            usage = _usage(prompt, reply["content"])
            self._event({**_chunk(model, {}), "choices": [], "usage": usage})
            self._event("[DONE]")
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.script.disconnects += 1
            self.close_connection = True


def serve(port: int = 0) -> tuple[ThreadingHTTPServer, Script]:
    """Start on 127.0.0.1 (a free port unless given) in a daemon thread."""
    script = Script()
    handler = type("ScriptedHandler", (Handler,), {"script": script})
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    script.server = server
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, script
