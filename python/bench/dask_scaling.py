"""Games per second of a Dask corpus run with 1 and 2 workers, beside ``xqr batch`` on the same
corpus, in one run.

    pip install "./python[dask]"
    python python/bench/dask_scaling.py [--copies 4] [--rulesets cxa-1999,cxa-2011]

The corpus is the shared CCPD games linked ``--copies`` times under other names (so each copy is
judged again). Cluster start-up is not counted; writing Parquet is.
"""

import argparse
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

from dask.distributed import Client, LocalCluster

from xqr.corpus import judge_corpus

ROOT = pathlib.Path(__file__).resolve().parents[2]
CCPD = ROOT.parent / "shared" / "data" / "games" / "ccpd"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--rulesets", default="cxa-1999,cxa-2011")
    parser.add_argument("--xqr", default=str(ROOT / "target" / "release" / "xqr"))
    args = parser.parse_args()
    rulesets = args.rulesets.split(",")
    work = pathlib.Path(tempfile.mkdtemp(prefix="xqr-dask-"))
    try:
        corpus = work / "corpus"
        corpus.mkdir()
        for i in range(args.copies):
            for f in sorted(CCPD.glob("*.pgn")):
                os.symlink(f, corpus / f"{i}-{f.name}")
        print(f"corpus: {args.copies} × CCPD, rulesets {args.rulesets}")
        print("| run | games | seconds | games/s |")
        print("|---|---|---|---|")
        for threads in (1, 2):
            started = time.perf_counter()
            out = subprocess.run(
                [args.xqr, "batch", "--rulesets", args.rulesets, "--format", "json", str(corpus)],
                check=True, capture_output=True, env=dict(os.environ, RAYON_NUM_THREADS=str(threads)),
            ).stdout
            seconds = time.perf_counter() - started
            games = out.count(b'"type":"game"')
            print(f"| xqr batch, {threads} thread(s) | {games} | {seconds:.2f} | {games / seconds:,.0f} |")
        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                out = work / f"parquet-{workers}"
                t = judge_corpus([str(corpus)], rulesets, str(out), client=client)
            print(f"| Dask LocalCluster, {workers} worker(s) | {t['games']} | {t['seconds']:.2f} | "
                  f"{t['games_per_second']:,.0f} |")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
