/**
 * How names are derived, independent of any database: the draft-name function
 * ({@link org.djbranch.driver.naming.DraftNames}, Branch Resolution §2.1) and DataJoint's part naming
 * ({@link org.djbranch.driver.naming.PartNames}, §3.4), and the identifier limit every derived name must fit
 * ({@link org.djbranch.driver.naming.NameLimit}, §1.3). Depends on nothing else of the project but
 * {@code driver.error}, so the backends and the {@code djbranch} command use it too. How each database folds and compares names is the backend's
 * ({@code Backend.key}); where a reference binds is {@code driver.binding}'s.
 */
package org.djbranch.driver.naming;
