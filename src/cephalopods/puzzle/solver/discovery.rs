//! Pass 1: discover the reachable canonical boards and their moves, in an
//! order where every move leads forward.
//!
//! Boards are grouped by pip total into levels, and within a level into
//! buckets by number of dice. A plain placement leads to (pips + 1,
//! dice + 1) and a capture of `c` dice to (pips, dice + 1 − c), so visiting
//! levels upwards and, within a level, dice downwards visits every board
//! after all of its parents. When a board is visited its window of layers
//! (the fewest and most moves that reach it) is final, and once a level has
//! been visited nothing changes it any more: it is handed on whole.
//!
//! ```text
//!   level p (pips):   bucket 9 dice, 8, ..., 1, 0   (visited in this order)
//!                        │ plain placement        ╲ capture of c dice
//!                        v                         v
//!   level p + 1:      bucket d + 1 of p + 1     bucket d + 1 - c of p
//! ```
//!
//! Each board is looked up in an index of its bucket ([`BoardIndex`]), which
//! numbers boards by arrival and widens their windows; a move is recorded
//! as an [`Edge`] to the child's number. A board's moves are generated
//! (see `generate`) one board ahead of their lookups, so that the index
//! slots they need are fetched meanwhile. In a pipeline, the counting thread
//! generates moves for chunks of large buckets (see `assist`), and
//! discovery looks them up between its own.

use std::ops::Range;
use std::sync::Arc;

use super::assist::{Assist, HELP_FROM, Output, Part};
use super::finals::Finals;

use super::generate::{Chunk, Edge, Entry, Job, MOST_MOVES, MoveCode, Sink, generate, spread};
use super::kernel::Ops;
use crate::cephalopods::puzzle::board::Board;
use crate::cephalopods::puzzle::moves::Moves;

pub const MAX_DICE: usize = 9;
const MAX_PIPS: usize = 6 * MAX_DICE;

/// Dice counts in the order a level is visited: captures lead to fewer dice.
pub fn dice_order() -> impl Iterator<Item = usize> {
    (0..=MAX_DICE).rev()
}

/// The canonical boards of one (pips, dice) class.
#[derive(Default)]
pub struct Bucket {
    /// The boards with their windows, by index. Filled in when discovery
    /// reaches the bucket, since until then the windows keep widening.
    pub entries: Vec<Entry>,
    /// Board `i` keeps its count for layer `t` at `count_base[i] + t`
    /// (wrapping): one entry per layer of its window, from 0 on among the
    /// bucket's counts once sealed, until counting places the bucket.
    pub count_base: Vec<u32>,
    /// How many counts the bucket's boards keep, over all their layers.
    pub count_len: u32,
    /// The boards by range, in the order discovery visited them: in one
    /// range, in order, unless it had help. With help, discovery looks a
    /// helper's chunk up as soon as it is generated, from the back of the
    /// bucket down, between its own boards from the front (see
    /// [`super::assist`]). The moves in [`Level::edges`] and the final
    /// children lie in this order, and counting walks the boards in it.
    pub visit_order: Vec<Range<usize>>,
    index: BoardIndex,
}

impl Bucket {
    /// The boards with their count bases, in the order discovery visited
    /// them.
    #[cfg(test)]
    pub fn in_visit_order(&self) -> impl Iterator<Item = (&Entry, &u32)> {
        (self.visit_order.iter().cloned())
            .flat_map(|boards| self.entries[boards.clone()].iter().zip(&self.count_base[boards]))
    }

    /// The number of boards: in the index until the bucket is sealed, in
    /// `entries` after.
    pub fn len(&self) -> usize {
        self.entries.len() + self.index.len()
    }

    /// Room for about `expected` boards, in a bucket that holds none yet.
    fn reserve(&mut self, expected: usize) {
        debug_assert_eq!(self.len(), 0);
        if expected > 0 {
            self.index = BoardIndex::with_capacity(expected);
        }
    }

    /// The index of `board` in the bucket, adding it if new, with its
    /// window widened to cover layers `first..=last`.
    #[inline(always)]
    fn insert<K: Ops>(&mut self, kernel: K, board: Board, first: u8, last: u8) -> u32 {
        self.index.insert(kernel, board, Entry::widening(first, last))
    }

    /// Called when every parent has been seen: fixes the boards and their
    /// windows and lays out their per-layer counts one after another.
    fn seal(&mut self) {
        self.entries = std::mem::take(&mut self.index).into_entries();
        let mut total = 0u32;
        self.count_base = (self.entries.iter())
            .map(|entry| {
                let offset = total;
                total += u32::from(entry.last() - entry.first()) + 1;
                offset.wrapping_sub(u32::from(entry.first()))
            })
            .collect();
        self.count_len = total;
    }
}

