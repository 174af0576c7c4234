//! The path-sum engine.
//!
//! Every path from the start visits boards whose "potential" `2·pips − dice`
//! rises with each move: a plain placement adds a pip and a die, a capture
//! keeps the pips and removes dice. So the boards form a finite DAG, and a
//! board reached after `t` moves can also be reached after other numbers of
//! moves only within a short window of layers. The engine works in two
//! passes over that DAG, with boards reduced by the symmetries of the square:
//!
//! 1. [`graph`] discovers every canonical board reachable within the depth,
//!    in topological order, with its window of layers and its moves.
//! 2. [`sweep`] pushes path counts along the recorded moves, one vector of
//!    eight lanes (one per symmetric image) per board and layer, and adds up
//!    the hashes of the boards where paths stop.
//!
//! Each move is generated, canonicalised and looked up once, instead of
//! once per layer the board appears in (about four times fewer), and the
//! counting pass is flat vector arithmetic.

mod graph;
mod lanes;
mod sweep;

use super::{Board, MODULUS};

/// No game lasts longer: `2·pips − dice` starts at 0 or more, rises by at
/// least one per move and is at most `2·54 − 9` on a full board.
pub const LONGEST_GAME: u32 = 2 * 54;

/// The sum, over every game path of `depth` moves from `board` (fewer when
/// the board fills first), of the final board's hash, modulo 2^30.
pub fn path_hash_sum(board: Board, depth: u32) -> u32 {
    if depth == 0 || board.is_full() {
        return board.hash() % MODULUS;
    }
    let depth = depth.min(LONGEST_GAME + 1);
    let graph = graph::Graph::discover(board, depth);
    sweep::sum_final_hashes(&graph, depth) % MODULUS
}
