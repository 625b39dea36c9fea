"""xqr beside pyffish (Fairy-Stockfish's Python bindings) on the same master games, in one run.

    pip install ./python pyffish
    python python/bench/vs_pyffish.py [--games N] [--per-ply-games M]

Per game: each side's judge asked once with the whole record (xqr.judge under cxa-1999 and axf;
pyffish's is_optional_game_end and game_result under its ``xiangqi`` variant, the Asian-rules
approximation). Per ply: asked after every ply, as a GUI or an arbiter would (xqr: an Arbiter
session, play then status and claims; pyffish: the same two calls on the record so far, which it
replays from the start). Prints plies per second and the ratios.
"""

import argparse
import pathlib
import time

import xqr

CCPD = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "data" / "games" / "ccpd"
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def uci(iccs: str) -> str:
    """ICCS (ranks 0-9) as Fairy-Stockfish's Xiangqi UCI (ranks 1-10)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def games(limit: int):
    out = []
    for path in sorted(CCPD.glob("*.pgn")):
        for g in xqr.read_pgn(path):
            if g["error"] or (g["fen"] and g["fen"] != START):
                continue
            try:
                moves = xqr.convert(g["moves"], "iccs")
            except xqr.XqrError:
                continue
            out.append(moves)
            if len(out) == limit:
                return out
    return out


def timed(fn):
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--per-ply-games", type=int, default=100)
    args = parser.parse_args()
    import pyffish as sf

    records = games(args.games)
    plies = sum(map(len, records))
    few = records[: args.per_ply_games]
    few_plies = sum(map(len, few))
    print(f"{len(records)} games, {plies} plies; per ply on the first {len(few)} ({few_plies} plies)")

    def xqr_per_game(ruleset):
        for moves in records:
            xqr.judge(ruleset, START, moves)

    def sf_per_game():
        for moves in records:
            m = [uci(x) for x in moves]
            sf.is_optional_game_end("xiangqi", START, m)
            sf.game_result("xiangqi", START, m)

    def xqr_per_ply(ruleset):
        for moves in few:
            a = xqr.Arbiter(ruleset)
            for mv in moves:
                a.play(mv)
                a.status()
                a.claims()

    def sf_per_ply():
        for moves in few:
            m = [uci(x) for x in moves]
            for i in range(1, len(m) + 1):
                sf.is_optional_game_end("xiangqi", START, m[:i])
                sf.legal_moves("xiangqi", START, m[:i])

    rows = [
        ("per game", "xqr cxa-1999", plies / timed(lambda: xqr_per_game("cxa-1999"))),
        ("per game", "xqr axf", plies / timed(lambda: xqr_per_game("axf"))),
        ("per game", "pyffish xiangqi", plies / timed(sf_per_game)),
        ("per ply", "xqr cxa-1999 (Arbiter)", few_plies / timed(lambda: xqr_per_ply("cxa-1999"))),
        ("per ply", "xqr axf (Arbiter)", few_plies / timed(lambda: xqr_per_ply("axf"))),
        ("per ply", "pyffish xiangqi", few_plies / timed(sf_per_ply)),
    ]
    anchor = {kind: rate for kind, name, rate in rows if name.startswith("pyffish")}
    print("| asked | judge | plies/s | vs pyffish |")
    print("|---|---|---|---|")
    for kind, name, rate in rows:
        print(f"| {kind} | {name} | {rate:,.0f} | {rate / anchor[kind]:.1f}× |")


if __name__ == "__main__":
    main()
