/**
 * Where versions are kept: a repository in a local folder or at an {@code http(s)://} WebDAV
 * root, its files ({@code repository.json}, {@code versions/<ID>/version.json},
 * {@code dataset.json}, {@code files.json}) as records, and the rule for moving a ref on
 * condition (lake-writing.md, "Order of writes").
 *
 * <p>Uses {@code org.djbranch.lake.util} only. It stores bytes and never opens a catalog: what a
 * DuckLake catalog holds is {@code org.djbranch.lake.catalog}'s business.
 */
package org.djbranch.lake.repo;