/// An open-addressing map from board to index, numbering boards in order
/// of arrival, with each board and its window kept by index. Eight slots per
/// cache-line group: their keys (packed boards) in one half, so that one
/// vector load and compare matches them all, and their indices in the
/// other.
///
/// A lookup compares all eight slots of a group at once and goes on to the
/// next group only if this one is full, and finding a board and adding one
/// are the same straight-line code: in discovery the branches of a slot-by-
/// slot probe, and of "found or new", mispredicted more than anything else.
/// Tables fill to two thirds: fuller ones probe more groups, emptier ones
/// take more cache for no fewer probes.
#[derive(Default)]
struct BoardIndex {
    groups: Vec<Group>,
    /// By index, with room for as many as the table holds before it grows.
    /// The room is left uninitialised rather than filled with unreached
    /// entries: reserved sizes err high, and filling them would touch fresh
    /// memory that no board uses.
    entries: Vec<Entry>,
    /// The length at which the table doubles: two thirds of the slots.
    grow_at: usize,
    /// `groups.len() - 1`: the group numbers are the low bits of a spread.
    mask: usize,
}

#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Group {
    keys: [u32; GROUP],
    indices: [u32; GROUP],
}

const GROUP: usize = 8;
const FILL_NUMERATOR: usize = 2;
const FILL_DENOMINATOR: usize = 3;
/// The key of an empty slot: no board packs to it.
const EMPTY_KEY: u32 = u32::MAX;
const EMPTY_GROUP: Group = Group {
    keys: [EMPTY_KEY; GROUP],
    indices: [0; GROUP],
};

impl BoardIndex {
    /// An index that holds about `expected` boards without growing.
    fn with_capacity(expected: usize) -> BoardIndex {
        BoardIndex::with_groups(
            (expected * FILL_DENOMINATOR / FILL_NUMERATOR / GROUP)
                .next_power_of_two()
                .max(8),
        )
    }

    fn with_groups(groups: usize) -> BoardIndex {
        let grow_at = groups * GROUP * FILL_NUMERATOR / FILL_DENOMINATOR;
        BoardIndex {
            groups: vec![EMPTY_GROUP; groups],
            entries: Vec::with_capacity(grow_at),
            grow_at,
            mask: groups.wrapping_sub(1),
        }
    }

    /// The index of `board`, numbered in order of arrival, with its window
    /// widened by `widening` (see [`Entry::widening`]).
    #[inline(always)]
    fn insert<K: Ops>(&mut self, kernel: K, board: Board, widening: [u8; 4]) -> u32 {
        self.insert_spread(kernel, board, spread(board), widening)
    }

    /// [`Self::insert`] given the board's [`spread`].
    #[inline(always)]
    fn insert_spread<K: Ops>(&mut self, kernel: K, board: Board, spread: u32, widening: [u8; 4]) -> u32 {
        if self.entries.len() >= self.grow_at {
            self.grow();
        }
        let mask = self.mask;
        debug_assert_eq!(self.groups.len(), mask + 1);
        debug_assert!(self.entries.capacity() >= self.grow_at);
        let key = board.packed();
        let mut at = spread as usize & mask;
        loop {
            // SAFETY: `at` is masked by `mask`, which is `groups.len() - 1`
            // once the table has room, as it has here: a table without
            // groups has no room either (`grow_at` 0), and grows above.
            let group = unsafe { self.groups.get_unchecked_mut(at) };
            let (found, empty) = kernel.match_slots(&group.keys, key);
            if found | empty != 0 {
                let is_new = found == 0;
                // A group's slots fill in order and are never emptied, so a
                // board's slot comes before every empty one: no choice
                // between the two sets.
                debug_assert!(found == 0 || found.trailing_zeros() < empty.trailing_zeros());
                let slot = (found | empty).trailing_zeros() as usize % GROUP;
                // A mask rather than a branch: "new or known" is a coin toss.
                let len = self.entries.len();
                let new_mask = u32::from(is_new).wrapping_neg();
                let index = (len as u32 & new_mask) | (group.indices[slot] & !new_mask);
                group.keys[slot] = key;
                group.indices[slot] = index;
                // A new board widens an unreached window, a known one its
                // own: a choice of address, not a branch.
                let at_index = self.entries.as_mut_ptr().wrapping_add(index as usize);
                let widened: *const Entry = if is_new { &Entry::UNREACHED } else { at_index };
                // SAFETY: a known board's index was `len` when it was new,
                // and `len` only grows (`grow` keeps every entry), so it is
                // below `len` now: `widened` points at an entry in use or
                // at the constant. A new board's index is `len`, below
                // `grow_at` (checked above) and so within the capacity:
                // `at_index` is in the allocation, and writing there and
                // counting one more entry leaves every entry in use
                // initialised.
                unsafe {
                    let mut entry = widened.read();
                    entry.board = board;
                    entry.widen(widening);
                    at_index.write(entry);
                    self.entries.set_len(len + usize::from(is_new));
                }
                return index;
            }
            at = (at + 1) & mask;
        }
    }

