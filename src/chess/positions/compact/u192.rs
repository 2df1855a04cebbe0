//! `U192`: a fixed-width unsigned integer for the sums of `compact`'s tables. Every count there
//! is below 2^152 (the number of positions), so three 64-bit limbs hold it, and a table of
//! tens of thousands of sums is built without a heap allocation per number (`BigUint` took
//! ~90 % of the first code's time). Overflow is a bug, caught by debug assertions and by the
//! tests, which compare the tables with independent counts.

use num_bigint::BigUint;

/// Limbs most significant first, so that the derived order is the numeric order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct U192([u64; 3]);

impl U192 {
    pub const ZERO: U192 = U192([0; 3]);

    pub const fn from_limbs_le(lo: u64, mid: u64, hi: u64) -> U192 {
        U192([hi, mid, lo])
    }

    /// For writing the committed tables.
    #[cfg(test)]
    pub fn limbs_le(self) -> [u64; 3] {
        let [hi, mid, lo] = self.0;
        [lo, mid, hi]
    }

    pub fn from_u128(n: u128) -> U192 {
        U192([0, (n >> 64) as u64, n as u64])
    }

    /// The product of two 128-bit numbers, which must be below 2^192.
    pub fn product(a: u128, b: u128) -> U192 {
        let (a1, a0) = ((a >> 64) as u64, a as u64);
        let (b1, b0) = ((b >> 64) as u64, b as u64);
        let wide = |x: u64, y: u64| x as u128 * y as u128;
        let low = wide(a0, b0);
        let (cross, c1) = wide(a0, b1).overflowing_add(wide(a1, b0));
        let top = wide(a1, b1);
        debug_assert!(top >> 64 == 0 && !c1, "product past 2^192");
        U192::from_u128(low) + U192([0, cross as u64, 0]) + U192([(cross >> 64) as u64 + top as u64, 0, 0])
    }

    /// `self · m`, which must be below 2^192.
    pub fn mul_u64(self, m: u64) -> U192 {
        let [hi, mid, lo] = self.0;
        let lo = lo as u128 * m as u128;
        let mid = mid as u128 * m as u128 + (lo >> 64);
        let hi = hi as u128 * m as u128 + (mid >> 64);
        debug_assert!(hi >> 64 == 0, "product past 2^192");
        U192([hi as u64, mid as u64, lo as u64])
    }

    /// Quotient by a nonzero `d`.
    pub fn div_u64(self, d: u64) -> U192 {
        let mut rem = 0u128;
        let mut out = [0u64; 3];
        for (o, &limb) in out.iter_mut().zip(&self.0) {
            let cur = rem << 64 | limb as u128;
            *o = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        U192(out)
    }

    pub fn to_biguint(self) -> BigUint {
        let [hi, mid, lo] = self.0;
        BigUint::from_slice(&[
            lo as u32,
            (lo >> 32) as u32,
            mid as u32,
            (mid >> 32) as u32,
            hi as u32,
            (hi >> 32) as u32,
        ])
    }

    /// `None` when `n` is 2^192 or more.
    pub fn from_biguint(n: &BigUint) -> Option<U192> {
        let d = n.to_u64_digits();
        if d.len() > 3 {
            return None;
        }
        let at = |i: usize| d.get(i).copied().unwrap_or(0);
        Some(U192([at(2), at(1), at(0)]))
    }
}

impl std::ops::Add for U192 {
    type Output = U192;
    fn add(self, o: U192) -> U192 {
        let (lo, c0) = self.0[2].overflowing_add(o.0[2]);
        let (mid, c1a) = self.0[1].overflowing_add(o.0[1]);
        let (mid, c1b) = mid.overflowing_add(c0 as u64);
        let (hi, c2a) = self.0[0].overflowing_add(o.0[0]);
        let (hi, c2b) = hi.overflowing_add((c1a | c1b) as u64);
        debug_assert!(!(c2a | c2b), "sum past 2^192");
        U192([hi, mid, lo])
    }
}

impl std::ops::AddAssign for U192 {
    fn add_assign(&mut self, o: U192) {
        *self = *self + o;
    }
}

impl std::ops::Sub for U192 {
    type Output = U192;
    fn sub(self, o: U192) -> U192 {
        let (lo, b0) = self.0[2].overflowing_sub(o.0[2]);
        let (mid, b1a) = self.0[1].overflowing_sub(o.0[1]);
        let (mid, b1b) = mid.overflowing_sub(b0 as u64);
        let (hi, b2a) = self.0[0].overflowing_sub(o.0[0]);
        let (hi, b2b) = hi.overflowing_sub((b1a | b1b) as u64);
        debug_assert!(!(b2a | b2b), "difference below zero");
        U192([hi, mid, lo])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(n: U192) -> BigUint {
        n.to_biguint()
    }

    proptest! {
        // Every operation against BigUint, on operands whose results stay below 2^192.
        #[test]
        fn operations_agree_with_biguint(a in any::<u128>(), b in any::<u64>(), c in any::<u128>(), d in 1u64..) {
            let a = a >> 8; // a·b < 2^184, so sums and small multiples stay below 2^192
            let p = U192::product(a, b as u128);
            prop_assert_eq!(big(p), BigUint::from(a) * b);
            let x = U192::from_u128(c);
            let sum = p + x;
            prop_assert_eq!(big(sum), big(p) + c);
            prop_assert_eq!(big(sum - x), big(p));
            prop_assert_eq!(big(sum.mul_u64(b >> 57)), (big(p) + c) * (b >> 57));
            prop_assert_eq!(big(sum.div_u64(d)), (big(p) + c) / d);
            prop_assert_eq!(U192::from_biguint(&big(sum)), Some(sum));
            prop_assert_eq!(sum.cmp(&x), big(sum).cmp(&big(x)));
            prop_assert_eq!(p.cmp(&x), big(p).cmp(&big(x)));
        }

        #[test]
        fn products_of_two_wide_factors_agree_with_biguint(a in any::<u128>(), b in any::<u64>()) {
            // Both factors wider than 64 bits: b·2^s times a/2^(s+1) stays below 2^191.
            let b_wide = (b as u128) << (b % 64);
            let a = a >> (b % 64 + 1);
            prop_assert_eq!(big(U192::product(a, b_wide)), BigUint::from(a) * b_wide);
        }
    }

    #[test]
    fn carries_cross_every_limb() {
        let max = U192([0, u64::MAX, u64::MAX]);
        let one = U192::from_u128(1);
        assert_eq!(big(max + one), BigUint::from(1u8) << 128);
        assert_eq!((max + one) - one, max);
        assert_eq!(U192::from_biguint(&(BigUint::from(1u8) << 192)), None);
        assert_eq!(big(U192::product(u128::MAX, 1 << 63)), BigUint::from(u128::MAX) << 63);
    }
}
