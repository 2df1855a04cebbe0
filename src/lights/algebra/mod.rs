//! The algebra the solvers stand on: linear algebra over GF(2) with packed rows ([`gf2`]) and
//! over Z/k ([`modk`]), and polynomials over GF(2) ([`poly`]) and Z/k ([`polyk`]).

pub mod gf2;
pub mod modk;
pub mod poly;
pub mod polyk;
