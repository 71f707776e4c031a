"""The game's own decks on screen are drawn from their vector masters at the size they are
shown, kept in a disk cache (read on the next start, a broken file drawn again, old sizes and
versions pruned), and fall back to the shipped pictures when resvg cannot draw."""

from __future__ import annotations

import json
import logging
import os
import threading

import pygame
import pytest
from PIL import Image

from zole_desktop import card_cache
from zole_desktop.art import vector
from zole_desktop.card_cache import CardCache
from zole_desktop.ui import theme as theme_mod


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _vector_pixels(code: str, w: int, h: int, four: bool = False, deck: str = "classic") -> bytes:
    img = (vector.render_back(deck, w, h) if code == "back"
           else vector.render_card(deck, code, w, h, four=four))
    return img.tobytes()


def _count_renders(monkeypatch) -> list[tuple]:
    calls: list[tuple] = []
    real = card_cache.render

    def counting(deck, code, w, h, four=False):
        calls.append((deck, code, w, h, four))
        return real(deck, code, w, h, four)

    monkeypatch.setattr(card_cache, "render", counting)
    return calls


def test_the_tables_cards_are_drawn_at_the_size_the_table_draws_them(vector_pictures):
    """The table's CardImages at 1920x1080 hold each card drawn at its own size from the
    vector master, not the 640x896 picture scaled."""
    from zole_desktop.ui.sprites import CardImages
    from zole_desktop.ui.table import layout

    th = theme_mod.load_theme("classic")
    images = CardImages(th, layout.card_height(1080, "normal"))
    th.vector.wait()
    w, h = images.w, images.h
    for code in ("QC", "TD", "7D", "back"):
        img = images.image(theme_mod.CARD_CODES.index(code), True, 1.0) if code != "back" \
            else images.image(0, False, 1.0)
        assert img.get_size() == (w, h)
        assert _pixels(img) == _vector_pixels(code, w, h), code
    scaled = pygame.transform.smoothscale(th.faces["QC"], (w, h))
    assert _pixels(scaled) != _pixels(images.image(theme_mod.CARD_CODES.index("QC"), True, 1.0))


def test_a_second_start_reads_the_cache_and_draws_nothing(vector_pictures, monkeypatch):
    calls = _count_renders(monkeypatch)
    first = theme_mod.load_theme("rainis-1")
    first.cards(120, 168)
    assert first.vector.wait()
    assert len(calls) == 27
    calls.clear()
    second = theme_mod.load_theme("rainis-1")  # a new start: nothing in memory
    got = second.cards(120, 168)
    assert second.vector.pending() == 0
    assert all(second.vector.is_crisp(code, 120, 168) for code in got)
    assert calls == []
    assert _pixels(got["QH"]) == _vector_pixels("QH", 120, 168, deck="rainis-1")


def test_a_broken_cache_file_is_drawn_again_with_one_log_line(vector_pictures, caplog):
    th = theme_mod.load_theme("classic")
    th.cards(100, 140)
    th.vector.wait()
    path = th.vector.cache.path("KH", 100, 140)
    path.write_bytes(b"\x89PNG\r\n\x1a\n not a picture")
    again = theme_mod.load_theme("classic")
    with caplog.at_level(logging.WARNING, logger="zole_desktop.card_cache"):
        got = again.cards(100, 140)
        again.vector.wait()
    lines = [r for r in caplog.records if "KH" in r.getMessage()]
    assert len(lines) == 1 and "drawing it again" in lines[0].getMessage()
    assert again.vector.is_crisp("KH", 100, 140)
    assert _pixels(got["KH"]) == _vector_pixels("KH", 100, 140)
    with Image.open(path) as png:
        assert png.size == (100, 140)


def test_resvg_failing_shows_the_shipped_pictures_with_one_log_line(vector_pictures, monkeypatch,
                                                                    caplog):
    def broken(svg, width, height):
        raise vector.kit.RenderError("resvg: out of order")

    monkeypatch.setattr(vector.kit, "render", broken)
    th = theme_mod.load_theme("classic")
    with caplog.at_level(logging.WARNING):
        got = th.cards(110, 154)
        th.vector.wait()
        th.cards(130, 182)
        th.vector.wait()
    said = [r for r in caplog.records if "cannot be drawn" in r.getMessage()]
    assert len(said) == 1 and "out of order" in said[0].getMessage()
    assert th.vector.failed
    for code in ("QC", "9H", "back"):
        src = th.back if code == "back" else th.faces[code]
        assert _pixels(got[code]) == _pixels(pygame.transform.smoothscale(src, (110, 154)))


