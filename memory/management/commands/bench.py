"""Measure speed at scale on synthetic memories: `manage.py bench --facts 1000,10000`."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from memory.evaluation import bench, flood, load, scale
from memory.evaluation.readme import MissingBlock, splice


class Command(BaseCommand):
    help = "Benchmark update/question latency, websocket first token and throughput."

    def add_arguments(self, parser):
        parser.add_argument(
            "--facts",
            default="1000,10000,100000",
            help="comma-separated memory sizes, facts per user (concepts: half as many)",
        )
        parser.add_argument(
            "--users", type=int, default=1, help="users holding a memory of each size"
        )
        parser.add_argument("--samples", type=int, default=30, help="timed messages per size")
        parser.add_argument("--clients", type=int, default=200, help="concurrent ws clients")
        parser.add_argument("--rate", type=float, default=20.0, help="messages/s, all clients")
        parser.add_argument("--seconds", type=float, default=30.0, help="throughput duration")
        parser.add_argument(
            "--no-server", action="store_true", help="skip the websocket measurements (no daphne)"
        )
        parser.add_argument("--out", type=Path, default=Path("bench-results.json"))
        parser.add_argument("--markdown", type=Path, help="also write the table as markdown")
        parser.add_argument(
            "--readme", type=Path, help="also put the table in this README's results:bench block"
        )
        parser.add_argument("--keep", action="store_true", help="keep the synthetic users")
        parser.add_argument(
            "--existing",
            action="store_true",
            help="measure the synthetic users an earlier --keep run (or an interrupted build)"
            " left for each size instead of building new ones; implies --keep",
        )
        parser.add_argument(
            "--scale-out",
            default="",
            help="also run web + worker process pairs on Redis, e.g. 1,2 (needs redis-server)",
        )
        parser.add_argument(
            "--scale-rates",
            default="10,20,40,80,160",
            help="offered messages/s tried in turn in the scale-out run",
        )
        parser.add_argument(
            "--flood-sockets",
            type=int,
            default=0,
            help="also flood from one user with this many sockets (e.g. 300); 0: skip",
        )

    def handle(self, *args, **options):
        try:
            sizes = [int(s) for s in options["facts"].split(",") if s.strip()]
        except ValueError as exc:
            raise CommandError("--facts takes comma-separated integers") from exc
        if not sizes or min(sizes) < 1 or options["users"] < 1 or options["samples"] < 1:
            raise CommandError("--facts, --users and --samples must be positive")
        run = bench.Options(
            samples=options["samples"],
            users=options["users"],
            keep=options["keep"] or options["existing"],
            existing=options["existing"],
        )
        rows, throughput, flooded = [], None, None
        before = bench.cpu_probe_ms()
        if options["no_server"]:
            rows = [self.size(s, run) for s in sizes]
        else:
            with load.daphne(**load.NO_LIMITS) as port:
                run.port = port
                rows = [self.size(s, run) for s in sizes]
                if options["clients"]:
                    self.stderr.write(f"throughput with {options['clients']} clients…")
                    throughput = load.throughput(
                        port, options["clients"], options["rate"], options["seconds"]
                    )
            if options["flood_sockets"]:
                with load.daphne() as port:  # the limits in force, as users meet them
                    self.stderr.write(f"flood from {options['flood_sockets']} sockets…")
                    flooded = flood.flood(port, sockets=options["flood_sockets"])
        scaled = None
        if options["scale_out"]:
            counts = [int(c) for c in options["scale_out"].split(",") if c.strip()]
            rates = [float(r) for r in options["scale_rates"].split(",") if r.strip()]
            self.stderr.write(f"scale-out with {counts} process pairs…")
            scaled = scale.scale_out(counts, options["clients"], rates, options["seconds"])
        probe = (before, bench.cpu_probe_ms())
        table = bench.markdown(rows, throughput, probe)
        if scaled:
            table += "\n" + scale.markdown(scaled)
        self.stdout.write(table)
        if flooded:
            self.stdout.write("\n".join(f"{k}: {v}" for k, v in flooded.items()))
        result = {
            "sizes": rows,
            "throughput": throughput,
            "cpu_probe_ms": probe,
            "flood": flooded,
            "scale_out": scaled,
        }
        options["out"].write_text(json.dumps(result, indent=2))
        if options["markdown"]:
            options["markdown"].parent.mkdir(parents=True, exist_ok=True)
            options["markdown"].write_text(
                f"Generated by `{self.command_line(options)}` on this machine.\n\n" + table
            )
        if options["readme"]:
            text = f"From `{self.command_line(options)}` on this machine:\n\n" + bench.summary(
                rows, throughput, probe=probe
            )
            try:
                splice(options["readme"], "bench", text)
                if scaled:
                    scaled_text = f"From `{self.command_line(options)}`:\n\n"
                    splice(options["readme"], "scale", scaled_text + scale.markdown(scaled))
            except MissingBlock as exc:
                raise CommandError(str(exc)) from exc

    def size(self, size: int, run: bench.Options) -> dict:
        self.stderr.write(f"building and measuring {size} facts × {run.users} user(s)…")
        return bench.run_size(size, run)

    @staticmethod
    def command_line(options) -> str:
        parts = [f"python manage.py bench --facts {options['facts']}"]
        if options["users"] != 1:
            parts.append(f"--users {options['users']}")
        parts.append(f"--samples {options['samples']}")
        if options["scale_out"]:
            parts.append(
                f"--scale-out {options['scale_out']} --scale-rates {options['scale_rates']}"
            )
        if options["no_server"]:
            parts.append("--no-server")
        else:
            parts.append(
                f"--clients {options['clients']} --rate {options['rate']:g} "
                f"--seconds {options['seconds']:g}"
            )
        return " ".join(parts)
