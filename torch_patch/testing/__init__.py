"""Tools that check the fix, not part of it: the doctor, the fuzzer, the eager oracle and code capture.

- ``demo``: the main job and doctor (``python -m torch_patch``): built-in cases, fix off and on.
- ``fuzz``: the differential fuzzer (``python -m torch_patch.testing.fuzz``).
- ``verify``: the eager oracle (gradient and forward comparison).
- ``cases``: the shared case definitions (seed, key cases, matrix).
- ``codegen``: capturing and normalizing Inductor's generated code (snapshot tests).
- ``saved_bytes``: bytes saved for backward (benchmarks, tests).

Nothing here is imported by ``import torch_patch``; the fix itself is ``torch_patch.install``,
``graph``, ``inductor`` and ``compat``.
"""