    /// Starts fetching the group where a lookup of the board whose
    /// [`spread`] is `spread` begins.
    #[inline(always)]
    fn prefetch(&self, spread: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let group = self.groups.as_ptr().wrapping_add(spread as usize & self.mask);
            // SAFETY: SSE, which has the prefetch instruction, is part of
            // every x86-64 CPU, and a prefetch only hints: it reads nothing
            // and never faults, even for an address outside the table (as
            // for a table with no groups).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(group.cast()) };
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(self, BoardIndex::with_groups(2 * self.groups.len().max(4)));
        let mask = self.groups.len() - 1;
        let slots = old.groups.iter().flat_map(|g| g.keys.into_iter().zip(g.indices));
        for (key, index) in slots.filter(|&(key, _)| key != EMPTY_KEY) {
            let mut at = spread(Board::from_packed(key)) as usize & mask;
            loop {
                let group = &mut self.groups[at];
                if let Some(slot) = group.keys.iter().position(|&k| k == EMPTY_KEY) {
                    group.keys[slot] = key;
                    group.indices[slot] = index;
                    break;
                }
                at = (at + 1) & mask;
            }
        }
        self.entries.extend_from_slice(&old.entries);
    }

    fn len(&self) -> usize {
        self.entries.len()
    }

    /// The boards and their windows, by index.
    fn into_entries(self) -> Vec<Entry> {
        self.entries
    }
}

/// The boards of one pip total and their moves, in visiting order.
pub struct Level {
    pub pips: usize,
    /// Indexed by the number of dice.
    pub buckets: Vec<Bucket>,
    /// Moves to boards that were looked up, board after board in visiting
    /// order (see [`Bucket::visit_order`]).
    pub edges: Vec<Edge>,
    /// Children where every path through the move ends within two moves,
    /// as reached (not canonicalised), in the same order: full boards, and
    /// every child of a board first reached at the last layer but one or
    /// the one before. Paths stop on such a child, or on its children one
    /// layer on, whose hashes counting works out from the child alone (see
    /// `sweep`), so none of them is looked up. Shared with discovery's
    /// thread once the level is sent (see [`super::finals`]).
    pub finals: Arc<Finals>,
}

impl Level {
    /// A level whose bucket with `d` dice keeps `counts[d]` counts, for one
    /// board from position 0 (none where that is 0): for placing counts.
    #[cfg(test)]
    pub fn with_counts(counts: [usize; MAX_DICE + 1]) -> Level {
        Level {
            pips: 0,
            buckets: (counts.iter())
                .map(|&len| Bucket {
                    count_base: if len > 0 { vec![0] } else { Vec::new() },
                    count_len: len as u32,
                    ..Bucket::default()
                })
                .collect(),
            edges: Vec::new(),
            finals: Arc::default(),
        }
    }

    /// An empty level. Its buckets' indexes get their room later, each
    /// when its first board is about to arrive (see [`Discovery`]).
    fn new(pips: usize) -> Level {
        Level {
            pips,
            buckets: (0..=MAX_DICE).map(|_| Bucket::default()).collect(),
            edges: Vec::new(),
            finals: Arc::default(),
        }
    }

    /// The level's sizes, once visited, where `arrived` boards were in it
    /// when the visit began.
    fn shape(&self, arrived: usize) -> Shape {
        Shape {
            arrived,
            boards: std::array::from_fn(|dice| self.buckets[dice].len()),
            edges: self.edges.len(),
            final_children: self.finals.children.len(),
        }
    }

    /// How many boards the level holds.
    pub fn board_count(&self) -> usize {
        self.buckets.iter().map(Bucket::len).sum()
    }

    fn is_empty(&self) -> bool {
        self.board_count() == 0
    }

