package org.djbranch.rewriter;

/**
 * {@code RENAME [COLUMN] a TO b} (and MySQL's {@code CHANGE [COLUMN] a b type}), one action of an ALTER TABLE: the
 * old and new names as the database stores them (quoted exactly, unquoted folded as the dialect folds them).
 */
public record RenamedColumn(String from, String to) {}
