"""``bench solver`` prints the solver's speed and the digest of the values it found."""

import json

from zole_desktop.cli import bench


def test_bench_solver_prints_nodes_and_a_stable_digest(capsys):
    assert bench.bench_solver(layouts=2, runs=1, as_json=True) == 0
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert first["layouts"] == 2 and first["nodes"] > 0 and first["nodes_per_s"] > 0
    bench.bench_solver(layouts=2, runs=1, as_json=True)
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (again["nodes"], again["values"]) == (first["nodes"], first["values"])
