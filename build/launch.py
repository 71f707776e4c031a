"""Entry point of the bundled game (PyInstaller runs this file as __main__)."""

import sys

from zole_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
