package org.djbranch.rewriter;

/** What a token is. Keywords and plain identifiers are not told apart by the lexer: both are WORD. */
public enum TokenKind {
    WORD, QUOTED_IDENTIFIER, STRING, NUMBER, PARAMETER, OPERATOR, PUNCT;

    boolean isIdentifier() {
        return this == WORD || this == QUOTED_IDENTIFIER;
    }

    boolean isLiteral() {
        return this == STRING || this == NUMBER;
    }
}
