/**
 * Everything that differs between the databases djbranch wraps, one {@link org.djbranch.driver.backend.Backend}
 * per database chosen from the wrapped URL ({@link org.djbranch.driver.backend.Backends}): quoting and the
 * identifier limit, how names fold and compare ({@code key}), listing two schemas in one query, reading a table's
 * shape, creating a schema (an attached file on SQLite), the current schema, which errors mean "permission denied"
 * or "no such table" — and, for a permission error, what was refused ({@code Denial}) and the GRANT that allows it —
 * literals, whether a foreign key implies an index, who owns a draft (PostgreSQL's draft role). Beside each backend,
 * its {@link org.djbranch.driver.backend.PhysicalCatalog}: the schemas and tables the {@code djbranch} command reads,
 * creates and drops, a table's declaration written out under another schema (self-contained DDL), a table described
 * for a reader ({@code TableDescription}), when a draft was last used ({@code DraftActivity}), real foreign keys, and
 * the statements that provision a branch login's create-only credential ({@code Provisioning}). Nothing outside this package asks which
 * database it talks to. Uses {@code driver.naming}, {@code driver.error} and the rewriter's dialects.
 */
package org.djbranch.driver.backend;
