//! The raw WebAssembly exports. This is the only module with `unsafe`: JavaScript hands over
//! pointers into the module's linear memory, and Rust must trust them at this boundary.
//!
//! Protocol (see web/dayseed.js):
//! 1. JS calls `alloc(n)` and writes an n-byte UTF-8 JSON request at the returned pointer.
//! 2. JS calls an operation `op(ptr, n)`; it returns a pointer `r` to `[len: u32 LE][len bytes]`,
//!    the UTF-8 JSON response `{"ok": ...}` or `{"error": {"code", "message"}}`.
//! 3. JS frees both: `dealloc(ptr, n)` and `dealloc(r, 4 + len)`.
//!
//! A length prefix (rather than a pointer and length packed into one u64) keeps the protocol the
//! same on 64-bit native targets, where the unit tests exercise it, and spares JS a BigInt.

use std::alloc::{Layout, alloc as raw_alloc, dealloc as raw_dealloc};
use std::ptr::NonNull;

use crate::api::{self, Op};

/// Every buffer is bytes, so alignment 1; `None` when `len` is too large for a layout.
fn layout(len: usize) -> Option<Layout> {
    Layout::from_size_align(len, 1).ok()
}

/// Allocates `len` bytes for JS to fill. Returns null if the memory cannot be had; a zero-length
/// request returns a dangling, never-dereferenced pointer.
#[unsafe(no_mangle)]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    match layout(len) {
        Some(_) if len == 0 => NonNull::dangling().as_ptr(),
        // SAFETY: the layout has a non-zero size, as `std::alloc::alloc` requires.
        Some(l) => unsafe { raw_alloc(l) },
        None => std::ptr::null_mut(),
    }
}

/// Frees a buffer from [`alloc`] or an operation's response, given the same length.
///
/// # Safety
/// `ptr` must come from [`alloc`] (or be a response pointer) with exactly this `len`, and must
/// not be used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dealloc(ptr: *mut u8, len: usize) {
    if ptr.is_null() || len == 0 {
        return;
    }
    if let Some(l) = layout(len) {
        // SAFETY: the caller promises `ptr` was allocated by `alloc` with this same layout.
        unsafe { raw_dealloc(ptr, l) }
    }
}

/// Runs `op` on the request at (`ptr`, `len`) and returns the length-prefixed response (null
/// only if the response cannot be allocated).
///
/// # Safety
/// (`ptr`, `len`) must be a live buffer from [`alloc`] that JS has filled.
unsafe fn run(op: Op, ptr: *const u8, len: usize) -> *mut u8 {
    let request: &[u8] = if ptr.is_null() || len == 0 {
        &[]
    } else {
        // SAFETY: the caller promises `len` initialised bytes at `ptr`, not mutated during the call.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    let response = api::respond(&dayseed_catalog::registry(), op, request);
    let body = response.as_bytes();
    let Ok(body_len) = u32::try_from(body.len()) else {
        return std::ptr::null_mut();
    };
    let total = 4 + body.len();
    let out = alloc(total);
    if out.is_null() {
        return out;
    }
    // SAFETY: `out` holds `total` = 4 + body.len() writable bytes that nothing else references.
    unsafe {
        std::ptr::copy_nonoverlapping(body_len.to_le_bytes().as_ptr(), out, 4);
        std::ptr::copy_nonoverlapping(body.as_ptr(), out.add(4), body.len());
    }
    out
}

/// Declares one export per operation; each is `run` with that operation.
macro_rules! exports {
    ($($name:ident => $op:path),* $(,)?) => {$(
        #[doc = concat!("Export `", stringify!($name), "`: see [`", stringify!($op), "`].")]
        ///
        /// # Safety
        /// (`ptr`, `len`) must be a live, filled buffer from [`alloc`].
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(ptr: *const u8, len: usize) -> *mut u8 {
            // SAFETY: forwarded from this function's own contract.
            unsafe { run($op, ptr, len) }
        }
    )*};
}

exports! {
    genres => api::genres,
    generate => api::generate,
    daily_id => api::daily_id,
    epoch_day => api::epoch_day,
    format_date => api::format_date,
    check => api::check,
    hint => api::hint,
    encode => api::encode,
    decode => api::decode,
    decode_state => api::decode_state,
    without_solution => api::without_solution,
    digest => api::digest,
    solve => api::solve,
    replay => api::replay,
    sim_start => crate::sims::sim_start,
    sim_input => crate::sims::sim_input,
    sim_step => crate::sims::sim_step,
    sim_free => crate::sims::sim_free,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drives an export the way JS does and returns the response text.
    fn call(export: unsafe extern "C" fn(*const u8, usize) -> *mut u8, request: &str) -> String {
        let input = alloc(request.len());
        assert!(!input.is_null());
        // SAFETY: test code playing the JS side of the protocol on buffers it owns.
        unsafe {
            std::ptr::copy_nonoverlapping(request.as_ptr(), input, request.len());
            let out = export(input, request.len());
            dealloc(input, request.len());
            assert!(!out.is_null());
            let mut prefix = [0u8; 4];
            std::ptr::copy_nonoverlapping(out, prefix.as_mut_ptr(), 4);
            let len = u32::from_le_bytes(prefix) as usize;
            let body = std::slice::from_raw_parts(out.add(4), len).to_vec();
            dealloc(out, 4 + len);
            String::from_utf8(body).unwrap()
        }
    }

    #[test]
    fn exports_follow_the_length_prefixed_protocol() {
        let text = call(epoch_day, r#"{"policy":"utc-v1","utc_millis":86400000}"#);
        assert_eq!(text, r#"{"ok":1}"#);
        let text = call(generate, "");
        assert!(
            text.starts_with(r#"{"error":{"code":"bad_request""#),
            "{text}"
        );
        let text = call(genres, "{}");
        assert!(text.starts_with(r#"{"ok":["#), "{text}");
    }

    #[test]
    fn zero_and_impossible_allocations_are_safe() {
        let p = alloc(0);
        assert!(!p.is_null());
        // SAFETY: zero-length and null frees are documented no-ops.
        unsafe {
            dealloc(p, 0);
            dealloc(std::ptr::null_mut(), 8);
        }
        assert!(alloc(usize::MAX).is_null());
    }
}
