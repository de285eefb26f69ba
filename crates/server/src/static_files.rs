//! The web directory at `/`: small files from memory, everything else through tower-http's
//! `ServeDir`.
//!
//! `ServeDir` does three blocking-pool hops per request (metadata, open, read); on a loaded
//! machine each hop waits for a thread, which made a 1 KiB page slower than a generated puzzle.
//! So plain `GET`/`HEAD` requests for small files with simple names are answered from an
//! in-memory copy, re-checked against the file's length and modification time at most once per
//! [`REVALIDATE`]. Anything else — other names (percent-encoding, dot files, `..`), ranges,
//! conditional requests, large or unknown-type files, missing files, directories — goes to
//! `ServeDir` unchanged, so path safety, 404s and redirects stay its job.
//!
//! Only the page's own kinds of files are served, from inside the web directory: a request path
//! is answered 404 unless every folder in it is neither hidden (`.git`) nor a development folder
//! ([`PRIVATE_DIRS`]: `node_modules`, `e2e`, tests), its file name is not a tool file
//! ([`PRIVATE_FILES`]: `package.json`, ...), and its extension is one of [`SERVED_EXTENSIONS`]
//! (a name without an extension is only a folder's redirect). A development checkout served with
//! `--web web` so shows the page and nothing else (no `README.md`, no tests). A path that leads
//! out of the web directory through a symbolic link is a 404 as well: the resolved file must lie
//! under the resolved web directory.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::state::AppState;

/// Files larger than this are not kept in memory.
pub const MAX_CACHED_FILE: u64 = 4 << 20;
/// The memory all cached files may take together.
pub const MAX_CACHED_TOTAL: u64 = 32 << 20;
/// The extensions of the files a page is made of; any other file is never served.
pub const SERVED_EXTENSIONS: &[&str] = &[
    "html",
    "js",
    "mjs",
    "css",
    "wasm",
    "svg",
    "png",
    "jpg",
    "jpeg",
    "webp",
    "ico",
    "webmanifest",
    "json",
    "map",
    "txt",
    "woff2",
];
/// Folders never served (compared without regard to case), besides hidden ones.
pub const PRIVATE_DIRS: &[&str] = &["node_modules", "e2e", "test", "tests"];
/// Tool files never served (compared without regard to case).
pub const PRIVATE_FILES: &[&str] = &[
    "package.json",
    "package-lock.json",
    "npm-shrinkwrap.json",
    "tsconfig.json",
    "jsconfig.json",
];
/// How long a cached file is served before its metadata is checked again.
pub const REVALIDATE: Duration = Duration::from_secs(1);

/// The in-memory copies of small files of one web directory.
pub struct StaticCache {
    root: PathBuf,
    files: Mutex<Files>,
}

#[derive(Default)]
struct Files {
    total: u64,
    by_path: HashMap<String, Cached>,
}

#[derive(Clone)]
struct Cached {
    body: Bytes,
    content_type: &'static str,
    modified: Option<SystemTime>,
    checked: Instant,
}

