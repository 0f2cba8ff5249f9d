/**
 * The steps on a lake repository, as lake-writing.md names them: import, checkout, commit (the
 * nothing-changed rule, freezing, describing a version), push in the spec's order of writes,
 * garbage collection, log and show; and the working catalog a writer writes to.
 *
 * <p>May use every lower package ({@code util}, {@code repo}, {@code catalog}, {@code read});
 * none of them uses it. The JDBC driver ({@code org.djbranch.lake.jdbc}) and the command line
 * sit above it.
 */
package org.djbranch.lake;
