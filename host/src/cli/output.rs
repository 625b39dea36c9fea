//! The output layer shared by every command: text or JSON on standard output, errors on
//! standard error, and the exit status.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use serde::Serialize;

/// How a command prints its result.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Readable text.
    #[default]
    Text,
    /// JSON on standard output (one document, followed by a newline).
    Json,
}

/// The `--format` option: [`Format`], or CSV for the commands that write a table (`xqr pair`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// Readable text.
    #[default]
    Text,
    /// JSON on standard output (one document, followed by a newline).
    Json,
    /// CSV rows on standard output (only `xqr pair`).
    Csv,
}

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// The input is wrong (a file, a game, a FEN …): exit status 2. The message names what
    /// was wrong and why.
    Input(String),
    /// Standard output could not be written: exit status 1 (0 when the reader closed the pipe).
    Output(io::Error),
}

impl CliError {
    /// A bad-input error with this message.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError::Input(message.into())
    }

    /// Prints the error on standard error and returns the exit status for it.
    pub fn report(self) -> ExitCode {
        let mut err = io::stderr().lock();
        match self {
            CliError::Input(message) => {
                // Nothing sensible is left to do if standard error is closed too.
                let _ = writeln!(err, "xqr: error: {message}");
                ExitCode::from(2)
            }
            // `xqr moves | head -1`: the reader has all it wanted.
            CliError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            CliError::Output(e) => {
                let _ = writeln!(err, "xqr: error: cannot write to standard output: {e}");
                ExitCode::from(1)
            }
        }
    }
}

/// Reports on standard error a problem that does not stop the command (for instance one game
/// of a file that cannot be converted while the others can).
pub fn report_error(message: &str) {
    let _ = writeln!(io::stderr().lock(), "xqr: error: {message}");
}

/// Reports on standard error a problem that does not concern the command's own input (for
/// instance a plugin or overlay that failed to load while the other rulesets work).
pub fn report_warning(message: &str) {
    let _ = writeln!(io::stderr().lock(), "xqr: warning: {message}");
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Output(e)
    }
}

/// Where a command writes its result, in the format chosen with `--format`.
pub struct Output {
    format: Format,
    csv: bool,
    out: Box<dyn Write + Send>,
    /// A JSON document written whole before it goes to `out` (see [`Output::json`]).
    document: Vec<u8>,
}

/// The most room [`Output::json`] keeps for the next document once one has been written.
const DOCUMENT_ROOM: usize = 64 * 1024;

impl Output {
    /// Buffered standard output.
    pub fn stdout(format: Format) -> Output {
        Output {
            format,
            csv: false,
            out: Box::new(BufWriter::new(io::stdout())),
            document: Vec::new(),
        }
    }

    /// Buffered output to `writer` (a file named with `--out`, for instance).
    pub fn to_writer(format: Format, writer: Box<dyn Write + Send>) -> Output {
        Output {
            format,
            csv: false,
            out: Box::new(BufWriter::new(writer)),
            document: Vec::new(),
        }
    }

    /// Standard output as chosen with `--format` (CSV is written as text).
    pub fn from_arg(format: FormatArg) -> Output {
        let mut out = Output::stdout(match format {
            FormatArg::Json => Format::Json,
            FormatArg::Text | FormatArg::Csv => Format::Text,
        });
        out.csv = format == FormatArg::Csv;
        out
    }

    /// The chosen format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Whether `--format csv` was chosen (only commands that write a table accept it).
    pub fn csv(&self) -> bool {
        self.csv
    }

    /// Writes text as is (text format).
    pub fn text(&mut self, text: &str) -> Result<(), CliError> {
        self.out.write_all(text.as_bytes())?;
        Ok(())
    }

    /// Writes one line of text (text format).
    pub fn line(&mut self, line: &str) -> Result<(), CliError> {
        self.out.write_all(line.as_bytes())?;
        self.out.write_all(b"\n")?;
        Ok(())
    }

    /// Writes `value` as one JSON document followed by a newline (JSON format).
    ///
    /// The document is written into a buffer of its own and handed to the output in one call:
    /// `serde_json` writes a game's line of `batch` in about 150 pieces, each a call through the
    /// output's trait object when written straight to it.
    pub fn json<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), CliError> {
        self.document.clear();
        serde_json::to_writer(&mut self.document, value).map_err(io::Error::from)?;
        self.document.push(b'\n');
        let written = self.out.write_all(&self.document);
        if self.document.capacity() > DOCUMENT_ROOM {
            self.document = Vec::new();
        }
        written?;
        Ok(())
    }

    /// The underlying writer (for commands that write a document piece by piece).
    pub fn raw(&mut self) -> &mut (dyn Write + Send) {
        &mut *self.out
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> Result<(), CliError> {
        self.out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A writer whose bytes the test reads back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn each_json_document_is_one_line_whatever_its_size() {
        let shared = Shared::default();
        let mut out = Output::to_writer(Format::Json, Box::new(shared.clone()));
        let long = "炮二平五 ".repeat(20_000);
        let documents = [
            serde_json::json!({"game": 1, "moves": ["h2e2", "h9g7"]}),
            serde_json::json!({"text": long}),
            serde_json::json!({"game": 2, "quote": "say \"hi\"\n"}),
        ];
        for d in &documents {
            out.json(d).unwrap();
        }
        out.flush().unwrap();
        let written = String::from_utf8(shared.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<serde_json::Value> = written
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines, documents);
        assert!(written.ends_with('\n'));
    }
}
