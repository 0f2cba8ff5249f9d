/**
 * SQL in, SQL out: the lexer, the JSqlParser-based analysis, splice plans and the texts of draft declarations, per
 * {@link org.djbranch.rewriter.Dialect}. Never touches a JDBC connection; uses JSqlParser and the JDK only.
 */
package org.djbranch.rewriter;
