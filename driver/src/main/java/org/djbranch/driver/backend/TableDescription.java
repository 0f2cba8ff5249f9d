package org.djbranch.driver.backend;

import java.util.List;

/**
 * What a live table is, for a reader (the {@code djbranch diff} command): its columns in order with their types as
 * the database spells them, its primary key in order, its indexes.
 */
public record TableDescription(List<Backend.LiveColumn> columns, List<String> primaryKey,
    List<Backend.LiveIndex> indexes) {}
