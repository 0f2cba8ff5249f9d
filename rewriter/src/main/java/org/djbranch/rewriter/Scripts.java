package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/** Splits a script into statements. */
public final class Scripts {
    private Scripts() {
    }

    public static List<String> split(String script, Dialect dialect) {
        return new ArrayList<>();
    }
}
