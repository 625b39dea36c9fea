"""The shared CCPD corpus judged on a two-worker Dask ``LocalCluster`` into Parquet: the rows
equal ``xqr batch``'s lines game for game, and unreadable files and bad games are rows with
their error."""

import pytest

pytest.importorskip("dask.distributed", reason="pip install ./python[dask]")

import pyarrow.parquet as pq
from dask.distributed import Client, LocalCluster

from conftest import CCPD
from xqr.corpus import COLUMNS, judge_corpus, rows_of

RULESETS = ["cxa-1999", "cxa-2011"]


def key(row):
    return (row["file"], row["game"], row["ruleset"])


def test_the_ccpd_corpus_on_two_workers_equals_xqr_batch(cli, tmp_path):
    broken = tmp_path / "broken.pgn"
    broken.write_text('[Event "a"]\n1. h2e2 h9g7 *\n\n[Event "b"]\n1. h2e2 {unclosed\n', encoding="utf-8")
    paths = [str(CCPD), str(broken), str(tmp_path / "missing.pgn")]
    out = tmp_path / "verdicts"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        totals = judge_corpus(paths, RULESETS, str(out), client=client, partition_bytes=1 << 20)
    table = pq.read_table(out)
    assert table.schema.names == [name for name, _ in COLUMNS]
    rows = table.to_pylist()

    lines = cli("batch", "--rulesets", ",".join(RULESETS), *paths, lines=True)
    summary = lines.pop()
    expected = [row for line in lines for row in rows_of(line)]
    assert summary["games"] == totals["games"] == 3312 + 1
    assert totals["input_errors"] == summary["input_errors"] == 2
    assert len(rows) == len(expected) == totals["rows"]
    names = [name for name, _ in COLUMNS]
    full = lambda r: {name: r.get(name) for name in names}
    assert sorted(map(full, rows), key=lambda r: repr(key(r))) == sorted(map(full, expected), key=lambda r: repr(key(r)))

    errors = [r for r in rows if r["error"]]
    assert {r["file"] for r in errors} == {str(broken), str(tmp_path / "missing.pgn")}
    assert all(r["ruleset"] is None for r in errors)
    assert totals["partitions"] >= 3
