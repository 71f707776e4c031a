"""The hand review: every hand open around the table, trick by trick, with the double-dummy
result and what the result turned on (a bid, the burial, a card), costliest first.

The analysis (:func:`..records.review_run.run`: each bid, the burial, then every card with all
cards open; pure Python, it can take seconds) runs on the hint worker as the table's hints do
(:mod:`..flow.workers`); the tricks show at once, a bar fills trick by trick and the moments
appear as they are found.  Leaving the scene (Esc) stops it at once.
"""

from __future__ import annotations

import logging
from collections.abc import Collection

import pygame

from ..flow.people import Names
from ..flow.workers import HINTS, Job, Workers
from ..i18n import N_, _, ngettext
from ..records import review as R
from ..records import review_moments as M
from ..records import review_run
from ..rules.state import TABLE, HandState
from . import gfx, review_panel
from .scene import BACK, CLICK, CONFIRM, KEY, LEFT, MOTION, NEXT, PREV, RIGHT, Action, Scene
from .sprites import CardImages
from .widgets import Button, draw_outline, outline_rect

log = logging.getLogger(__name__)

BUDGET = 20.0  # seconds for the analysis of one hand
HAND_CARD = 0.155  # card height as a fraction of the window height
TRICK_CARD = 0.17


class ReviewScene(Scene):
    """``hand``: a finished :class:`HandState` (or a ready :class:`review.HandReview`);
    ``names``: per seat; ``viewer``: the seat drawn at the bottom when it played the hand;
    ``number``: the hand's number in its match, for the title; ``typed``: the seats whose
    names people typed at other computers (shown as typed, never translated)."""

    def __init__(self, hand: HandState | R.HandReview, names: list[str] | None = None,
                 viewer: int | None = 0, number: int | None = None,
                 budget: float = BUDGET, node_limit: int | None = None,
                 threaded: bool = True, typed: Collection[int] = ()) -> None:
        super().__init__()
        if isinstance(hand, R.HandReview):
            self.state = None
            self.review = hand
        else:
            self.state = hand
            self.review = R.review_hand(hand, analyse=False)
        rv = self.review
        self.names = list(names) if names else []
        self.typed = frozenset(typed)
        self.viewer = viewer if viewer is not None else 0
        self.number = number
        self.budget = budget
        self.node_limit = node_limit
        self.threaded = threaded
        self.step = 0  # 0: before the first lead; k: after trick k
        self.job: Job | None = None
        self.workers: Workers | None = None
        self.progress: review_run.Progress | None = None  # the latest the analysis told
        self.shown_progress: review_run.Progress | None = None  # ... and the one drawn
        self.selected: M.Moment | None = None  # the moment whose reason is shown
        self.figures = False  # the chosen moment's figures instead of its reason (I)
        self.moment_rects: list[tuple[pygame.Rect, M.Moment]] = []
        self.drawn_bar: pygame.Rect | None = None  # the progress bar in the last frame
        self.drawn_texts: list[str] = []  # the panel's lines in the last frame
        self.drawn_sizes: list[int] = []  # ... and their type sizes
        # the cards are analysed in ordinary games and zoles; the bids in every hand
        self.analysing = (self.state is not None and rv.status == R.NOT_ANALYSED
                          and (rv.analysable or bool(rv.bids)))
        self.clock = 0.0
        # what the last frame drew, for the layout tests: card faces (and the give-away's
        # ring) and every label, as rectangles in window coordinates
        self.drawn_cards: list[pygame.Rect] = []
        self.drawn_labels: list[tuple[str, pygame.Rect]] = []
        self.info_bottom = 0
        self.images: CardImages | None = None
        self.images_key: tuple | None = None
        self.sides = self._sides()
        self.buttons = [
            Button(N_("Back"), self.back),
            Button(N_("Costliest moment"), self.jump_giveaway,
                   enabled=lambda: bool(self.moments()) or self.review.first_giveaway
                   is not None),
            Button("◀", lambda: self.go(self.step - 1), enabled=lambda: self.step > 0),
            Button("▶", lambda: self.go(self.step + 1), primary=True,
                   enabled=lambda: self.step < len(self.review.tricks)),
        ]
        self.focus = 3

    # ------------------------------------------------------------------ set-up
    def _sides(self) -> dict[int, str]:
        rv = self.review
        players = rv.players
        v = self.viewer if 0 <= self.viewer < players else 0
        order = [(v + k) % players for k in range(players)]
        active = [s for s in order if s in rv.seats]
        if v in rv.seats:
            others = [s for s in active if s != v]
            return {v: "bottom", others[0]: "left", others[1]: "right"}
        return {active[0]: "left", active[1]: "bottom", active[2]: "right"}

    def names_of(self) -> Names:
        return Names(self.names, self.viewer, self.typed)

    def name(self, seat: int) -> str:
        """The seat's name as shown; the viewer's seat with no typed name is "You"."""
        return self.names_of()(seat)

    def you(self) -> int | None:
        """The seat spoken to in the second person, if any."""
        return self.names_of().you

    def enter(self) -> None:
        if not self.analysing or self.state is None:
            return
        if not self.threaded or self.app is None:
            self._take(self._work(self.state, None))
            return
        self.workers = Workers({HINTS: self.app.hint_executor}, self.app.wake)
        self.job = self.workers.submit(HINTS, self._work, self.state, limits=True)

    def exit(self) -> None:
        if self.job is not None:
            self.job.stop()

    def _tell(self, progress: review_run.Progress) -> None:
        """In the worker: the analysis got this far (the loop draws it on its next step)."""
        self.progress = progress
        if self.app is not None and self.threaded:
            self.app.wake()

    def _work(self, state: HandState, deadline, cancel=None) -> R.HandReview:
        try:
            return review_run.run(state, self._tell, budget=self.budget, cancel=cancel,
                                  node_limit=self.node_limit)
        except Exception:  # noqa: BLE001 - never take the window down for an analysis
            log.exception("the hand review's analysis failed")
            self.review.status = R.FAILED  # said so on the screen, not "ran out of time"
            return self.review

    def _take(self, rv: R.HandReview) -> None:
        self.review = rv
        self.analysing = False
        self.job = None
        if self.app is not None:
            self.app.invalidate()

    def busy(self) -> bool:
        return self.analysing

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.job is not None and self.job.done():
            try:
                rv = self.job.result()
            except Exception:  # noqa: BLE001 - logged by the worker; the tricks stay shown
                self.review.status = R.FAILED
                rv = self.review
            self._take(rv)

    def moments(self) -> list[M.Moment]:
        """What the result turned on, costliest first: found so far while analysing."""
        if self.analysing:
            p = self.progress
            return list(p.moments) if p is not None else []
        return list(self.review.moments)

    def chosen_moment(self) -> M.Moment | None:
        ms = self.moments()
        sel = self.selected
        same = [m for m in ms if sel is not None and (m.kind, m.order) == (sel.kind, sel.order)]
        return same[0] if same else ms[0] if ms else None

    def notes(self) -> list[R.CardNote]:
        """The cards' double-dummy notes known so far."""
        if self.analysing and self.progress is not None:
            return list(self.progress.notes)
        return self.review.notes

    def note_for(self, index: int) -> R.CardNote | None:
        ns = self.notes()
        return ns[index] if 0 <= index < len(ns) and ns[index].index == index else None

    def ringed(self) -> R.CardNote | None:
        """The card with the ring: the chosen moment's card, else the first give-away."""
        m = self.chosen_moment()
        if m is not None:
            return m.note
        return self.review.first_giveaway

    # ------------------------------------------------------------------ input
    def back(self) -> None:
        if self.job is not None:
            self.job.stop()
        self.stack.pop()

    def go(self, step: int) -> None:
        self.step = max(0, min(len(self.review.tricks), step))

    def jump_giveaway(self) -> None:
        """To the costliest moment (a bid or the burial: before the first lead)."""
        ms = self.moments()
        if ms:
            m = ms[0]
            self.selected = m
            self.go(m.trick)
            return
        g = self.review.first_giveaway
        if g is not None:
            self.go(g.trick)

    def choose(self, m: M.Moment) -> None:
        self.selected = m
        self.go(m.trick)

    def handle(self, a: Action) -> None:
        k = a.kind
        if k == BACK:
            self.back()
        elif k == LEFT:
            self.go(self.step - 1)
        elif k == RIGHT:
            self.go(self.step + 1)
        elif k == KEY and a.value == pygame.K_HOME:
            self.go(0)
        elif k == KEY and a.value == pygame.K_END:
            self.go(len(self.review.tricks))
        elif k == KEY and a.text.lower() == "g":
            self.jump_giveaway()
        elif k == KEY and a.value == pygame.K_i:
            self.figures = not self.figures
        elif k in (NEXT, PREV):
            n = len(self.buttons)
            for _i in range(n):
                self.focus = (self.focus + (1 if k == NEXT else -1)) % n
                if self.buttons[self.focus].enabled:
                    break
        elif k == CONFIRM:
            b = self.buttons[self.focus]
            if b.enabled:
                b.activate()
            else:
                self.go(self.step + 1)
        elif k == MOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(a.point)
        elif k == CLICK:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(a.point) and b.enabled:
                    self.focus = i
                    b.activate()
                    return
            for r, m in self.moment_rects:
                if r.collidepoint(a.point):
                    if self.chosen_moment() is m:
                        self.figures = not self.figures
                    self.choose(m)
                    return

    # ------------------------------------------------------------------ what to show
    def held(self) -> dict[int, tuple[int, ...]]:
        """The cards each seat holds at this step (the current trick's cards are on the
        table)."""
        rv = self.review
        if self.step == 0:
            return rv.start
        if self.step >= len(rv.tricks):
            return rv.left
        return rv.tricks[self.step].before

    def trick(self) -> R.TrickView | None:
        if self.step == 0:
            return None
        return self.review.tricks[self.step - 1]

    def taken(self) -> dict[int, tuple[int, int]]:
        """(tricks, card points) per seat after this step."""
        out = {s: (0, 0) for s in self.review.seats}
        for t in self.review.tricks[:self.step]:
            if t.winner in out:
                n, p = out[t.winner]
                out[t.winner] = (n + 1, p + t.points)
        return out

    # ------------------------------------------------------------------ drawing
    def card_images(self, H: int) -> CardImages:
        key = (H, self.app.theme.id)
        if self.images is None or self.images_key != key:
            self.images = CardImages(self.app.theme, int(H * HAND_CARD))
            self.images_key = key
        return self.images

    def blit_card(self, surface, c: int, center, scale: float = 1.0,
                  outline: bool = False) -> pygame.Rect:
        images = self.card_images(self.app.size[1])
        img = images.image(c, True, scale)
        r = img.get_rect(center=(int(center[0]), int(center[1])))
        surface.blit(images.shadow(r.w, r.h), r.move(2, 3))
        surface.blit(img, r)
        self.drawn_cards.append(r)
        if outline:
            draw_outline(surface, r, max(4, r.w // 10))
            self.drawn_cards.append(outline_rect(r))
        return r

    def label(self, surface, text: str, size: int, color, pos, anchor: str = "topleft",
              bold: bool = False) -> pygame.Rect:
        """A line of text, remembered with its rectangle."""
        r = gfx.blit_text(surface, text, size, color, pos, anchor, bold=bold)
        self.drawn_labels.append((text, r))
        return r

    def draw(self, surface) -> None:
        surface.blit(self.app.felt(), (0, 0))
        W, H = surface.get_size()
        self.card_images(H)
        self.drawn_cards = []
        self.drawn_labels = []
        self.drawn_texts = []
        self.drawn_sizes = []
        self.drawn_bar = None
        self.shown_progress = self.progress
        body = max(12, int(H * 0.024))
        small = max(12, int(H * 0.019))  # never under 12 px (960x540)
        info = review_panel.draw_info(self, surface, W, H, body, small)
        self.info_bottom = info.bottom
        self.draw_buttons(surface, W, H)
        held = self.held()
        cw, ch = self.card_images(H).w, self.card_images(H).h
        step = int(cw * 0.5)
        row_w = 7 * step + cw
        margin = int(W * 0.03)
        side_y = info.bottom + int(H * 0.05) + ch // 2 + body
        anchors = {
            "left": (margin + row_w // 2, side_y),
            "right": (W - margin - row_w // 2, side_y),
            "bottom": (W // 2, H - int(H * 0.03) - ch // 2),
        }
        taken = self.taken()
        rv = self.review
        for seat, side in self.sides.items():
            cx, cy = anchors[side]
            cards = held.get(seat, ())
            n = len(cards)
            x0 = cx - ((n - 1) * step + cw) // 2 + cw // 2 if n else cx
            for i, c in enumerate(cards):
                self.blit_card(surface, c, (x0 + i * step, cy))
            if not n:
                ph = gfx.panel(row_w // 2, ch // 3, fill=(0, 0, 0), border=None, alpha=50)
                surface.blit(ph, ph.get_rect(center=(cx, cy)))
            # the name plate above the cards
            role = ""
            if rv.declarer == seat:
                role = _("declarer")
            elif rv.declarer is not None:
                role = _("defender")
            tn, tp = taken.get(seat, (0, 0))
            plate = self.name(seat) + (f" · {role}" if role else "")
            got = ngettext("{n} trick", "{n} tricks", tn).format(n=tn) + ", " + \
                R.points_text(tp)
            py = cy - ch // 2 - int(body * 0.4)
            w = row_w + cw // 2
            pr = self.label(surface, plate, gfx.fit_size(plate, body, int(w * 0.6), True),
                            gfx.AMBER if rv.declarer == seat else gfx.LINEN,
                            (cx - row_w // 2, py), "bottomleft", bold=True)
            self.label(surface, got, gfx.fit_size(got, small, max(40, w - pr.w - 20)),
                       gfx.DIM_LINEN, (cx + row_w // 2, py), "bottomright")
        review_panel.draw_extra(self, surface, W, H, small, anchors)
        self.draw_trick(surface, W, H, small, anchors)

    def draw_buttons(self, surface, W: int, H: int) -> None:
        bh = max(36, int(H * 0.065))
        bw = int(W * 0.15)
        gap = max(6, W // 160)
        y = H - int(H * 0.03) - bh
        x = W - int(W * 0.03) - bw
        back, first, prev, nxt = self.buttons
        half = (bw - gap) // 2
        prev.rect = pygame.Rect(x, y, half, bh)
        nxt.rect = pygame.Rect(x + half + gap, y, half, bh)
        first.rect = pygame.Rect(x, y - bh - gap, bw, bh)
        back.rect = pygame.Rect(int(W * 0.03), y, bw, bh)
        for i, b in enumerate(self.buttons):
            b.draw(surface, i == self.focus)

    def trick_labels(self, t: R.TrickView) -> list[tuple[int, int, str, str, bool]]:
        """Per card of the trick: seat, card, the tag above it ("led", "wins"), the note
        below it ("gave away …", or "") and whether it is the first give-away."""
        first = self.ringed()
        out = []
        k = t.first_card
        for seat, c in t.plays:
            note = None
            if seat != TABLE:
                note = self.note_for(k)
                k += 1
            tag = ""
            if c == t.plays[0][1]:
                tag = _("led")
            if seat == t.winner:
                tag = (tag + ", " if tag else "") + _("wins")
            lost = ""
            if note is not None and note.lost > 0:
                lost = ngettext("gave away {n} point", "gave away {n} points",
                                note.lost).format(n=note.lost)
            is_first = note is not None and first is not None and note.index == first.index
            out.append((seat, c, tag, lost, is_first))
        return out

    def trick_geometry(self, W: int, H: int, small: int, anchors,
                       labels) -> tuple[int, int, float, int, int]:
        """Centre x and y of the trick's row of cards, their scale, the step between them and
        the width a label may take.  From the top: the trick in words (two lines), the tags,
        the cards in one row (left seat, bottom seat, right seat), the give-away notes: all
        between the side hands and the bottom hand's name, so that no text covers a card."""
        cw, ch = self.card_images(H).w, self.card_images(H).h
        body = max(12, int(H * 0.024))
        lh = gfx.font(small, True).get_height()
        top = anchors["left"][1] + ch // 2 + max(4, lh // 3)
        bottom = anchors["bottom"][1] - ch // 2 - int(body * 0.4) - int(body * 1.3)
        ring = max(8, ch // 10)  # the first give-away's ring around its card
        above = 3 * (lh + 3) + ring  # the two lines of words and the tags
        below = ring + lh + 8  # a give-away note in its box
        s = TRICK_CARD / HAND_CARD
        room = bottom - top - above - below
        if int(ch * s) > room:
            s = max(0.4, room / ch)
        tw, th = int(cw * s), int(ch * s)
        cy = top + above + max(0, room - th) // 2 + th // 2
        widest = max([gfx.text_width(tag, small) for _s, _c, tag, _l, _f in labels]
                     + [gfx.text_width(lost, small, True) + 10
                        for _s, _c, _t, lost, _f in labels if lost] + [0])
        dx = max(tw + max(12, tw // 3), widest + 12)
        n_side = 2 if any(seat == TABLE for seat, *_rest in labels) else 1
        dx = min(dx, (W // 2 - int(W * 0.03) - tw // 2) // n_side)
        return W // 2, cy, s, dx, dx - 12

    def draw_trick(self, surface, W: int, H: int, small: int, anchors) -> None:
        t = self.trick()
        rv = self.review
        if t is None:
            if not rv.tricks:
                return
            cx, cy, _s, _dx, _lw = self.trick_geometry(W, H, small, anchors, [])
            msg = _("Press → to play the first trick")
            self.label(surface, msg, small, gfx.DIM_LINEN, (cx, cy), "center")
            return
        labels = self.trick_labels(t)
        cx, cy, s, dx, label_w = self.trick_geometry(W, H, small, anchors, labels)
        th = int(self.card_images(H).h * s)
        spots = {"left": cx - dx, "bottom": cx, "right": cx + dx}
        table_i = 0
        for seat, c, tag, lost, is_first in labels:
            if seat == TABLE:
                x = cx + (table_i * 2 - 1) * 2 * dx
                table_i += 1
            else:
                x = spots[self.sides[seat]]
            r = self.blit_card(surface, c, (x, cy), s, outline=is_first)
            ring = outline_rect(r)  # tags and notes in rows clear of a ring on any card
            if tag:
                self.label(surface, tag, gfx.fit_size(tag, small, label_w), gfx.LINEN,
                           (r.centerx, ring.y - 3), "midbottom")
            if lost:
                tr = gfx.text(lost, gfx.fit_size(lost, small, label_w - 10, True), gfx.LINEN,
                              True)
                box = tr.get_rect(midtop=(r.centerx, ring.bottom + 2)).inflate(10, 4)
                surface.blit(gfx.panel(box.w, box.h, fill=gfx.CARMINE if is_first else gfx.EDGE,
                                       border=gfx.AMBER if is_first else None, radius=6), box)
                surface.blit(tr, tr.get_rect(center=box.center))
                self.drawn_labels.append((lost, box))
        k = t.first_card + sum(1 for seat, *_rest in labels if seat != TABLE)
        # the trick in words, above the cards and their tags
        if t.winner != TABLE and t.winner == self.you():
            line = ngettext("You take {n} point", "You take {n} points", t.points).format(
                n=t.points)
        else:
            line = ngettext("{name} takes {n} point", "{name} takes {n} points",
                            t.points).format(name=self.name(t.winner), n=t.points)
        lh = gfx.font(small, True).get_height()
        top = cy - th // 2 - max(8, th // 14) - (lh + 3) - 3  # above the tags and the ring
        last = self.note_for(k - 1) if k > t.first_card else None
        if last is not None and rv.declarer is not None:
            dd = (ngettext("Best play from here: you end with {p} card point",
                           "Best play from here: you end with {p} card points", last.after)
                  if rv.declarer == self.you() else
                  ngettext("Best play from here: the declarer ends with {p} card point",
                           "Best play from here: the declarer ends with {p} card points",
                           last.after)).format(p=last.after)
            self.label(surface, dd, gfx.fit_size(dd, small, int(W * 0.5)), gfx.DIM_LINEN,
                       (cx, top), "midbottom")
            top -= lh + 3
        self.label(surface, line, gfx.fit_size(line, small, int(W * 0.5), True), gfx.LINEN,
                   (cx, top), "midbottom", bold=True)
