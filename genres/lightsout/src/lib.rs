//! dayseed-lightsout (work in progress).
