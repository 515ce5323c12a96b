"""Entry script for the PyInstaller build: the same ``main`` as ``python -m knockrummy``."""

import sys

from knockrummy.app import main

if __name__ == "__main__":
    sys.exit(main())
