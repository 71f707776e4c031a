"""The window opens at a size that fits the desktop (issue 34 item 19)."""

from zole_desktop.ui.app import MIN_SIZE
from zole_desktop.ui.launch import FRAME_MARGIN, fit_window


def test_a_window_as_large_as_the_screen_shrinks_and_opens_maximised():
    # windowed 1280x720 on a 1280x720 screen: the bottom, with the Menu button, was off-screen
    (w, h), maximise = fit_window((1280, 720), (1280, 720))
    assert maximise
    assert h <= 720 - FRAME_MARGIN[1] and w <= 1280 - FRAME_MARGIN[0]
    assert abs(w / h - 16 / 9) < 0.02 or (w, h) == MIN_SIZE


def test_a_remembered_size_that_fits_is_kept():
    assert fit_window((1280, 720), (1920, 1080)) == ((1280, 720), False)
    assert fit_window((1500, 900), (2560, 1440)) == ((1500, 900), False)


def test_a_remembered_size_from_a_larger_screen_fits_the_smaller_one():
    (w, h), maximise = fit_window((3000, 1800), (1920, 1080))
    assert maximise and w <= 1920 and h <= 1080 - FRAME_MARGIN[1]


def test_never_below_the_smallest_window_nor_above_the_screen():
    (w, h), _m = fit_window((1280, 720), (1024, 600))
    assert (w, h) == (min(MIN_SIZE[0], 1024), min(MIN_SIZE[1], 600))
    assert fit_window((1280, 720), None) == ((1280, 720), False)
    assert fit_window((1280, 720), (0, 0)) == ((1280, 720), False)
