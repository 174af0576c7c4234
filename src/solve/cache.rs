//! Solved-game files: a solved game written once, checked, and read back.
//!
//! A file holds the tiers of a [`tiered`](super::tiered) solution whose
//! positions pack into 64 bits. Its layout, all integers little-endian:
//!
//! ```text
//!   magic "GSPSOLVD"  format version (u32)
//!   game name, variant (each a u16 length and UTF-8 bytes)
//!   tier count (u32), position count (u64)
//!   per tier: tier (u64), positions n (u64),
//!             the n positions in increasing order, as LEB128 gaps,
//!             the n packed values (u16), in the same order
//!   CRC-32 of everything before it (u32)
//! ```
//!
//! A file is trusted only if every part checks: the magic, the version,
//! the game and variant asked for, the counts, the order of the positions,
//! and the checksum. Anything else (a truncated, damaged or outdated file)
//! is reported as [`Invalid`], and the caller solves again.

use super::Outcome;
use super::tiered::{Hashed, SolvedTier};
use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"GSPSOLVD";
/// Raised whenever the layout or the meaning of a file changes, so that old
/// files are rebuilt rather than misread.
pub const FORMAT_VERSION: u32 = 1;

/// A position that packs into 64 bits, for solved-game files.
pub trait Packed: Copy + Ord + std::hash::Hash + Sync {
    /// The position in 64 bits.
    fn to_bits(self) -> u64;
    /// The position of [`Packed::to_bits`]'s bits.
    fn from_bits(bits: u64) -> Self;
}

/// What a solved-game file is of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's name.
    pub game: String,
    /// Which board and rule of the game.
    pub variant: String,
}

/// Why a file was not used.
#[derive(Debug, thiserror::Error)]
pub enum Invalid {
    /// It cannot be read.
    #[error("cannot read it: {0}")]
    Io(#[from] io::Error),
    /// It does not start as a solved-game file does.
    #[error("it is not a solved-game file")]
    Magic,
    /// It is of another format version, this one.
    #[error("it is of format version {0}, not {FORMAT_VERSION}")]
    Version(u32),
    /// It holds another game or variant.
    #[error("it holds {found}, not {expected}")]
    OtherGame {
        /// What it holds.
        found: String,
        /// What was asked for.
        expected: String,
    },
    /// It ends too soon.
    #[error("it is truncated")]
    Truncated,
    /// Its checksum does not match: it is damaged.
    #[error("its checksum does not match: it is damaged")]
    Checksum,
    /// Its parts do not fit together, for this reason.
    #[error("its contents are inconsistent: {0}")]
    Inconsistent(&'static str),
}

/// The directory for solved-game files: `GAMESPACE_CACHE_DIR` if set,
/// otherwise the platform's cache directory for gamespace (such as
/// `~/.cache/gamespace` on Linux), or `None` if there is none.
pub fn directory() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("GAMESPACE_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "gamespace").map(|d| d.cache_dir().to_path_buf())
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u16).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

fn put_leb128(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Writes `tiers` to `path`, through a temporary file renamed into place,
/// so that a reader never sees half a file.
pub fn write<T: Copy + Into<u64>, P: Packed>(
    path: &Path,
    header: &Header,
    tiers: &BTreeMap<T, SolvedTier<Hashed<P>>>,
) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    let written = fs::File::create(&temporary).and_then(|file| {
        let mut out = Checksummed {
            out: io::BufWriter::new(file),
            crc: crc32fast::Hasher::new(),
        };
        write_body(&mut out, header, tiers)?;
        let crc = out.crc.finalize();
        out.out.write_all(&crc.to_le_bytes())?;
        out.out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()
    });
    match written.and_then(|()| fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = fs::remove_file(&temporary);
            Err(e)
        }
    }
}

/// A writer that keeps the CRC-32 of what passes through it.
struct Checksummed<W> {
    out: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Checksummed<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.out.write(bytes)?;
        self.crc.update(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Everything the checksum covers, one tier at a time.
fn write_body<T: Copy + Into<u64>, P: Packed>(
    out: &mut impl Write,
    header: &Header,
    tiers: &BTreeMap<T, SolvedTier<Hashed<P>>>,
) -> io::Result<()> {
    let mut head = Vec::new();
    head.extend_from_slice(MAGIC);
    head.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    put_str(&mut head, &header.game);
    put_str(&mut head, &header.variant);
    head.extend_from_slice(&(tiers.len() as u32).to_le_bytes());
    let total: u64 = tiers.values().map(|t| t.values.len() as u64).sum();
    head.extend_from_slice(&total.to_le_bytes());
    out.write_all(&head)?;
    for (&tier, solved) in tiers {
        let mut pairs: Vec<(u64, u16)> = solved
            .index
            .as_slice()
            .iter()
            .zip(&solved.values)
            .map(|(p, &v)| (p.to_bits(), v))
            .collect();
        pairs.sort_unstable();
        let mut bytes = Vec::with_capacity(16 + 5 * pairs.len());
        bytes.extend_from_slice(&tier.into().to_le_bytes());
        bytes.extend_from_slice(&(pairs.len() as u64).to_le_bytes());
        let mut previous = 0;
        for &(bits, _) in &pairs {
            put_leb128(&mut bytes, bits - previous);
            previous = bits;
        }
        for &(_, value) in &pairs {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        out.write_all(&bytes)?;
    }
    Ok(())
}

/// A cursor over a file's bytes that reports running off the end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Invalid> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(Invalid::Truncated)?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn u16(&mut self) -> Result<u16, Invalid> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("two bytes")))
    }

    fn u32(&mut self) -> Result<u32, Invalid> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("four bytes")))
    }

    fn u64(&mut self) -> Result<u64, Invalid> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("eight bytes")))
    }

    fn string(&mut self) -> Result<String, Invalid> {
        let len = usize::from(self.u16()?);
        String::from_utf8(self.take(len)?.to_vec()).map_err(|_| Invalid::Inconsistent("a name is not UTF-8"))
    }

    fn leb128(&mut self) -> Result<u64, Invalid> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.take(1)?[0];
            n |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(Invalid::Inconsistent("a gap is too long"))
    }
}

