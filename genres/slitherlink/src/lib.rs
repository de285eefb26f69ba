//! dayseed-slitherlink (work in progress).
