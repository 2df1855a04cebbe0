//! The Devil's rotating table: N coins around a table, each with σ sides. Blindfolded, you name
//! positions and how far to turn the coins there; before each move the devil may rotate the
//! table. You win when every coin shows heads (face 0). A strategy is a fixed list of moves
//! that wins whatever the devil does.

pub mod belief;
pub mod construction;
pub mod devil;
pub mod game;
pub mod info;
pub mod moves;
pub mod necklace;
pub mod params;
pub mod report;
pub mod search;
pub mod trace;
pub mod verify;

pub use belief::Belief;
pub use construction::{Listed, Recursive, Strategy};
pub use devil::DevilKind;
pub use game::{Game, Play};
pub use info::Info;
pub use moves::Move;
pub use necklace::Necklaces;
pub use params::Params;
