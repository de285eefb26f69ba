//! `LADDER_V2`, the live ladder for grading reports and hints: the table frozen with g3
//! ([`crate::generator::ladder_v2`]), so the grades we publish and g3's stored grades agree.

pub(crate) use crate::generator::ladder_v2::LADDER_V2;
