//! The symmetry group of the square (the dihedral group of order 8), acting
//! on the cells of an `N`x`N` grid.
//!
//! Games on square boards use it to solve one representative per class of
//! equivalent boards. Elements are numbered 0..8 so tables can be indexed by
//! them; element 0 is the identity.
//!
//! [`OctagonSymmetry`] is the symmetry group of the regular octagon (the
//! dihedral group of order 16), acting on a ring of eight points, and
//! [`RingSymmetry`] the same group for a ring of any size `m` (order `2m`).

/// One of the eight symmetries of the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry(pub u8);

impl Symmetry {
    /// The symmetry that moves nothing.
    pub const IDENTITY: Symmetry = Symmetry(0);
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Where the cell at (`row`, `col`) of an `n`x`n` grid goes.
    ///
    /// 0 identity, 1-3 quarter turns clockwise, 4 mirror left-right,
    /// 5 mirror top-bottom, 6 transpose, 7 anti-transpose.
    pub const fn map(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let last = n - 1;
        match self.0 {
            0 => (row, col),
            1 => (col, last - row),
            2 => (last - row, last - col),
            3 => (last - col, row),
            4 => (row, last - col),
            5 => (last - row, col),
            6 => (col, row),
            7 => (last - col, last - row),
            _ => panic!("a square has eight symmetries"),
        }
    }

    /// `perm[i]` is where this symmetry sends cell `i` (row-major) of an
    /// `N`x`N` grid.
    pub const fn cell_permutation<const N: usize, const CELLS: usize>(self) -> [u8; CELLS] {
        assert!(N * N == CELLS);
        let mut perm = [0u8; CELLS];
        let mut i = 0;
        while i < CELLS {
            let (r, c) = self.map(N, i / N, i % N);
            perm[i] = (r * N + c) as u8;
            i += 1;
        }
        perm
    }

    /// The symmetry that applies `self` first, then `then`.
    pub const fn then(self, then: Symmetry) -> Symmetry {
        // Composition is determined by where the corners of a 2x2 grid go.
        let a = self.cell_permutation::<2, 4>();
        let b = then.cell_permutation::<2, 4>();
        let mut k = 0;
        while k < 8 {
            let c = Symmetry(k).cell_permutation::<2, 4>();
            if c[0] == b[a[0] as usize] && c[1] == b[a[1] as usize] && c[2] == b[a[2] as usize] {
                return Symmetry(k);
            }
            k += 1;
        }
        panic!("the symmetries of the square are closed under composition");
    }

    /// The symmetry that undoes `self`.
    pub const fn inverse(self) -> Symmetry {
        let mut k = 0;
        while k < 8 {
            if self.then(Symmetry(k)).0 == 0 {
                return Symmetry(k);
            }
            k += 1;
        }
        panic!("every symmetry has an inverse");
    }

    /// The symmetries of a grid of `rows` x `cols` cells: all eight for a
    /// square, and for any other rectangle the four that keep its shape
    /// (identity, half turn, and the two mirrors).
    pub const fn of_grid(rows: usize, cols: usize) -> &'static [Symmetry] {
        if rows == cols {
            &Symmetry::ALL
        } else {
            &[Symmetry(0), Symmetry(2), Symmetry(4), Symmetry(5)]
        }
    }

    /// Where the cell at (`row`, `col`) of a `rows` x `cols` grid goes.
    ///
    /// # Panics
    /// If the symmetry turns a grid that is not square, which would change
    /// its shape: only those [`Symmetry::of_grid`] lists apply.
    pub const fn map_grid(self, rows: usize, cols: usize, row: usize, col: usize) -> (usize, usize) {
        if rows == cols {
            return self.map(rows, row, col);
        }
        match self.0 {
            0 => (row, col),
            2 => (rows - 1 - row, cols - 1 - col),
            4 => (row, cols - 1 - col),
            5 => (rows - 1 - row, col),
            _ => panic!("only a square grid may be turned or transposed"),
        }
    }
}

/// One of the sixteen symmetries of the regular octagon (the dihedral group
/// of order 16), acting on its corners numbered 0..8 in cyclic order.
///
/// Boards drawn on a ring of eight points with a centre (Mu Torere) use it to
/// count positions up to rotation and reflection. Elements 0..8 turn the
/// ring by that many steps; elements 8..16 reflect it, sending corner `i` to
/// `k - i` (mod 8) for element `8 + k`. Element 0 is the identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctagonSymmetry(u8);

