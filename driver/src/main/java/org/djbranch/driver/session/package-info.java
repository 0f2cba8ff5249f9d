/**
 * The branch session of one connection ({@link org.djbranch.driver.session.BranchSession}): every statement is
 * scanned by the rewriter's lexer, planned (physical names spliced in, plans cached by shape), and executed —
 * declarations through {@code driver.ddl}, deletes and key changes of a parent of symbolic foreign keys after their
 * referential actions (Branch Resolution §5.2, {@link org.djbranch.driver.session.ReferentialActions}), the ends of
 * transactions to the connection's layout ({@link org.djbranch.driver.session.Transactions}); a permission
error is explained naming the login, the object and the missing grant ({@code PermissionErrors}). It is the
 * connection's {@code ServerCalls} hook on a branch. The statements of a branch connection are the session's
 * subclasses of the plain {@code driver.jdbc} delegates: every text they are given goes through
 * {@link org.djbranch.driver.session.StatementTexts}; a prepared statement's parameters are recorded by its
 * {@link org.djbranch.driver.session.ParameterLog}. Uses {@code driver.ddl}, {@code driver.binding},
 * {@code driver.layout}, {@code driver.edges}, {@code driver.backend}, {@code driver.naming}, {@code driver.jdbc},
 * {@code driver.error} and the rewriter; nothing of the public API package.
 */
package org.djbranch.driver.session;
