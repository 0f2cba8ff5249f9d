/**
 * The public API of the driver, and only that: {@link org.djbranch.driver.BranchDriver} (registered as a
 * {@code java.sql.Driver} service), {@link org.djbranch.driver.BranchDataSource},
 * {@link org.djbranch.driver.BranchConnection}, the connection properties
 * ({@link org.djbranch.driver.DriverProperty}), the branch setting (Branch Resolution §1,
 * {@link org.djbranch.driver.BranchSetting}) and the URL. Opening a connection picks the backend, and on a branch
 * opens a {@code driver.session}; everything else lives in the packages below this one, none of which uses it.
 */
package org.djbranch.driver;
