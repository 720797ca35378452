"""``python -m bluffmath``: the same as the ``bluffmath`` command."""

import sys

from bluffmath.cli import main

sys.exit(main())