/// Reads the file at `path`, which must hold `expected`, checking all of it.
pub fn read<P: Packed>(
    path: &Path,
    expected: &Header,
) -> Result<BTreeMap<u64, SolvedTier<Hashed<P>>>, Invalid> {
    let bytes = fs::read(path)?;
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(Invalid::Magic);
    }
    let mut r = Reader {
        bytes: &bytes,
        at: MAGIC.len(),
    };
    let version = r.u32()?;
    if version != FORMAT_VERSION {
        return Err(Invalid::Version(version));
    }
    let found = Header {
        game: r.string()?,
        variant: r.string()?,
    };
    if &found != expected {
        return Err(Invalid::OtherGame {
            found: format!("{} {}", found.game, found.variant),
            expected: format!("{} {}", expected.game, expected.variant),
        });
    }
    // The checksum covers everything before its own four bytes.
    let body_len = bytes.len().checked_sub(4).ok_or(Invalid::Truncated)?;
    if body_len < r.at {
        return Err(Invalid::Truncated);
    }
    let stored = u32::from_le_bytes(bytes[body_len..].try_into().expect("four bytes"));
    if crc32fast::hash(&bytes[..body_len]) != stored {
        return Err(Invalid::Checksum);
    }
    let mut r = Reader {
        bytes: &bytes[..body_len],
        at: r.at,
    };
    let tier_count = r.u32()?;
    let total = r.u64()?;
    let mut tiers = BTreeMap::new();
    let mut seen = 0u64;
    for _ in 0..tier_count {
        let tier = r.u64()?;
        let n = r.u64()?;
        // Each position takes at least three bytes, which bounds what a
        // damaged count can make us allocate.
        if n > (r.bytes.len() - r.at) as u64 / 3 {
            return Err(Invalid::Truncated);
        }
        let n = n as usize;
        let mut keys = Vec::with_capacity(n);
        let mut previous = 0u64;
        for k in 0..n {
            let gap = r.leb128()?;
            if k > 0 && gap == 0 {
                return Err(Invalid::Inconsistent("positions repeat"));
            }
            previous = previous
                .checked_add(gap)
                .ok_or(Invalid::Inconsistent("a position overflows"))?;
            keys.push(P::from_bits(previous));
        }
        let values = r
            .take(2 * n)?
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        if tiers.contains_key(&tier) {
            return Err(Invalid::Inconsistent("a tier repeats"));
        }
        let (index, values) = Hashed::from_sorted(keys, values);
        tiers.insert(tier, SolvedTier { index, values });
        seen += n as u64;
    }
    if seen != total || r.at != r.bytes.len() {
        return Err(Invalid::Inconsistent("the counts do not match the contents"));
    }
    Ok(tiers)
}

