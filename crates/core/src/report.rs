//! The solve report: one shape for every genre's `dayseed solve` line, the API and the wasm
//! `solve` export.
//!
//! ```json
//! {"status": "solved", "solution": ..., "grade": {..} | null, "nodes": 123 | null, ...details}
//! ```
//!
//! * `status` — `solved` (a solution was found and, where the genre counts, it is the only one),
//!   `multiple` (more than one solution; `solution` holds one), `unsolvable` (no solution, or for
//!   arcade genres: the solver's plan does not win), `budget_exhausted` (the node budget ran out
//!   before the count was known).
//! * `solution` — the genre's answer in its JSON form (sudoku: 81 digits; slitherlink: edges;
//!   starlink: line indices; lightsout: the presses of a shortest solution; arcade genres: the
//!   winning tape's text form), or `null`.
//! * `grade` — the [`Grade`] when asked for and available, else `null`.
//! * `nodes` — search nodes spent, for genres whose solver counts them, else `null`.
//! * the genre's own details beside these (flattened): the fields each genre reported before the
//!   shape was unified (`solutions`, `tape`, `par`, ...) stay, so existing readers keep working.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::budget::Count;
use crate::genre::Grade;

/// What the solver found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolveStatus {
    /// A solution (the only one, where the genre counts solutions).
    Solved,
    /// No solution; for arcade genres, the solver found no winning plan.
    Unsolvable,
    /// More than one solution.
    Multiple,
    /// The node budget ran out before the answer was known.
    BudgetExhausted,
}

impl SolveStatus {
    /// The status a bounded solution count (up to 2) means.
    pub fn from_count(count: Count) -> SolveStatus {
        match count {
            Count::Exactly(0) => SolveStatus::Unsolvable,
            Count::Exactly(1) => SolveStatus::Solved,
            Count::Exactly(_) | Count::AtLeast(_) => SolveStatus::Multiple,
            Count::BudgetExhausted => SolveStatus::BudgetExhausted,
        }
    }
}

/// A genre's solve report (see the module docs for the JSON shape).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolveReport {
    /// What the solver found.
    pub status: SolveStatus,
    /// A solution in the genre's JSON form, when one was found.
    pub solution: Option<Value>,
    /// The grade, when asked for and available.
    pub grade: Option<Grade>,
    /// Search nodes spent, for solvers that count them.
    pub nodes: Option<u64>,
    /// The genre's own fields, written beside the common ones. A key that collides with a
    /// common field is dropped by [`SolveReport::detail`].
    #[serde(flatten)]
    pub details: Map<String, Value>,
}

impl SolveReport {
    /// A report with a status and nothing else yet.
    pub fn new(status: SolveStatus) -> SolveReport {
        SolveReport {
            status,
            solution: None,
            grade: None,
            nodes: None,
            details: Map::new(),
        }
    }

    /// Sets the solution.
    pub fn with_solution(mut self, solution: impl Into<Value>) -> SolveReport {
        self.solution = Some(solution.into());
        self
    }

    /// Sets the node count.
    pub fn with_nodes(mut self, nodes: u64) -> SolveReport {
        self.nodes = Some(nodes);
        self
    }

    /// Sets the grade.
    pub fn with_grade(mut self, grade: Option<Grade>) -> SolveReport {
        self.grade = grade;
        self
    }

    /// Adds a genre-specific field. The common names (`status`, `solution`, `grade`, `nodes`)
    /// are reserved: a detail with one of them is ignored, so the shape cannot be broken.
    pub fn detail(mut self, key: &str, value: impl Into<Value>) -> SolveReport {
        if !matches!(key, "status" | "solution" | "grade" | "nodes") {
            self.details.insert(key.to_string(), value.into());
        }
        self
    }

    /// The report as one JSON object.
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        let status = match self.status {
            SolveStatus::Solved => "solved",
            SolveStatus::Unsolvable => "unsolvable",
            SolveStatus::Multiple => "multiple",
            SolveStatus::BudgetExhausted => "budget_exhausted",
        };
        out.insert("status".into(), Value::from(status));
        out.insert(
            "solution".into(),
            self.solution.clone().unwrap_or(Value::Null),
        );
        out.insert(
            "grade".into(),
            self.grade
                .as_ref()
                .and_then(|g| serde_json::to_value(g).ok())
                .unwrap_or(Value::Null),
        );
        out.insert(
            "nodes".into(),
            self.nodes.map(Value::from).unwrap_or(Value::Null),
        );
        for (k, v) in &self.details {
            out.entry(k.clone()).or_insert_with(|| v.clone());
        }
        Value::Object(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_map_to_statuses() {
        assert_eq!(
            SolveStatus::from_count(Count::Exactly(0)),
            SolveStatus::Unsolvable
        );
        assert_eq!(
            SolveStatus::from_count(Count::Exactly(1)),
            SolveStatus::Solved
        );
        assert_eq!(
            SolveStatus::from_count(Count::AtLeast(2)),
            SolveStatus::Multiple
        );
        assert_eq!(
            SolveStatus::from_count(Count::BudgetExhausted),
            SolveStatus::BudgetExhausted
        );
    }

    #[test]
    fn the_json_shape_has_the_common_fields_and_the_details() {
        let r = SolveReport::new(SolveStatus::Multiple)
            .with_solution("123")
            .with_nodes(7)
            .detail("solutions", 2)
            .detail("status", "ignored");
        let v = r.to_json();
        assert_eq!(v["status"], "multiple");
        assert_eq!(v["solution"], "123");
        assert_eq!(v["grade"], Value::Null);
        assert_eq!(v["nodes"], 7);
        assert_eq!(v["solutions"], 2);
        assert_eq!(v.as_object().unwrap().len(), 5);
        let back: SolveReport = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back.to_json(), v);
    }
}
