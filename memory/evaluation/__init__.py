"""Evaluation and benchmarks: replaying public datasets through the real chat entry point
(replay.py, grading.py) and measuring speed on synthetic memories (bench.py)."""
