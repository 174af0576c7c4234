//! Legal moves: on each empty cell, every capture of two or more orthogonal
//! neighbours summing to at most 6, or a plain 1 when no capture exists.
//!
//! The moves on a cell depend only on the values of its (at most four)
//! neighbours, so they are looked up in a table built at compile time,
//! indexed by the cell and its neighbours' packed values.

use super::CacheAligned;
use super::board::{Board, CELLS, IMAGE_SYMMETRY};

const NONE: u8 = u8::MAX;

/// Orthogonal neighbours of each cell, padded with `NONE`.
const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut table = [[NONE; 4]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / 3, i % 3);
        let mut n = 0;
        if r > 0 {
            table[i][n] = (i - 3) as u8;
            n += 1;
        }
        if c > 0 {
            table[i][n] = (i - 1) as u8;
            n += 1;
        }
        if c < 2 {
            table[i][n] = (i + 1) as u8;
            n += 1;
        }
        if r < 2 {
            table[i][n] = (i + 3) as u8;
        }
        i += 1;
    }
    table
};

const fn neighbour_count(cell: usize) -> usize {
    let mut n = 0;
    while n < 4 && NEIGHBOURS[cell][n] != NONE {
        n += 1;
    }
    n
}

/// One legal move, packed with what applying it needs. Bits 0..4 hold
/// the subset of the cell's neighbours captured, bits 4..8 the cell and
/// bits 8..11 the new die's value, so that bits 0..8 index `CLEAR_MASKS`
/// and bits 4..11 `SET_VALUES`; bits 11..13 hold the kind of move (0 for a
/// plain placement, else the number of dice captured minus one).
///
/// Sixteen bits rather than 32: the table of every cell's moves takes half
/// the cache, and a cell's list is copied in one 32-byte move.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Placement(u16);

// The fields' ranges: a cell fits four bits, and a value three.
const _: () = assert!(CELLS <= 16);

impl std::fmt::Debug for Placement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Placement")
            .field("cell", &self.cell())
            .field("captured", &self.captured())
            .field("value", &self.value())
            .field("kind", &self.kind())
            .finish()
    }
}

impl Placement {
    const fn new(cell: usize, captured: usize, value: usize) -> Placement {
        let kind = if captured == 0 {
            0
        } else {
            captured.count_ones() as usize - 1
        };
        Placement((captured | cell << 4 | value << 8 | kind << 11) as u16)
    }

    /// The cell the new die goes on.
    pub const fn cell(self) -> usize {
        (self.0 >> 4 & 0xF) as usize
    }

    /// Which of the cell's neighbours are captured: bit `k` for the `k`-th
    /// entry of its neighbour list. Empty for a plain placement.
    pub const fn captured(self) -> u32 {
        self.0 as u32 & 0xF
    }

    /// The new die's value: the captured sum, or 1.
    pub const fn value(self) -> u32 {
        (self.0 >> 8 & 0x7) as u32
    }

    /// 0 for a plain placement, else the number of dice captured minus one.
    pub const fn kind(self) -> usize {
        (self.0 >> 11 & 0x3) as usize
    }

    /// The number of dice captured: 0 for a plain placement.
    #[cfg(test)]
    pub const fn captured_count(self) -> u32 {
        self.captured().count_ones()
    }

    pub const fn apply(self, board: Board) -> Board {
        let (clear, set) = self.image_masks();
        Board::from_packed((board.packed() & !clear[0]) | set[0])
    }

    /// Per image: the bits this move clears (its cell and the captured
    /// neighbours) and the bits it sets (the new die on its cell).
    #[inline(always)]
    pub const fn image_masks(self) -> (&'static [u32; 8], &'static [u32; 8]) {
        (
            &CLEAR_MASKS.0[(self.0 & 0xFF) as usize],
            &SET_VALUES.0[(self.0 >> 4 & 0x7F) as usize],
        )
    }

