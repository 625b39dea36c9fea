"""Shared fixtures: where the repository, the shared data and the ``xqr`` binary are."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
FIGURE_3 = ROOT / "host" / "samples" / "figure-3.pgn"
CCPD = SHARED / "games" / "ccpd"


def xqr_binary() -> pathlib.Path:
    """The command-line tool to compare with: ``XQR_BIN``, else the release or test build."""
    if "XQR_BIN" in os.environ:
        return pathlib.Path(os.environ["XQR_BIN"])
    for build in ("release", "debug"):
        path = ROOT / "target" / build / "xqr"
        if path.exists():
            return path
    raise RuntimeError("no xqr binary: run `cargo build --release -p xqr-host` or set XQR_BIN")


@pytest.fixture(scope="session")
def cli():
    """Runs ``xqr --format json ARGS`` from the repository root and parses its output (JSON, or
    JSON Lines when ``lines=True``)."""
    binary = xqr_binary()

    def run(*args, lines=False):
        out = subprocess.run(
            [str(binary), "--format", "json", *map(str, args)],
            cwd=ROOT, check=True, capture_output=True, text=True,
            env={k: v for k, v in os.environ.items() if k not in ("XQR_PLUGIN_PATH", "XQR_OVERLAY_PATH")},
        ).stdout
        if lines:
            return [json.loads(line) for line in out.splitlines() if line.strip()]
        return json.loads(out)

    return run
