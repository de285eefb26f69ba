//! The public JSON forms of a Sudoku board and of a player's state, and their checks.

use dayseed_core::{Error, Grade, Result, TechniqueUse};
use serde::{Deserialize, Serialize};

use crate::board::{Cells, cell_name};
use crate::format::{encode_grid, parse_grid, parse_solution};
use crate::level::Level;
use crate::logic::LogicGrade;

/// A board, parsed: the givens as cells, the answer (checked against the givens and the rules)
/// when known, the level and the grade. Its JSON form is `{"difficulty"?, "puzzle",
/// "solution"?, "grade"?}` (see the crate docs); reading JSON validates it, so a
/// `SudokuPuzzle` never holds an unreadable grid.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "Wire")]
pub struct SudokuPuzzle {
    difficulty: Option<Level>,
    givens: Cells,
    solution: Option<Cells>,
    grade: Option<Grade>,
}

/// The JSON form of [`SudokuPuzzle`], as it travels.
#[derive(Deserialize)]
struct Wire {
    /// The level the board was generated and graded at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    difficulty: Option<Level>,
    /// The givens: 81 characters, `.` for an empty cell (`0` is accepted on input).
    puzzle: String,
    /// The unique solution, 81 digits; omitted in the form a client sees before solving.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// The grader's verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    grade: Option<Grade>,
}

impl TryFrom<Wire> for SudokuPuzzle {
    type Error = Error;

    fn try_from(w: Wire) -> Result<SudokuPuzzle> {
        let givens = parse_grid(&w.puzzle).map_err(|e| Error::puzzle(format!("puzzle: {e}")))?;
        let solution = w
            .solution
            .map(|text| parse_solution(&text).map_err(|e| Error::puzzle(format!("solution: {e}"))))
            .transpose()?;
        SudokuPuzzle::new(givens, solution, w.difficulty, w.grade)
    }
}

/// [`Wire`] as written: the same fields, in the same order, borrowing the grade (so writing a
/// board copies nothing but its two grids' text).
#[derive(Serialize)]
struct WireOut<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<Level>,
    puzzle: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<&'a Grade>,
}

impl Serialize for SudokuPuzzle {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        WireOut {
            difficulty: self.difficulty,
            puzzle: encode_grid(&self.givens),
            solution: self.solution.as_ref().map(encode_grid),
            grade: self.grade.as_ref(),
        }
        .serialize(serializer)
    }
}

impl SudokuPuzzle {
    /// A board from its parts, checked: givens are digits 0-9 (0 = empty); a solution is
    /// complete, keeps every given and breaks no rule.
    pub fn new(
        givens: Cells,
        solution: Option<Cells>,
        difficulty: Option<Level>,
        grade: Option<Grade>,
    ) -> Result<SudokuPuzzle> {
        let p = SudokuPuzzle {
            difficulty,
            givens,
            solution,
            grade,
        };
        p.check()?;
        Ok(p)
    }

    /// A board from cells, without solution or grade. The registry validates every board it
    /// takes in ([`SudokuPuzzle::check`]), so a cell above 9 is refused there.
    pub fn from_givens(givens: &Cells) -> SudokuPuzzle {
        SudokuPuzzle {
            difficulty: None,
            givens: *givens,
            solution: None,
            grade: None,
        }
    }

    /// Checks the invariants: givens 0-9; the solution, when present, complete, consistent
    /// with the givens and the rules.
    pub fn check(&self) -> Result<()> {
        if self.is_sound() {
            return Ok(());
        }
        if let Some(i) = (0..81).find(|&i| self.givens[i] > 9) {
            return Err(Error::puzzle(format!(
                "puzzle: {} holds {}, not a digit",
                cell_name(i),
                self.givens[i]
            )));
        }
        let Some(solution) = &self.solution else {
            return Ok(());
        };
        if let Some(i) = (0..81).find(|&i| !(1..=9).contains(&solution[i])) {
            return Err(Error::puzzle(format!(
                "solution: {} holds {}, not a digit 1-9",
                cell_name(i),
                solution[i]
            )));
        }
        let givens = &self.givens;
        if let Some(i) = (0..81).find(|&i| givens[i] != 0 && givens[i] != solution[i]) {
            return Err(Error::puzzle(format!(
                "solution: {} is {} but the given there is {}",
                cell_name(i),
                solution[i],
                givens[i]
            )));
        }
        if let Some(p) = crate::board::rule_problems(solution).first() {
            return Err(Error::puzzle(format!("solution breaks the rules: {p}")));
        }
        Ok(())
    }

