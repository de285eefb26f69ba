//! A small bounded least-recently-used cache (regenerated boards by id).
//!
//! Capacity is small (hundreds), so eviction scans for the oldest entry: O(capacity) on insert
//! of a new key, O(1) on hits, no extra dependency. Iteration order never reaches any output.

use std::collections::HashMap;
use std::hash::Hash;

/// A map that keeps at most `capacity` entries, dropping the least recently used one.
pub struct Lru<K, V> {
    capacity: usize,
    tick: u64,
    entries: HashMap<K, (u64, V)>,
}

impl<K: Eq + Hash + Clone, V: Clone> Lru<K, V> {
    /// An empty cache holding at most `capacity` entries (at least one).
    pub fn new(capacity: usize) -> Lru<K, V> {
        Lru {
            capacity: capacity.max(1),
            tick: 0,
            entries: HashMap::new(),
        }
    }

    /// The value for `key`, marking it as recently used.
    pub fn get(&mut self, key: &K) -> Option<V> {
        self.tick += 1;
        let tick = self.tick;
        self.entries.get_mut(key).map(|(used, v)| {
            *used = tick;
            v.clone()
        })
    }

    /// Stores `value` under `key`, evicting the least recently used entry when full.
    pub fn insert(&mut self, key: K, value: V) {
        self.tick += 1;
        if !self.entries.contains_key(&key) && self.entries.len() >= self.capacity {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                self.entries.remove(&k);
            }
        }
        self.entries.insert(key, (self.tick, value));
    }

    /// How many entries are cached.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evicts_the_least_recently_used() {
        let mut c = Lru::new(2);
        c.insert("a", 1);
        c.insert("b", 2);
        assert_eq!(c.get(&"a"), Some(1));
        c.insert("c", 3);
        assert_eq!(c.get(&"b"), None);
        assert_eq!(c.get(&"a"), Some(1));
        assert_eq!(c.get(&"c"), Some(3));
        c.insert("c", 4);
        assert_eq!(c.len(), 2);
        assert_eq!(c.get(&"c"), Some(4));
    }

    #[test]
    fn never_exceeds_capacity() {
        let mut c = Lru::new(3);
        for i in 0..100 {
            c.insert(i, i);
            assert!(c.len() <= 3);
        }
        assert_eq!(c.get(&99), Some(99));
        assert!(!c.is_empty());
    }
}
