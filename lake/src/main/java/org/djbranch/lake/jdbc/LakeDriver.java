package org.djbranch.lake.jdbc;

import org.djbranch.lake.Lake;
import org.djbranch.lake.WorkingCatalog;
import org.djbranch.lake.catalog.DuckDb;
import org.djbranch.lake.read.RemoteFiles;
import org.djbranch.lake.read.VersionViews;
import org.djbranch.lake.repo.RemoteRepository;
import org.djbranch.lake.repo.VersionInfo;
import org.djbranch.lake.util.LakeException;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The driver for {@code jdbc:djbranch:lake:} URLs. It declines every other URL. Reading needs
 * nothing but duckdb_jdbc; {@code mode=write} attaches a working catalog through DuckDB's
 * {@code ducklake} extension, and fails naming that extension where it cannot be loaded.
 */
public final class LakeDriver implements Driver {
  static {
    try {
      DriverManager.registerDriver(new LakeDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public boolean acceptsURL(String url) {
    return LakeUrl.accepts(url);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    LakeUrl parsed = LakeUrl.parse(url, info);
    if (parsed.mode().equals("write")) {
      return openForWriting(parsed);
    }
    Lake lake = Lake.open(parsed.root(), null);
    VersionInfo version = lake.resolve(parsed.branch(), parsed.version());
    if (lake.repository() instanceof RemoteRepository remote) {
      // The frozen catalog and the data files it names come down once, into a cache keyed by content.
      return VersionViews.open(remote, version.id(), RemoteFiles.dataFolder(remote, version.id()));
    }
    return VersionViews.open(lake.repository(), version.id());
  }

  private static Connection openForWriting(LakeUrl url) throws SQLException {
    if (url.catalog() == null) {
      throw new LakeException("mode=write needs catalog=<working catalog> (made by 'djbranch lake checkout')",
          "08001");
    }
    WorkingCatalog working = WorkingCatalog.open(Path.of(url.catalog()));
    Connection c = DuckDb.inMemory();
    try (Statement s = c.createStatement()) {
      try {
        s.execute("LOAD ducklake");
      } catch (SQLException e) {
        throw new LakeException("mode=write needs DuckDB's 'ducklake' extension, which cannot be loaded here ("
            + e.getMessage().lines().findFirst().orElse("") + "); install it (INSTALL ducklake) or read "
            + "with mode=read", LakeException.UNSUPPORTED, e);
      }
      s.execute("LOAD sqlite");
      s.execute(working.attachStatement("lake"));
      s.execute("USE lake");
      return c;
    } catch (SQLException e) {
      c.close();
      throw e;
    }
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    DriverPropertyInfo branch = new DriverPropertyInfo("branch", Lake.DEFAULT_BRANCH);
    branch.description = "the branch whose version is read";
    DriverPropertyInfo version = new DriverPropertyInfo("version", null);
    version.description = "a version ID (or unique prefix) to read instead of the branch's";
    DriverPropertyInfo mode = new DriverPropertyInfo("mode", "read");
    mode.description = "read (no extension needed) or write (attaches the working catalog; needs ducklake)";
    mode.choices = new String[] {"read", "write"};
    DriverPropertyInfo catalog = new DriverPropertyInfo("catalog", null);
    catalog.description = "the working catalog file, for mode=write";
    return new DriverPropertyInfo[] {branch, version, mode, catalog};
  }

  @Override
  public int getMajorVersion() {
    return 0;
  }

  @Override
  public int getMinorVersion() {
    return 1;
  }

  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("the lake driver does not log through java.util.logging");
  }
}
