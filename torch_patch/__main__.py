"""``python -m torch_patch``: the built-in cases with the fix off and on (see ``torch_patch.demo``)."""

import sys

from torch_patch.demo import main

sys.exit(main())