/// Whether every packed value in `tiers` is a valid [`Outcome`] that is
/// not a draw, which games without cycles never have.
pub fn values_are_valid<T, P>(tiers: &BTreeMap<T, SolvedTier<Hashed<P>>>) -> bool {
    tiers
        .values()
        .flat_map(|t| &t.values)
        .all(|&v| Outcome::unpack(v) != Outcome::Draw && Outcome::unpack(v).pack() == v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::tiered::TierIndex;

    impl Packed for u64 {
        fn to_bits(self) -> u64 {
            self
        }
        fn from_bits(bits: u64) -> u64 {
            bits
        }
    }

    fn sample() -> BTreeMap<u64, SolvedTier<Hashed<u64>>> {
        let mut tiers = BTreeMap::new();
        for t in 0..3u64 {
            let keys: Vec<u64> = (0..1000).map(|i| i * i * (t + 1) + 7).collect();
            let index = Hashed::new(keys);
            let values = (0..index.len())
                .map(|i| Outcome::Win(i as u32 % 50 * 2 + 1).pack())
                .collect();
            tiers.insert(t, SolvedTier { index, values });
        }
        tiers
    }

    fn header() -> Header {
        Header {
            game: "test".into(),
            variant: "v".into(),
        }
    }

    #[test]
    fn round_trips_and_rejects_every_damage() {
        let dir = std::env::temp_dir().join(format!("gamespace-cache-test-{}", std::process::id()));
        let path = dir.join("t.bin");
        let tiers = sample();
        write(&path, &header(), &tiers).unwrap();
        let back: BTreeMap<u64, SolvedTier<Hashed<u64>>> = read(&path, &header()).unwrap();
        for (t, s) in &tiers {
            for (i, &p) in s.index.as_slice().iter().enumerate() {
                let b = &back[t];
                assert_eq!(b.outcome(b.index.index(p).unwrap()), s.outcome(i));
            }
        }
        assert!(values_are_valid(&back));
        let good = fs::read(&path).unwrap();
        // Truncated anywhere.
        for cut in [0, 5, 12, 40, good.len() / 2, good.len() - 1] {
            fs::write(&path, &good[..cut]).unwrap();
            assert!(read::<u64>(&path, &header()).is_err(), "cut at {cut}");
        }
        // One bit flipped anywhere.
        for at in [3, 9, 20, good.len() / 3, good.len() - 2] {
            let mut bad = good.clone();
            bad[at] ^= 0x10;
            fs::write(&path, &bad).unwrap();
            assert!(read::<u64>(&path, &header()).is_err(), "flip at {at}");
        }
        // Another version, or another variant.
        let mut old = good.clone();
        old[8] = 0;
        fs::write(&path, &old).unwrap();
        assert!(matches!(read::<u64>(&path, &header()), Err(Invalid::Version(_))));
        fs::write(&path, &good).unwrap();
        let other = Header {
            game: "test".into(),
            variant: "w".into(),
        };
        assert!(matches!(
            read::<u64>(&path, &other),
            Err(Invalid::OtherGame { .. })
        ));
        fs::remove_dir_all(&dir).unwrap();
    }
}
