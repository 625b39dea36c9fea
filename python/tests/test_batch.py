"""``xqr.batch`` yields the lines of ``xqr batch``, game for game, errors included."""

import xqr
from conftest import CCPD


def test_batch_yields_the_game_and_error_lines_of_xqr_batch(cli, tmp_path):
    broken = tmp_path / "broken.pgn"
    broken.write_text('[Event "a"]\n1. h2e2 h9g7 *\n\n[Event "b"]\n1. h2e2 {unclosed\n', encoding="utf-8")
    paths = [CCPD / "asian-cup.pgn", broken, tmp_path / "missing.pgn"]
    lines = list(xqr.batch(paths, ["cxa-1999", "cxa-2011"]))
    expected = cli("batch", "--rulesets", "cxa-1999,cxa-2011", *paths, lines=True)
    assert expected[-1]["type"] == "summary"
    assert lines == expected[:-1]
    kinds = [line["type"] for line in lines]
    assert kinds.count("game") == 679 + 1
    assert kinds.count("error") == 2


def test_an_abandoned_batch_stops_without_reading_the_rest():
    lines = xqr.batch([CCPD], ["cxa-1999"], threads=1)
    first = next(lines)
    assert first["type"] == "game" and first["game"] == 1
    del lines  # the run notices the iterator is gone and stops
