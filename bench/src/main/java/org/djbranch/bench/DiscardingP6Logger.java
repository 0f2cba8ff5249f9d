package org.djbranch.bench;

import com.p6spy.engine.logging.Category;
import com.p6spy.engine.spy.appender.P6Logger;

/**
 * A p6spy appender that accepts every category and drops the formatted line: p6spy does all its logging work
 * (timing, formatting the statement with its values) but writes nothing, so the benchmark measures p6spy, not I/O.
 */
public final class DiscardingP6Logger implements P6Logger {
  /** Read so the JIT cannot drop the formatting. */
  static volatile int lastLength;

  /** Points p6spy at this appender; p6spy reads its {@code p6spy.config.*} system properties when it loads. */
  static void configure() {
    System.setProperty("p6spy.config.appender", DiscardingP6Logger.class.getName());
    System.setProperty("p6spy.config.jmx", "false");
    System.setProperty("p6spy.config.autoflush", "false");
  }

  @Override
  public void logSQL(int connectionId, String now, long elapsed, Category category, String prepared, String sql,
      String url) {
    lastLength = sql.length() + prepared.length();
  }

  @Override
  public void logException(Exception e) {
  }

  @Override
  public void logText(String text) {
    lastLength = text.length();
  }

  @Override
  public boolean isCategoryEnabled(Category category) {
    return true;
  }
}