impl StaticCache {
    /// An empty cache over `root`.
    pub fn new(root: &Path) -> StaticCache {
        StaticCache {
            root: root.to_path_buf(),
            files: Mutex::new(Files::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Files> {
        self.files.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The file for a request path from memory, or `None` when `ServeDir` should answer.
    async fn lookup(&self, path: &str) -> Option<Cached> {
        let relative = simple_relative_path(path)?;
        let content_type = content_type(&relative)?;
        if let Some(hit) = self.lock().by_path.get(&relative)
            && hit.checked.elapsed() < REVALIDATE
        {
            return Some(hit.clone());
        }
        let full = self.root.join(&relative);
        let root = self.root.clone();
        let previous = self.lock().by_path.get(&relative).cloned();
        let known = previous.as_ref().map(|c| (c.body.len() as u64, c.modified));
        let loaded = tokio::task::spawn_blocking(move || load(&root, &full, known))
            .await
            .ok()
            .flatten();
        let mut files = self.lock();
        let entry = match (loaded, previous) {
            (Some(Loaded::Unchanged), Some(mut old)) => {
                old.checked = Instant::now();
                old
            }
            (Some(Loaded::Fresh(body, modified)), _) => Cached {
                body,
                content_type,
                modified,
                checked: Instant::now(),
            },
            _ => {
                if let Some(old) = files.by_path.remove(&relative) {
                    files.total -= old.body.len() as u64;
                }
                return None;
            }
        };
        let old_len = files
            .by_path
            .get(&relative)
            .map_or(0, |c| c.body.len() as u64);
        let new_total = files.total - old_len + entry.body.len() as u64;
        if new_total <= MAX_CACHED_TOTAL {
            files.total = new_total;
            files.by_path.insert(relative, entry.clone());
        }
        Some(entry)
    }
}

enum Loaded {
    Unchanged,
    Fresh(Bytes, Option<SystemTime>),
}

/// Where a path under the web directory leads once symbolic links are resolved.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Located {
    File,
    Dir,
    Missing,
    Outside,
}

fn locate(root: &Path, path: &Path) -> Located {
    let Ok(root) = root.canonicalize() else {
        return Located::Missing;
    };
    match path.canonicalize() {
        Err(_) => Located::Missing,
        Ok(real) if !real.starts_with(&root) => Located::Outside,
        Ok(real) if real.is_dir() => Located::Dir,
        Ok(_) => Located::File,
    }
}

/// Whether a percent-decoded request path may be served: `Some(true)` when it may only be a
/// folder (no extension: ServeDir's redirect to `name/`), `Some(false)` for a file of a served
/// kind or a folder's `index.html`, `None` for anything else.
fn servable(decoded: &str) -> Option<bool> {
    let trimmed = decoded.strip_prefix('/').unwrap_or(decoded);
    let segments: Vec<&str> = trimmed.split(['/', '\\']).collect();
    let (last, folders) = segments.split_last()?;
    for folder in folders {
        if folder.starts_with('.') || PRIVATE_DIRS.iter().any(|d| folder.eq_ignore_ascii_case(d)) {
            return None;
        }
    }
    if last.is_empty() {
        return Some(false); // the folder's index.html
    }
    if last.starts_with('.')
        || PRIVATE_DIRS.iter().any(|d| last.eq_ignore_ascii_case(d))
        || PRIVATE_FILES.iter().any(|f| last.eq_ignore_ascii_case(f))
    {
        return None;
    }
    match last.rsplit_once('.') {
        None => Some(true),
        Some((_, ext)) => SERVED_EXTENSIONS
            .iter()
            .any(|e| ext.eq_ignore_ascii_case(e))
            .then_some(false),
    }
}

/// Reads a regular file of at most [`MAX_CACHED_FILE`] bytes with its modification time, or
/// says it is unchanged when its length and time equal `known`.
fn load(root: &Path, path: &Path, known: Option<(u64, Option<SystemTime>)>) -> Option<Loaded> {
    if locate(root, path) != Located::File {
        return None; // missing, a folder, or out of the web directory: ServeDir or a 404
    }
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_CACHED_FILE {
        return None;
    }
    let modified = meta.modified().ok();
    if known == Some((meta.len(), modified)) && modified.is_some() {
        return Some(Loaded::Unchanged);
    }
    let body = std::fs::read(path).ok()?;
    if body.len() as u64 != meta.len() {
        return None; // changing under us: let ServeDir answer this time
    }
    Some(Loaded::Fresh(Bytes::from(body), modified))
}

/// The path below the root when every segment is made of `[A-Za-z0-9._-]` and does not start
/// with a dot; a trailing `/` (or `/` alone) means `index.html`. Anything else is `None`.
fn simple_relative_path(path: &str) -> Option<String> {
    let trimmed = path.strip_prefix('/')?;
    let mut out = trimmed.to_string();
    if out.is_empty() || out.ends_with('/') {
        out.push_str("index.html");
    }
    if out.len() > 256 {
        return None;
    }
    let ok = out.split('/').all(|seg| {
        !seg.is_empty()
            && !seg.starts_with('.')
            && seg
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_' || b == b'-')
    });
    ok.then_some(out)
}

fn content_type(path: &str) -> Option<&'static str> {
    let ext = path.rsplit_once('.')?.1;
    Some(match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        _ => return None,
    })
}

/// The fallback route when a web directory is configured.
pub async fn serve_static(State(state): State<AppState>, req: Request) -> Response {
    let Some(root) = state.web_dir().cloned() else {
        return crate::handlers::meta::no_web_dir(req.uri().clone()).await;
    };
    let decoded = percent_encoding::percent_decode_str(req.uri().path())
        .decode_utf8_lossy()
        .into_owned();
    let Some(folder_only) = servable(&decoded) else {
        return not_served();
    };
    let plain = (req.method() == Method::GET || req.method() == Method::HEAD)
        && !req.headers().contains_key(header::RANGE)
        && !req.headers().contains_key(header::IF_MODIFIED_SINCE)
        && !req.headers().contains_key(header::IF_NONE_MATCH);
    if plain
        && let Some(cache) = state.static_cache()
        && let Some(file) = cache.lookup(req.uri().path()).await
    {
        let mut response = if req.method() == Method::HEAD {
            let mut r = Body::empty().into_response();
            r.headers_mut()
                .insert(header::CONTENT_LENGTH, HeaderValue::from(file.body.len()));
            r
        } else {
            file.body.into_response()
        };
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(file.content_type),
        );
        if let Some(modified) = file.modified
            && let Ok(v) = HeaderValue::from_str(&httpdate::fmt_http_date(modified))
        {
            headers.insert(header::LAST_MODIFIED, v);
        }
        return response;
    }
    let relative = decoded.trim_start_matches('/').to_string();
    let base = root.clone();
    let located = tokio::task::spawn_blocking(move || locate(&base, &base.join(relative)))
        .await
        .unwrap_or(Located::Missing);
    match located {
        Located::Outside => return not_served(),
        Located::File | Located::Missing if folder_only => return not_served(),
        _ => {}
    }
    match ServeDir::new(root).oneshot(req).await {
        Ok(r) => r.into_response(),
        Err(never) => match never {},
    }
}

fn not_served() -> Response {
    crate::error::AppError::not_found("no such file").into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_pages_kinds_of_files_are_servable() {
        for private in [
            "/.git/config",
            "/%2egit/HEAD",
            "/node_modules/playwright-core/package.json",
            "/a/NODE_MODULES/x.js",
            "/%6Eode_modules/x.js",
            "/pkg/.env",
            "/../x",
            "/README.md",
            "/package.json",
            "/Package-Lock.json",
            "/e2e/play.test.mjs",
            "/data.bin",
            "/tests/",
        ] {
            let decoded = percent_encoding::percent_decode_str(private).decode_utf8_lossy();
            assert_eq!(servable(&decoded), None, "{private}");
        }
        for public in [
            "/",
            "/index.html",
            "/pkg/dayseed_wasm_bg.wasm",
            "/games/sudoku.js",
            "/manifest.webmanifest",
            "/pkg/",
        ] {
            assert_eq!(servable(public), Some(false), "{public}");
        }
    }

    #[test]
    fn names_without_an_extension_are_folders_only() {
        assert_eq!(servable("/pkg"), Some(true));
        assert_eq!(servable("/node_modules"), None);
    }

    #[test]
    fn only_simple_paths_are_cached() {
        assert_eq!(simple_relative_path("/").as_deref(), Some("index.html"));
        assert_eq!(
            simple_relative_path("/pkg/").as_deref(),
            Some("pkg/index.html")
        );
        assert_eq!(
            simple_relative_path("/pkg/dayseed_wasm_bg.wasm").as_deref(),
            Some("pkg/dayseed_wasm_bg.wasm")
        );
        for bad in [
            "/../etc/passwd",
            "/a/../b",
            "/.git/config",
            "/a//b",
            "/%2e%2e/x",
            "/a\\b",
            "relative",
            "/x y.html",
        ] {
            assert_eq!(simple_relative_path(bad), None, "{bad}");
        }
        assert_eq!(content_type("a.wasm"), Some("application/wasm"));
        assert_eq!(content_type("a.bin"), None);
        assert_eq!(content_type("noext"), None);
    }
}
