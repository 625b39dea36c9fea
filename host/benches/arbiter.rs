//! The live arbiter's `forbidden` in a loop position: the 1999 rules' figure 3 (chapter 7,
//! example 3), Red's horse going round the loop a fourth time, 52 legal moves for Red, one of
//! which completes the loop Red must change (cxa-1999 §24.3: it loses) and the others do not.
//!
//! `cargo bench -p xqr-host --bench arbiter`. Each iteration asks `forbidden` once; the
//! classifications of the loop's plies are kept with the game, as they are during play.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use xqr_core::rules::replay::Arbiter;
use xqr_host::loading::{load, Sources};

const FIGURE_3: &str =
    "1r2kab1r/2c1a4/n1c1b1n2/4p2N1/p1p6/1C4P2/P1P1P4/2N1B3C/4A4/1RBAK2R1 w - - 0 1";
const LOOP: [&str; 4] = ["h6i4", "i9h9", "i4h6", "h9i9"];

fn forbidden(c: &mut Criterion) {
    let loaded = load(&Sources::default());
    for id in ["cxa-1999", "cxa-2011", "axf"] {
        let rs = loaded.registry.get(id).expect("shipped");
        let mut a = Arbiter::new(rs.as_ref(), Some(FIGURE_3)).expect("legal");
        for i in 0..16 {
            a.play(LOOP[i % 4]).expect("legal");
        }
        assert_eq!(a.history().last().legal_moves().len(), 52);
        // CXA forbids the horse move that goes round again; AXF has none to forbid (Red's
        // check-and-capture threat is idle under its rule 38: one chase, one idle).
        assert_eq!(a.forbidden().unwrap().is_empty(), id == "axf", "{id}");
        let mut group = c.benchmark_group("arbiter_forbidden");
        group.measurement_time(Duration::from_secs(5));
        group.bench_function(id, |b| b.iter(|| black_box(a.forbidden().unwrap())));
        group.finish();
    }
}

criterion_group!(benches, forbidden);
criterion_main!(benches);
