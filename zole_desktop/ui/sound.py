"""Sound effects made here: short sounds synthesised into memory (no files, no numpy), once
the first frame is on the screen (:meth:`Sound.prepare`; or at the first sound, whichever
comes first).  A card slide is a filtered noise burst, a tap a damped low thump with a click, a
riffle a run of tiny slides.  Silent, never failing, when the mixer cannot start."""

from __future__ import annotations

import math
import random
from array import array

import pygame

RATE = 44100


def _slide(rng: random.Random, ms: int = 130, cutoff: float = 0.18, gain: float = 0.35) -> list:
    n = RATE * ms // 1000
    out = []
    lp = 0.0
    lp2 = 0.0
    for i in range(n):
        t = i / n
        env = min(1.0, t / 0.08) * (1 - t) ** 2
        x = rng.uniform(-1, 1)
        lp += cutoff * (x - lp)
        lp2 += cutoff * (lp - lp2)
        out.append((x - lp2) * 0.35 * env * gain + lp2 * env * gain * 2.2)
    return out


def _tap(rng: random.Random) -> list:
    n = RATE * 45 // 1000
    out = []
    for i in range(n):
        t = i / RATE
        env = math.exp(-t * 90)
        thump = math.sin(2 * math.pi * 170 * t) * env * 0.45
        click = rng.uniform(-1, 1) * math.exp(-t * 700) * 0.25
        out.append(thump + click)
    return out


def _riffle(rng: random.Random) -> list:
    total = RATE * 520 // 1000
    out = [0.0] * total
    k = 0
    pos = 0
    while pos < total - 2000:
        burst = _slide(rng, ms=22, cutoff=0.35, gain=0.25 + 0.1 * rng.random())
        for i, v in enumerate(burst):
            if pos + i < total:
                out[pos + i] += v
        k += 1
        pos += int(RATE * (0.012 + 0.008 * rng.random() + 0.0004 * k))
    return out


def _notes(freqs: tuple[float, ...], step_ms: int, gain: float) -> list:
    """Soft bell-like notes one after another, each ringing on under the next."""
    step = RATE * step_ms // 1000
    total = step * len(freqs) + RATE * 350 // 1000
    out = [0.0] * total
    for k, f in enumerate(freqs):
        start = k * step
        for i in range(total - start):
            t = i / RATE
            env = min(1.0, t / 0.006) * math.exp(-t * 6.5)
            out[start + i] += (math.sin(2 * math.pi * f * t)
                               + 0.3 * math.sin(4 * math.pi * f * t)) * env * gain
    return out


def _win(rng: random.Random) -> list:
    """A hand won: a rising major arpeggio (C E G C)."""
    return _notes((523.3, 659.3, 784.0, 1046.5), 85, 0.22)


def _lose(rng: random.Random) -> list:
    """A hand lost: two low falling notes, quiet."""
    return _notes((392.0, 311.1), 160, 0.16)


LATER = {"win": _win, "lose": _lose}  # made at their first use


def _pcm(samples: list, channels: int) -> bytes:
    """16-bit samples, the same in every channel (one pass, then the channels interleaved by
    slices: a sample at a time cost as much as making the sounds)."""
    mono = array("h", [int(max(-1.0, min(1.0, v)) * 32000) for v in samples])
    if channels == 1:
        return mono.tobytes()
    out = array("h", bytes(2 * channels * len(mono)))
    for c in range(channels):
        out[c::channels] = mono
    return out.tobytes()


class Sound:
    def __init__(self, enabled: bool = True) -> None:
        self._enabled = False
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.ok = False
        self.tried = False
        self.enabled = enabled

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        """The mixer starts only when sound is first wanted."""
        self._enabled = bool(on)
        if on and not self.tried:
            self.tried = True
            self._start()

    def _start(self) -> None:
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            got = pygame.mixer.get_init()
            if got is None:
                raise pygame.error("the mixer did not start")
            freq, size, _channels = got
            if size != -16 or freq != RATE:
                raise pygame.error("unexpected mixer format")
            self.ok = True
        except (pygame.error, NotImplementedError, ValueError):
            self.sounds = {}
            self.ok = False

    def prepare(self) -> None:
        """Synthesise the sounds (a twentieth of a second), if the mixer runs and they are
        not made yet: the app calls it once its first frame is drawn, so that the window
        does not wait for them."""
        if not self.ok or self.sounds:
            return
        try:
            got = pygame.mixer.get_init()
            if got is None:
                raise pygame.error("the mixer stopped")
            channels = got[2]
            rng = random.Random(7)
            for name, gen in (("slide", _slide), ("tap", _tap), ("riffle", _riffle)):
                self.sounds[name] = pygame.mixer.Sound(buffer=_pcm(gen(rng), channels))
        except (pygame.error, NotImplementedError, ValueError, TypeError):
            self.sounds = {}
            self.ok = False

    def play(self, name: str, volume: float = 0.6) -> None:
        if not (self.enabled and self.ok):
            return
        self.prepare()
        s = self.sounds.get(name)
        if s is None and name in LATER:
            s = self._make(name)
        if s is None:
            return
        try:
            s.set_volume(volume)
            s.play()
        except pygame.error:
            pass

    def _make(self, name: str):
        """A sound made at its first use (the end of a hand's: 15-35 ms, not at start-up)."""
        try:
            got = pygame.mixer.get_init()
            if got is None:
                raise pygame.error("the mixer stopped")
            snd = pygame.mixer.Sound(buffer=_pcm(LATER[name](random.Random(7)), got[2]))
        except (pygame.error, NotImplementedError, ValueError, TypeError):
            self.ok = False
            return None
        self.sounds[name] = snd
        return snd

    def quit(self) -> None:
        if self.ok:
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass
