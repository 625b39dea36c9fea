//! Reproducible draws from a seed, shared by everything xqr draws by lot (a Jieqi deal, the
//! numbers of a Swiss event's first round): the same seed gives the same draw on every machine
//! and in every version.
//!
//! The generator is ChaCha20 (`rand_chacha`, whose output stream is fixed by the cipher) keyed
//! with the seed's eight little-endian bytes followed by zeros. The shuffle is written here
//! (Fisher–Yates from the last item down, indices drawn by rejection from 32-bit outputs) rather
//! than taken from a library whose algorithm may change between versions.

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

/// A draw by lot from a seed.
///
/// ```
/// use xqr_core::SeededDraw;
/// let (mut a, mut b) = ([1, 2, 3, 4, 5], [1, 2, 3, 4, 5]);
/// SeededDraw::new(7).shuffle(&mut a);
/// SeededDraw::new(7).shuffle(&mut b);
/// assert_eq!(a, b);
/// ```
pub struct SeededDraw(ChaCha20Rng);

impl SeededDraw {
    /// The draw of `seed`.
    pub fn new(seed: u64) -> SeededDraw {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        SeededDraw(ChaCha20Rng::from_seed(key))
    }

    /// A uniform number below `n` (at least 1), by rejection: no modulo bias.
    pub fn below(&mut self, n: u32) -> u32 {
        let zone = u32::MAX - u32::MAX % n;
        loop {
            let x = self.0.next_u32();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Shuffles `items` in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}
