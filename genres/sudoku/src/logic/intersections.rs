//! Locked candidates (MEDIUM). Pointing: inside a box a digit is confined to one row or column,
//! so it leaves the rest of that line. Claiming: inside a row or column a digit is confined to
//! one box, so it leaves the rest of that box.

use super::candidates::{Grid, UNIT_BITS, col, row, unit_name};
use super::technique::{DigitRung, Finding};

/// Pointing (box-line reduction from the box side).
pub(crate) fn pointing(g: &Grid, f: &mut Finding) -> bool {
    let digits = f.memo.digits_bits(g);
    for d in 1..=9u8 {
        let db = digits[usize::from(d)];
        // The search on `d` reads nothing but the digit's cells `db`, so when it found nothing
        // on these cells before it finds nothing again; skipping it keeps the first instance.
        if f.memo.found_nothing(DigitRung::Pointing, d, db) {
            continue;
        }
        for (b, &box_bits) in UNIT_BITS.iter().enumerate().skip(18) {
            let inside = db & box_bits;
            if inside == 0 {
                continue;
            }
            let c0 = inside.trailing_zeros() as usize;
            for line in [row(c0), 9 + col(c0)] {
                if inside & !UNIT_BITS[line] != 0 {
                    continue;
                }
                let targets = db & UNIT_BITS[line] & !box_bits;
                if targets != 0 {
                    return report(f, d, b, line, inside, targets, "Pointing");
                }
            }
        }
        f.memo.record(DigitRung::Pointing, d, db, false);
    }
    false
}

/// Claiming (box-line reduction from the line side).
pub(crate) fn claiming(g: &Grid, f: &mut Finding) -> bool {
    let digits = f.memo.digits_bits(g);
    for d in 1..=9u8 {
        let db = digits[usize::from(d)];
        // The search on `d` reads nothing but the digit's cells `db`, so when it found nothing
        // on these cells before it finds nothing again; skipping it keeps the first instance.
        if f.memo.found_nothing(DigitRung::Claiming, d, db) {
            continue;
        }
        for (line, &line_bits) in UNIT_BITS.iter().enumerate().take(18) {
            let inside = db & line_bits;
            if inside == 0 {
                continue;
            }
            let b = 18 + super::candidates::box_of(inside.trailing_zeros() as usize);
            if inside & !UNIT_BITS[b] != 0 {
                continue;
            }
            let targets = db & UNIT_BITS[b] & !line_bits;
            if targets != 0 {
                return report(f, d, line, b, inside, targets, "Claiming");
            }
        }
        f.memo.record(DigitRung::Claiming, d, db, false);
    }
    false
}

fn report(
    f: &mut Finding,
    d: u8,
    home: usize,
    confined_to: usize,
    inside: u128,
    targets: u128,
    name: &str,
) -> bool {
    f.eliminate_all(targets, d);
    if f.explain {
        f.set_cells(super::candidates::cells_of(inside));
        f.explain_eliminations(format!(
            "{name}: within {}, {d} can only be in {}",
            unit_name(home),
            unit_name(confined_to)
        ));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testutil::grid_of;

    #[test]
    fn pointing_and_claiming_on_constructed_positions() {
        // Box 1 has 3 only in row 1 (its rows 2 and 3 are full of other digits).
        let g = grid_of(
            "000000000\
             124000000\
             567000000\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000",
        );
        let mut f = Finding::new(true);
        assert!(pointing(&g, &mut f));
        let expected: Vec<(u8, u8)> = (3..9).map(|c| (c, 3)).collect();
        assert_eq!(f.eliminations, expected);
        assert_eq!(
            f.text,
            "Pointing: within box 1, 3 can only be in row 1, so 3 is removed from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9"
        );
        // Row 1 has 4 only in box 1 (columns 4..9 of row 1 hold other digits or see a 4).
        let g = grid_of(
            "000123567\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000\
             000000000",
        );
        let mut f = Finding::new(true);
        // Digits 4, 8 and 9 are confined to box 1 in row 1.
        assert!(claiming(&g, &mut f));
        assert_eq!(f.eliminations.len(), 6);
        assert!(
            f.eliminations
                .iter()
                .all(|&(c, d)| d == 4 && (9..21).contains(&c))
        );
    }
}
