//! Human-style solving techniques, grading and hints (work in progress).
