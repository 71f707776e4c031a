import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture
def teach_data(tmp_path):
    """A private data folder, so that nothing touches the real settings or saved game."""
    from zole_desktop import storage

    storage.set_data_dir(tmp_path / "data")
    yield tmp_path / "data"
    storage.set_data_dir(None)


@pytest.fixture
def teach_app(teach_data):
    """An App on the dummy driver (English, instant animation); shut down afterwards."""
    from zole_desktop.i18n import set_language
    from zole_desktop.storage import Settings
    from zole_desktop.ui.app import App

    set_language("en")
    apps = []

    def make(size=(1280, 720), theme="classic", save=False):
        app = App(size, Settings(language="en", animation="instant", sound=False, theme=theme),
                  fast=True, save=save)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()
    set_language("en")