    /// The eight images of the board after this move, given the eight
    /// images of the board before it (both in the order of
    /// [`Board::images`]): a mask and a value per image, no table walk.
    #[inline(always)]
    pub fn apply_to_images(self, images: &[u32; 8]) -> [u32; 8] {
        let (clear, set) = self.image_masks();
        std::array::from_fn(|k| (images[k] & !clear[k]) | set[k])
    }
}

/// `CLEAR_MASKS[cell << 4 | subset][k]`: the bits, in image `k`, of the
/// cell and of the subset of its neighbours. As many entries as a byte
/// indexes, so that looking one up needs no check.
static CLEAR_MASKS: CacheAligned<[[u32; 8]; 256]> = CacheAligned({
    let mut table = [[0; 8]; 256];
    let mut cell = 0;
    while cell < CELLS {
        let mut subset = 0;
        while subset < 16 {
            let mut k = 0;
            while k < 8 {
                let perm = IMAGE_SYMMETRY[k].cell_permutation::<3, 9>();
                let mut mask = Board::cell_mask(perm[cell] as usize);
                let mut n = 0;
                while n < neighbour_count(cell) {
                    if subset & (1 << n) != 0 {
                        mask |= Board::cell_mask(perm[NEIGHBOURS[cell][n] as usize] as usize);
                    }
                    n += 1;
                }
                table[cell << 4 | subset][k] = mask;
                k += 1;
            }
            subset += 1;
        }
        cell += 1;
    }
    table
});

/// `SET_VALUES[value << 4 | cell][k]`: `value` on `cell`, in image `k`.
static SET_VALUES: CacheAligned<[[u32; 8]; 128]> = CacheAligned({
    let mut table = [[0; 8]; 128];
    let mut cell = 0;
    while cell < CELLS {
        let mut value = 0;
        while value < 8 {
            let mut k = 0;
            while k < 8 {
                table[value << 4 | cell][k] = (value as u32) << CELL_SHIFTS[cell][k];
                k += 1;
            }
            value += 1;
        }
        cell += 1;
    }
    table
});

/// `CELL_SHIFTS[cell][k]`: the bit offset of `cell` in image `k`.
pub(crate) static CELL_SHIFTS: [[u32; 8]; CELLS] = {
    let mut table = [[0; 8]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut k = 0;
        while k < 8 {
            table[cell][k] = 3 * IMAGE_SYMMETRY[k].cell_permutation::<3, 9>()[cell] as u32;
            k += 1;
        }
        cell += 1;
    }
    table
};

/// Neighbour values are packed 3 bits each in neighbour-list order, so a
/// cell with `n` neighbours has `8^n` patterns (some never occur).
const fn pattern_count(cell: usize) -> usize {
    1 << (3 * neighbour_count(cell))
}

const PATTERN_BASE: [usize; CELLS + 1] = {
    let mut base = [0; CELLS + 1];
    let mut cell = 0;
    while cell < CELLS {
        base[cell + 1] = base[cell] + pattern_count(cell);
        cell += 1;
    }
    base
};
const PATTERNS: usize = PATTERN_BASE[CELLS];

/// The moves on `cell` when its neighbours show `pattern`, written to `out`
/// as `subset | value << 4`; returns how many.
const fn moves_for_pattern(cell: usize, pattern: usize, out: &mut [u8; MOST_MOVES_ON_A_CELL]) -> usize {
    let n = neighbour_count(cell);
    let mut count = 0;
    let mut subset = 0;
    while subset < (1 << n) {
        let mut sum = 0;
        let mut dice = 0;
        let mut valid = true;
        let mut k = 0;
        while k < n {
            if subset & (1 << k) != 0 {
                let value = (pattern >> (3 * k)) & 7;
                if value == 0 {
                    valid = false;
                }
                sum += value;
                dice += 1;
            }
            k += 1;
        }
        if valid && dice >= 2 && sum <= 6 {
            out[count] = encode_move(subset, sum);
            count += 1;
        }
        subset += 1;
    }
    if count == 0 {
        out[0] = encode_move(0, 1);
        count = 1;
    }
    count
}

