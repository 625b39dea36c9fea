//! `cargo run --release -p xqr-core --example perft -- [depth] [fen]`: perft with timing.
fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = args
        .next()
        .unwrap_or_else(|| xqr_core::fen::START_FEN.to_owned());
    let pos = match xqr_core::Position::from_fen(&fen, xqr_core::MoveRules::STANDARD) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let t = std::time::Instant::now();
    let n = xqr_core::perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n} in {s:.3}s ({:.1} Mnps)",
        n as f64 / s / 1e6
    );
}
