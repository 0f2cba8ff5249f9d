package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Immutable set of names for the lexer; lookups are ASCII-case-insensitive and allocation-free.
 *
 * <p>Open addressing over the case-folded hashes: a lookup hashes the characters in place and compares
 * characters only when a slot holds the same hash, so a miss (the common case) touches no string.
 */
public final class NameSet {
  public static final NameSet EMPTY = new NameSet(List.of());

  private final int[] hashes;      // 0 marks an empty slot; real hashes are forced non-zero
  private final String[] names;
  private final int mask;
  private final long lengthMask;   // bit n set when some member has length n (n >= 63 share bit 63)
  private final int size;

  private NameSet(List<String> distinct) {
    int capacity = Integer.highestOneBit(Math.max(4, distinct.size() * 3)) << 1;
    hashes = new int[capacity];
    names = new String[capacity];
    mask = capacity - 1;
    long lengths = 0;
    int count = 0;
    for (String name : distinct) {
      int h = hash(name, 0, name.length());
      int slot = h & mask;
      boolean present = false;
      while (hashes[slot] != 0) {
        if (hashes[slot] == h && equalsIgnoreAsciiCase(names[slot], name, 0, name.length())) {
          present = true;
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (present) continue;
      hashes[slot] = h;
      names[slot] = name;
      lengths |= lengthBit(name.length());
      count++;
    }
    lengthMask = lengths;
    size = count;
  }

  public static NameSet of(Collection<String> names) {
    if (names.isEmpty()) return EMPTY;
    return new NameSet(new ArrayList<>(names));
  }

  /** True when text[start,end) equals a member, ignoring ASCII case. */
  public boolean contains(CharSequence text, int start, int end) {
    if ((lengthMask & lengthBit(end - start)) == 0) return false;
    return containsHashed(hash(text, start, end), text, start, end);
  }

  /** Lookup with a hash the caller computed with {@link #step} and {@link #finish} while scanning. */
  boolean containsHashed(int h, CharSequence text, int start, int end) {
    if ((lengthMask & lengthBit(end - start)) == 0) return false;
    int slot = h & mask;
    int stored;
    while ((stored = hashes[slot]) != 0) {
      if (stored == h && equalsIgnoreAsciiCase(names[slot], text, start, end)) return true;
      slot = (slot + 1) & mask;
    }
    return false;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  public int size() {
    return size;
  }

  static int step(int h, char c) {
    if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
    return h * 31 + c;
  }

  static int finish(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    return h == 0 ? 1 : h;
  }

  static int hash(CharSequence text, int start, int end) {
    int h = 0;
    for (int i = start; i < end; i++) h = step(h, text.charAt(i));
    return finish(h);
  }

  private static long lengthBit(int length) {
    return 1L << Math.min(length, 63);
  }

  private static boolean equalsIgnoreAsciiCase(String name, CharSequence text, int start, int end) {
    if (name.length() != end - start) return false;
    for (int i = 0; i < name.length(); i++) {
      char a = name.charAt(i);
      char b = text.charAt(start + i);
      if (a == b) continue;
      if (a >= 'A' && a <= 'Z') a += 'a' - 'A';
      if (b >= 'A' && b <= 'Z') b += 'a' - 'A';
      if (a != b) return false;
    }
    return true;
  }
}
