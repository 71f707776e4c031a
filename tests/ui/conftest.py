"""UI tests run headless: tests/conftest.py sets the dummy SDL drivers and the App fixtures.

``real_app``: the game's App on its real (non-fast) loop, saving to the test's private data
folder, shut down after the test; ``real_app(size=..., animation=..., save=..., hints=...,
**settings)`` makes one (English, no sound; any other Settings field by name).
"""

from __future__ import annotations

import pytest

from zole_desktop.i18n import set_language
from zole_desktop.storage import Settings


@pytest.fixture
def real_app(data_dir):
    from zole_desktop.ui.app import App

    set_language("en")
    apps = []

    def make(size=(1280, 720), animation="fast", save=True, hints=False, **settings):
        app = App(size, Settings(language="en", animation=animation, sound=False,
                                 hints=hints, **settings), fast=False, save=save)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()
