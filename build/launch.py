"""Entry point of the bundled game (PyInstaller runs this file as __main__)."""

import multiprocessing
import sys

from zole_desktop.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the card process (ui/vector_cards) starts this file
    sys.exit(main())
