"""The PyInstaller bundle builds from build/zole_desktop.spec and plays a hand headless; the
Linux .deb made from it has the layout a desktop expects and runs from where it installs."""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tomllib

import pytest

from tests.helpers import ROOT

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
APP_ID = "lv.zole.desktop"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    if importlib.util.find_spec("PyInstaller") is None:
        if os.environ.get("CI"):
            raise AssertionError("PyInstaller must be installed in CI (test extras)")
        pytest.skip("PyInstaller is not installed")
    tmp = tmp_path_factory.mktemp("bundle")
    dist, work = tmp / "dist", tmp / "work"
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(ROOT / "build" / "zole_desktop.spec"),
         "--noconfirm", "--distpath", str(dist), "--workpath", str(work)],
        capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert build.returncode == 0, build.stderr[-3000:]
    return dist / "zole"


def headless_env(home):
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                ZOLE_DESKTOP_HOME=str(home))


def test_bundle_builds_and_plays_a_hand(bundle, tmp_path):
    exe = bundle / ("zole.exe" if sys.platform == "win32" else "zole")
    assert exe.exists()
    env = headless_env(tmp_path / "home")
    shots = tmp_path / "shots"
    run = subprocess.run([str(exe), "demo", "--hands", "1", "--screenshots", str(shots)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert list(shots.glob("*.png"))
    # the bundle settles a record too: the rules core and its data travel with it
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    refused = subprocess.run([str(exe), "replay", str(bad)], capture_output=True, text=True,
                             env=env, timeout=120)
    assert refused.returncode == 2 and refused.stderr.startswith("hand 1:")
    # the network stack travels with it: a host and a scripted player on loopback
    net = subprocess.run([str(exe), "bench", "net", "--tables", "1", "--seconds", "2",
                          "--json"], capture_output=True, text=True, env=env, timeout=300)
    assert net.returncode == 0, net.stdout[-2000:] + net.stderr[-2000:]
    assert json.loads(net.stdout.strip().splitlines()[-1])["actions"] > 0
    if sys.platform != "win32":  # the windowed zole.exe has no console; zole-console.exe has
        v = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
        assert v.stdout.strip() == f"zole {VERSION}"


def test_the_bundle_draws_the_cards_from_their_vector_masters(bundle, tmp_path):
    """resvg_py and the courts' SVG masters travel with the bundle: a first start draws the
    cards (in the card process, which a frozen program starts through freeze_support), the
    next start reads them from the cache."""
    assert len(list(bundle.rglob("art/themes/*/figures/QC.svg"))) == 3
    exe = bundle / ("zole.exe" if sys.platform == "win32" else "zole")
    run = subprocess.run([str(exe), "bench", "cards", "--size", "960x540", "--deck",
                          "rainis-1", "--json"], capture_output=True, text=True,
                         env=headless_env(tmp_path / "home"), timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    got = json.loads(run.stdout)["sizes"]["960x540"]
    assert got["render_ms_per_card"] > 0 and got["warm_renders"] == 0 and not got["failed"]


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed")
def test_deb_layout_and_it_runs_where_it_installs(bundle, tmp_path):
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, str(ROOT / "build" / "package.py"), "deb", "--out",
                        str(out), "--bundle", str(bundle), "--compress", "none"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    debs = list(out.glob("*.deb"))
    assert [d.name for d in debs] == [f"zole-desktop_{VERSION}_{_arch()}.deb"]
    listing = subprocess.run(["dpkg-deb", "--contents", str(debs[0])], capture_output=True,
                             text=True, check=True).stdout
    names = {line.split()[5].lstrip(".") for line in listing.splitlines()}
    for need in ["/opt/zole-desktop/zole", f"/usr/share/applications/{APP_ID}.desktop",
                 f"/usr/share/metainfo/{APP_ID}.metainfo.xml",
                 "/usr/share/doc/zole-desktop/copyright"] + [
            f"/usr/share/icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in (16, 32, 48, 256)]:
        assert need in names, need
    assert "/usr/bin/zole -> /opt/zole-desktop/zole" in listing
    info = subprocess.run(["dpkg-deb", "--field", str(debs[0]), "Package", "Version"],
                          capture_output=True, text=True, check=True).stdout
    assert f"Version: {VERSION}" in info and "Package: zole-desktop" in info
    root = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(debs[0]), str(root)], check=True)
    exe = root / "opt" / "zole-desktop" / "zole"
    v = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    assert v.stdout.strip() == f"zole {VERSION}"
    demo = subprocess.run([str(exe), "demo", "--hands", "1"], capture_output=True, text=True,
                          env=headless_env(tmp_path / "home"), timeout=300)
    assert demo.returncode == 0 and demo.stdout.startswith("hand 1:"), demo.stderr[-2000:]
    meta = (root / "usr/share/metainfo" / f"{APP_ID}.metainfo.xml").read_text("utf-8")
    assert f'release version="{VERSION}"' in meta and "@" not in meta
    for tool, path in (("desktop-file-validate",
                        root / "usr/share/applications" / f"{APP_ID}.desktop"),
                       ("appstreamcli", None)):
        if shutil.which(tool) is None:
            continue
        cmd = [tool, str(path)] if path else [
            tool, "validate", "--no-net", str(root / "usr/share/metainfo"
                                              / f"{APP_ID}.metainfo.xml")]
        ok = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert ok.returncode == 0, ok.stdout + ok.stderr


def _arch():
    sys.path.insert(0, str(ROOT / "build"))
    try:
        import package
    finally:
        sys.path.pop(0)
    return package.deb_arch()


@pytest.mark.skipif(sys.platform != "linux", reason="an AppImage is a Linux package")
def test_appdir_for_the_appimage(bundle, tmp_path):
    r = subprocess.run([sys.executable, str(ROOT / "build" / "package.py"), "appdir", "--out",
                        str(tmp_path), "--bundle", str(bundle)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    appdir = tmp_path / "Zole.AppDir"
    for name in ("AppRun", f"{APP_ID}.desktop", f"{APP_ID}.png",
                 f"usr/share/metainfo/{APP_ID}.metainfo.xml",
                 "usr/share/icons/hicolor/512x512/apps/" + f"{APP_ID}.png"):
        assert (appdir / name).is_file(), name
    v = subprocess.run([str(appdir / "AppRun"), "--version"], capture_output=True, text=True,
                       timeout=60)
    assert v.stdout.strip() == f"zole {VERSION}"


def test_package_refuses_a_folder_that_is_no_bundle(tmp_path):
    r = subprocess.run([sys.executable, str(ROOT / "build" / "package.py"), "deb", "--out",
                        str(tmp_path / "out"), "--bundle", str(tmp_path)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "not a Linux bundle" in r.stderr
