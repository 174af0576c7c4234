use gamespace::cephalopods::{Board, path_hash_sum};
use gamespace::mu_torere::{self, Position};
use gamespace::pawn_chess;
use gamespace::solve::negamax::Negamax;
use gamespace::solve::{Game, Outcome};

/// A game of your own: take 1, 2 or 3 stones from a pile; who cannot move
/// loses. The shared solvers need only its moves.
struct TakeAway;

impl Game for TakeAway {
    type Position = u32;

    fn for_each_successor(&self, pile: u32, mut visit: impl FnMut(u32)) {
        (1..=pile.min(3)).for_each(|take| visit(pile - take));
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Cephalopods: the sum of the final boards' hashes over every game of
    // up to 20 moves from this board, modulo 2^30.
    let board: Board = "0 6 0 / 2 2 2 / 1 6 1".parse()?;
    assert_eq!(path_hash_sum(board, 20), 322_444_322);

    // 4x4 pawn chess: White, to move at the start, wins in 11 plies.
    let start: pawn_chess::Board = "pppp/..../..../PPPP".parse()?;
    assert_eq!(pawn_chess::Solver::default().solve(start), Outcome::Win(11));

    // Mu Torere: all 1260 positions solved; the start is a draw.
    let start: Position = "wwwbowbbb b".parse()?;
    assert_eq!(mu_torere::Solution::get().outcome(start), Outcome::Draw);

    // Bad text is an error that says what is wrong and where.
    let error = "pppp/..x./..../PPPP".parse::<pawn_chess::Board>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "row 2 `..x.` has `x` at column 3; rows hold only `p`, `P` and `.`"
    );

    // Your own game: a pile of 8 is lost, in 4 plies against the best defence.
    assert_eq!(Negamax::new(TakeAway).solve(8), Outcome::Loss(4));
    println!("all as expected");
    Ok(())
}