const fn encode_move(subset: usize, value: usize) -> u8 {
    (subset | (value << 4)) as u8
}

const MOVE_TOTAL: usize = {
    let mut total = 0;
    let mut cell = 0;
    while cell < CELLS {
        let mut pattern = 0;
        while pattern < pattern_count(cell) {
            total += moves_for_pattern(cell, pattern, &mut [0; MOST_MOVES_ON_A_CELL]);
            pattern += 1;
        }
        cell += 1;
    }
    total
};

/// The most moves on one cell: a centre between four 1s has eleven.
const MOST_MOVES_ON_A_CELL: usize = 11;

/// A move list is always copied as this many entries, whatever its length,
/// so that gathering a board's moves has no branch on list lengths.
const COPIED: usize = 16;
const _: () = assert!(MOST_MOVES_ON_A_CELL <= COPIED);

/// Room for the moves of every (cell, pattern) pair, and for the pairs'
/// spans: powers of two, so that masked indices need no checks.
const MOVE_ROOM: usize = MOVE_TOTAL.next_power_of_two();
const SPAN_ROOM: usize = PATTERNS.next_power_of_two();
// A span packs a start and a count in 16 bits each.
const _: () = assert!(MOVE_ROOM <= 1 << 16 && MOST_MOVES_ON_A_CELL < 1 << 16);

/// All moves of all (cell, pattern) pairs, as [`Placement`]s, followed by
/// [`COPIED`] spare entries; in the second table, entry
/// `PATTERN_BASE[cell] + pattern` is where a pair's moves start, with how
/// many there are in the high 16 bits: one load, where a start and an end
/// were two.
static MOVE_LIST: ([Placement; MOVE_ROOM + COPIED], [u32; SPAN_ROOM]) = {
    let mut moves = [Placement(0); MOVE_ROOM + COPIED];
    let mut spans = [0u32; SPAN_ROOM];
    let mut at = 0;
    let mut cell = 0;
    while cell < CELLS {
        let mut pattern = 0;
        while pattern < pattern_count(cell) {
            let mut buffer = [0u8; MOST_MOVES_ON_A_CELL];
            let count = moves_for_pattern(cell, pattern, &mut buffer);
            spans[PATTERN_BASE[cell] + pattern] = (at | count << 16) as u32;
            let mut k = 0;
            while k < count {
                let code = buffer[k] as usize;
                moves[at] = Placement::new(cell, code & 0xF, code >> 4);
                at += 1;
                k += 1;
            }
            pattern += 1;
        }
        cell += 1;
    }
    (moves, spans)
};

/// `CHILD_SUM_TERMS[PATTERN_BASE[cell] + pattern]`: what the moves on
/// `cell`, with its neighbours showing `pattern`, add to the cell-by-cell
/// sums of a board's children besides the board's own cells once per move
/// (see [`child_cell_sums`]). Lane `cell` holds the values placed; the
/// lane of each neighbour holds its value, negated, once per move that
/// captures it; lane 15 holds the number of moves. Each term lies within
/// ±66 (eleven moves, values up to 6), so a byte holds it, and the 16
/// lanes fill one vector.
static CHILD_SUM_TERMS: CacheAligned<[[i8; 16]; SPAN_ROOM]> = CacheAligned({
    let (moves, spans) = &MOVE_LIST;
    let mut table = [[0i8; 16]; SPAN_ROOM];
    let mut pair = 0;
    while pair < PATTERNS {
        let (from, count) = ((spans[pair] & 0xFFFF) as usize, (spans[pair] >> 16) as usize);
        // Every cell has a move, whatever its neighbours show.
        let cell = moves[from].cell();
        let pattern = pair - PATTERN_BASE[cell];
        let terms = &mut table[pair];
        terms[MOVE_COUNT_LANE] = count as i8;
        let mut k = from;
        while k < from + count {
            terms[cell] += moves[k].value() as i8;
            let mut n = 0;
            while n < neighbour_count(cell) {
                if moves[k].captured() & (1 << n) != 0 {
                    terms[NEIGHBOURS[cell][n] as usize] -= ((pattern >> (3 * n)) & 7) as i8;
                }
                n += 1;
            }
            k += 1;
        }
        pair += 1;
    }
    table
});

