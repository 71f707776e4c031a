"""A short run of the crash test (issue 32): the host killed with SIGKILL a few times at
random moments and started again; the long run is ``python -m zole_desktop.net.crashtest
--kills 200``."""

from zole_desktop.net import crashtest


def test_a_host_killed_at_random_moments_never_goes_back_loses_or_doubles_a_match():
    r = crashtest.run(kills=6, seconds=45, seed=3)
    assert r["kills"] >= 3, r
    assert r["problem_count"] == 0 and r["doubled"] == 0, r
