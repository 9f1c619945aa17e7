"""`python -m game` runs the command line, the same as the `hexbattle` script."""

import sys

from game.cli import main

if __name__ == "__main__":  # worker processes (`simulate --jobs`) import this module again
    sys.exit(main())