    /// True when [`SudokuPuzzle::check`] finds nothing, in one pass and without its messages:
    /// givens 0-9; a solution of digits 1-9 keeping every given, whose rows, columns and boxes
    /// each hold all nine digits (nine cells hold nine different digits exactly when none
    /// repeats, which is what the rules ask).
    fn is_sound(&self) -> bool {
        let Some(solution) = &self.solution else {
            return self.givens.iter().all(|&v| v <= 9);
        };
        // A given kept by a solution of digits 1-9 is itself a digit.
        let mut kept = true;
        let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
        let mut rows_full = true;
        for r in 0..9 {
            let mut row = 0u16;
            for c in 0..9 {
                let (given, v) = (self.givens[r * 9 + c], solution[r * 9 + c]);
                kept &= given == 0 || given == v;
                // A value outside 1-9 sets bit 0, which no full house has.
                let bit = if (1..=9).contains(&v) { 1u16 << v } else { 1 };
                row |= bit;
                cols[c] |= bit;
                boxes[r / 3 * 3 + c / 3] |= bit;
            }
            rows_full &= row == FULL_HOUSE;
        }
        kept && rows_full && cols.iter().chain(&boxes).all(|&m| m == FULL_HOUSE)
    }

    /// The givens (0 = empty cell).
    pub fn givens(&self) -> &Cells {
        &self.givens
    }

    /// The stored solution, if the board carries one.
    pub fn stored_solution(&self) -> Option<&Cells> {
        self.solution.as_ref()
    }

    /// The level the board was generated and graded at, if known.
    pub fn difficulty(&self) -> Option<Level> {
        self.difficulty
    }

    /// The grader's verdict, if the board carries it.
    pub fn grade(&self) -> Option<&Grade> {
        self.grade.as_ref()
    }

    /// The same board without its answer.
    pub fn without_solution(&self) -> SudokuPuzzle {
        SudokuPuzzle {
            solution: None,
            ..self.clone()
        }
    }
}

/// The digit bits of a house holding all nine digits (bit d = digit d).
const FULL_HOUSE: u16 = 0b11_1111_1110;

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
        SudokuPuzzle::new(
            parse_grid(P).unwrap(),
            Some(parse_solution(S).unwrap()),
            Some(Level::Easy),
            None,
        )
        .unwrap()
    }

    /// The one-pass test agrees with the checks it stands for on every single-cell change.
    #[test]
    fn soundness_is_the_checks_passing() {
        let good = board();
        assert!(good.is_sound() && good.check().is_ok());
        let solution = *good.stored_solution().unwrap();
        for i in 0..81 {
            for v in 0..=16u8 {
                let mut s = solution;
                s[i] = v;
                let mut p = good.clone();
                p.solution = Some(s);
                let expected = (1..=9).contains(&v)
                    && (good.givens[i] == 0 || good.givens[i] == v)
                    && crate::board::rule_problems(&s).is_empty();
                assert_eq!(p.is_sound(), expected, "solution cell {i} = {v}");
                assert_eq!(p.check().is_ok(), expected, "solution cell {i} = {v}");
                let mut p = good.clone();
                p.givens[i] = v;
                let expected = v == 0 || v == solution[i];
                assert_eq!(p.is_sound(), expected, "given cell {i} = {v}");
                assert_eq!(p.check().is_ok(), expected, "given cell {i} = {v}");
                p.solution = None;
                assert_eq!(
                    p.check().is_ok(),
                    v <= 9,
                    "given cell {i} = {v}, no solution"
                );
            }
        }
    }

    fn from_json(json: serde_json::Value) -> Result<SudokuPuzzle, String> {
        serde_json::from_value(json).map_err(|e| e.to_string())
    }

    #[test]
    fn json_round_trip_and_optional_fields() {
        let b = board();
        let json = serde_json::to_value(&b).unwrap();
        assert_eq!(json["difficulty"], "EASY");
        assert!(json.get("grade").is_none());
        let back: SudokuPuzzle = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back, b);
        assert_eq!(json["puzzle"], P);
        assert_eq!(json["solution"], S);
        let bare: SudokuPuzzle = serde_json::from_str(&format!("{{\"puzzle\":\"{P}\"}}")).unwrap();
        assert_eq!(bare.stored_solution(), None);
        assert_eq!(b.stored_solution().unwrap()[0], 5);
        // `0` is read as an empty cell and written back as `.`.
        let zeros = from_json(serde_json::json!({ "puzzle": P.replace('.', "0") })).unwrap();
        assert_eq!(serde_json::to_value(&zeros).unwrap()["puzzle"], P);
    }

    #[test]
    fn unreadable_boards_are_refused_on_the_way_in() {
        let e = from_json(serde_json::json!({ "puzzle": "12x" })).unwrap_err();
        assert!(e.contains("puzzle: line 1, column 3"), "{e}");
        let mut cells = parse_grid(P).unwrap();
        cells[0] = 10;
        assert!(SudokuPuzzle::from_givens(&cells).check().is_err());
        assert!(SudokuPuzzle::new(cells, None, None, None).is_err());
    }

    #[test]
    fn bad_solutions_are_named() {
        let e = from_json(serde_json::json!({ "puzzle": P, "solution": format!("6{}", &S[1..]) }))
            .unwrap_err();
        assert!(e.contains("r1c1 is 6 but the given there is 5"), "{e}");
        let e = from_json(serde_json::json!({ "puzzle": P, "solution": &S[..80] })).unwrap_err();
        assert!(e.starts_with("solution: line 1"), "{e}");
    }

    #[test]
    fn states_are_checked() {
        let givens = *board().givens();
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
