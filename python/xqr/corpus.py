"""A corpus judged on Dask (``dask.distributed``) into one Parquet dataset.

The driver lists the corpus's files as ``xqr batch`` would (``xqr.corpus_files``), cuts the list
into partitions of about ``partition_bytes`` (whole files, in order), and each worker judges its
partition with ``xqr.batch`` and writes one Parquet file ``part-NNNNN.parquet`` into ``out``. The
dataset has one row per game and ruleset, and one row per file or game that could not be read,
with its error: nothing is lost. The same code runs on a laptop's ``LocalCluster`` and on a real
cluster by address (``Client("tcp://scheduler:8786")``); ``out`` must then be a directory every
worker can write to.

>>> from dask.distributed import Client, LocalCluster          # doctest: +SKIP
>>> from xqr.corpus import judge_corpus                         # doctest: +SKIP
>>> with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
...     summary = judge_corpus(["games/"], ["cxa-1999", "cxa-2011"], "verdicts/", client=client)
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Any, Optional

import xqr

#: The columns of the dataset, in order, with their Arrow types (``schema()`` builds them).
COLUMNS = [
    ("file", "string"),           # the PGN file
    ("game", "int32"),            # 1-based index in the file; null for a file that gives no game
    ("line", "int32"),            # line where the game (or the error) starts
    ("plies", "int32"),           # plies in the record; null for an input error
    ("event", "string"),          # the record's Event, Red, Black and Result tags
    ("red", "string"),
    ("black", "string"),
    ("record_result", "string"),
    ("ruleset", "string"),        # null for an input error
    ("result", "string"),         # the record judged as played: "1-0", "0-1", "1/2-1/2", "*"
    ("termination", "string"),
    ("rule", "string"),           # the deciding article
    ("decided_at_ply", "int32"),
    ("pending_must_change", "string"),  # a ruling still open at the record's end
    ("pending_rule", "string"),
    ("claims", "int32"),          # points where a claim would have succeeded
    ("first_claim_result", "string"),
    ("first_claim_rule", "string"),
    ("first_claim_ply", "int32"),
    ("agrees_with_record", "bool"),
    ("error", "string"),          # why the game could not be read or judged under the ruleset
    ("error_ply", "int32"),
    ("error_column", "int32"),
]


def schema():
    """The Arrow schema of the dataset."""
    import pyarrow as pa

    types = {"string": pa.string(), "int32": pa.int32(), "bool": pa.bool_()}
    return pa.schema([(name, types[kind]) for name, kind in COLUMNS])


def rows_of(line: dict[str, Any]) -> list[dict[str, Any]]:
    """The dataset's rows for one line of ``xqr batch`` (a game line or an error line)."""
    if line["type"] == "error":
        return [{
            "file": line["file"], "game": line["game"], "line": line["line"],
            "error": line["error"], "error_column": line["column"],
        }]
    tags = line["tags"]
    base = {
        "file": line["file"], "game": line["game"], "line": line["line"], "plies": line["plies"],
        "event": tags.get("Event"), "red": tags.get("Red"), "black": tags.get("Black"),
        "record_result": tags.get("Result"),
    }
    rows = []
    for ruleset, v in line["verdicts"].items():
        row = dict(base, ruleset=ruleset)
        if "error" in v:
            row.update(error=v["error"], error_ply=v.get("ply"), error_column=v.get("column"))
        else:
            pending = v.get("pending") or {}
            first = v.get("first_claim") or {}
            row.update(
                result=v["result"], termination=v["termination"], rule=v["rule"],
                decided_at_ply=v["decided_at_ply"],
                pending_must_change=pending.get("must_change"), pending_rule=pending.get("rule"),
                claims=len(v["claims"]),
                first_claim_result=first.get("result"), first_claim_rule=first.get("rule"),
                first_claim_ply=first.get("decided_at_ply"),
                agrees_with_record=v["agrees_with_record"],
            )
        rows.append(row)
    return rows


def partitions(paths: Sequence[str], partition_bytes: int) -> list[list[str]]:
    """The corpus's files cut, in order, into groups of about ``partition_bytes``; a path that
    gives no file stays in a group so that its error is reported."""
    groups: list[list[str]] = [[]]
    size = 0
    for entry in xqr.corpus_files(list(paths)):
        if groups[-1] and size + entry.get("bytes", 0) > partition_bytes:
            groups.append([])
            size = 0
        groups[-1].append(entry["path"])
        size += entry.get("bytes", 0)
    return [g for g in groups if g]


def judge_partition(
    index: int, files: list[str], rulesets: list[str], out: str, claim: str, threads: int,
) -> dict[str, Any]:
    """Judges one partition and writes ``out/part-{index:05d}.parquet``; returns its counts."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    games = errors = plies = 0
    for line in xqr.batch(files, rulesets, claim=claim, threads=threads):
        rows.extend(rows_of(line))
        if line["type"] == "game":
            games += 1
            plies += line["plies"]
        else:
            errors += 1
    names = [name for name, _ in COLUMNS]
    table = pa.Table.from_pydict(
        {name: [r.get(name) for r in rows] for name in names}, schema=schema()
    )
    pq.write_table(table, os.path.join(out, f"part-{index:05d}.parquet"))
    return {"games": games, "input_errors": errors, "plies": plies, "rows": len(rows),
            "seconds": time.perf_counter() - started}


def judge_corpus(
    paths: Sequence[str],
    rulesets: Sequence[str],
    out: str,
    *,
    client: Optional[Any] = None,
    partition_bytes: int = 4 << 20,
    claim: str = "as_played",
    threads_per_task: int = 1,
) -> dict[str, Any]:
    """Judges every game of ``paths`` under ``rulesets`` on the Dask cluster of ``client`` (the
    current client when None) and writes the Parquet dataset ``out``. Returns the totals:
    games, input errors, plies, rows, partitions, seconds, games per second."""
    from dask.distributed import default_client

    client = client or default_client()
    os.makedirs(out, exist_ok=True)
    started = time.perf_counter()
    groups = partitions(paths, partition_bytes)
    futures = [
        client.submit(judge_partition, i, files, list(rulesets), os.path.abspath(out), claim,
                      threads_per_task, pure=False)
        for i, files in enumerate(groups)
    ]
    parts = client.gather(futures)
    seconds = time.perf_counter() - started
    totals = {key: sum(p[key] for p in parts) for key in ("games", "input_errors", "plies", "rows")}
    totals.update(partitions=len(groups), seconds=seconds,
                  games_per_second=totals["games"] / seconds if seconds else 0.0)
    return totals