/// The lane of [`CHILD_SUM_TERMS`] that counts moves.
const MOVE_COUNT_LANE: usize = 15;

/// The sums, cell by cell, of the children of `board`, one child per move,
/// where `pattern` gives a cell's `neighbour_pattern`. A move leaves
/// every cell as it was except its own and those it captures, so the sums
/// take one table entry per empty cell, and no child is made.
///
/// Each sum is at most 186: a board has at most 31 moves (eleven on the
/// centre, four on each side cell, one on each corner), each leaving at
/// most 6 on a cell.
#[inline(always)]
pub fn child_cell_sums(board: Board, pattern: impl Fn(Board, usize) -> u32) -> [u16; CELLS] {
    let mut sums = [0i16; 16];
    let mut empty = board.empty_cells();
    while empty != 0 {
        let cell = empty.trailing_zeros() as usize;
        empty &= empty - 1;
        let terms = &CHILD_SUM_TERMS.0[(PATTERN_BASE[cell] + pattern(board, cell) as usize) % SPAN_ROOM];
        for (sum, &term) in sums.iter_mut().zip(terms) {
            *sum += i16::from(term);
        }
    }
    let moves = sums[MOVE_COUNT_LANE];
    std::array::from_fn(|cell| (sums[cell] + moves * i16::from(board.cell(cell))) as u16)
}

/// `NEIGHBOUR_SHIFTS[cell][k]`: the bit offset of the `k`-th neighbour of
/// `cell`, and `NEIGHBOUR_VALUE_MASKS[cell][k]` 7, or 0 where the cell has
/// fewer than `k + 1` neighbours.
const NEIGHBOUR_SHIFTS: [[u32; 4]; CELLS] = NEIGHBOUR_TABLES.0;
const NEIGHBOUR_VALUE_MASKS: [[u32; 4]; CELLS] = NEIGHBOUR_TABLES.1;
const NEIGHBOUR_TABLES: ([[u32; 4]; CELLS], [[u32; 4]; CELLS]) = {
    let (mut shifts, mut masks) = ([[0; 4]; CELLS], [[0; 4]; CELLS]);
    let mut cell = 0;
    while cell < CELLS {
        let mut k = 0;
        while k < neighbour_count(cell) {
            shifts[cell][k] = 3 * NEIGHBOURS[cell][k] as u32;
            masks[cell][k] = 7;
            k += 1;
        }
        cell += 1;
    }
    (shifts, masks)
};

/// `NEIGHBOUR_BITS[cell]`: the bits of `cell`'s neighbours in a packed
/// board. Neighbour lists run in order of cells, so extracting these bits
/// gives the cell's pattern.
pub(crate) const NEIGHBOUR_BITS: [u32; CELLS] = {
    let mut bits = [0; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut k = 0;
        while k < neighbour_count(cell) {
            bits[cell] |= 7 << (3 * NEIGHBOURS[cell][k] as u32);
            k += 1;
        }
        cell += 1;
    }
    bits
};

/// The packed values of `cell`'s neighbours, in neighbour-list order: what
/// its moves depend on.
#[inline(always)]
pub(crate) fn neighbour_pattern(board: Board, cell: usize) -> u32 {
    let (shifts, masks) = (&NEIGHBOUR_SHIFTS[cell], &NEIGHBOUR_VALUE_MASKS[cell]);
    (0..4).fold(0, |pattern, k| {
        pattern | ((board.packed() >> shifts[k]) & masks[k]) << (3 * k)
    })
}

/// The neighbour pattern of every cell.
#[inline(always)]
pub fn neighbour_patterns(board: Board) -> [u32; CELLS] {
    std::array::from_fn(|cell| neighbour_pattern(board, cell))
}

/// Room for the most moves of a board, a power of two (see [`Moves::gather`]).
const GATHERED_ROOM: usize = (CELLS * MOST_MOVES_ON_A_CELL).next_power_of_two();

