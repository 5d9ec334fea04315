"""``python -m torch_patch``: the built-in cases with the fix off and on (``torch_patch.testing.demo``);
``python -m torch_patch check FILE.py:NAME [--json]``: the same question for the user's own model
(``torch_patch.tools.check_cli``)."""

import sys

if sys.argv[1:2] == ["check"]:
    from torch_patch.tools.check_cli import main

    sys.exit(main(sys.argv[2:]))

from torch_patch.testing.demo import main  # noqa: E402

sys.exit(main())
