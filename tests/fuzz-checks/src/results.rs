//! Results tables (CSV), complete (`xqr standings`) and in progress (`xqr pair`).

use xqr_core::standings::EventResults;

/// Reads `data` as a results table both ways. Every error is located on a line of the input;
/// a complete table is also a valid table in progress, with the same rows.
pub fn check_results(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The CSV reader ends a line at `\n`, `\r` or both.
    let lines = text.bytes().filter(|&b| b == b'\n' || b == b'\r').count() as u64 + 1;
    let complete = EventResults::from_csv_str(text);
    let in_progress = EventResults::in_progress_from_csv_str(text);
    for errors in [&complete, &in_progress]
        .into_iter()
        .filter_map(|r| r.as_ref().err())
    {
        assert!(!errors.0.is_empty(), "an error without problems");
        for e in &errors.0 {
            let line = e.location.line;
            assert!(line >= 1 && line <= lines, "{e} outside {lines} lines");
        }
    }
    if let Ok(complete) = &complete {
        let progress = in_progress
            .as_ref()
            .unwrap_or_else(|e| panic!("a complete table refused in progress: {e}"));
        assert_eq!(complete.rows(), progress.rows());
    }
}
