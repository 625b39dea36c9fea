"""The package's functions answer as the command line does, and bad input raises XqrError with
the command line's location."""

import threading

import pytest

import xqr
from conftest import CCPD, FIGURE_3, ROOT

FIGURE_3_FEN = "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1"
FIGURE_3_MOVES = "h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9 h6i4 i9h9 i4h6 h9i9"


def test_rulesets_are_those_of_the_command_line(cli):
    assert xqr.rulesets() == cli("rulesets")
    ids = {r["id"] for r in xqr.rulesets()}
    assert {"cxa-1999", "cxa-2011", "axf", "jieqi"} <= ids


def test_figure_3_red_must_change_under_1999_as_xqr_judge_says(cli):
    verdict = xqr.judge("1999", pgn=FIGURE_3, all_plies=True)
    assert verdict["result"] == "*"
    assert verdict["pending"] == {"must_change": "red", "rule": "cxa-1999 §26.4"}
    assert verdict == cli("judge", "--ruleset", "1999", "--pgn", FIGURE_3, "--all-plies")


def test_fen_and_moves_as_a_string_or_a_list_give_the_same_verdict():
    a = xqr.judge("cxa-2011", FIGURE_3_FEN, FIGURE_3_MOVES)
    b = xqr.judge("cxa-2011", fen=FIGURE_3_FEN, moves=FIGURE_3_MOVES.split())
    assert a == b


def test_compare_gives_the_rows_of_xqr_compare_for_the_rulesets_chosen(cli):
    rows = xqr.compare(FIGURE_3_FEN, FIGURE_3_MOVES, rulesets=["cxa-2011", "axf"])
    expected = {r["ruleset"]: r for r in cli("compare", "--fen", FIGURE_3_FEN, "--moves", FIGURE_3_MOVES)}
    assert rows == [expected["cxa-2011"], expected["axf"]]


def test_a_big5_record_reads_the_same_from_a_path_or_from_bytes(cli):
    path = CCPD / "a-league.pgn"
    raw = path.read_bytes()
    end = raw.index(b"[Game ", 10)  # the first game only
    from_bytes = xqr.judge("cxa-1999", pgn_text=raw[:end])
    from_path = xqr.judge("cxa-1999", pgn=path)
    assert from_bytes == from_path == cli("judge", "--ruleset", "cxa-1999", "--pgn", path)


def test_read_pgn_decodes_big5_and_yields_every_game():
    games = xqr.read_pgn(CCPD / "a-league.pgn")
    assert len(games) == 1244
    first = games[0]
    assert (first["game"], first["line"], first["error"]) == (1, 1, None)
    assert first["tags"]["Black"] == "廣東 呂欽"
    assert first["moves"][:2] == ["炮二平五", "馬８進７"]


def test_an_illegal_move_in_a_file_is_located_by_game_ply_line_and_column(tmp_path):
    pgn = tmp_path / "bad.pgn"
    pgn.write_text('[Event "x"]\n\n1. h2e2 h9g7\n2. h2h2 *\n', encoding="utf-8")
    with pytest.raises(xqr.XqrError) as e:
        xqr.judge("cxa-1999", pgn=pgn)
    message = str(e.value)
    assert message.startswith(f"{pgn}, game 1 (line 1) (line 4, column 4): ")
    assert "ply 3" in message and "h2h2" in message


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: xqr.judge("1998", moves="h2e2"), 'unknown ruleset "1998"'),
        (lambda: xqr.judge("1999", fen="rnbakabnr w"), "FEN"),
        (lambda: xqr.judge("1999", moves="h2e2", pgn=FIGURE_3), "not both"),
        (lambda: xqr.judge("1999", pgn=FIGURE_3, game=3), "there is no game 3 (the file holds 1)"),
        (lambda: xqr.judge("1999", moves="h2e2", claim="later"), 'claim is "as_played" or "first"'),
        (lambda: xqr.legal_moves("9/9/9 w"), "bad FEN"),
        (lambda: xqr.convert("h2e2 zz", "wxf"), "ply 2"),
        (lambda: xqr.read_pgn(ROOT / "no-such.pgn"), "cannot read"),
        (lambda: xqr.batch([CCPD], []), "rulesets is empty"),
    ],
)
def test_bad_input_raises_xqr_error_with_its_reason(call, message):
    with pytest.raises(xqr.XqrError, match=None) as e:
        call()
    assert message in str(e.value)
    assert isinstance(e.value, ValueError)


def test_legal_moves_perft_and_convert_match_the_rulebook_counts():
    assert len(xqr.legal_moves()) == 44
    assert xqr.perft(3) == 79_666
    assert xqr.convert("h2e2 h9g7", "wxf") == ["C2.5", "H8+7"]
    assert xqr.convert(["炮二平五", "马8进7"], "iccs") == ["h2e2", "h9g7"]


def test_the_arbiter_forbids_red_s_fourth_round_in_figure_3():
    a = xqr.Arbiter("cxa-1999", FIGURE_3_FEN)
    for m in FIGURE_3_MOVES.split():
        a.play(m)
    assert a.status()["to_move"] == "red"
    forbidden = a.forbidden()
    assert [(f["move"], f["consequence"], f["rule"]) for f in forbidden] == [
        ("h6i4", "must_change", "cxa-1999 §26.4")
    ]
    assert "h6i4" in a.legal()
    assert a.undo() == "h9i9"
    assert a.forbidden() == []
    with pytest.raises(xqr.XqrError, match="ply 12"):
        a.play("a0a9")


def test_calls_from_several_threads_run_side_by_side_and_agree():
    expected = xqr.perft(4)
    results = []
    threads = [threading.Thread(target=lambda: results.append(xqr.perft(4))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 4


def test_the_stubs_name_every_public_function():
    stubs = (ROOT / "python" / "xqr" / "_native.pyi").read_text(encoding="utf-8")
    for name in xqr.__all__:
        if name != "__version__":
            assert f"def {name}(" in stubs or f"class {name}" in stubs, name