/// The legal moves of one board, gathered into one list: each cell's move
/// list is copied whole (`COPIED` entries, of which only the real ones
/// are kept), so that the only branches are one loop over the empty cells
/// and one over the moves. Loops of varying length per cell mispredicted
/// their exits at nearly every cell. Reused from board to board, so that
/// the list is not cleared each time.
pub struct Moves {
    codes: [Placement; GATHERED_ROOM + COPIED],
    len: usize,
}

impl Moves {
    pub const fn new() -> Moves {
        Moves {
            codes: [Placement(0); GATHERED_ROOM + COPIED],
            len: 0,
        }
    }

    /// Replaces the list with the moves of `board`, where `pattern` gives
    /// each empty cell's neighbour pattern (as [`neighbour_patterns`] does
    /// for every cell): asked only of those, as one instruction each can
    /// extract them (see the solver's kernels).
    #[inline(always)]
    pub fn gather(&mut self, board: Board, pattern: impl Fn(usize) -> u32) {
        let (moves, spans) = &MOVE_LIST;
        self.len = 0;
        let mut empty = board.empty_cells();
        while empty != 0 {
            let cell = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            // The masks change no index (patterns stay below their cell's
            // count, and lists below their room) but spare the checks.
            let span = spans[(PATTERN_BASE[cell] + pattern(cell) as usize) % SPAN_ROOM];
            let from = span as usize % MOVE_ROOM;
            let copied: &[Placement; COPIED] = moves[from..from + COPIED]
                .try_into()
                .expect("spare entries pad the list");
            let at = self.len % GATHERED_ROOM;
            self.codes[at..at + COPIED].copy_from_slice(copied);
            self.len = at + (span >> 16) as usize;
        }
    }

