//! The strategy lab's hypercube view: boards of n ≤ 16 squares are the corners of an
//! n-dimensional cube, a flip is an edge, and a strategy colours the corners by the square
//! they name. A valid strategy gives every corner neighbours of all n colours.

use crate::devil::rules::strategy::Strategy;
use crate::{bail, Result};
use serde::Serialize;

/// The largest cube the view walks.
pub const MAX_CUBE_SQUARES: usize = 16;
/// Cubes of up to this many squares are drawn whole (every corner's colour).
pub const MAX_DRAWN_SQUARES: usize = 4;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Neighbour {
    pub flip: usize,
    pub board: u64,
    pub colour: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Corner {
    pub board: u64,
    pub colour: usize,
    pub neighbours: Vec<Neighbour>,
    /// Every corner's colour, board 0 first, on cubes drawn whole.
    pub colours: Option<Vec<usize>>,
}

/// Board `board` (coin i = bit i) and its neighbours, coloured by `strategy`.
pub fn corner(strategy: &dyn Strategy, board: u64) -> Result<Corner> {
    let n = strategy.squares();
    if n > MAX_CUBE_SQUARES || board >= 1u64 << n {
        bail!("board {board} is not a board of {n} squares (the cube view goes up to {MAX_CUBE_SQUARES})");
    }
    let neighbours =
        (0..n).map(|i| Neighbour { flip: i, board: board ^ (1 << i), colour: strategy.decode_bits(board ^ (1 << i)) });
    Ok(Corner {
        board,
        colour: strategy.decode_bits(board),
        neighbours: neighbours.collect(),
        colours: (n <= MAX_DRAWN_SQUARES).then(|| (0..1u64 << n).map(|y| strategy.decode_bits(y)).collect()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::devil::Xor;

    #[test]
    fn xor_corners_see_every_colour_once_among_their_neighbours() {
        let xor = Xor { squares: 8 };
        for board in [0u64, 1, 0b1011_0110, 255] {
            let c = corner(&xor, board).unwrap();
            // The XOR of the heads' indices, computed here from the definition.
            let colour = |x: u64| (0..8).filter(|i| x >> i & 1 == 1).fold(0, |a, i| a ^ i);
            assert_eq!(c.colour, colour(board));
            let mut seen: Vec<usize> = c.neighbours.iter().map(|nb| nb.colour).collect();
            assert!(c.neighbours.iter().all(|nb| nb.colour == colour(nb.board) && nb.board == board ^ 1 << nb.flip));
            seen.sort_unstable();
            assert_eq!(seen, (0..8).collect::<Vec<_>>());
            assert_eq!(c.colours, None);
        }
        assert_eq!(corner(&Xor { squares: 4 }, 3).unwrap().colours.unwrap().len(), 16);
        assert!(corner(&xor, 256).unwrap_err().message().contains("not a board of 8 squares"));
        assert!(corner(&Xor { squares: 32 }, 0).is_err());
    }
}
