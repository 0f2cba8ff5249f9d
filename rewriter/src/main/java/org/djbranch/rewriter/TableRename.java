package org.djbranch.rewriter;

/**
 * One table renamed: {@code ALTER TABLE from RENAME [TO|AS] to}, or one pair of {@code RENAME TABLE a TO b, c TO d}
 * (MySQL runs the pairs in order). The names as written.
 */
public record TableRename(TableRef from, TableRef to) {}
