package org.djbranch.driver.session;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/** Prepares a text on the wrapped connection, with the options the application prepared its statement with. */
@FunctionalInterface
public interface Preparer {
  PreparedStatement prepare(String text) throws SQLException;
}
