package org.djbranch.rewriter;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Thread-safe bounded LRU cache, meant for splice plans keyed by {@link ShapeKey}. The value is computed outside
 * the lock, so a slow parse never blocks readers; two threads missing the same key at once both compute it and
 * the first stored value wins.
 */
public final class PlanCache<K, V> {
  private final int capacity;
  private final LinkedHashMap<K, V> entries;

  public PlanCache(int capacity) {
    if (capacity < 1) throw new IllegalArgumentException("plan cache capacity must be at least 1 but was: " + capacity);
    this.capacity = capacity;
    this.entries = new LinkedHashMap<>(Math.min(capacity, 1024) * 4 / 3 + 1, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > PlanCache.this.capacity;
      }
    };
  }

  public V get(K key) {
    synchronized (entries) {
      return entries.get(key);
    }
  }

  public void put(K key, V value) {
    synchronized (entries) {
      entries.put(key, value);
    }
  }

  /** The cached value, or the computed one (stored unless another thread stored one first). */
  public <E extends Exception> V computeIfAbsent(K key, ThrowingFunction<K, V, E> compute) throws E {
    V value = get(key);
    if (value != null) return value;
    V computed = compute.apply(key);
    synchronized (entries) {
      V raced = entries.putIfAbsent(key, computed);
      return raced != null ? raced : computed;
    }
  }

  public int size() {
    synchronized (entries) {
      return entries.size();
    }
  }

  public void clear() {
    synchronized (entries) {
      entries.clear();
    }
  }

  public int capacity() {
    return capacity;
  }

  @FunctionalInterface
  public interface ThrowingFunction<K, V, E extends Exception> {
    V apply(K key) throws E;
  }
}