def test_four_colours_are_drawn_by_the_vector_masters(vector_pictures):
    th = theme_mod.load_theme("classic", four=True)
    assert th.four and th.four_asked
    got = th.cards(140, 196)
    th.vector.wait()
    for code in ("KD", "9C"):
        assert _pixels(got[code]) == _vector_pixels(code, 140, 196, four=True)
        assert _pixels(got[code]) != _vector_pixels(code, 140, 196, four=False)
    assert _pixels(got["KH"]) == _vector_pixels("KH", 140, 196)  # hearts stay red
    assert "-four" in th.vector.cache.size_dir(140, 196).name


def test_a_new_size_is_answered_at_once_from_the_old_one(vector_pictures, monkeypatch):
    """A resized window gets every card at once (the old size scaled) while the new size is
    drawn behind it."""
    th = theme_mod.load_theme("classic")
    th.cards(100, 140)
    th.vector.wait()
    gate = threading.Event()
    real = card_cache.render

    def slow(deck, code, w, h, four=False):
        gate.wait(30)
        return real(deck, code, w, h, four)

    monkeypatch.setattr(card_cache, "render", slow)
    got = th.cards(150, 210)  # returns although no card can be drawn yet
    assert {s.get_size() for s in got.values()} == {(150, 210)}
    assert not th.vector.is_crisp("QC", 150, 210)
    old = th.cards(100, 140)["QC"]
    assert _pixels(got["QC"]) == _pixels(pygame.transform.smoothscale(old, (150, 210)))
    gate.set()
    th.vector.wait()
    assert th.vector.is_crisp("QC", 150, 210)
    assert _pixels(th.cards(150, 210)["QC"]) == _vector_pixels("QC", 150, 210)


def test_cards_on_screen_are_drawn_first(vector_pictures, monkeypatch):
    order: list[str] = []
    gate = threading.Event()
    real = card_cache.render

    def gated(deck, code, w, h, four=False):
        gate.wait(30)  # the first card is held until the wishes are made
        order.append(code)
        return real(deck, code, w, h, four)

    monkeypatch.setattr(card_cache, "render", gated)
    th = theme_mod.load_theme("classic")
    th.cards(90, 126)
    for code in ("9S", "KH", "back"):
        th.vector.want(code, 90, 126)
    gate.set()
    th.vector.wait()
    assert len(order) == 27
    # the first card was being drawn when the wishes came; the wished ones come next
    assert set(order[1:4]) == {"9S", "KH", "back"} or order[0] in {"9S", "KH", "back"}


def test_the_cache_keeps_few_sizes_and_only_the_current_masters(data_dir, tmp_path):
    root = tmp_path / "cards"
    old = root / "classic-0123456789abcdef" / "100x140"
    old.mkdir(parents=True)
    (old / "QC.png").write_bytes(b"old")
    (root / "classic-four").mkdir()  # the raster four-colour cache of an earlier version
    other = root / "rainis-1-0123456789abcdef"
    other.mkdir()
    cache = CardCache("classic", root=root)
    for i in range(card_cache.KEEP_SIZES + 3):
        d = cache.size_dir(50 + i, 70 + i)
        d.mkdir(parents=True)
        os.utime(d, (1000 + i, 1000 + i))
    cache.used(200, 280)
    names = sorted(p.name for p in root.iterdir())
    assert names == sorted([cache.dir.name, other.name])
    sizes = sorted(p.name for p in cache.dir.iterdir())
    assert len(sizes) == card_cache.KEEP_SIZES
    assert "200x280" in sizes and "50x70" not in sizes


def test_a_player_deck_keeps_its_own_pictures():
    th = theme_mod.procedural_theme()
    assert th.vector is None
    assert th.cards(60, 84)["QC"].get_size() == (60, 84)


