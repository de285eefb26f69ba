//! dayseed-sudoku (work in progress).
