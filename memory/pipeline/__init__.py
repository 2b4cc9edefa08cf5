"""The memory pipelines, one module per step.

Update (ERASE + RecallM): extract atomic facts -> retrieve related facts -> judge each
(reinforce / no change / make false, guarded) -> rewrite false facts -> add new facts -> update
the concept graph. Question: gather evidence (triplets, vectors, graph) -> compose the answer.
Engines supply the language steps (memory.pipeline.steps.Steps); this package does the rest.
"""