def test_bench_cards_prints_its_figures(data_dir, capsys):
    from zole_desktop.cli import main

    assert main(["bench", "cards", "--size", "960x540", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    run = out["sizes"]["960x540"]
    assert run["first_start_s"] > run["warm_start_s"] > 0
    assert run["card"] == [118 * 5 // 7, 118]  # the table's card at 960x540
    assert run["render_ms_per_card"] > 0 and out["cache_bytes"] > 0
    assert run["warm_renders"] == 0


@pytest.mark.parametrize("deck", vector.DECK_IDS)
def test_every_game_deck_is_drawn_by_vectors(deck):
    th = theme_mod.load_theme(deck)
    assert th.vector is not None and not th.procedural


def test_save_card_writes_the_vector_master_in_the_colours_shown(data_dir, tmp_path):
    from zole_desktop.ui.deck_forms import SaveScene

    th = theme_mod.load_theme("classic", four=True)
    scene = SaveScene("card", th, "KD")
    scene._save_png(tmp_path / "KD.png")
    assert scene.result == (tmp_path / "KD.png", "")
    with Image.open(tmp_path / "KD.png") as png:
        assert png.size == (640, 896)
        assert png.convert("RGBA").tobytes() == _vector_pixels("KD", 640, 896, four=True)


def test_a_bundled_game_keys_the_cache_by_its_version(monkeypatch):
    """In a bundle the drawing code is no files to read: the digest falls back to the game's
    version and the figure masters (still changing with either)."""
    def unreadable(deck):
        raise FileNotFoundError(2, "No such file or directory", "shapes.py")

    monkeypatch.setattr(vector, "digest", unreadable)
    one = card_cache.deck_digest("rainis-1")
    assert len(one) == 16 and one != card_cache.deck_digest("rainis-2")
    monkeypatch.setattr("zole_desktop.version.version", lambda: "99.0")
    assert card_cache.deck_digest("rainis-1") != one


def test_the_game_draws_the_cards_in_a_process_of_its_own(vector_pictures):
    """resvg holds Python's lock while it draws: the game draws in a card process (the window
    shows the stand-ins until it is up) and gets each card's pixels back."""
    import os

    vector_pictures.set_mode("process")
    try:
        th = theme_mod.load_theme("classic")
        th.cards(70, 98)
        assert th.vector.wait(120)
        pid = vector_pictures._process["up"].result()
        assert pid != os.getpid()
        assert th.vector.cache.renders == 27
        assert _pixels(th.cards(70, 98)["JD"]) == _vector_pixels("JD", 70, 98)
    finally:
        vector_pictures.stop_process()


def test_the_cache_keeps_no_more_than_its_bytes(tmp_path, monkeypatch):
    cache = CardCache("classic", root=tmp_path / "cards")
    for i in range(3):
        d = cache.size_dir(60 + i, 84 + i)
        d.mkdir(parents=True)
        (d / "QC.png").write_bytes(b"x" * 1000)
        os.utime(d, (2000 + i, 2000 + i))
    monkeypatch.setattr(card_cache, "KEEP_BYTES", 1500)
    cache.prune()
    assert sorted(p.name for p in cache.dir.iterdir()) == ["62x86"]  # the newest stays


def test_every_size_drawn_is_marked_in_use(vector_pictures):
    th = theme_mod.load_theme("classic")
    th.card("QC", 50, 70)
    d = th.vector.cache.size_dir(50, 70)
    os.utime(d, (1000, 1000))
    again = theme_mod.load_theme("classic")
    again.card("QC", 50, 70)  # a later start shows that size again
    assert d.stat().st_mtime > 1000
    th.vector.wait()
    again.vector.wait()


def test_a_deck_the_gallery_opens_wakes_the_window_when_its_cards_come(make_app):
    from zole_desktop.ui.gallery import GalleryScene

    app = make_app()
    scene = GalleryScene()
    app.stack.push(scene)
    app.step()
    scene.select_theme(1)
    th = scene.theme()
    assert th is not None and th.id != app.theme.id
    assert th.vector.on_ready == app.wake
    assert app.theme.vector.on_ready == app.wake
