"""Scenes and the scene stack.  Pure Python (no display needed), so it can be tested alone.

The app maps raw input to :class:`Action` values before a scene sees it.  Only the top scene
gets actions; drawing starts at the highest opaque scene so overlays (pause, summaries) show
the table beneath them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# action kinds
CLICK = "click"  # mouse button released over the same place it was pressed (pos)
PRESS = "press"  # mouse button down (pos)
MOTION = "motion"  # mouse moved (pos)
DRAG = "drag"  # mouse moved with the button held, beyond a small threshold (pos, start)
DROP = "drop"  # button released after a drag (pos, start)
WHEEL = "wheel"  # scroll (value: +1 up, -1 down)
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
CONFIRM = "confirm"  # Enter / keypad Enter / Space
BACK = "back"  # Escape
NEXT, PREV = "next", "prev"  # Tab / Shift+Tab
KEY = "key"  # any other key (value: pygame key code, text: its character)
TEXT = "text"  # typed text (text)
ERASE = "erase"  # Backspace
DROP_FILE = "drop_file"  # a file or folder dropped on the window (text: its path)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    pos: tuple[int, int] | None = None
    start: tuple[int, int] | None = None
    value: int = 0
    text: str = ""

    @property
    def point(self) -> tuple[int, int]:
        """Where a mouse action happened (a click, press, motion, drag or drop always has a
        place; asking a key for one is a mistake)."""
        if self.pos is None:
            raise ValueError(f"a {self.kind} action has no position")
        return self.pos


class Scene:
    """Base class.  ``app`` is set when the scene is pushed."""

    opaque = True  # False: the scene below is drawn first (an overlay)

    def __init__(self) -> None:
        self.app: Any = None
        self._stack: SceneStack | None = None

    @property
    def stack(self) -> SceneStack:
        """The stack the scene was pushed on (a scene's methods run only once it was)."""
        if self._stack is None:
            raise RuntimeError(f"{type(self).__name__} was never pushed on a scene stack")
        return self._stack

    @stack.setter
    def stack(self, stack: SceneStack) -> None:
        self._stack = stack

    def on_stack(self) -> bool:
        """Part of a scene stack now (it was pushed and has not left it)."""
        return self._stack is not None and self in self._stack.scenes

    def enter(self) -> None:
        """Called when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def resume(self) -> None:
        """Called when the scene above it was popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def handle(self, action: Action) -> None:
        """An input action (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (fixed step)."""

    def busy(self) -> bool:
        """True while something moves or waits on a timer: the loop must keep stepping."""
        return False

    def animating(self) -> bool:
        """True while the picture changes by itself (a frame is needed every step)."""
        return self.busy()

    def draw(self, surface: Any) -> None:
        """Draw the scene."""

    def close(self) -> None:
        """Leave the stack, wherever this scene stands in it."""
        if self._stack is not None:
            self._stack.remove(self)

    def redraw(self) -> None:
        """Ask for a new frame (the loop draws only when something changed)."""
        if self.app is not None:
            self.app.invalidate()


class SceneStack:
    def __init__(self, app: Any = None) -> None:
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def _attach(self, scene: Scene) -> None:
        scene.app = self.app
        scene.stack = self
        scene.enter()

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self._attach(scene)

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def remove(self, scene: Scene) -> None:
        """Take a scene out wherever it is (e.g. a table below an overlay)."""
        if scene in self.scenes:
            was_top = self.scenes[-1] is scene
            self.scenes.remove(scene)
            scene.exit()
            if was_top and self.scenes:
                self.scenes[-1].resume()

    def handle(self, action: Action) -> None:
        if self.scenes:
            self.scenes[-1].handle(action)

    def update(self, dt: float) -> None:
        # every scene keeps its clock (a table under the pause menu keeps its animations still
        # only if it chooses to); the top scene always updates
        for s in list(self.scenes):
            if s is self.top or getattr(s, "update_below", False):
                s.update(dt)

    def busy(self) -> bool:
        return any(s.busy() for s in self.scenes if s is self.top
                   or getattr(s, "update_below", False))

    def animating(self) -> bool:
        return any(s.animating() for s in self.visible())

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: Any) -> None:
        for s in self.visible():
            s.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for s in self.scenes:
            s.resize(size)
