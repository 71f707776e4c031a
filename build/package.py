"""Installable packages from the PyInstaller bundle.

    python build/package.py deb --out DIR [--bundle BUNDLE]      # DIR/zole-desktop_<v>_<arch>.deb
    python build/package.py appdir --out DIR [--bundle BUNDLE]   # DIR/Zole.AppDir (for appimagetool)
    python build/package.py version                              # the version, from pyproject.toml

BUNDLE is the one-folder PyInstaller build (``zole/`` holding the ``zole`` executable).
Without ``--bundle`` the bundle is built first, into a temporary folder outside the repo.
The Linux packages carry a desktop entry, hicolor icons at the usual sizes and AppStream
metainfo (``build/linux/``), so the game shows in the desktop's menu.  The Windows installer
(``build/windows/zole.iss``) and the macOS disk image are made by the release workflow.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "build" / "linux"
APP_ID = "lv.zole.desktop"
PACKAGE = "zole-desktop"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
DEB_ARCH = {"x86_64": "amd64", "amd64": "amd64", "aarch64": "arm64", "arm64": "arm64",
            "armv7l": "armhf", "i686": "i386", "i386": "i386"}


class PackageError(Exception):
    pass


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def version() -> str:
    return str(project()["version"])


def deb_arch() -> str:
    m = platform.machine().lower()
    if m not in DEB_ARCH:
        raise PackageError(f"no Debian architecture known for machine {m!r}")
    return DEB_ARCH[m]


def glibc() -> str:
    """The build machine's glibc: the bundle's Python and libraries need at least that."""
    name, ver = platform.libc_ver()
    if name != "glibc" or not ver:
        raise PackageError("a .deb is built on a glibc Linux system")
    return ver


def build_bundle(work: Path) -> Path:
    """Run PyInstaller on build/zole_desktop.spec; return the one-folder bundle."""
    dist = work / "dist"
    r = subprocess.run([sys.executable, "-m", "PyInstaller",
                        str(ROOT / "build" / "zole_desktop.spec"), "--noconfirm",
                        "--distpath", str(dist), "--workpath", str(work / "work")],
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise PackageError("PyInstaller failed: " + r.stderr.strip().splitlines()[-1])
    return dist / "zole"


def check_bundle(bundle: Path) -> None:
    exe = bundle / "zole"
    if not exe.is_file() or not os.access(exe, os.X_OK):
        raise PackageError(f"{bundle} is not a Linux bundle: no executable 'zole' in it")


def write_icons(share: Path) -> list[Path]:
    """hicolor PNG icons at the usual sizes, scaled from art/icons/zole.png."""
    from PIL import Image

    out = []
    with Image.open(ROOT / "art" / "icons" / "zole.png") as src:
        src = src.convert("RGBA")
        for n in ICON_SIZES:
            d = share / "icons" / "hicolor" / f"{n}x{n}" / "apps"
            d.mkdir(parents=True, exist_ok=True)
            p = d / f"{APP_ID}.png"
            src.resize((n, n), Image.LANCZOS).save(p, optimize=True)
            out.append(p)
    return out


def metainfo_text() -> str:
    """The AppStream metainfo with this version's release line filled in."""
    from datetime import date

    text = (LINUX / f"{APP_ID}.metainfo.xml").read_text("utf-8")
    day = os.environ.get("SOURCE_DATE", "") or release_date() or date.today().isoformat()
    return text.replace("@VERSION@", version()).replace("@DATE@", day)


def release_date() -> str | None:
    """The date of this version's CHANGELOG heading (``## 0.2.0 — 2026-12-01``), if any."""
    import re

    try:
        log = (ROOT / "CHANGELOG.md").read_text("utf-8")
    except OSError:
        return None
    m = re.search(rf"^##\s+\[?{re.escape(version())}\]?\s+\S+\s+(\d{{4}}-\d\d-\d\d)", log,
                  re.MULTILINE)
    return m.group(1) if m else None


def share_tree(share: Path) -> None:
    """/usr/share: desktop entry, icons, metainfo, licence."""
    (share / "applications").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LINUX / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop")
    (share / "metainfo").mkdir(parents=True, exist_ok=True)
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(metainfo_text(), "utf-8")
    write_icons(share)


def _copy_bundle(bundle: Path, dest: Path) -> None:
    shutil.copytree(bundle, dest, symlinks=True)


def make_deb(bundle: Path, out: Path, compress: str = "xz") -> Path:
    """DIR/zole-desktop_<version>_<arch>.deb: the bundle under /opt/zole-desktop, ``zole`` on
    the PATH, the menu entry, icons and metainfo under /usr/share."""
    check_bundle(bundle)
    if shutil.which("dpkg-deb") is None:
        raise PackageError("dpkg-deb is not installed (Debian package dpkg)")
    v, arch = version(), deb_arch()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="zole-deb-") as tmp:
        root = Path(tmp) / "root"
        _copy_bundle(bundle, root / "opt" / PACKAGE)
        (root / "usr" / "bin").mkdir(parents=True)
        os.symlink(f"/opt/{PACKAGE}/zole", root / "usr" / "bin" / "zole")
        share = root / "usr" / "share"
        share_tree(share)
        doc = share / "doc" / PACKAGE
        doc.mkdir(parents=True)
        shutil.copyfile(LINUX / "copyright", doc / "copyright")
        size_kb = sum(p.stat().st_size for p in root.rglob("*")
                      if p.is_file() and not p.is_symlink()) // 1024
        meta = project()
        control = root / "DEBIAN" / "control"
        control.parent.mkdir()
        control.write_text(
            f"Package: {PACKAGE}\n"
            f"Version: {v}\n"
            f"Architecture: {arch}\n"
            "Maintainer: Zole desktop team <team@zole-desktop.invalid>\n"
            f"Installed-Size: {size_kb}\n"
            f"Depends: libc6 (>= {glibc()})\n"
            "Section: games\n"
            "Priority: optional\n"
            f"Description: {meta['description']}\n"
            " Zole (zolite) is Latvia's national card game for three players.\n"
            " Play it offline against bots of four strengths, in Latvian, English or\n"
            " Russian, with every table variant, a rules guide and a guided first game.\n",
            "utf-8")
        for p in [root, *root.rglob("*")]:
            if p.is_symlink():
                continue
            os.chmod(p, 0o755 if (p.is_dir() or os.access(p, os.X_OK)) else 0o644)
        deb = out / f"{PACKAGE}_{v}_{arch}.deb"
        r = subprocess.run(["dpkg-deb", "--root-owner-group", f"-Z{compress}", "--build", str(root),
                            str(deb)], capture_output=True, text=True)
        if r.returncode != 0:
            raise PackageError("dpkg-deb failed: " + (r.stderr.strip() or r.stdout.strip()))
    return deb


def make_appdir(bundle: Path, out: Path) -> Path:
    """DIR/Zole.AppDir, ready for ``appimagetool``: AppRun, the entry and icon at the top."""
    check_bundle(bundle)
    appdir = out / "Zole.AppDir"
    if appdir.exists():
        shutil.rmtree(appdir)
    _copy_bundle(bundle, appdir / "usr" / "lib" / PACKAGE)
    share = appdir / "usr" / "share"
    share_tree(share)
    shutil.copyfile(LINUX / f"{APP_ID}.desktop", appdir / f"{APP_ID}.desktop")
    shutil.copyfile(share / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png",
                    appdir / f"{APP_ID}.png")
    run = appdir / "AppRun"
    run.write_text('#!/bin/sh\nHERE="$(dirname "$(readlink -f "$0")")"\n'
                   f'exec "$HERE/usr/lib/{PACKAGE}/zole" "$@"\n', "utf-8")
    run.chmod(0o755)
    return appdir


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="package.py", description=__doc__.splitlines()[0])
    p.add_argument("what", choices=["deb", "appdir", "version"])
    p.add_argument("--out", type=Path, help="folder for the package (outside the repo)")
    p.add_argument("--bundle", type=Path, help="the PyInstaller one-folder bundle")
    p.add_argument("--compress", choices=["xz", "gzip", "none"], default="xz",
                   help="the .deb's compression (tests use none: faster)")
    args = p.parse_args(argv)
    if args.what == "version":
        print(version())
        return 0
    if args.out is None:
        print("package.py: --out DIR is needed", file=sys.stderr)
        return 2
    try:
        with tempfile.TemporaryDirectory(prefix="zole-pkg-") as work:
            bundle = args.bundle or build_bundle(Path(work))
            if args.what == "deb":
                made = make_deb(bundle, args.out, args.compress)
            else:
                made = make_appdir(bundle, args.out)
    except (PackageError, OSError) as e:
        print(f"package.py: {e}", file=sys.stderr)
        return 1
    print(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
