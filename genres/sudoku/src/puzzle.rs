//! The public JSON forms of a Sudoku board and of a player's state, and their checks.

use dayseed_core::{Error, Grade, Result, TechniqueUse};
use serde::{Deserialize, Serialize};

use crate::board::{Cells, cell_name};
use crate::format::{encode_grid, parse_grid, parse_solution};
use crate::level::Level;
use crate::logic::LogicGrade;

/// A board: `{"difficulty"?, "puzzle", "solution"?, "grade"?}` (see the crate docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SudokuPuzzle {
    /// The level the board was generated and graded at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Level>,
    /// The givens: 81 characters, `.` for an empty cell (`0` is accepted on input).
    pub puzzle: String,
    /// The unique solution, 81 digits; omitted in the form a client sees before solving.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// The grader's verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<Grade>,
}

/// A player's progress: `{"entries": 81 chars, "notes"?: [81 strings]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SudokuState {
    /// The player's digits: 81 characters, a digit or `.` (`0` accepted); on a given cell the
    /// entry is `.` or the given digit.
    pub entries: String,
    /// Pencil marks: 81 strings of candidate digits (`""` = no notes for that cell).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<String>>,
}

impl SudokuPuzzle {
    /// The givens as cells.
    pub fn givens(&self) -> Result<Cells> {
        parse_grid(&self.puzzle).map_err(|e| Error::puzzle(format!("puzzle: {e}")))
    }

    /// The stored solution, if any, checked against the givens and the rules.
    pub fn stored_solution(&self) -> Result<Option<Cells>> {
        let Some(text) = &self.solution else {
            return Ok(None);
        };
        let solution = parse_solution(text).map_err(|e| Error::puzzle(format!("solution: {e}")))?;
        let givens = self.givens()?;
        if let Some(i) = (0..81).find(|&i| givens[i] != 0 && givens[i] != solution[i]) {
            return Err(Error::puzzle(format!(
                "solution: {} is {} but the given there is {}",
                cell_name(i),
                solution[i],
                givens[i]
            )));
        }
        if let Some(p) = crate::board::rule_problems(&solution).first() {
            return Err(Error::puzzle(format!("solution breaks the rules: {p}")));
        }
        Ok(Some(solution))
    }

    /// A board from cells, without solution or grade.
    pub fn from_givens(givens: &Cells) -> SudokuPuzzle {
        SudokuPuzzle {
            difficulty: None,
            puzzle: encode_grid(givens),
            solution: None,
            grade: None,
        }
    }
}

/// The most characters one cell's notes may have.
const MAX_NOTE_CHARS: usize = 9;

impl SudokuState {
    /// The entries as cells (0 = empty), checked against the givens.
    pub fn entries(&self, givens: &Cells) -> Result<Cells> {
        let entries =
            parse_grid(&self.entries).map_err(|e| Error::state(format!("entries: {e}")))?;
        if let Some(i) =
            (0..81).find(|&i| givens[i] != 0 && entries[i] != 0 && entries[i] != givens[i])
        {
            return Err(Error::state(format!(
                "entries: {} is a given {}, not {}",
                cell_name(i),
                givens[i],
                entries[i]
            )));
        }
        Ok(entries)
    }

    /// The notes as candidate masks (bit d = digit d; 0 = no notes), if any.
    pub fn note_masks(&self) -> Result<Option<[u16; 81]>> {
        let Some(notes) = &self.notes else {
            return Ok(None);
        };
        if notes.len() != 81 {
            return Err(Error::state(format!(
                "notes: {} strings; expected 81 (one per cell)",
                notes.len()
            )));
        }
        let mut masks = [0u16; 81];
        for (i, note) in notes.iter().enumerate() {
            if note.chars().count() > MAX_NOTE_CHARS {
                return Err(Error::state(format!(
                    "notes: {} has more than {MAX_NOTE_CHARS} characters",
                    cell_name(i)
                )));
            }
            for c in note.chars() {
                let d = c
                    .to_digit(10)
                    .filter(|d| (1..=9).contains(d))
                    .ok_or_else(|| {
                        Error::state(format!(
                            "notes: {}: '{}' is not a digit 1-9",
                            cell_name(i),
                            c.escape_debug()
                        ))
                    })?;
                masks[i] |= 1 << d;
            }
        }
        Ok(Some(masks))
    }

    /// A state with the given entries and no notes.
    pub fn from_entries(entries: &Cells) -> SudokuState {
        SudokuState {
            entries: encode_grid(entries),
            notes: None,
        }
    }
}

/// The grader's result in the shared [`Grade`] form.
pub fn grade_json(g: &LogicGrade) -> Grade {
    Grade {
        level: g.level.name().to_string(),
        rank: g.level.rank(),
        score: g.score,
        techniques: g
            .techniques
            .iter()
            .map(|&(name, count)| TechniqueUse {
                name: name.to_string(),
                count,
            })
            .collect(),
        solved_by_logic: g.solved,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const S: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn board() -> SudokuPuzzle {
        SudokuPuzzle {
            difficulty: Some(Level::Easy),
            puzzle: P.into(),
            solution: Some(S.into()),
            grade: None,
        }
    }

    #[test]
    fn json_round_trip_and_optional_fields() {
        let b = board();
        let json = serde_json::to_value(&b).unwrap();
        assert_eq!(json["difficulty"], "EASY");
        assert!(json.get("grade").is_none());
        let back: SudokuPuzzle = serde_json::from_value(json).unwrap();
        assert_eq!(back, b);
        let bare: SudokuPuzzle = serde_json::from_str(&format!("{{\"puzzle\":\"{P}\"}}")).unwrap();
        assert_eq!(bare.solution, None);
        assert_eq!(b.stored_solution().unwrap().unwrap()[0], 5);
    }

    #[test]
    fn bad_solutions_are_named() {
        let mut b = board();
        b.solution = Some(format!("6{}", &S[1..]));
        let e = b.stored_solution().unwrap_err();
        assert!(
            e.message().contains("r1c1 is 6 but the given there is 5"),
            "{e}"
        );
        b.solution = Some(S[..80].into());
        assert!(
            b.stored_solution()
                .unwrap_err()
                .message()
                .starts_with("solution: line 1")
        );
    }

    #[test]
    fn states_are_checked() {
        let givens = board().givens().unwrap();
        let mut entries = givens;
        entries[2] = 4;
        let s = SudokuState::from_entries(&entries);
        assert_eq!(s.entries(&givens).unwrap()[2], 4);
        entries[0] = 1;
        let e = SudokuState::from_entries(&entries)
            .entries(&givens)
            .unwrap_err();
        assert!(e.message().contains("r1c1 is a given 5, not 1"), "{e}");
        let mut notes = vec![String::new(); 81];
        notes[3] = "129".into();
        let s = SudokuState {
            entries: ".".repeat(81),
            notes: Some(notes.clone()),
        };
        assert_eq!(s.note_masks().unwrap().unwrap()[3], 0b10_0000_0110);
        notes[4] = "x".into();
        let s = SudokuState {
            entries: ".".repeat(81),
            notes: Some(notes),
        };
        assert!(s.note_masks().unwrap_err().message().contains("r1c5: 'x'"));
        let s = SudokuState {
            entries: ".".repeat(81),
            notes: Some(vec![]),
        };
        assert!(s.note_masks().is_err());
    }
}
