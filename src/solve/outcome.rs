use std::cmp::Ordering;
use std::fmt;

/// The value of a position for the side to move, under perfect play.
///
/// The distance counts plies (moves of either side) until the side to move
/// can no longer move. A loss in 0 plies is a position with no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins; the winner takes the shortest route.
    Win(u32),
    /// The side to move loses; the loser takes the longest route.
    Loss(u32),
    /// Neither side can force a win: the game goes on forever.
    Draw,
}

impl Outcome {
    /// A position with no legal move: the side to move has lost.
    pub const TERMINAL: Outcome = Outcome::Loss(0);

    /// The value of the position one ply earlier, for the player who moved
    /// into `self`.
    pub const fn parent(self) -> Outcome {
        match self {
            Outcome::Win(n) => Outcome::Loss(n + 1),
            Outcome::Loss(n) => Outcome::Win(n + 1),
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// Plies to the end of the game, or `None` for a draw.
    pub const fn plies(self) -> Option<u32> {
        match self {
            Outcome::Win(n) | Outcome::Loss(n) => Some(n),
            Outcome::Draw => None,
        }
    }

    pub const fn is_win(self) -> bool {
        matches!(self, Outcome::Win(_))
    }

    pub const fn is_loss(self) -> bool {
        matches!(self, Outcome::Loss(_))
    }

    /// A key that sorts outcomes from worst to best for the side to move:
    /// quick losses, slow losses, draws, slow wins, quick wins.
    const fn preference(self) -> (u8, i64) {
        match self {
            Outcome::Loss(n) => (0, n as i64),
            Outcome::Draw => (1, 0),
            Outcome::Win(n) => (2, -(n as i64)),
        }
    }
}

/// Greater means better for the side to move, so the best move is the one
/// whose resulting position has the greatest `child.parent()`.
impl Ord for Outcome {
    fn cmp(&self, other: &Self) -> Ordering {
        self.preference().cmp(&other.preference())
    }
}

impl PartialOrd for Outcome {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(n) => write!(f, "win in {n}"),
            Outcome::Loss(n) => write!(f, "loss in {n}"),
            Outcome::Draw => write!(f, "draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Outcome::{self, Draw, Loss, Win};

    #[test]
    fn preference_orders_from_worst_to_best() {
        let mut all = vec![Win(3), Loss(0), Draw, Win(1), Loss(4)];
        all.sort();
        assert_eq!(all, vec![Loss(0), Loss(4), Draw, Win(3), Win(1)]);
    }

    #[test]
    fn parent_swaps_sides_and_adds_a_ply() {
        assert_eq!(Outcome::TERMINAL.parent(), Win(1));
        assert_eq!(Win(1).parent(), Loss(2));
        assert_eq!(Draw.parent(), Draw);
        assert_eq!(Loss(2).plies(), Some(2));
        assert_eq!(Draw.plies(), None);
    }
}
