package org.djbranch.rewriter;

/** The statement could not be parsed; the message is the parser's. */
public class UnparsableStatementException extends Exception {
  public UnparsableStatementException(String message, Throwable cause) {
    super(message, cause);
  }

  public UnparsableStatementException(String message) {
    super(message);
  }
}
