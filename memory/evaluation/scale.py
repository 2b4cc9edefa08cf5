"""Scale-out throughput: N daphne web processes and N `manage.py worker` processes sharing
Redis (the channel layer) and the database, loaded by websocket clients spread over the web
processes. For each N, the offered rate climbs a ladder until replies slow down: the result
is the highest rate at which reply p95 stays within the target with nothing lost."""

from memory.evaluation import load, processes

REPLY_P95_TARGET_MS = 250.0


def sustained(summary: dict) -> bool:
    """The rate was carried: no errors, at least 90% of it completed, reply p95 on target."""
    return (
        summary["errors"] == 0
        and summary["completed_rate_per_s"] >= 0.9 * summary["offered_rate_per_s"]
        and summary["latency_p95_ms"] <= REPLY_P95_TARGET_MS
    )


def ladder(ports: list[int], clients: int, rates: list[float], seconds: float) -> dict:
    """Offer each rate in turn until one is not sustained."""
    steps = []
    for rate in rates:
        summary = load.throughput(ports, clients, rate, seconds)
        steps.append(summary)
        if not sustained(summary):
            break
    carried = [s["offered_rate_per_s"] for s in steps if sustained(s)]
    return {"max_sustained_rate_per_s": max(carried, default=0.0), "steps": steps}


def scale_out(counts: list[int], clients: int, rates: list[float], seconds: float) -> list[dict]:
    """The ladder with 1, 2, ... web + worker process pairs on one Redis."""
    results = []
    with processes.redis_server() as redis_url:
        env = {"REDIS_URL": redis_url, "CHAT_WORKER": "external", **load.NO_LIMITS}
        for count in counts:
            webs = [processes.daphne_service(**env) for _ in range(count)]
            workers = [processes.worker_service(name=f"bench-{i}", **env) for i in range(count)]
            with processes.running(*webs, *workers):
                load.throughput([w.port for w in webs], min(clients, 20), 5.0, 4.0)  # warm up
                result = ladder([w.port for w in webs], clients, rates, seconds)
            results.append({"processes": count, **result})
    return results


def markdown(results: list[dict]) -> str:
    lines = [
        f"Scale-out: web + worker process pairs on one Redis and one database; the highest "
        f"offered rate with no errors, >= 90% completed and reply p95 <= "
        f"{REPLY_P95_TARGET_MS:g} ms.",
        "",
        "| web + worker pairs | offered msg/s | completed msg/s | reply p50 ms | reply p95 ms "
        "| first token p50 ms | errors | sustained |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for result in results:
        for step in result["steps"]:
            lines.append(
                f"| {result['processes']} | {step['offered_rate_per_s']:g} "
                f"| {step['completed_rate_per_s']:g} | {step['latency_p50_ms']} "
                f"| {step['latency_p95_ms']} | {step['first_token_p50_ms']} | {step['errors']} "
                f"| {'yes' if sustained(step) else 'no'} |"
            )
    lines.append("")
    for result in results:
        lines.append(
            f"- {result['processes']} pair(s): {result['max_sustained_rate_per_s']:g} "
            "messages/s sustained"
        )
    return "\n".join(lines) + "\n"
