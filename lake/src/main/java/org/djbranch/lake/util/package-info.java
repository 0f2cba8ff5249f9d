/**
 * The lake's shared vocabulary, at the bottom of its package graph: the one exception type
 * ({@link org.djbranch.lake.util.LakeException}, with the SQLStates every step uses), the one way
 * repository JSON is written ({@link org.djbranch.lake.util.Json}), SHA-256, and SQL quoting.
 *
 * <p>Uses the JDK and Jackson only; it knows nothing of repositories, catalogs or steps. Every
 * other lake package may use it.
 */
package org.djbranch.lake.util;
