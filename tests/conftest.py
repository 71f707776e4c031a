import os
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_configure(config):
    # every test opens its own window on the same decks: each picture is decoded once per
    # worker (ui/png_cache.py; off in the game, and its own test turns it off and on)
    from zole_desktop.ui import png_cache

    png_cache.keep(96)


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: two workers a core.  Half of the suite's time is spent waiting on real
    time (the real loop's frames, bots' thinking pauses, a host's timeouts), so more workers
    than cores fill those waits.  Full runs on this 2-core machine (it varies by a fifth from
    run to run): 2 workers 507 s; 3 workers 337 and 396 s; 4 workers 308 (a clean clone), 355
    and 366 s; 6 workers 403 s (the CPU-bound files then crowd each other).  Handing the
    longest files out first was tried and was no faster."""
    return 2 * (os.cpu_count() or 1)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A private data folder, so that nothing touches the real settings or saved game (nor
    the user's cache, where a save that cannot be written is marked as stale)."""
    from zole_desktop import storage
    from zole_desktop.flow import saver

    monkeypatch.setattr(saver, "marker_dirs", lambda: [tmp_path / "stale-saves"])
    storage.set_data_dir(tmp_path / "data")
    yield tmp_path / "data"
    storage.set_data_dir(None)


@pytest.fixture
def make_app(data_dir):
    """Make Apps on the dummy driver (English, no sound); shut down after the test."""
    from zole_desktop.i18n import set_language
    from zole_desktop.storage import Settings
    from zole_desktop.ui.app import App

    set_language("en")
    apps = []

    def make(size=(1280, 720), animation="instant", theme="classic", save=False, **kw):
        app = App(size, Settings(language="en", animation=animation, sound=False, theme=theme),
                  fast=True, save=save, **kw)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()
    set_language("en")


@pytest.fixture(autouse=True)
def _vector_cards_off():
    """The game's decks show their shipped pictures (scaled) unless a test asks for the
    vector cards (the ``vector_pictures`` fixture): crisp cards arriving from a worker would
    change a frame under a test that compares frames."""
    from zole_desktop.ui import vector_cards

    vector_cards.set_mode("off")
    yield
    vector_cards.set_mode("off")


@pytest.fixture
def vector_pictures(data_dir):
    """The vector cards drawn in a thread, cached under the test's data folder."""
    from zole_desktop.ui import vector_cards as vc

    vc.set_mode("thread")
    yield vc
    vc.set_mode("off")