    /// The moves, empty cells in order.
    #[inline(always)]
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Placement> + '_ {
        self.codes[..self.len].iter().copied()
    }
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `visit` once per legal move of `board`, empty cells in order.
    fn for_each_placement(board: Board, visit: impl FnMut(Placement)) {
        let mut moves = Moves::new();
        let patterns = neighbour_patterns(board);
        moves.gather(board, |cell| patterns[cell]);
        moves.iter().for_each(visit);
    }

    /// Calls `visit` with the board after each legal move, once per move: two
    /// captures that happen to give the same board are two moves.
    fn for_each_child(board: Board, mut visit: impl FnMut(Board)) {
        for_each_placement(board, |placement| visit(placement.apply(board)));
    }

    fn children(cells: [u8; 9]) -> Vec<Board> {
        let mut out = Vec::new();
        for_each_child(Board::from_cells(cells), |b| out.push(b));
        out
    }

    /// The rules read straight off the spec, one subset at a time.
    fn children_by_definition(board: Board) -> Vec<Board> {
        let cells = board.cells();
        let mut out = Vec::new();
        for cell in (0..9).filter(|&c| cells[c] == 0) {
            let occupied: Vec<usize> = NEIGHBOURS[cell]
                .iter()
                .filter(|&&n| n != NONE && cells[n as usize] != 0)
                .map(|&n| n as usize)
                .collect();
            let mut captured_any = false;
            for subset in 0u32..(1 << occupied.len()) {
                let chosen: Vec<usize> = (0..occupied.len())
                    .filter(|k| subset & (1 << k) != 0)
                    .map(|k| occupied[k])
                    .collect();
                let sum: u8 = chosen.iter().map(|&n| cells[n]).sum();
                if chosen.len() >= 2 && sum <= 6 {
                    captured_any = true;
                    let mut next = cells;
                    chosen.iter().for_each(|&n| next[n] = 0);
                    next[cell] = sum;
                    out.push(Board::from_cells(next));
                }
            }
            if !captured_any {
                let mut next = cells;
                next[cell] = 1;
                out.push(Board::from_cells(next));
            }
        }
        out
    }

    #[test]
    fn empty_board_has_nine_plain_placements() {
        let kids = children([0; 9]);
        assert_eq!(kids.len(), 9);
        assert!(kids.iter().all(|b| b.pips() == 1));
    }

    #[test]
    fn worked_example_from_the_spec() {
        let kids = children([1, 0, 1, 0, 0, 0, 0, 0, 0]);
        assert_eq!(kids.len(), 7);
        assert!(kids.contains(&Board::from_cells([0, 2, 0, 0, 0, 0, 0, 0, 0])));
        assert!(!kids.contains(&Board::from_cells([1, 1, 1, 0, 0, 0, 0, 0, 0])));
    }

    #[test]
    fn centre_with_four_ones_has_eleven_captures() {
        let kids = children([6, 1, 6, 1, 0, 1, 6, 1, 6]);
        assert_eq!(kids.len(), 11);
        assert!(kids.contains(&Board::from_cells([6, 0, 6, 0, 4, 0, 6, 0, 6])));
    }

    #[test]
    fn sixes_are_never_captured_and_full_boards_have_no_moves() {
        assert_eq!(
            children([6, 6, 6, 6, 0, 6, 6, 6, 6]),
            vec![Board::from_cells([6, 6, 6, 6, 1, 6, 6, 6, 6])]
        );
        assert!(children([1, 2, 3, 4, 5, 6, 1, 2, 3]).is_empty());
    }

    #[test]
    fn tables_agree_with_the_rules_and_images_follow_the_move() {
        let mut rng = crate::test_rng::XorShift::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let mut cells = [0u8; 9];
            for c in &mut cells {
                *c = [0, 0, 0, 1, 1, 2, 3, 4, 5, 6][rng.below(10) as usize];
            }
            let board = Board::from_cells(cells);
            let mut fast = Vec::new();
            let images = board.images().map(Board::packed);
            for_each_placement(board, |p| {
                let child = p.apply(board);
                assert_eq!(p.apply_to_images(&images), child.images().map(Board::packed));
                let expected_count = board.dice() + 1 - child.dice();
                assert_eq!(
                    p.captured_count(),
                    if p.captured() == 0 { 0 } else { expected_count }
                );
                assert_eq!(p.kind(), p.captured_count().saturating_sub(1) as usize, "{p:?}");
                assert_eq!(board.cells()[p.cell()], 0, "{p:?}");
                assert_eq!(u32::from(child.cells()[p.cell()]), p.value(), "{p:?}");
                fast.push(child);
            });
            assert_eq!(fast, children_by_definition(board), "{board:?}");
        }
    }

    #[test]
    fn child_cell_sums_add_up_the_children() {
        let mut rng = crate::test_rng::XorShift::new(0x5eed_0c11);
        for _ in 0..20_000 {
            let cells = std::array::from_fn(|_| [0, 0, 0, 1, 1, 2, 3, 4, 5, 6][rng.below(10) as usize]);
            let board = Board::from_cells(cells);
            let mut expected = [0u16; CELLS];
            for child in children_by_definition(board) {
                for (sum, value) in expected.iter_mut().zip(child.cells()) {
                    *sum += u16::from(value);
                }
            }
            assert_eq!(child_cell_sums(board, neighbour_pattern), expected, "{board:?}");
        }
    }

    /// Discovery relies on it: on a board with one empty cell, the moves
    /// are one plain placement (which fills the board) or only captures.
    #[test]
    fn a_last_empty_cell_has_one_plain_placement_or_only_captures() {
        let mut rng = crate::test_rng::XorShift::new(0x1a57_ce11);
        for _ in 0..20_000 {
            let mut cells: [u8; 9] = std::array::from_fn(|_| 1 + rng.below(6) as u8);
            cells[rng.below(9) as usize] = 0;
            let board = Board::from_cells(cells);
            let mut kinds = Vec::new();
            for_each_placement(board, |p| kinds.push(p.kind()));
            assert!(
                kinds == [0] || (!kinds.is_empty() && !kinds.contains(&0)),
                "{board:?}: {kinds:?}"
            );
        }
    }
}
