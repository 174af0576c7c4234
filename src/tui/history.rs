//! A game as a board keeps it for undo and a new game: the position it
//! started from, every position since, and the moves between them.

/// The positions `P` of a game so far and its moves `T`: `positions()[i]`
/// is the position before `plies()[i]`, and the last is the current one.
#[derive(Clone, Debug)]
pub struct History<P, T> {
    start: P,
    positions: Vec<P>,
    plies: Vec<T>,
}

impl<P: Copy, T> History<P, T> {
    /// A game at `start`, with no move yet.
    pub fn new(start: P) -> History<P, T> {
        History {
            start,
            positions: vec![start],
            plies: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> P {
        *self.positions.last().expect("a game has a position")
    }

    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    pub fn plies(&self) -> &[T] {
        &self.plies
    }

    /// Records `ply`, which led to `next`.
    pub fn push(&mut self, ply: T, next: P) {
        self.plies.push(ply);
        self.positions.push(next);
    }

    /// Takes back the last move for which `mine` holds (given the position
    /// before it and the move) and every move after it; `false` if no move
    /// is such.
    pub fn undo(&mut self, mine: impl Fn(&P, &T) -> bool) -> bool {
        let back = (0..self.plies.len())
            .rev()
            .find(|&i| mine(&self.positions[i], &self.plies[i]));
        match back {
            None => false,
            Some(i) => {
                self.plies.truncate(i);
                self.positions.truncate(i + 1);
                true
            }
        }
    }

    /// Back to the start, every move forgotten.
    pub fn restart(&mut self) {
        self.positions = vec![self.start];
        self.plies.clear();
    }
}

/// What a board says after undo, as it took back a move or found none.
pub fn undo_note(undone: bool) -> &'static str {
    if undone {
        "Took back your last move. "
    } else {
        "Nothing to undo. "
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_goes_back_to_before_the_last_move_that_is_mine() {
        // Positions are numbers, moves add to them; "mine" are the odd moves.
        let mut h: History<i32, i32> = History::new(0);
        for step in [1, 2, 3, 4] {
            let next = h.position() + step;
            h.push(step, next);
        }
        assert_eq!(h.positions(), [0, 1, 3, 6, 10]);
        assert!(h.undo(|_, &step| step % 2 == 1));
        assert_eq!((h.positions(), h.plies()), (&[0, 1, 3][..], &[1, 2][..]));
        assert!(h.undo(|_, &step| step % 2 == 1));
        assert_eq!(h.position(), 0);
        assert!(!h.undo(|_, &step| step % 2 == 1), "nothing left that is mine");
        h.push(5, 5);
        h.restart();
        assert_eq!((h.position(), h.plies().len()), (0, 0));
    }
}
