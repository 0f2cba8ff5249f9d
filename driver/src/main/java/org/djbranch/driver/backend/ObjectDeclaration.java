package org.djbranch.driver.backend;

/**
 * A named object besides tables that a branch declared (a type, domain or sequence), as the statement that declares
 * it elsewhere: what a merge runs before the tables that name it, and verify in its throwaway schemas.
 */
public record ObjectDeclaration(String name, String sql) {}
