"""``python -m torch_patch``: the built-in cases with the fix off and on (see ``torch_patch.testing.demo``)."""

import sys

from torch_patch.testing.demo import main

sys.exit(main())
