//! Numbers typed by a person. The page passes them as JavaScript numbers, which may be
//! negative, fractional, infinite or NaN; each becomes a whole number in range or a one-line
//! error that names the field, never a conversion library's text.

use crate::{bail, Result};

/// `value` as a whole number in `lo..=hi`, or "`what`: a whole number from `lo` to `hi`, not …".
pub fn whole(value: f64, lo: u64, hi: u64, what: &str) -> Result<u64> {
    // Every u64 up to 2^53 is exact in f64, and the ranges here are far smaller.
    if value.fract() != 0.0 || !(lo as f64..=hi as f64).contains(&value) {
        bail!("{what}: a whole number from {lo} to {hi}, not {value}");
    }
    Ok(value as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_in_range_pass_unchanged() {
        for v in 1..=64u64 {
            assert_eq!(whole(v as f64, 1, 64, "coins").unwrap(), v);
        }
    }

    #[test]
    fn everything_else_names_the_field_and_the_value() {
        for (v, shown) in [
            (-1.0, "-1"),
            (0.0, "0"),
            (65.0, "65"),
            (1.5, "1.5"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "inf"),
            (4294967295.0, "4294967295"),
        ] {
            let e = whole(v, 1, 64, "coins").unwrap_err();
            assert_eq!(e.message(), format!("coins: a whole number from 1 to 64, not {shown}"));
        }
    }
}