    /// Where board `i` with `dice` dice keeps its count for `layer`.
    #[inline(always)]
    pub fn count_position(&self, dice: usize, i: usize, layer: u8) -> usize {
        layer_position(self.buckets[dice].count_base[i], layer)
    }
}

/// How many boards a level has in each bucket and how many moves: memory
/// reserved ahead saves growing tables (rehashing every board) and lists
/// (copying every move).
#[derive(Clone, Copy, Default)]
struct Shape {
    /// The boards already there when the visit began: those reached from
    /// the level before.
    arrived: usize,
    boards: [usize; MAX_DICE + 1],
    edges: usize,
    final_children: usize,
}

impl Shape {
    /// How many moves the level after this one may have, erring high, where
    /// `next_arrived` boards were in it when its visit began: this level's
    /// moves scaled by the boards that arrived in each, and an eighth more.
    /// It caps what the edges and the final children reserve, each
    /// extrapolated alone. As a search nears its depth, moves stop being
    /// looked up and end paths instead, and the levels shrink at once:
    /// there the final children's extrapolation alone comes out many times
    /// too large, and the room it reserves, at the heap's top, would push
    /// every later table up past it, onto fresh memory. This estimate
    /// errs high on almost every level, and where it errs low a list only
    /// grows once.
    fn moves_after(&self, next_arrived: usize) -> usize {
        if self.arrived == 0 {
            return usize::MAX;
        }
        let moves = (self.edges + self.final_children) as u64;
        usize::try_from(moves * next_arrived as u64 * 9 / 8 / self.arrived as u64).unwrap_or(usize::MAX)
    }
}

/// The size that follows `before` and then `last` if it changes by the
/// same factor again (at most four times as large; `last` where `before`
/// is 0). Sizes grow and then shrink smoothly from level to level, so
/// indexes reserved so seldom grow (rehashing their boards), where indexes
/// reserved like the level before grow on most levels, for about the same
/// slots.
fn extrapolate(last: usize, before: usize) -> usize {
    match before {
        0 => last,
        // In 64 bits, where `usize` is narrower, as the square may not fit.
        _ => (last as u64 * last as u64 / before as u64).min(4 * last as u64) as usize,
    }
}

/// Where a board whose count base is `base` keeps its count for `layer`.
#[inline(always)]
pub fn layer_position(base: u32, layer: u8) -> usize {
    base.wrapping_add(u32::from(layer)) as usize
}

/// Where discovery starts: the start board's class. The start is board 0
/// of its bucket.
#[derive(Clone, Copy, Debug)]
pub struct Start {
    pub pips: usize,
    pub dice: usize,
}

impl Start {
    pub fn of(board: Board) -> Start {
        Start {
            pips: board.pips() as usize,
            dice: board.dice() as usize,
        }
    }
}

/// A bucket's boards on offer to the counting thread, which generates
/// their moves in chunks while it waits for a level (see
/// [`super::assist`]).
pub type BoardAssist = Assist<Job, Chunk>;

/// Whether a discovery has help.
pub trait Help {
    fn assist(&self) -> Option<&BoardAssist>;
}

/// No help: the discovery of a one-thread search.
#[derive(Default)]
pub struct Alone;

impl Help for Alone {
    #[inline(always)]
    fn assist(&self) -> Option<&BoardAssist> {
        None
    }
}

/// Help, once a second thread runs the discovery.
impl Help for Option<Arc<BoardAssist>> {
    #[inline(always)]
    fn assist(&self) -> Option<&BoardAssist> {
        self.as_deref()
    }
}

/// Discovers every canonical board reachable from `start` within `depth`
/// moves (1 to `u8::MAX`), one level at a time, in order of pips: each
/// level is handed on as soon as it is complete, so that it can be counted
/// while its memory is still in cache. The levels run from the start's up
/// to the first empty one.
pub struct Discovery<K, H = Alone> {
    depth: u32,
    /// Who helps generate moves, if anyone (see [`super::assist`]).
    help: H,
    /// The level to visit next; `None` once the empty level is handed on.
    current: Option<Level>,
    /// The sizes of the last two levels visited, the later first.
    visited: [Shape; 2],
    /// Two boards' moves to children to be looked up, with each child's
    /// [`spread`]: one board's being generated while the other's are looked
    /// up, taking turns.
    move_codes: Box<[[(MoveCode, u32); MOST_MOVES]; 2]>,
    moves: Moves,
    kernel: K,
}

