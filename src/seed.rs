//! Seeded randomness: every random board comes from a 64-bit seed, so a seed in a share link
//! or on the command line reproduces it on every platform.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator behind every random board (ChaCha8: portable and reproducible).
pub type BoardRng = ChaCha8Rng;

pub fn rng_from_seed(seed: u64) -> BoardRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A fresh seed from the operating system (the browser's crypto in wasm).
pub fn fresh_seed() -> u64 {
    // getrandom only fails where no entropy source exists at all; fall back to a fixed seed
    // rather than panicking, since a predictable board is harmless here.
    getrandom::u64().unwrap_or(0x05ee_d0fb_0a2d)
}
