package org.djbranch.lake.util;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * How every local state file is written (the checkout's JSON, staged versions, refs, a
 * repository's files): into a temporary file beside its place ({@code .<name>.<random>.part}),
 * synced to disk, renamed onto its place, and the folder synced, so that a writer killed at any
 * point leaves either the old file or the new one, never half of one. {@link #sync} makes a file
 * another program wrote (a data file) durable before anything names it.
 *
 * <p>A writer left behind by a kill leaves only a {@code .part} file, which nothing reads and
 * {@code gc} removes after the grace period.
 */
public final class DurableFiles {
  /** Names the file whose write kills this process half way: a fault to inject in tests of crash safety only. */
  public static final String KILL_AT_WRITE = "djbranch.lake.killAtWrite";

  /** Leftovers of a write stopped before its rename end with this. */
  public static final String PART = ".part";

  private DurableFiles() {
  }

  public static void write(Path target, byte[] bytes) throws IOException {
    Path temp = temp(target);
    try {
      try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        int half = killHere(target) ? bytes.length / 2 : bytes.length;
        ch.write(java.nio.ByteBuffer.wrap(bytes, 0, half));
        if (half < bytes.length) {
          ch.force(true);
          die(target);
        }
        ch.force(true);
      }
      replace(temp, target);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** Copies {@code source} to {@code target} the same way. */
  public static void copy(Path source, Path target) throws IOException {
    Path temp = temp(target);
    try {
      try (InputStream in = Files.newInputStream(source);
           OutputStream out = Files.newOutputStream(temp, StandardOpenOption.WRITE)) {
        if (killHere(target)) {
          out.write(in.readNBytes((int) Math.min(Files.size(source) / 2, Integer.MAX_VALUE)));
          out.flush();
          die(target);
        }
        in.transferTo(out);
      }
      sync(temp);
      replace(temp, target);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** Moves a finished file (synced here) onto its place and syncs the folder. */
  public static void move(Path finished, Path target) throws IOException {
    sync(finished);
    replace(finished, target);
  }

  /** Forces a file's content to disk. */
  public static void sync(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
  }

  /** Forces a folder's entries (a rename into it) to disk; where the platform cannot, the rename stands as it is. */
  public static void syncFolder(Path folder) {
    try (FileChannel ch = FileChannel.open(folder, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // Windows cannot open a folder as a channel; there the rename itself is what the OS offers.
    }
  }

  private static Path temp(Path target) throws IOException {
    Files.createDirectories(target.getParent());
    // Not Files.createTempFile: its owner-only permissions would hide refs and versions from the team.
    String random = Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    return Files.createFile(target.resolveSibling("." + target.getFileName() + "." + random + PART));
  }

  private static void replace(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
    syncFolder(target.getParent());
  }

  private static boolean killHere(Path target) {
    String name = System.getProperty(KILL_AT_WRITE);
    return name != null && name.equals(target.getFileName().toString());
  }

  /**
   * Kills this process when {@value #KILL_AT_WRITE} names {@code name}: for a write that is one
   * request to a server (which stores it whole or not at all), the kill comes as it is about to be sent.
   */
  public static void killBeforeSending(String name) {
    if (name.equals(System.getProperty(KILL_AT_WRITE))) {
      die(Path.of(name));
    }
  }

  /** SIGKILL to this process, as a crash would: no finally blocks, no shutdown hooks. */
  private static void die(Path target) {
    long pid = ProcessHandle.current().pid();
    try {
      new ProcessBuilder("kill", "-KILL", Long.toString(pid)).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
    } catch (IOException e) {
      // no kill command: halting skips the same finally blocks and hooks
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Runtime.getRuntime().halt(137);
    throw new IllegalStateException("killed at the write of " + target);
  }
}
