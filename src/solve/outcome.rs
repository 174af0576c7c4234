use std::cmp::Ordering;
use std::fmt;

/// The value of a position for the side to move, under perfect play, with
/// its remoteness: the number of plies (moves of either side) to the end.
///
/// Remoteness follows the GamesmanClassic and GamesmanOne convention:
///
/// - the winner takes the quickest win;
/// - the loser takes the slowest loss;
/// - a tie is taken as soon as it can be.
///
/// A game says what a finished position is worth through
/// [`Game::primitive`](super::Game::primitive); a position with no legal move
/// that the game does not value otherwise is lost in 0 plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move wins; the winner takes the shortest route.
    Win(u32),
    /// The side to move loses; the loser takes the longest route.
    Loss(u32),
    /// The game ends with neither side winning, as soon as it can.
    Tie(u32),
    /// Neither side can force a win and the game goes on forever (games
    /// with cycles only).
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
            Outcome::Tie(n) => Outcome::Tie(n + 1),
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// Plies to the end of the game, or `None` for a draw.
    pub const fn plies(self) -> Option<u32> {
        match self {
            Outcome::Win(n) | Outcome::Loss(n) | Outcome::Tie(n) => Some(n),
            Outcome::Draw => None,
        }
    }

    /// Whether the side to move wins.
    pub const fn is_win(self) -> bool {
        matches!(self, Outcome::Win(_))
    }

    /// Whether the side to move loses.
    pub const fn is_loss(self) -> bool {
        matches!(self, Outcome::Loss(_))
    }

    /// The value's name: `win`, `loss`, `tie` or `draw`.
    pub const fn name(self) -> &'static str {
        match self {
            Outcome::Win(_) => "win",
            Outcome::Loss(_) => "loss",
            Outcome::Tie(_) => "tie",
            Outcome::Draw => "draw",
        }
    }

    /// A key that sorts outcomes from worst to best for the side to move:
    /// quick losses, slow losses, draws, slow ties, quick ties, slow wins,
    /// quick wins. A game has ties or draws, never both, so where a draw
    /// stands against a tie is only a convention: the tie ends the game.
    const fn preference(self) -> (u8, i64) {
        match self {
            Outcome::Loss(n) => (0, n as i64),
            Outcome::Draw => (1, 0),
            Outcome::Tie(n) => (2, -(n as i64)),
            Outcome::Win(n) => (3, -(n as i64)),
        }
    }

    /// The outcome in 16 bits, for tables: two bits of kind, fourteen of
    /// remoteness. Remoteness from [`Outcome::MAX_PACKED_PLIES`] up does not fit.
    pub const fn pack(self) -> u16 {
        let (kind, plies) = match self {
            Outcome::Win(n) => (1, n),
            Outcome::Loss(n) => (2, n),
            Outcome::Tie(n) => (3, n),
            Outcome::Draw => (0, 0),
        };
        assert!(plies < Outcome::MAX_PACKED_PLIES, "remoteness too large to pack");
        (kind << 14) | plies as u16
    }

    /// The outcome [`Outcome::pack`] made `packed` from.
    pub const fn unpack(packed: u16) -> Outcome {
        let plies = (packed & 0x3fff) as u32;
        match packed >> 14 {
            1 => Outcome::Win(plies),
            2 => Outcome::Loss(plies),
            3 => Outcome::Tie(plies),
            _ => Outcome::Draw,
        }
    }

    /// Remoteness must stay below this to [`pack`](Outcome::pack).
    pub const MAX_PACKED_PLIES: u32 = 1 << 14;
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
            Outcome::Tie(n) => write!(f, "tie in {n}"),
            Outcome::Draw => write!(f, "draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Outcome::{self, Draw, Loss, Tie, Win};

    #[test]
    fn preference_orders_from_worst_to_best() {
        let mut all = vec![Win(3), Loss(0), Draw, Tie(2), Win(1), Tie(5), Loss(4)];
        all.sort();
        assert_eq!(all, vec![Loss(0), Loss(4), Draw, Tie(5), Tie(2), Win(3), Win(1)]);
    }

    #[test]
    fn parent_swaps_sides_and_adds_a_ply() {
        assert_eq!(Outcome::TERMINAL.parent(), Win(1));
        assert_eq!(Win(1).parent(), Loss(2));
        assert_eq!(Tie(3).parent(), Tie(4));
        assert_eq!(Draw.parent(), Draw);
        assert_eq!(Loss(2).plies(), Some(2));
        assert_eq!(Draw.plies(), None);
    }

    #[test]
    fn packing_round_trips() {
        for o in [Win(1), Loss(0), Tie(0), Tie(16383), Draw, Win(77), Loss(16382)] {
            assert_eq!(Outcome::unpack(o.pack()), o);
        }
    }
}
