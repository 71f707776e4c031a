"""Where the person points at the table: the keyboard's focus (one of my cards or one of the
decision buttons; it shows only once the keyboard is used), the card of mine under the mouse,
the card pressed on (and maybe dragged), and the only legal card while it plays itself (raised
a moment before it goes).  No pygame.

The focus is a pair: ``("card", i)``, the ``i``-th card of my hand as it is ordered, or
``("button", i)``, the ``i``-th decision button.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Pointer:
    focus: tuple[str, int] = ("card", 0)
    keyboard: bool = False  # the keyboard is in use: its focus shows
    hover_card: int | None = None  # my card under the mouse (at my turn to play or bury)
    drag_card: int | None = None  # my card the mouse pressed on, dragged while it is held
    auto_card: int | None = None  # my only legal card, raised while it plays itself

    def focus_card(self, i: int) -> None:
        self.focus = ("card", i)

    def focus_button(self, i: int) -> None:
        self.focus = ("button", i)

    def on_card(self, i: int | None = None) -> bool:
        """The focus is on one of my cards (on the ``i``-th, when ``i`` is given)."""
        return self.focus[0] == "card" and (i is None or self.focus[1] == i)

    def on_button(self, i: int) -> bool:
        return self.focus == ("button", i)

    def card_index(self) -> int:
        """The focused card's place in my hand (0 while the focus is on a button)."""
        return self.focus[1] if self.focus[0] == "card" else 0

    def shown_on_card(self, i: int | None = None) -> bool:
        """The keyboard is in use and its focus is on one of my cards (on the ``i``-th)."""
        return self.keyboard and self.on_card(i)

    def use_keyboard(self) -> bool:
        """A key moved the focus or chose: True when the keyboard was not in use until now."""
        if self.keyboard:
            return False
        self.keyboard = True
        return True

    def use_mouse(self) -> bool:
        """The mouse moved: True when the keyboard was in use until now (its focus goes)."""
        if not self.keyboard:
            return False
        self.keyboard = False
        return True

    def hover(self, c: int | None) -> bool:
        """The mouse is over my card ``c`` (None: none of them): True when that changed."""
        if c == self.hover_card:
            return False
        self.hover_card = c
        return True

    def let_go(self) -> int | None:
        """The mouse button went up: the card it held, held no more."""
        c, self.drag_card = self.drag_card, None
        return c
