//! Replays every committed fuzz corpus file (`fuzz/corpus/<target>/`) through the property
//! checks of its target, so that a stable toolchain keeps every input the fuzzers found.

use std::path::PathBuf;

#[test]
fn every_corpus_file_passes_its_target_checks() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let mut replayed = 0;
    let mut failed = Vec::new();
    for (target, check) in xqr_fuzz_checks::TARGETS {
        let dir = root.join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            panic!("no corpus for target {target} in {}", dir.display());
        };
        let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).expect("corpus file reads");
            let outcome = std::panic::catch_unwind(|| check(&data));
            if outcome.is_err() {
                failed.push(format!("{target}: {}", file.display()));
            }
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no corpus file replayed");
    assert!(
        failed.is_empty(),
        "failing corpus files:\n{}",
        failed.join("\n")
    );
}
