/**
 * The errors djbranch raises itself: one enum of SQLStates and the exception types built from it. Depends on
 * nothing else of the project, so every package may use it.
 */
package org.djbranch.driver.error;
