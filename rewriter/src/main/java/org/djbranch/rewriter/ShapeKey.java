package org.djbranch.rewriter;

/** Cache key of a splice plan: the statement's shape and the generation of the layout it was planned against. */
public record ShapeKey(String shape, long generation) {
}
