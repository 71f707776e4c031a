"""The scene stack without any display."""

from zole_desktop.ui.scene import CLICK, Action, Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, opaque=True):
        super().__init__()
        self.name = name
        self.log = log
        self.opaque = opaque
        self.got = []

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def resume(self):
        self.log.append(("resume", self.name))

    def handle(self, action):
        self.got.append(action)

    def draw(self, surface):
        surface.append(self.name)


def test_push_pop_replace_and_input_to_top_only():
    log = []
    st = SceneStack(app="APP")
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    st.push(a)
    st.push(b)
    assert st.top is b and b.app == "APP" and b.stack is st
    st.handle(Action(CLICK, pos=(1, 2)))
    assert b.got and not a.got
    st.replace(c)
    assert st.top is c and len(st) == 2
    assert st.pop() is c
    assert st.top is a
    assert log == [("enter", "a"), ("enter", "b"), ("exit", "b"), ("enter", "c"),
                   ("exit", "c"), ("resume", "a")]
    st.clear()
    assert st.top is None and st.pop() is None


def test_overlays_draw_over_the_highest_opaque_scene():
    log = []
    st = SceneStack()
    st.push(Probe("menu", log))
    st.push(Probe("table", log))
    st.push(Probe("pause", log, opaque=False))
    drawn = []
    st.draw(drawn)
    assert drawn == ["table", "pause"]


def test_remove_below_top():
    log = []
    st = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log, opaque=False)
    for s in (a, b, c):
        st.push(s)
    st.remove(b)
    assert st.scenes == [a, c]
    assert ("exit", "b") in log
