"""``python -m cardrules``: the ``cardrules`` command."""

import sys

from cardrules.cli import main

sys.exit(main())
