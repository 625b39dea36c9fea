//! The files of a corpus and the games in them, read one file at a time.
//!
//! Paths name files (read whatever their extension) or directories (every `*.pgn` file below
//! them, recursively, in name order; symbolic links to directories are not followed, so a link
//! cycle cannot trap the walk). The encoding is detected per file (see
//! [`xqr_core::record::encoding`]); a file is read whole, or in pieces when it is large, and its
//! games are handed on one by one, so memory holds one file's text (or a window of a large
//! file) and the games in flight, never the corpus.

use std::path::{Path, PathBuf};
use std::sync::mpsc::SyncSender;
use std::sync::Arc;

use indicatif::ProgressBar;
use xqr_core::record::{decode, DecodeError, GameReader, GameStream, RawGame, StreamError};

use super::InputError;
use crate::record_input::RecordedGame;

/// One input of the corpus: a file to read, or a path that cannot be read as one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A file to read, and its size in bytes (0 if unknown).
    File(PathBuf, u64),
    /// A path that gives no file to read, and why.
    Problem(InputError),
}

/// The files `paths` name, in order: each file as given, each directory's `*.pgn` files
/// (recursively, sorted by name). A path that does not exist, or a directory without any PGN
/// file, is an [`Entry::Problem`].
pub fn expand(paths: &[PathBuf]) -> Vec<Entry> {
    let mut entries = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => {
                let before = entries.len();
                walk(path, &mut entries);
                if entries.len() == before {
                    entries.push(Entry::Problem(InputError::file(
                        path,
                        "no PGN file (*.pgn) in this directory",
                    )));
                }
            }
            Ok(m) => entries.push(Entry::File(path.clone(), m.len())),
            Err(e) => entries.push(Entry::Problem(InputError::file(
                path,
                format!("cannot read: {e}"),
            ))),
        }
    }
    entries
}

fn walk(dir: &Path, entries: &mut Vec<Entry>) {
    let mut children: Vec<(PathBuf, std::fs::FileType)> = match std::fs::read_dir(dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_type().ok().map(|t| (e.path(), t)))
            .collect(),
        Err(e) => {
            entries.push(Entry::Problem(InputError::file(
                dir,
                format!("cannot read the directory: {e}"),
            )));
            return;
        }
    };
    children.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, kind) in children {
        if kind.is_dir() {
            walk(&path, entries);
        } else if is_pgn(&path) {
            // A link to a file is read; the size comes from its target.
            match std::fs::metadata(&path) {
                Ok(m) if m.is_file() => entries.push(Entry::File(path, m.len())),
                Ok(_) => {}
                Err(e) => entries.push(Entry::Problem(InputError::file(
                    &path,
                    format!("cannot read: {e}"),
                ))),
            }
        }
    }
}

fn is_pgn(path: &Path) -> bool {
    path.extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("pgn"))
}

/// The total size in bytes of the files among `entries` (for a progress bar).
pub fn total_bytes(entries: &[Entry]) -> u64 {
    entries
        .iter()
        .map(|e| match e {
            Entry::File(_, size) => *size,
            Entry::Problem(_) => 0,
        })
        .sum()
}

/// What the reader hands to the judges: a game, or an input that could not be read.
pub(super) enum Job {
    Game {
        file: Arc<Path>,
        game: Box<RecordedGame>,
    },
    Error(InputError),
}

/// Reads every entry in order and sends its games (or its errors) to `tx`, advancing
/// `progress` by the share of each file's bytes a game spans. Stops early when the receiver
/// is gone.
pub(super) fn produce(entries: &[Entry], tx: SyncSender<Job>, progress: &ProgressBar) {
    for entry in entries {
        let sent = match entry {
            Entry::Problem(e) => tx.send(Job::Error(e.clone())).is_ok(),
            Entry::File(path, size) => read_file(path, *size, &tx, progress),
        };
        if !sent {
            return;
        }
    }
}

