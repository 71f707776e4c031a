"""Start-up: what the game does before its first frame.  The main menu's first frame does not
wait for what it does not show: the network (the ``serve`` command's options), the guided game
and the rules guide (checked once the frame is drawn), the sounds (made once the frame is
drawn), the version's metadata; the deck's pictures are decoded while the window opens.  What
the player gets is the same as before: the same menu, the same sounds, the same deck and the
same message about a deck that cannot be used.  (No timings here: the README's start-up
figure is measured from the log line "first frame drawn".)"""

import hashlib
import json
import os
import subprocess
import sys

from zole_desktop.ui.app import App

# what the first frame does not wait for (all of it was imported before it, 419 modules in all
# against 254 now)
NOT_AT_START = ("zole_desktop.net", "zeroconf", "websockets", "asyncio", "zole_desktop.ui.tutorial",
                "zole_desktop.ui.guide", "zole_desktop.ui.table", "zole_desktop.teaching",
                "zole_desktop.bots.solver", "importlib.metadata")

FIRST_FRAME = """
import json, sys
import zole_desktop.ui.app as A
draw, seen = A.App.draw, {}
def first(self):
    draw(self)
    if self.frames == 1 and not seen:
        seen["modules"] = sorted(sys.modules)
        seen["sounds"] = sorted(self.sound.sounds)
        self.running = False
A.App.draw = first
from zole_desktop.cli import main
main(["--data-dir", sys.argv[1]])
print(json.dumps(seen))
"""


def test_the_first_frame_waits_for_none_of_what_it_does_not_show(tmp_path):
    """The game as a player starts it (no command), on the real loop, to its first frame."""
    from tests.helpers import ROOT

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(tmp_path)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    early = [m for m in seen["modules"] if m.startswith(NOT_AT_START)]
    assert not early, early
    assert "zole_desktop.ui.menus" in seen["modules"]  # it did draw the menu


def test_the_serve_command_still_has_its_options(capsys):
    from zole_desktop.cli import build_parser

    args = build_parser(serve=True).parse_args(["serve", "--port", "0", "--no-save"])
    assert args.port == 0 and args.no_save


# sha256 of each sound's 16-bit stereo samples, as they were made before they were put off
# until the first frame (and their samples converted a channel at a time)
SOUNDS = {"slide": "55f08480cf8b76a4a7e9718c32f679099f0dd62d585de61b7627c54167281c3f",
          "tap": "fd401855b6ca9ce1c23699e989794c6416049a795fcad6859f65eec34f0078cd",
          "riffle": "33222176278f51d871ef01b0c04c2ee3a4ff1ba07ecd690ba4a685727f0bf07a"}
# the hand's end, made at their first use: a rising arpeggio for a win, two falling notes
LATER_SOUNDS = {"win": "2c50ab8aa6518c37ea66ec8e07e0aba156f3218feafd14547ecbc02b55615a66",
                "lose": "a72bf433c8b807b4f663e4918af1488debd97ba6a75d4a6b966749381365bb09"}


def test_the_sounds_are_made_after_the_first_frame_and_are_the_same(make_app):
    from zole_desktop.ui.menus import MainMenu

    app = make_app()
    app.sound.enabled = True  # the mixer starts (the dummy audio driver)
    assert app.sound.ok
    assert app.sound.sounds == {}  # not yet
    app.stack.push(MainMenu())
    app.step()
    assert app.frames == 1
    got = {k: hashlib.sha256(s.get_raw()).hexdigest() for k, s in app.sound.sounds.items()}
    assert got == SOUNDS


def test_a_sound_played_before_the_first_frame_is_made_then():
    from zole_desktop.ui.sound import Sound

    s = Sound(enabled=True)
    try:
        assert s.ok and not s.sounds
        s.play("tap")
        assert sorted(s.sounds) == sorted(SOUNDS)
        for name, digest in LATER_SOUNDS.items():
            s.play(name)
            assert hashlib.sha256(s.sounds[name].get_raw()).hexdigest() == digest
        assert hashlib.sha256(s.sounds["tap"].get_raw()).hexdigest() == SOUNDS["tap"]
    finally:
        s.quit()


def test_the_menu_checks_the_guided_game_and_the_guide_once_its_first_frame_is_drawn(
        make_app, monkeypatch):
    from zole_desktop.ui import menus

    app = make_app()
    monkeypatch.setattr(menus, "guide_scene", lambda: None)  # as if it failed to import
    menu = menus.MainMenu()
    app.stack.push(menu)
    assert menu.busy()  # the loop steps on until the check is done
    app.step()  # the first frame: not checked yet
    assert app.frames == 1 and menu.checked == {}
    app.step()
    assert menu.checked == {"tutorial": True, "guide": False}
    assert menu.tutorial_button.enabled and not menu.guide_button.enabled
    assert not menu.busy()


def _real_app(settings):
    return App((960, 540), settings, fast=False, save=False)


def test_the_deck_decoded_while_the_window_opened_is_the_deck_shown(data_dir):
    from zole_desktop.storage import Settings

    app = _real_app(Settings(language="en", sound=False, theme="classic"))
    try:
        assert app._theme_soon is not None and app._theme_soon[0] == "classic"
        theme = app.theme
        assert theme.id == "classic" and not theme.procedural
        assert app._theme_soon is None and not app.toast_text
    finally:
        app.shutdown()


def test_a_deck_that_cannot_be_used_is_reported_as_before(data_dir):
    """The same fallback and the same toast, whether the deck was decoded early or not."""
    from zole_desktop.storage import Settings

    toasts = []
    for fast in (False, True):
        app = App((960, 540), Settings(language="en", sound=False, theme="no-such-deck"),
                  fast=fast, save=False)
        try:
            assert (app._theme_soon is not None) == (not fast)
            assert app.theme.id == "classic"
            toasts.append(app.toast_text)
        finally:
            app.shutdown()
    assert toasts[0] and toasts[0] == toasts[1]
    assert "no-such-deck" in toasts[0]
