//! Prints a generated board and its answer in the terminal: `slitherlink_show [ID]`.

use dayseed_core::{DynGenre, PuzzleId};
use dayseed_slitherlink::GENRE;

fn main() {
    let id = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "slitherlink:SEED-42-10x10-L6-g1".to_string());
    let id: PuzzleId = match id.parse() {
        Ok(id) => id,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    match GENRE.generate(&id) {
        Ok(record) => {
            println!("{id}  difficulty {}", record.puzzle["difficulty"]);
            for solution in [false, true] {
                match GENRE.render_text(&record.puzzle, None, solution) {
                    Ok(text) => println!("{text}"),
                    Err(e) => eprintln!("{e}"),
                }
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
