//! The optional move-counters field. A position code stores the board, side to move, castling
//! and en passant; the halfmove clock and the move number, which only the fifty-move rule and
//! the game record need, can follow it as a trailer of three bytes — the clock in 7 bits, the
//! move number in 16, one zero bit — after the scheme's own (padded) bytes. Every scheme keeps
//! its code and its worst case, and a code with counters is exactly 24 bits longer.

use crate::bits::{BitReader, BitWriter};
use crate::chess::segments::{Code, Segment};
use crate::chess::{Position, PositionScheme};
use crate::{bail, Result};

/// Bytes the trailer adds.
pub const BYTES: usize = 3;

/// The position's code in `scheme` followed by its move counters.
pub fn encode(scheme: PositionScheme, pos: &Position) -> Code {
    let mut code = scheme.encode(pos);
    let start = code.bytes.len() * 8;
    if start > code.bits {
        code.segments.push(Segment {
            start: code.bits,
            len: start - code.bits,
            label: "padding to a whole byte".into(),
            squares: vec![],
        });
    }
    let mut w = BitWriter::new();
    w.push_bits(u64::from(pos.halfmove_clock()), 7);
    w.push_bits(u64::from(pos.fullmove_number()), 16);
    code.segments.push(Segment {
        start,
        len: 7,
        label: format!("halfmove clock {}", pos.halfmove_clock()),
        squares: vec![],
    });
    code.segments.push(Segment {
        start: start + 7,
        len: 16,
        label: format!("move number {}", pos.fullmove_number()),
        squares: vec![],
    });
    code.bytes.extend(w.into_bytes());
    code.bits = start + 23;
    code
}

/// Reads a code written by [`encode`]: the scheme's code, then the counters.
pub fn decode(scheme: PositionScheme, bytes: &[u8]) -> Result<Position> {
    if bytes.len() <= BYTES {
        bail!("a code with move counters is longer than {BYTES} bytes; this one has {}", bytes.len());
    }
    let (head, tail) = bytes.split_at(bytes.len() - BYTES);
    let pos = scheme.decode(head)?;
    let mut r = BitReader::new(tail);
    let halfmove = r.read_bits(7)? as u8;
    let fullmove = r.read_bits(16)? as u16;
    r.finish()?;
    pos.with_counters(halfmove, fullmove)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn counters_round_trip_in_every_scheme() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 37 218",
            "8/8/8/8/8/8/8/K6k b - - 100 65535",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            for scheme in PositionScheme::ALL {
                let plain = scheme.encode(&pos);
                let code = encode(scheme, &pos);
                assert_eq!(code.bytes.len(), plain.bytes.len() + BYTES, "{}", scheme.name());
                assert_eq!(code.bits, plain.bytes.len() * 8 + 23);
                let back = decode(scheme, &code.bytes).unwrap();
                assert_eq!(back.to_fen(), fen, "{}", scheme.name());
            }
        }
    }

    #[test]
    fn bad_counters_are_errors() {
        let pos = Position::start();
        let mut code = encode(PositionScheme::Nibble, &pos).bytes;
        let n = code.len();
        code[n - 2] = 0;
        code[n - 1] = 0; // move number 0
        assert!(decode(PositionScheme::Nibble, &code).unwrap_err().message().contains("starts at 1"));
        code[n - 3] = 0xff; // halfmove clock 127
        assert!(decode(PositionScheme::Nibble, &code).is_err());
        assert!(decode(PositionScheme::Compact, &[1, 2]).is_err());
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..48), scheme in 0usize..7) {
            let _ = decode(PositionScheme::ALL[scheme], &bytes);
        }
    }
}
