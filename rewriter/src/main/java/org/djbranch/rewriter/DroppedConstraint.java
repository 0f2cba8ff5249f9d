package org.djbranch.rewriter;

/**
 * {@code DROP CONSTRAINT [IF EXISTS] name} or MySQL's {@code DROP FOREIGN KEY [IF EXISTS] name}, one action of an
 * ALTER TABLE. {@code name} as the database stores it (quoted exactly, unquoted folded as the dialect folds it);
 * {@code foreignKeyOnly}: the statement names a foreign key (MySQL), not any constraint. start/end: the action's
 * character span, without the comma that separates it from the next.
 */
public record DroppedConstraint(String name, boolean foreignKeyOnly, boolean ifExists, int start, int end) {}
