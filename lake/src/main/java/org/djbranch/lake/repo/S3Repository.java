package org.djbranch.lake.repo;

import org.djbranch.lake.util.DurableFiles;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sha256;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A repository at {@code s3://bucket/prefix/} on Amazon S3 or an S3-compatible server (MinIO,
 * Ceph, R2, Garage, S3Proxy), spoken to with the JDK's HTTP client and requests signed with
 * {@link S3Signer}; where the server is and who signs come from {@link S3Settings}.
 *
 * <p>Every file is written once with a create-only PUT ({@code If-None-Match: *}). The ref moves
 * on create-only objects too, never on {@code If-Match} (a server that checks and then writes lets
 * two such PUTs both win): moving branch {@code b} from version {@code P} to {@code C} is creating
 * the <em>claim</em> {@code refs/claims/b/P} holding {@code C} (the first version's claim is
 * {@code refs/claims/b/none}). Of the writers moving from {@code P}, exactly one creates it; the
 * others get {@code 412} (or AWS's {@code 409 ConditionalRequestConflict}) and are refused as
 * stale. The claims of a branch form a chain; its tip, the claim-less end, is the branch's
 * version. {@code refs/heads/b} is a hint written after a winning claim so a reader need not walk
 * the chain from its start: a reader starts at the hint (or at {@code none}) and follows claims
 * until there is none. A writer killed after its claim but before the hint has moved the branch
 * all the same; one killed before its claim has changed nothing a reader sees.
 */
public final class S3Repository extends RemoteRepository {
  private static final Pattern VERSION_ID = Pattern.compile("[0-9a-f]{64}");
  private static final Duration TIMEOUT = Duration.ofMinutes(10);
  private static final String FIRST = "none";
  private static final Duration CLAIM_SETTLE = Duration.ofMillis(50);
  private static final String EMPTY_SHA256 = Sha256.hex(new byte[0]);

  private final String rootUrl;
  private final String bucket;
  private final String prefix;
  private final S3Settings settings;
  private final S3Signer signer;
  private final HttpClient client;

  /**
   * @param root      {@code s3://bucket/prefix/} (a trailing '/' is added if missing)
   * @param localData the writer's folder for data files; null for a repository only read
   */
  public S3Repository(String root, Path localData) throws LakeException {
    this(root, S3Settings.fromEnvironment(), localData);
  }

  S3Repository(String root, S3Settings settings, Path localData) throws LakeException {
    super(localData);
    Matcher m = Pattern.compile("s3://([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(/.*)?").matcher(root);
    if (!m.matches()) {
      throw new LakeException("an S3 repository root is s3://<bucket>/<prefix>/ with a bucket name of 3 to 63 "
          + "lower-case letters, digits, '.' and '-', but was: " + root, LakeException.REFUSED);
    }
    this.bucket = m.group(1);
    String p = m.group(2) == null ? "" : m.group(2).replaceAll("^/+", "");
    this.prefix = p.isEmpty() || p.endsWith("/") ? p : p + "/";
    this.rootUrl = "s3://" + bucket + "/" + prefix;
    this.settings = settings;
    this.signer = new S3Signer(settings);
    this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NEVER).build();
  }

  public static boolean isS3(String root) {
    return root.startsWith("s3://");
  }

  /** Writes {@code repository.json} at the root unless one is there; the bucket must exist. */
  public static S3Repository init(String root, RepositoryConfig initial) throws LakeException {
    S3Repository repo = new S3Repository(root, null);
    repo.writeConfigOnce(initial);
    repo.config();
    return repo;
  }

  @Override
  public String rootUrl() {
    return rootUrl;
  }

  // ---- files ----

  @Override
  public Optional<byte[]> read(String path) throws LakeException {
    HttpResponse<byte[]> r = send("GET", path, Map.of(), null, null, Map.of(), HttpResponse.BodyHandlers.ofByteArray());
    if (r.statusCode() == 404) {
      noSuchBucket(r.body());
      return Optional.empty();
    }
    expect(r, r.body(), "read " + url(path), 200);
    return Optional.of(r.body());
  }

  @Override
  public Optional<FileStat> stat(String path) throws LakeException {
    HttpResponse<Void> r = send("HEAD", path, Map.of(), null, null, Map.of(), HttpResponse.BodyHandlers.discarding());
    if (r.statusCode() == 404) {
      return Optional.empty();
    }
    expect(r, null, "check " + url(path), 200);
    return Optional.of(new FileStat(path, r.headers().firstValueAsLong("Content-Length").orElse(-1),
        r.headers().firstValue("Last-Modified").map(HttpRepository::httpDate).orElse(Instant.EPOCH)));
  }

  @Override
  boolean getInto(String path, Path file) throws LakeException, IOException {
    HttpResponse<Path> r = send("GET", path, Map.of(), null, null, Map.of(), HttpResponse.BodyHandlers.ofFile(file));
    if (r.statusCode() == 404) {
      return false;
    }
    expect(r, Files.size(file) < 65536 ? Files.readAllBytes(file) : null, "download " + url(path), 200);
    return true;
  }

  /**
   * A create-only PUT. AWS answers {@code 409 ConditionalRequestConflict} while another
   * conditional write of the same key is in flight: asked again, it answers 412 or 200.
   */
  @Override
  boolean createOnly(String path, Path source) throws LakeException {
    for (int attempt = 1; ; attempt++) {
      Optional<Boolean> created = putIfAbsent(path, publisher(source), S3Signer.UNSIGNED);
      if (created.isPresent()) {
        return created.get();
      }
      if (attempt == 5) {
        throw new LakeException("cannot write " + url(path) + ": the server kept answering 409 "
            + "ConditionalRequestConflict; try again", LakeException.IO);
      }
      HttpRepository.sleep(100L * attempt);
    }
  }

  /** True when created, false when the key was there (412), empty on 409 ConditionalRequestConflict. */
  private Optional<Boolean> putIfAbsent(String path, HttpRequest.BodyPublisher body, String payloadHash)
      throws LakeException {
    if (System.getProperty(DurableFiles.KILL_AT_WRITE) != null) {
      DurableFiles.killBeforeSending(killLabel(path));
    }
    HttpResponse<byte[]> r;
    try {
      // No Expect: 100-continue: the JDK 17 client waits for ever (past the request's timeout) when a
      // server answers it with a final status, as AWS answers a create-only PUT of a key already there
      // with 412 or a key being written with 409. A push asks which data files are there first.
      r = send("PUT", path, Map.of(), body, payloadHash, Map.of("If-None-Match", "*"),
          HttpResponse.BodyHandlers.ofByteArray());
    } catch (LakeException e) {
      // A server that refuses early and closes the connection mid-body: the refusal is what counts.
      if (e.getCause() instanceof IOException && stat(path).isPresent()) {
        return Optional.of(false);
      }
      throw e;
    }
    if (r.statusCode() == 412) {
      return Optional.of(false);
    }
    if (r.statusCode() == 409) {
      return Optional.empty();
    }
    expect(r, r.body(), "write " + url(path), 200, 201, 204);
    return Optional.of(true);
  }

  /** How tests name a write to kill at: a file of a version by its name, a data file, a claim. */
  private String killLabel(String path) throws LakeException {
    return path.startsWith("refs/claims/") ? "claim" : path.startsWith(config().dataDir()) ? "data file"
        : path.substring(path.lastIndexOf('/') + 1);
  }

  @Override
  public void delete(String path) throws LakeException {
    HttpResponse<byte[]> r = send("DELETE", path, Map.of(), null, null, Map.of(), HttpResponse.BodyHandlers.ofByteArray());
    if (r.statusCode() != 404) {
      expect(r, r.body(), "delete " + url(path), 204, 200);
    }
  }

  /** Every write is one PUT, whole or not there at all: a stopped writer leaves no part file. */
  @Override
  public List<FileStat> leftovers() {
    return List.of();
  }

  // ---- refs ----

  static String claimPath(String branch, Optional<String> from) throws LakeException {
    LocalRepository.refPath(branch);
    return "refs/claims/" + branch + "/" + from.orElse(FIRST);
  }

  @Override
  public Optional<String> readRef(String branch) throws LakeException {
    String hintPath = LocalRepository.refPath(branch);
    Optional<String> at = read(hintPath).map(b -> new String(b, StandardCharsets.UTF_8).trim())
        .filter(VERSION_ID.asPredicate());
    // Follow the claims to the tip; a chain longer than this would be a cycle, which content-derived IDs rule out.
    for (int step = 0; step < 1_000_000; step++) {
      Optional<String> next = read(claimPath(branch, at)).map(b -> new String(b, StandardCharsets.UTF_8).trim());
      if (next.isEmpty()) {
        return at;
      }
      at = next;
    }
    throw new LakeException("the claims of branch " + branch + " in " + rootUrl + "refs/claims/ form a loop",
        LakeException.IO);
  }

  /**
   * Creates the claim {@code refs/claims/<branch>/<expected>} naming {@code newId}, then the hint.
   * {@code expected} is a version this writer read as the branch's tip ({@link #readRef}), as a
   * push reads it before it writes anything: if the branch has moved from it since, its claim
   * exists and creating it fails, so the tip need not be read again here. A claim found naming
   * {@code newId} is this writer's own, made before it was stopped: the push goes on to the hint.
   */
  @Override
  public void moveRef(String branch, Optional<String> expected, String newId) throws LakeException {
    String claim = claimPath(branch, expected);
    byte[] body = (newId + "\n").getBytes(StandardCharsets.UTF_8);
    Optional<Boolean> made = putIfAbsent(claim, HttpRequest.BodyPublishers.ofByteArray(body), Sha256.hex(body));
    if (made.isPresent() && made.get()) {
      // A server that checks the condition and then writes (S3Proxy does) can let a second
      // create-only PUT through in between, the later write replacing the earlier: read the
      // claim back once such a PUT would have landed, so that only the writer it names goes on.
      HttpRepository.sleep(CLAIM_SETTLE.toMillis());
    }
    Optional<String> winner = read(claim).map(b -> new String(b, StandardCharsets.UTF_8).trim());
    if (winner.isEmpty() && made.isEmpty()) {
      // 409: another writer's claim from the same version is in flight. Whether it lands or not, this
      // push lost the race for it; trying again here could only move a ref its writer believes is its own.
      throw new LakeException("branch " + branch + " of " + rootUrl + " is being moved from version "
          + expected.orElse("(none)") + " by another push at this moment (the server answered 409 "
          + "ConditionalRequestConflict to " + url(claim) + "). Check out again, redo the work, commit and push "
          + "again", LakeException.CONFLICT);
    }
    if (!winner.equals(Optional.of(newId))) {
      throw Refs.moved(branch, readRef(branch), expected, rootUrl);
    }
    writeHint(branch, newId);
  }

  /** Where readers start looking: a plain PUT, since any claim on the chain is a right place to start. */
  private void writeHint(String branch, String id) throws LakeException {
    byte[] body = (id + "\n").getBytes(StandardCharsets.UTF_8);
    DurableFiles.killBeforeSending(branch);
    HttpResponse<byte[]> r = send("PUT", LocalRepository.refPath(branch), Map.of(),
        HttpRequest.BodyPublishers.ofByteArray(body), Sha256.hex(body), Map.of(), HttpResponse.BodyHandlers.ofByteArray());
    expect(r, r.body(), "write " + url(LocalRepository.refPath(branch)), 200, 201, 204);
  }

  @Override
  public List<String> branches() throws LakeException {
    List<String> out = new ArrayList<>();
    for (String folder : list("refs/claims/", true).folders()) {
      String name = folder.substring("refs/claims/".length(), folder.length() - 1);
      if (LocalRepository.isBranchName(name)) {
        out.add(name);
      }
    }
    // A branch moved by a writer that has never made a claim here (a repository copied in from a folder) has only its hint.
    for (FileStat f : list("refs/heads/", true).files()) {
      String name = f.path().substring("refs/heads/".length());
      if (LocalRepository.isBranchName(name) && !out.contains(name)) {
        out.add(name);
      }
    }
    return out.stream().sorted().toList();
  }

  @Override
  public List<String> versionIds() throws LakeException {
    return list("versions/", true).folders().stream()
        .map(f -> f.substring("versions/".length(), f.length() - 1))
        .filter(VERSION_ID.asPredicate()).sorted().toList();
  }

  @Override
  public List<FileStat> listFiles(String dir) throws LakeException {
    return list(dir, false).files().stream().sorted(java.util.Comparator.comparing(FileStat::path)).toList();
  }

  private record Listing(List<FileStat> files, List<String> folders) {
  }

  /** ListObjectsV2 under {@code dir}, page after page; with {@code oneLevel}, sub-folders as common prefixes. */
  private Listing list(String dir, boolean oneLevel) throws LakeException {
    List<FileStat> files = new ArrayList<>();
    List<String> folders = new ArrayList<>();
    String token = null;
    do {
      Map<String, String> query = new LinkedHashMap<>();
      query.put("list-type", "2");
      query.put("prefix", prefix + dir);
      if (oneLevel) {
        query.put("delimiter", "/");
      }
      if (token != null) {
        query.put("continuation-token", token);
      }
      HttpResponse<byte[]> r = sendToBucket("GET", "", query, null, null, Map.of(), HttpResponse.BodyHandlers.ofByteArray());
      expect(r, r.body(), "list " + url(dir), 200);
      try {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(r.body()));
        NodeList contents = doc.getElementsByTagName("Contents");
        for (int i = 0; i < contents.getLength(); i++) {
          Element e = (Element) contents.item(i);
          String key = text(e, "Key");
          if (key.startsWith(prefix) && !key.endsWith("/")) {
            files.add(new FileStat(key.substring(prefix.length()), Long.parseLong(text(e, "Size").trim()),
                Instant.parse(text(e, "LastModified").trim())));
          }
        }
        NodeList common = doc.getElementsByTagName("CommonPrefixes");
        for (int i = 0; i < common.getLength(); i++) {
          String p = text((Element) common.item(i), "Prefix");
          if (p.startsWith(prefix)) {
            folders.add(p.substring(prefix.length()));
          }
        }
        token = "true".equals(text(doc.getDocumentElement(), "IsTruncated").trim())
            ? text(doc.getDocumentElement(), "NextContinuationToken").trim() : null;
      } catch (Exception e) {
        throw new LakeException("cannot read the listing of " + url(dir) + ": " + e, LakeException.IO, e);
      }
    } while (token != null && !token.isEmpty());
    return new Listing(files, folders);
  }

  private static String text(Element e, String name) {
    NodeList l = e.getElementsByTagName(name);
    return l.getLength() == 0 ? "" : l.item(0).getTextContent();
  }

  // ---- requests ----

  private <T> HttpResponse<T> send(String method, String path, Map<String, String> query,
                                   HttpRequest.BodyPublisher body, String payloadHash, Map<String, String> headers,
                                   HttpResponse.BodyHandler<T> handler) throws LakeException {
    return sendToBucket(method, prefix + path, query, body, payloadHash, headers, handler);
  }

  /** A signed request for {@code key} of the bucket (empty: the bucket itself). */
  private <T> HttpResponse<T> sendToBucket(String method, String key, Map<String, String> query,
                                           HttpRequest.BodyPublisher body, String payloadHash,
                                           Map<String, String> headers, HttpResponse.BodyHandler<T> handler)
      throws LakeException {
    URI endpoint = settings.endpoint();
    String base = endpoint.getRawPath() == null ? "" : endpoint.getRawPath();
    String authority;
    String path;
    if (settings.pathStyle(bucket)) {
      authority = endpoint.getRawAuthority();
      path = base + "/" + bucket + "/" + S3Signer.encode(key, true);
    } else {
      authority = bucket + "." + endpoint.getRawAuthority();
      path = base + "/" + S3Signer.encode(key, true);
    }
    StringBuilder q = new StringBuilder();
    query.forEach((k, v) -> q.append(q.isEmpty() ? "?" : "&").append(S3Signer.encode(k, false)).append('=')
        .append(S3Signer.encode(v, false)));
    URI uri = URI.create(endpoint.getScheme() + "://" + authority + path + q);
    String hash = payloadHash != null ? payloadHash : EMPTY_SHA256;
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
        .method(method, body != null ? body : HttpRequest.BodyPublishers.noBody());
    headers.forEach(b::header);
    signer.headers(method, uri, hash, Instant.now()).forEach(b::header);
    try {
      return client.send(b.build(), handler);
    } catch (IOException e) {
      throw new LakeException("cannot " + method + " " + uri + " (" + url(key.substring(Math.min(prefix.length(),
          key.length()))) + "): " + e, LakeException.IO, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LakeException("interrupted while sending " + method + " " + uri, LakeException.IO, e);
    }
  }

  private static HttpRequest.BodyPublisher publisher(Path source) throws LakeException {
    try {
      return HttpRequest.BodyPublishers.ofFile(source);
    } catch (IOException e) {
      throw new LakeException("cannot read " + source + ": " + e, LakeException.IO, e);
    }
  }

  private void noSuchBucket(byte[] body) throws LakeException {
    if (errorCode(body).equals("NoSuchBucket")) {
      throw new LakeException("the bucket " + bucket + " of " + rootUrl + " does not exist at " + settings.endpoint()
          + ": make it first (for example 'aws s3 mb s3://" + bucket + "')", LakeException.NOT_FOUND);
    }
  }

  private static String errorCode(byte[] body) {
    if (body == null) {
      return "";
    }
    Matcher m = Pattern.compile("<Code>([^<]*)</Code>").matcher(new String(body, StandardCharsets.UTF_8));
    return m.find() ? m.group(1) : "";
  }

  /** Like {@link HttpRepository#expect}, naming S3's error code and message, and what a signature error means. */
  private void expect(HttpResponse<?> r, byte[] body, String what, int... ok) throws LakeException {
    for (int code : ok) {
      if (r.statusCode() == code) {
        return;
      }
    }
    String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("<Message>([^<]*)</Message>").matcher(text);
    String code = errorCode(body);
    String detail = code.isEmpty() ? "" : " " + code + (m.find() ? " (" + m.group(1) + ")" : "");
    String hint = r.statusCode() == 403 ? ": check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_REGION for "
        + settings.endpoint() : "";
    String state = r.statusCode() == 404 ? LakeException.NOT_FOUND : LakeException.IO;
    throw new LakeException("cannot " + what + ": the server answered HTTP " + r.statusCode() + detail + hint, state);
  }
}