impl<K: Ops, H: Help + Default> Discovery<K, H> {
    pub fn new(kernel: K, start: Board, depth: u32) -> Discovery<K, H> {
        assert!((1..=u32::from(u8::MAX)).contains(&depth));
        let origin = Start::of(start);
        let mut current = Level::new(origin.pips);
        current.buckets[origin.dice].insert(kernel, start.canonical().0, 0, 0);
        Discovery {
            depth,
            help: H::default(),
            current: Some(current),
            visited: [Shape::default(); 2],
            move_codes: Box::new([[(MoveCode::default(), 0); MOST_MOVES]; 2]),
            moves: Moves::new(),
            kernel,
        }
    }
}

impl<K: Ops, H> Discovery<K, H> {
    /// The kernel the discovery runs.
    pub fn kernel(&self) -> K {
        self.kernel
    }

    /// From now on, moves are generated with help from `help`.
    pub fn set_help(&mut self, help: H) {
        self.help = help;
    }
}

impl<K: Ops, H: Help> Iterator for Discovery<K, H> {
    type Item = Level;

    #[inline(always)]
    fn next(&mut self) -> Option<Level> {
        let mut current = self.current.take()?;
        if current.is_empty() {
            return Some(current);
        }
        // Memory is reserved only now, not while level p - 1 was visited, so
        // that the memory of levels counted in the meantime is free.
        let [last, before] = self.visited;
        let arrived = current.board_count();
        let moves = last.moves_after(arrived);
        let edges_room = extrapolate(last.edges, before.edges).min(moves);
        let finals_room = extrapolate(last.final_children, before.final_children).min(moves);
        current.edges.reserve(edges_room);
        let finals = Arc::get_mut(&mut current.finals).expect("a level is shared only once visited");
        finals.children.reserve(finals_room);
        let mut next = Level::new(current.pips + 1);
        let Discovery {
            kernel,
            depth,
            ref help,
            ref mut move_codes,
            ref mut moves,
            ..
        } = *self;
        assert!(current.pips <= MAX_PIPS, "no board has more than {MAX_PIPS} pips");
        for dice in dice_order() {
            let mut bucket = std::mem::take(&mut current.buckets[dice]);
            bucket.seal();
            // This bucket's plain placements are the first boards to arrive
            // in the next level's bucket with a die more, so its room is
            // reserved now, when the sizes of that many dice in this level
            // and the one before are known.
            if let Some(above) = next.buckets.get_mut(dice + 1) {
                above.reserve(extrapolate(
                    current.buckets[dice + 1].len(),
                    last.boards[dice + 1],
                ));
            }
            // The buckets this one's moves lead to, by kind of move: a plain
            // placement, then captures of 2, 3 and 4 dice.
            let (fewer_dice, _) = current.buckets.split_at_mut(dice);
            let mut fewer_dice = fewer_dice.iter_mut().rev();
            // Kinds of move that cannot happen from this bucket lead to
            // spare buckets that no move reaches.
            let mut spare: [Bucket; 4] = Default::default();
            let [spare_0, spare_1, spare_2, spare_3] = &mut spare;
            let mut targets = [
                next.buckets.get_mut(dice + 1).unwrap_or(spare_0),
                fewer_dice.next().unwrap_or(spare_1),
                fewer_dice.next().unwrap_or(spare_2),
                fewer_dice.next().unwrap_or(spare_3),
            ];
            let edges = &mut current.edges;
            // Only a plain placement on the last empty cell fills the
            // board: a capture empties cells.
            let fills = dice == MAX_DICE - 1;
            let job = Job {
                entries: bucket.entries.as_mut_ptr(),
                len: bucket.entries.len(),
                depth,
                fills,
            };
            let mut visit = Visit {
                kernel,
                job,
                move_codes,
                moves,
                targets: &mut targets,
                edges,
                finals: &mut *finals,
                order: &mut bucket.visit_order,
            };
            let assist = help.assist().filter(|_| job.len >= HELP_FROM);
            // SAFETY: `job.entries` points to the bucket's `len` boards,
            // which stay in place until the level is counted, and this
            // thread touches them only as the offer allows.
            match assist.and_then(|assist| unsafe { assist.offer(job, job.len) }) {
                None => visit.boards(0..job.len),
                Some(mut offer) => {
                    loop {
                        while let Some((chunk, boards)) = offer.helped() {
                            visit.chunk(chunk, boards);
                        }
                        let Some(boards) = offer.claim() else {
                            break;
                        };
                        visit.boards(boards);
                    }
                    let mut parts = offer.finish().peekable();
                    while let Some(part) = parts.next() {
                        if let Some(Part::Helped(next, _)) = parts.peek() {
                            next.prefetch();
                        }
                        match part {
                            Part::TakenBack(boards) => visit.taken_back(boards),
                            Part::Helped(chunk, boards) => visit.chunk(chunk, boards),
                        }
                    }
                }
            }
            current.buckets[dice] = bucket;
        }
        self.visited = [current.shape(arrived), last];
        self.current = Some(next);
        Some(current)
    }
}

