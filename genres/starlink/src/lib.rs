//! dayseed-starlink (work in progress).
