/**
 * Where versions are kept: a repository in a local folder, at an {@code http(s)://} WebDAV
 * root or at an {@code s3://} root (with its own SigV4 signer, over the JDK's HTTP client), its files ({@code repository.json}, {@code versions/<ID>/version.json},
 * {@code dataset.json}, {@code files.json}) as records, and the rule for moving a ref on
 * condition (lake-writing.md, "Order of writes").
 *
 * <p>Uses {@code org.djbranch.lake.util} only. It stores bytes and never opens a catalog: what a
 * DuckLake catalog holds is {@code org.djbranch.lake.catalog}'s business.
 */
package org.djbranch.lake.repo;