impl OctagonSymmetry {
    /// The corners of the octagon.
    pub const CORNERS: usize = 8;
    /// The symmetry that moves nothing.
    pub const IDENTITY: OctagonSymmetry = OctagonSymmetry(0);
    /// All sixteen: the rotations, then the reflections.
    pub const ALL: [OctagonSymmetry; 16] = {
        let mut all = [OctagonSymmetry(0); 16];
        let mut k = 0;
        while k < 16 {
            all[k] = OctagonSymmetry(k as u8);
            k += 1;
        }
        all
    };

    /// The rotation by `steps` corners in the direction of increasing numbers.
    pub const fn rotation(steps: usize) -> OctagonSymmetry {
        OctagonSymmetry((steps % 8) as u8)
    }

    /// The reflection sending corner `i` to `axis - i` (mod 8).
    pub const fn reflection(axis: usize) -> OctagonSymmetry {
        OctagonSymmetry(8 + (axis % 8) as u8)
    }

    /// Whether it turns the octagon over.
    pub const fn is_reflection(self) -> bool {
        self.0 >= 8
    }

    /// Where this symmetry sends `corner` (0..8).
    pub const fn map(self, corner: usize) -> usize {
        assert!(corner < 8, "an octagon has eight corners");
        let k = (self.0 % 8) as usize;
        if self.is_reflection() {
            (k + 8 - corner) % 8
        } else {
            (corner + k) % 8
        }
    }

    /// The symmetry that applies `self` first, then `then`.
    pub const fn then(self, then: OctagonSymmetry) -> OctagonSymmetry {
        // A symmetry is fixed by where it sends corners 0 and 1.
        let a = then.map(self.map(0));
        let b = then.map(self.map(1));
        if (a + 1) % 8 == b {
            OctagonSymmetry::rotation(a)
        } else {
            OctagonSymmetry::reflection(a)
        }
    }

    /// The symmetry that undoes `self`.
    pub const fn inverse(self) -> OctagonSymmetry {
        if self.is_reflection() {
            self
        } else {
            OctagonSymmetry::rotation(8 - self.0 as usize)
        }
    }
}

/// One of the `2m` symmetries of a regular `m`-gon (the dihedral group of
/// order `2m`), acting on its corners numbered `0..m` in cyclic order.
///
/// Like [`OctagonSymmetry`], a reflection sends corner `i` to `axis - i`
/// (mod `m`) and a rotation by `k` sends it to `i + k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RingSymmetry {
    corners: u32,
    /// Rotation steps, or the axis of a reflection, in `0..corners`.
    k: u32,
    reflection: bool,
}

impl RingSymmetry {
    /// The `2m` symmetries of a ring of `corners` corners, rotations first
    /// (the identity first of all).
    ///
    /// # Panics
    /// If `corners` is 0 or more than 32 (the bit masks of [`Self::map_bits`]).
    pub fn all(corners: u32) -> impl Iterator<Item = RingSymmetry> {
        assert!((1..=32).contains(&corners), "a ring of 1 to 32 corners");
        (0..2 * corners).map(move |i| RingSymmetry {
            corners,
            k: i % corners,
            reflection: i >= corners,
        })
    }

    /// Whether it turns the ring over.
    pub const fn is_reflection(self) -> bool {
        self.reflection
    }

    /// Where this symmetry sends `corner` (`0..m`).
    pub const fn map(self, corner: u32) -> u32 {
        assert!(corner < self.corners, "a corner of the ring");
        if self.reflection {
            (self.k + self.corners - corner) % self.corners
        } else {
            (corner + self.k) % self.corners
        }
    }