/// A board's list of moves, whose children's index slots are fetched as
/// the moves are made.
struct Prefetching<'a, 'b> {
    codes: &'a mut [(MoveCode, u32); MOST_MOVES],
    len: usize,
    targets: &'a [&'b mut Bucket; 4],
}

impl Sink for Prefetching<'_, '_> {
    #[inline(always)]
    fn put(&mut self, kind: usize, code: MoveCode, spread: u32) {
        self.targets[kind].index.prefetch(spread);
        self.codes[self.len % MOST_MOVES] = (code, spread);
        self.len += 1;
    }
}

/// The discovery thread's view of one bucket being visited.
struct Visit<'a, 'b, K> {
    kernel: K,
    job: Job,
    move_codes: &'a mut [[(MoveCode, u32); MOST_MOVES]; 2],
    moves: &'a mut Moves,
    targets: &'a mut [&'b mut Bucket; 4],
    edges: &'a mut Vec<Edge>,
    finals: &'a mut Finals,
    /// The bucket's [`Bucket::visit_order`].
    order: &'a mut Vec<Range<usize>>,
}

impl<K: Ops> Visit<'_, '_, K> {
    /// Generates and looks up the moves of `boards`, which no helper
    /// touches, not even a stalled one. Each board's moves are generated
    /// one board ahead of their lookups, with the index slots they will
    /// probe fetched in the meantime: a lookup that waits for its slot
    /// stalls discovery.
    #[inline(always)]
    fn boards(&mut self, boards: Range<usize>) {
        assert!(boards.start <= boards.end && boards.end <= self.job.len);
        self.order.push(boards.clone());
        // SAFETY: the boards lie within the job's, and are this thread's
        // alone (see `assist`). A slice of its own tells the compiler that
        // writing them changes nothing else, which the pointer alone does
        // not, so it reloads what it already holds.
        let entries =
            unsafe { std::slice::from_raw_parts_mut(self.job.entries.add(boards.start), boards.len()) };
        let Visit {
            kernel,
            job,
            move_codes,
            moves,
            targets,
            edges,
            finals,
            ..
        } = self;
        // How many moves the board before generated, and what they widen
        // their children's windows by.
        let mut waiting = (0, [0; 4]);
        let count = entries.len();
        for (k, entry) in entries.iter_mut().enumerate() {
            let [even, odd] = &mut **move_codes;
            let (generated, looking_up) = if k % 2 == 0 { (even, odd) } else { (odd, even) };
            let mut sink = Prefetching {
                codes: generated,
                len: 0,
                targets,
            };
            let made = generate(*kernel, entry, job, moves, &mut sink, &mut finals.children);
            entry.reach[2] = made.inner;
            entry.reach[3] = made.finals;
            finals.note_board(made.finals);
            look_up(*kernel, &looking_up[..waiting.0], waiting.1, targets, edges);
            waiting = (usize::from(made.inner), made.widening);
        }
        let last_generated = &self.move_codes[(count + 1) % 2];
        look_up(
            self.kernel,
            &last_generated[..waiting.0],
            waiting.1,
            self.targets,
            self.edges,
        );
    }

    /// Generates and looks up the moves of `boards`, which a helper claimed
    /// but did not generate in time, and may still be reading: as a helper
    /// would, then as its chunk.
    #[cold]
    fn taken_back(&mut self, boards: Range<usize>) {
        let mut chunk = Chunk::default();
        // SAFETY: the boards lie within the job's, and the helper only
        // reads them.
        unsafe { chunk.generate(self.kernel, &self.job, boards.clone(), self.moves) };
        self.chunk(&chunk, boards);
    }

