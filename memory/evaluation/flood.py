"""The bench's flood run: one user floods from many sockets while another asks questions.

Real daphne on loopback (load.daphne), real websockets. It reports what the limits let through
and the other user's reply times; the limits themselves are asserted in tests/test_limits.py.
"""

import asyncio
import json
import time

from chatbot.models import Conversation, Message
from memory import graph
from memory.evaluation import load
from memory.evaluation.replay import remove_user
from memory.evaluation.synthetic import make_bench_user


async def _flood_socket(port: int, conversation_id: int, cookie: str, messages: int) -> dict:
    """Send `messages` at once on one socket; count what was stored, refused, or shut out."""
    outcome = {"open": 0, "refused_socket": 0, "stored": 0, "refused": 0, "replies": 0}
    try:
        ws = await load.connect(port, conversation_id, cookie)
    except Exception:  # noqa: BLE001 - a refused handshake counts as a refused socket
        outcome["refused_socket"] = 1
        return outcome
    deadline = time.perf_counter() + load.REPLY_TIMEOUT_S
    try:
        for n in range(messages):
            await ws.send(json.dumps({"message": f"I have {n} flood cats."}))
        while outcome["refused"] + outcome["replies"] < messages:
            left = max(0.0, deadline - time.perf_counter())
            frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=left))
            if frame["type"] == "message" and frame["role"] == "user":
                outcome["stored"] += 1
            elif frame["type"] == "error" and frame["message"] is None:
                if "chat windows" in frame["error"]:
                    outcome["refused_socket"] = 1
                    return outcome
                outcome["refused"] += 1
            elif frame["type"] in ("done", "error"):
                outcome["replies"] += 1
        outcome["open"] = 1
    except Exception:  # noqa: BLE001 - closed by the server (socket limit) or timed out
        outcome["refused_socket"] = int(not outcome["stored"] and not outcome["refused"])
    finally:
        await ws.close()
    return outcome


def flood(port: int, sockets: int = 300, per_socket: int = 5, questions: int = 25) -> dict:
    """`sockets` sockets of one user each send `per_socket` messages at once; meanwhile another
    user asks `questions` questions one after another (twice that and one update stay under
    the default CHAT_RATE_MESSAGES of 60 a minute). Bounded by REPLY_TIMEOUT_S per reply."""
    flooder, victim = make_bench_user("flood"), make_bench_user("victim")
    for user in (flooder, victim):
        graph.ensure_user_graph(user.pk)
    flood_conversation = Conversation.objects.create(user=flooder).pk
    victim_conversation = Conversation.objects.create(user=victim).pk
    flood_cookie, victim_cookie = load.session_cookie(flooder), load.session_cookie(victim)

    async def run():
        ws = await load.connect(port, victim_conversation, victim_cookie)
        try:
            await load.exchange(ws, "I live in Oslo.")
            quiet = [await load.exchange(ws, "Where do I live?") for _ in range(questions)]
            attack = asyncio.gather(
                *(
                    _flood_socket(port, flood_conversation, flood_cookie, per_socket)
                    for _ in range(sockets)
                )
            )
            await asyncio.sleep(0.2)  # the flood is in flight before the first question
            loud = [await load.exchange(ws, "Where do I live?") for _ in range(questions)]
            return quiet, loud, await attack
        finally:
            await ws.close()

    try:
        quiet, loud, outcomes = asyncio.run(run())
        # Counted in the database: every socket of the flooded conversation is shown every
        # stored message (one conversation group), so the sockets' frames overcount.
        stored = Message.objects.filter(user=flooder, role=Message.Role.USER).count()
    finally:
        remove_user(flooder)
        remove_user(victim)
    total = {key: sum(o[key] for o in outcomes) for key in outcomes[0]}
    return {
        "flood_sockets": sockets,
        "flood_messages_sent": sockets * per_socket,
        "flood_sockets_refused": total["refused_socket"],
        "flood_messages_stored": stored,
        "flood_messages_refused": total["refused"],
        "other_user_quiet_p50_ms": load.pct([x.total_ms for x in quiet], 0.5),
        "other_user_quiet_p95_ms": load.pct([x.total_ms for x in quiet], 0.95),
        "other_user_flood_p50_ms": load.pct([x.total_ms for x in loud], 0.5),
        "other_user_flood_p95_ms": load.pct([x.total_ms for x in loud], 0.95),
        "other_user_errors": sum(not x.ok for x in quiet + loud),
    }