/// Files larger than this are read in pieces ([`GameStream`]) instead of whole, so that memory
/// holds a window of the file (the largest game, at least a megabyte) and not the file: a
/// whole file is held as bytes and as text. Smaller files are read
/// whole, in one pass instead of two; both ways give the same games.
const STREAMED_FROM: u64 = 16 << 20;

/// Sends the games of one file; false when the receiver is gone.
fn read_file(path: &Path, size: u64, tx: &SyncSender<Job>, progress: &ProgressBar) -> bool {
    if size > STREAMED_FROM {
        return stream_file(path, size, tx, progress);
    }
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            progress.inc(size);
            return tx.send(Job::Error(unreadable(path, &e))).is_ok();
        }
    };
    let text = match decode(&bytes) {
        Ok((text, _)) => text,
        Err(e) => {
            progress.inc(size);
            return tx.send(Job::Error(undecodable(path, &e))).is_ok();
        }
    };
    let size = bytes.len() as u64;
    drop(bytes);
    let file: Arc<Path> = Arc::from(path);
    // Counting the lines is a pass over the text, for the bar alone.
    let lines = (!progress.is_hidden()).then(|| text.lines().count().max(1) as u64);
    let mut shown = 0u64;
    let mut any = false;
    for raw in GameReader::new(&text) {
        any = true;
        if let Some(lines) = lines {
            // The bytes up to the start of this game are read.
            let upto = (size * (raw.line() as u64 - 1) / lines).min(size);
            progress.inc(upto.saturating_sub(shown));
            shown = shown.max(upto);
        }
        if tx.send(job(raw, &file)).is_err() {
            return false;
        }
    }
    progress.inc(size.saturating_sub(shown));
    if !any {
        return tx.send(Job::Error(no_game(path))).is_ok();
    }
    true
}

/// As [`read_file`], for a file read in pieces.
fn stream_file(path: &Path, size: u64, tx: &SyncSender<Job>, progress: &ProgressBar) -> bool {
    let opened = std::fs::File::open(path)
        .map_err(StreamError::Io)
        .and_then(|f| GameStream::open(std::io::BufReader::new(f)));
    let mut stream = match opened {
        Ok((stream, _)) => stream,
        Err(e) => {
            progress.inc(size);
            let error = match e {
                StreamError::Io(e) => unreadable(path, &e),
                StreamError::Decode(e) => undecodable(path, &e),
            };
            return tx.send(Job::Error(error)).is_ok();
        }
    };
    let file: Arc<Path> = Arc::from(path);
    let mut shown = 0u64;
    let mut any = false;
    while let Some(read) = stream.next() {
        let sent = match read {
            Ok(raw) => {
                any = true;
                tx.send(job(raw, &file))
            }
            Err(e) => tx.send(Job::Error(unreadable(path, &e))),
        };
        if sent.is_err() {
            return false;
        }
        let upto = stream.bytes_read().min(size);
        progress.inc(upto.saturating_sub(shown));
        shown = shown.max(upto);
    }
    progress.inc(size.saturating_sub(shown));
    if !any {
        return tx.send(Job::Error(no_game(path))).is_ok();
    }
    true
}

/// The job for a game read from `file`: the game, or why its text cannot be a game.
fn job(raw: RawGame, file: &Arc<Path>) -> Job {
    let (index, line) = (raw.index(), raw.line());
    match RecordedGame::from_raw_game(raw) {
        Ok(game) => Job::Game {
            file: Arc::clone(file),
            game: Box::new(game),
        },
        Err(e) => Job::Error(InputError {
            file: file.to_path_buf(),
            game: Some(index),
            line: Some(e.line),
            column: Some(e.column),
            message: format!("game {index} (line {line}): {e}"),
        }),
    }
}

fn unreadable(path: &Path, e: &std::io::Error) -> InputError {
    InputError::file(path, format!("cannot read: {e}"))
}

fn undecodable(path: &Path, e: &DecodeError) -> InputError {
    let mut err = InputError::file(path, e.to_string());
    err.line = Some(e.line);
    err
}

fn no_game(path: &Path) -> InputError {
    InputError::file(path, "no game found")
}
