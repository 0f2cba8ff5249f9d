package org.djbranch.rewriter;

/**
 * A select item written without an alias: the characters [start, end) of its expression in the statement, from its
 * first token to its last.
 */
record SelectItemSpan(int start, int end) {
}
