package org.djbranch.cli;

/** The exit codes of every djbranch command. */
public final class ExitCodes {
  private ExitCodes() {}

  /** Done. */
  public static final int OK = 0;
  /** The command ran and found something wrong: verify found constraints that do not build; drop was declined. */
  public static final int FOUND = 1;
  /** An error: the database refused (one line with the SQLState), or the command line is wrong. */
  public static final int ERROR = 2;
}
