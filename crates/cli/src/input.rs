//! Reading puzzle files: splitting input into records (one per line, or blocks separated by blank
//! lines) with line numbers, under explicit size bounds.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{Context, Result, bail};
use dayseed_core::RecordFormat;

/// The longest input line accepted.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most lines in one block record.
pub const MAX_BLOCK_LINES: usize = 4096;
/// The most bytes of one block record, all its lines together: a block is one board, so its
/// size follows from its cells (a 60x60 slitherlink is under 8 KiB of text), not from its line
/// count times the line limit.
pub const MAX_BLOCK_BYTES: usize = 256 << 10;

/// Reads all of `path` (stdin for `-`), whatever it is — a file, a device, a FIFO — stopping
/// after `max` bytes: more is an error naming the file and the limit, never a read without end.
/// The size in the file's metadata is not trusted (a device or a FIFO says 0).
pub fn read_bounded(path: &Path, max: u64) -> Result<String> {
    let name = if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let mut reader = open(path)?;
    let mut bytes = Vec::new();
    reader
        .by_ref()
        .take(max + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {name}"))?;
    if bytes.len() as u64 > max {
        bail!("{name} is larger than {max} bytes; stopped reading there");
    }
    String::from_utf8(bytes).with_context(|| format!("{name} is not UTF-8"))
}

/// Opens `path` for buffered reading, or stdin when it is `-`.
pub fn open(path: &Path) -> Result<Box<dyn BufRead>> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(BufReader::new(std::io::stdin())));
    }
    let f = std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    Ok(Box::new(BufReader::new(f)))
}

/// One puzzle's text and where it starts in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// 1-based record number.
    pub index: u64,
    /// 1-based line of the file where the record starts.
    pub line: u64,
    /// The record's text (lines joined by '\n', no trailing newline).
    pub text: String,
}

/// An iterator over records, or an error naming the line (oversized input).
pub struct Records<R> {
    reader: R,
    format: RecordFormat,
    line_no: u64,
    index: u64,
    done: bool,
}

impl<R: BufRead> Records<R> {
    /// Records of `reader` in `format`.
    pub fn new(reader: R, format: RecordFormat) -> Records<R> {
        Records {
            reader,
            format,
            line_no: 0,
            index: 0,
            done: false,
        }
    }

    fn read_line(&mut self) -> Result<Option<String>> {
        let mut buf = Vec::new();
        let n = self
            .reader
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buf)
            .with_context(|| format!("reading line {}", self.line_no + 1))?;
        if n == 0 {
            return Ok(None);
        }
        self.line_no += 1;
        if buf.len() > MAX_LINE_BYTES {
            bail!(
                "line {} is longer than {MAX_LINE_BYTES} bytes",
                self.line_no
            );
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        String::from_utf8(buf)
            .map(Some)
            .with_context(|| format!("line {} is not UTF-8", self.line_no))
    }

    fn next_record(&mut self) -> Result<Option<Record>> {
        let mut lines: Vec<String> = Vec::new();
        let mut bytes = 0usize;
        let mut start = 0;
        loop {
            let Some(line) = self.read_line()? else {
                break;
            };
            let blank = line.trim().is_empty();
            match self.format {
                RecordFormat::Lines => {
                    if blank {
                        continue;
                    }
                    start = self.line_no;
                    lines.push(line.trim().to_string());
                    break;
                }
                RecordFormat::Blocks => {
                    if blank {
                        if lines.is_empty() {
                            continue;
                        }
                        break;
                    }
                    if lines.is_empty() {
                        start = self.line_no;
                    }
                    if lines.len() == MAX_BLOCK_LINES {
                        bail!(
                            "puzzle starting at line {start} has more than {MAX_BLOCK_LINES} lines"
                        );
                    }
                    let line = line.trim_end();
                    bytes += line.len() + 1;
                    if bytes > MAX_BLOCK_BYTES {
                        bail!(
                            "puzzle starting at line {start} is longer than {MAX_BLOCK_BYTES} \
                             bytes (at line {})",
                            self.line_no
                        );
                    }
                    lines.push(line.to_string());
                }
            }
        }
        if lines.is_empty() {
            return Ok(None);
        }
        self.index += 1;
        Ok(Some(Record {
            index: self.index,
            line: start,
            text: lines.join("\n"),
        }))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Record>;

    fn next(&mut self) -> Option<Result<Record>> {
        if self.done {
            return None;
        }
        match self.next_record() {
            Ok(Some(r)) => Some(Ok(r)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(text: &str, format: RecordFormat) -> Vec<Record> {
        Records::new(text.as_bytes(), format)
            .collect::<Result<Vec<_>>>()
            .unwrap()
    }

    #[test]
    fn lines_skip_blanks_and_keep_line_numbers() {
        let r = collect("a\n\n b \r\nc", RecordFormat::Lines);
        let got: Vec<(u64, u64, &str)> = r
            .iter()
            .map(|r| (r.index, r.line, r.text.as_str()))
            .collect();
        assert_eq!(got, vec![(1, 1, "a"), (2, 3, "b"), (3, 4, "c")]);
    }

    #[test]
    fn blocks_split_on_blank_lines() {
        let r = collect("\n12\n34\n\n\n56\n78\n", RecordFormat::Blocks);
        let got: Vec<(u64, u64, &str)> = r
            .iter()
            .map(|r| (r.index, r.line, r.text.as_str()))
            .collect();
        assert_eq!(got, vec![(1, 2, "12\n34"), (2, 6, "56\n78")]);
    }

    #[test]
    fn a_block_is_bounded_by_its_bytes_not_its_lines() {
        // 40 lines of 10 KiB: few lines, but far more text than any board.
        let line = "1".repeat(10 << 10);
        let text = vec![line; 40].join("\n");
        let mut records = Records::new(text.as_bytes(), RecordFormat::Blocks);
        let err = records.next().unwrap().unwrap_err().to_string();
        assert!(
            err.contains("longer than") && err.contains("line 1"),
            "{err}"
        );
        // A large real board (60 rows of 60 cells with separators) is fine.
        let row = vec!["3"; 60].join(" ");
        let board = vec![row; 60].join("\n");
        let mut records = Records::new(board.as_bytes(), RecordFormat::Blocks);
        assert!(records.next().unwrap().is_ok());
    }

    #[test]
    fn bounded_reads_stop_at_the_limit_even_without_a_size() {
        #[cfg(unix)]
        {
            let started = std::time::Instant::now();
            let err = read_bounded(Path::new("/dev/zero"), 1 << 20)
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("/dev/zero is larger than 1048576 bytes"),
                "{err}"
            );
            assert!(started.elapsed() < std::time::Duration::from_secs(5));
        }
        let dir = std::env::temp_dir().join(format!("dayseed-bounded-{}", std::process::id()));
        std::fs::write(&dir, "hello").unwrap();
        assert_eq!(read_bounded(&dir, 5).unwrap(), "hello");
        assert!(read_bounded(&dir, 4).is_err());
        std::fs::remove_file(&dir).unwrap();
    }

    #[test]
    fn oversized_lines_are_errors_not_memory() {
        let long = "x".repeat(MAX_LINE_BYTES + 10);
        let mut it = Records::new(long.as_bytes(), RecordFormat::Lines);
        let e = it.next().unwrap().unwrap_err();
        assert!(e.to_string().contains("line 1 is longer"), "{e}");
        assert!(it.next().is_none());
    }
}
