"""The pygame user interface: the window, the scenes, the table, the demo and the frame bench.

Nothing here changes the rules; the table drives :class:`zole_desktop.rules.HandState` through
its public API and draws what it says.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
