"""`python -m game` runs the command line, the same as the `hexbattle` script."""

import sys

from game.cli import main

sys.exit(main())
