"""The review's analysis runs on the hint worker, never on the loop's thread, and the scene
draws its progress as it goes: a bar that fills, the stage and trick in words, the moments
as they are found; the chosen moment's reason, and its figures on I."""

import threading
import time

import pygame

from tests.helpers import example
from zole_desktop.i18n import set_language
from zole_desktop.records import review_run
from zole_desktop.records.load import load_hand
from zole_desktop.ui import review_scene
from zole_desktop.ui.review_scene import ReviewScene
from zole_desktop.ui.scene import KEY, Action


def test_the_analysis_runs_off_the_loop_thread_and_every_frame_shows_how_far(app, monkeypatch):
    set_language("en")
    st = load_hand(str(example("take-90.json")), 1)
    threads = []
    real_run = review_run.run

    def run(state, report, **k):
        threads.append(threading.current_thread())

        def told(p):
            report(p)
            if p.stage == "burial":  # a loaded machine may run the burial's stage between
                t = time.monotonic()  # two frames: hold it until a frame has drawn it
                while sc.shown_progress is not p and time.monotonic() - t < 5:
                    time.sleep(0.005)

        return real_run(state, told, **k)

    monkeypatch.setattr(review_scene.review_run, "run", run)
    sc = ReviewScene(st, names=["Anna", "", "Ilze"], viewer=1, budget=60)
    app.stack.push(sc)
    frames = []  # (share done, the panel's lines, the bar's filled width)
    t0 = time.monotonic()
    while sc.analysing and time.monotonic() - t0 < 120:
        app.step()
        app.draw()
        p = sc.shown_progress
        frames.append((p.done if p else 0.0, tuple(sc.drawn_texts), sc.drawn_bar))
        time.sleep(0.01)
    assert not sc.analysing, "the analysis did not end"
    assert threads and threads[0] is not threading.main_thread()
    assert threads[0].name.startswith("zole-hint")  # the hints' worker, as at the table
    # the frames drawn while it ran show it moving: the stage in words with the bar, more
    # done from frame to frame, the trick numbers counting up
    working = [f for f in frames if f[2] is not None]
    assert len({f[0] for f in working}) >= 5
    done = [f[0] for f in working]
    assert done == sorted(done) and done[-1] > 0.5
    said = {t for f in working for t in f[1] if t.startswith("Analysing")}
    assert "Analysing the burial" in said  # (the one bid may be judged before the first frame)
    tricks = {t for t in said if t.startswith("Analysing trick")}
    assert len(tricks) >= 3, said
    # the burial was listed while the cards were still being analysed
    assert any(any(t.startswith("You buried J♣ 7♦") for t in f[1]) for f in working
               if f[0] < 0.9)
    # at the end: the costliest moment first, its reason below it
    app.step()
    app.draw()
    assert sc.drawn_bar is None
    assert sc.drawn_texts[1].startswith("The costliest moment: You buried J♣ 7♦")
    assert sc.drawn_texts[2].strip().startswith("In this deal, with all cards open, you would")
    assert sc.drawn_texts[2].endswith("(figures: I)")
    # I shows the figures in the reason's place, and again the words
    app.post_action(Action(KEY, value=pygame.K_i, text="i"))
    app.step()
    app.draw()
    assert sc.drawn_texts[2].strip().startswith("30 deals of the unseen cards played out")
    app.post_action(Action(KEY, value=pygame.K_i, text="i"))
    app.step()
    app.draw()
    assert sc.drawn_texts[2].strip().startswith("In this deal")


def test_nothing_a_player_reads_in_the_panel_is_under_12_px_at_960x540(app):
    set_language("en")
    st = load_hand(str(example("take-61.json")), 1)
    app._resized((960, 540))
    sc = ReviewScene(st, names=["Anna", "", "Ilze"], viewer=1, threaded=False,
                     node_limit=400_000)
    app.stack.push(sc)
    app.step()
    app.draw()
    assert sc.review.moments and sc.drawn_sizes
    assert min(sc.drawn_sizes) >= 12, list(zip(sc.drawn_texts, sc.drawn_sizes, strict=True))