    /// A set of corners as bits `0..m`, mapped: bit `i` goes to bit `map(i)`.
    pub const fn map_bits(self, bits: u32) -> u32 {
        let m = self.corners;
        let mask = if m == 32 { u32::MAX } else { (1 << m) - 1 };
        let mut b = bits & mask;
        let mut k = self.k;
        if self.reflection {
            // Reversal sends i to m - 1 - i; one more step makes it -i.
            b = b.reverse_bits() >> (32 - m);
            k = (k + 1) % m;
        }
        if k == 0 {
            b
        } else {
            ((b << k) | (b >> (m - k))) & mask
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_permutations() {
        let perms: Vec<[u8; 9]> = Symmetry::ALL
            .iter()
            .map(|s| s.cell_permutation::<3, 9>())
            .collect();
        for (i, p) in perms.iter().enumerate() {
            let mut sorted = *p;
            sorted.sort();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
            assert!(perms[..i].iter().all(|q| q != p));
        }
    }

    #[test]
    fn composition_and_inverse_agree_with_permutations() {
        for a in Symmetry::ALL {
            let pa = a.cell_permutation::<3, 9>();
            assert_eq!(a.then(a.inverse()), Symmetry::IDENTITY);
            for b in Symmetry::ALL {
                let pb = b.cell_permutation::<3, 9>();
                let pab = a.then(b).cell_permutation::<3, 9>();
                for i in 0..9 {
                    assert_eq!(pab[i], pb[pa[i] as usize]);
                }
            }
        }
    }

    #[test]
    fn quarter_turn_moves_top_left_to_top_right() {
        // 1 2 3      7 4 1
        // 4 5 6  ->  8 5 2
        // 7 8 9      9 6 3
        assert_eq!(Symmetry(1).cell_permutation::<3, 9>()[0], 2);
        assert_eq!(Symmetry(1).cell_permutation::<3, 9>()[6], 0);
    }

    fn octagon_permutation(s: OctagonSymmetry) -> [usize; 8] {
        std::array::from_fn(|i| s.map(i))
    }

    #[test]
    fn the_sixteen_octagon_symmetries_are_distinct_and_keep_neighbours_adjacent() {
        let perms: Vec<[usize; 8]> = OctagonSymmetry::ALL
            .iter()
            .map(|&s| octagon_permutation(s))
            .collect();
        for (i, p) in perms.iter().enumerate() {
            let mut sorted = *p;
            sorted.sort();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7]);
            assert!(perms[..i].iter().all(|q| q != p));
            for c in 0..8 {
                let d = (p[(c + 1) % 8] + 8 - p[c]) % 8;
                assert!(d == 1 || d == 7, "corners {c} and {} stay neighbours", c + 1);
            }
        }
        assert_eq!(
            OctagonSymmetry::ALL.iter().filter(|s| s.is_reflection()).count(),
            8
        );
    }

    #[test]
    fn octagon_composition_and_inverse_agree_with_permutations() {
        for a in OctagonSymmetry::ALL {
            let pa = octagon_permutation(a);
            assert_eq!(a.then(a.inverse()), OctagonSymmetry::IDENTITY);
            assert_eq!(a.inverse().then(a), OctagonSymmetry::IDENTITY);
            for b in OctagonSymmetry::ALL {
                let pb = octagon_permutation(b);
                let pab = octagon_permutation(a.then(b));
                for i in 0..8 {
                    assert_eq!(pab[i], pb[pa[i]]);
                }
            }
        }
    }

    #[test]
    fn octagon_rotation_and_reflection_move_corners_as_named() {
        assert_eq!(OctagonSymmetry::rotation(3).map(6), 1);
        assert_eq!(OctagonSymmetry::reflection(0).map(1), 7);
        assert_eq!(OctagonSymmetry::reflection(2).map(1), 1);
    }

    #[test]
    fn grid_symmetries_are_permutations_that_agree_with_the_square() {
        for (rows, cols) in [(3, 3), (2, 5), (4, 3), (1, 4), (5, 5)] {
            for &s in Symmetry::of_grid(rows, cols) {
                let mut seen = vec![false; rows * cols];
                for r in 0..rows {
                    for c in 0..cols {
                        let (r2, c2) = s.map_grid(rows, cols, r, c);
                        assert!(r2 < rows && c2 < cols);
                        assert!(!seen[r2 * cols + c2]);
                        seen[r2 * cols + c2] = true;
                        if rows == cols {
                            assert_eq!((r2, c2), s.map(rows, r, c));
                        }
                    }
                }
            }
        }
        assert_eq!(Symmetry::of_grid(2, 3).len(), 4);
    }

    #[test]
    fn ring_symmetries_agree_with_the_octagon_and_move_bits_as_corners() {
        let ring: Vec<RingSymmetry> = RingSymmetry::all(8).collect();
        assert_eq!(ring.len(), 16);
        for (r, o) in ring.iter().zip(OctagonSymmetry::ALL) {
            assert_eq!(r.is_reflection(), o.is_reflection());
            for c in 0..8 {
                assert_eq!(r.map(c as u32) as usize, o.map(c));
            }
        }
        for m in 1..=32u32 {
            let all: Vec<RingSymmetry> = RingSymmetry::all(m).collect();
            for (i, s) in all.iter().enumerate() {
                for c in 0..m {
                    assert_eq!(s.map_bits(1 << c), 1 << s.map(c), "m {m} symmetry {i} corner {c}");
                }
                let perm: Vec<u32> = (0..m).map(|c| s.map(c)).collect();
                assert!(
                    all[..i]
                        .iter()
                        .all(|t| (0..m).map(|c| t.map(c)).collect::<Vec<_>>() != perm)
                        || m <= 2
                );
            }
        }
    }
}