    /// Looks up the moves a helper generated for `boards`.
    #[inline(always)]
    fn chunk(&mut self, chunk: &Chunk, boards: Range<usize>) {
        debug_assert!(boards.end <= self.job.len);
        self.order.push(boards.clone());
        let (mut codes, mut finals) = (&chunk.codes[..], &chunk.finals[..]);
        for (i, made) in boards.zip(&chunk.made) {
            let at = self.job.entries.wrapping_add(i);
            // SAFETY: `i` is below `len`. Only the counts of moves are
            // written, which a helper never reads, and through the pointer:
            // a helper that stalled may still be reading the board.
            unsafe {
                (*at).reach[2] = made.inner;
                (*at).reach[3] = made.finals;
            }
            let (these, rest) = codes.split_at(usize::from(made.inner));
            for &(code, spread) in rest.iter().take(8) {
                self.targets[code.kind()].index.prefetch(spread);
            }
            look_up(self.kernel, these, made.widening, self.targets, self.edges);
            codes = rest;
            let (these, rest) = finals.split_at(usize::from(made.finals));
            self.finals.children.extend_from_slice(these);
            self.finals.note_board(made.finals);
            finals = rest;
        }
    }
}

/// Looks up the children of one board's `moves` in `targets` (by kind of
/// move), widening their windows by `widening`, and records the moves.
#[inline(always)]
fn look_up<K: Ops>(
    kernel: K,
    moves: &[(MoveCode, u32)],
    widening: [u8; 4],
    targets: &mut [&mut Bucket; 4],
    edges: &mut Vec<Edge>,
) {
    for &(code, spread) in moves {
        let index = targets[code.kind()]
            .index
            .insert_spread(kernel, code.child(), spread, widening);
        edges.push(Edge::to_child(code, index));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cephalopods::puzzle::solver::kernel::with_each_kernel;
    use crate::test_rng::XorShift;
    use std::collections::HashMap;

    /// The index against a plain map: boards numbered by first arrival,
    /// windows the widest seen, through many doublings from empty.
    fn index_matches_a_map<K: Ops>(kernel: K) {
        let mut rng = XorShift::new(0x1dec_5eed);
        let mut index = BoardIndex::default();
        let mut expected: HashMap<u32, (u32, u8, u8)> = HashMap::new();
        for _ in 0..60_000 {
            // Few distinct boards, so that most lookups find one.
            let board = Board::from_cells(std::array::from_fn(|_| rng.below(3) as u8 * 2));
            let first = rng.below(40) as u8;
            let last = first + rng.below(10) as u8;
            let next = expected.len() as u32;
            let entry = expected.entry(board.packed()).or_insert((next, first, last));
            entry.1 = entry.1.min(first);
            entry.2 = entry.2.max(last);
            assert_eq!(
                index.insert(kernel, board, Entry::widening(first, last)),
                entry.0,
                "{board:?}"
            );
        }
        assert_eq!(index.len(), expected.len());
        for (i, entry) in index.into_entries().iter().enumerate() {
            assert_eq!(
                expected[&entry.board.packed()],
                (i as u32, entry.first(), entry.last()),
                "{entry:?}"
            );
        }
    }

    #[test]
    fn widening_is_a_bytewise_max() {
        let mut rng = XorShift::new(0x0077_1de0);
        for _ in 0..10_000 {
            let reach: [u8; 4] = std::array::from_fn(|_| rng.below(256) as u8);
            let by: [u8; 4] = std::array::from_fn(|_| rng.below(256) as u8);
            let mut entry = Entry {
                board: Board::EMPTY,
                reach,
            };
            entry.widen(by);
            assert_eq!(entry.reach, std::array::from_fn(|i| reach[i].max(by[i])));
        }
        let mut entry = Entry::UNREACHED;
        entry.widen(Entry::widening(7, 9));
        entry.widen(Entry::widening(5, 8));
        assert_eq!((entry.first(), entry.last()), (5, 9));
    }

    #[test]
    fn moves_are_estimated_from_the_boards_that_arrived() {
        let shape = Shape {
            arrived: 1_000,
            edges: 3_000,
            final_children: 1_000,
            ..Shape::default()
        };
        assert_eq!(
            shape.moves_after(500),
            2_250,
            "half the boards, half the moves, an eighth more"
        );
        assert_eq!(shape.moves_after(0), 0);
        assert_eq!(
            Shape::default().moves_after(7),
            usize::MAX,
            "no estimate before a level arrived"
        );
    }

    #[test]
    fn sizes_are_extrapolated_by_the_last_factor_up_to_four_times() {
        assert_eq!(extrapolate(300, 200), 450);
        assert_eq!(extrapolate(200, 300), 133);
        assert_eq!(extrapolate(100, 10), 400, "at most four times as large");
        assert_eq!(extrapolate(7, 0), 7, "no factor without a size before");
        assert_eq!(extrapolate(0, 50), 0);
        assert_eq!(extrapolate(100_000, 50_000), 200_000, "squares past 32 bits");
    }

    /// One board as discovery left it: the board, its window and counts of
    /// moves, its moves (kind, orientation and child) and its final
    /// children.
    type Visited = (u32, [u8; 4], Vec<(usize, usize, u32)>, Vec<u32>);

    /// Everything a level holds, by bucket, with children named by board
    /// rather than by number and each bucket's boards sorted, so that
    /// levels that differ only in the order discovery visited and numbered
    /// their boards compare equal. The children of plain placements lie
    /// in `next`.
    fn contents(level: &Level, next: &Level) -> Vec<(u32, Vec<Visited>)> {
        let mut edges = &level.edges[..];
        let mut finals = &level.finals.children[..];
        let mut contents = Vec::new();
        for dice in dice_order() {
            let bucket = &level.buckets[dice];
            let mut boards: Vec<Visited> = Vec::new();
            for (entry, _) in bucket.in_visit_order() {
                let (moves, rest) = edges.split_at(usize::from(entry.inner_moves()));
                edges = rest;
                let (children, rest) = finals.split_at(usize::from(entry.final_moves()));
                finals = rest;
                let mut moves: Vec<_> = moves
                    .iter()
                    .map(|&edge| named_move(level, next, dice, edge))
                    .collect();
                moves.sort_unstable();
                let mut children: Vec<u32> = children.iter().map(|b| b.packed()).collect();
                children.sort_unstable();
                boards.push((entry.board.packed(), entry.reach, moves, children));
            }
            boards.sort_unstable();
            contents.push((bucket.count_len, boards));
        }
        assert!(
            edges.is_empty() && finals.is_empty(),
            "every move belongs to a board"
        );
        contents
    }

    /// The kind, orientation and child board of `edge`, a move from the
    /// bucket of `level` with `dice` dice.
    fn named_move(level: &Level, next: &Level, dice: usize, edge: Edge) -> (usize, usize, u32) {
        let target = match edge.kind() {
            0 => &next.buckets[dice + 1],
            kind => &level.buckets[dice - kind],
        };
        let child = target.entries[edge.child()].board.packed();
        (edge.kind(), edge.orientation(), child)
    }

    /// With a thread that generates moves for every bucket it can, the
    /// levels hold the same boards, windows and moves as without, though
    /// discovery may visit the boards in another order, and number their
    /// children in another.
    fn a_helped_discovery_finds_the_same_levels<K: Ops>(kernel: K) {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        let board = Board::from_cells([0, 0, 3, 0, 2, 0, 1, 0, 0]);
        let depth = 18;
        let assist = Arc::new(BoardAssist::default());
        let stop = Arc::new(AtomicBool::new(false));
        let helper = {
            let (assist, stop) = (Arc::clone(&assist), Arc::clone(&stop));
            std::thread::spawn(move || {
                let mut moves = Moves::new();
                while !stop.load(Ordering::Relaxed) {
                    assist.help(|job, boards, chunk| {
                        // SAFETY: discovery offers boards that stay in
                        // place, and writes only their counts of moves.
                        unsafe { chunk.generate(kernel, job, boards, &mut moves) }
                    });
                }
            })
        };
        let mut helped = Discovery::<K, Option<Arc<BoardAssist>>>::new(kernel, board, depth);
        helped.set_help(Some(Arc::clone(&assist)));
        let helped: Vec<Level> = helped.collect();
        stop.store(true, Ordering::Relaxed);
        helper.join().expect("the helper ran");
        let alone: Vec<Level> = Discovery::<K>::new(kernel, board, depth).collect();
        assert_eq!(helped.len(), 14);
        assert_eq!(alone.len(), helped.len());
        // Offered buckets are visited in chunks.
        let offered = (helped.iter().flat_map(|level| &level.buckets))
            .filter(|bucket| bucket.visit_order.len() > 1)
            .count();
        assert!(offered > 0, "no bucket was offered for help");
        for (helped, alone) in helped.windows(2).zip(alone.windows(2)) {
            assert_eq!(
                contents(&helped[0], &helped[1]),
                contents(&alone[0], &alone[1]),
                "level of {} pips",
                alone[0].pips
            );
        }
        let (last_helped, last_alone) = (&helped[helped.len() - 1], &alone[alone.len() - 1]);
        assert_eq!(last_helped.board_count(), 0);
        assert_eq!(last_alone.board_count(), 0);
    }

    #[test]
    fn help_changes_no_level() {
        with_each_kernel!(a_helped_discovery_finds_the_same_levels);
    }

    #[test]
    fn board_index_matches_a_map() {
        with_each_kernel!(index_matches_a_map);
    }
}
