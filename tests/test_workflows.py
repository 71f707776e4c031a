"""The test command is written in three places: the README, .ci/run and the test workflow.
They stay the same (the workflow says `python`, which every system's runner has)."""

import re

from tests.helpers import ROOT


def readme_command():
    text = (ROOT / "README.md").read_text("utf-8")
    section = text[text.index("## Two commands"):]
    cmds = re.findall(r"^    (python3 -m pip install -e \"\.\[test\]\".*)$", section, re.M)
    assert len(cmds) == 1, cmds
    return cmds[0].strip()


def test_ci_runs_exactly_the_readme_command():
    lines = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert readme_command() in [ln.strip() for ln in lines]


def test_the_workflow_runs_the_readme_command_on_three_systems():
    wf = (ROOT / ".github" / "workflows" / "test.yml").read_text("utf-8")
    want = readme_command().replace("python3 ", "python ")
    runs = [ln.strip()[len("run: "):] for ln in wf.splitlines()
            if ln.strip().startswith("run: python")]
    assert runs == [want], runs
    for os_name in ("ubuntu-latest", "windows-latest", "macos-latest"):
        assert os_name in wf
    assert re.search(r'python: \["3\.11", "3\.1[3-9]"\]', wf)
    assert "SDL_VIDEODRIVER: dummy" in wf
