package org.djbranch.lake.repo;

import org.djbranch.lake.util.LakeException;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A repository at an {@code http(s)://} root served by a WebDAV server (e.g. Apache httpd with
 * mod_dav). Reads with GET, writes with PUT ({@code If-None-Match: *}, so a file is written once),
 * makes folders with MKCOL, and moves a ref with a conditional PUT: {@code If-Match} on the ETag
 * it read, or {@code If-None-Match: *} to create it.
 *
 * <p>mod_dav checks a PUT's precondition and then writes without serialising the two, so two
 * truly simultaneous conditional PUTs can both succeed. A push therefore runs while holding the
 * branch's lock ({@link HttpBranchLock}: the folder {@code refs/locks/<branch>/}, made with MKCOL,
 * which succeeds for exactly one client, with a lease its holder renews and a dead holder's
 * successor takes over), and the compare-and-swap happens under it.
 *
 * <p>New data files are written by the working catalog into a folder on the writer's machine
 * ({@link #localDataFolder()}); push uploads them.
 */
public final class HttpRepository extends RemoteRepository {
  private static final Pattern VERSION_ID = Pattern.compile("[0-9a-f]{64}");
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final URI root;
  private final HttpClient client;
  private final Set<String> knownFolders = ConcurrentHashMap.newKeySet();

  /**
   * @param root      the root URL (a trailing '/' is added if missing)
   * @param localData the writer's folder for data files; null for a repository only read
   */
  public HttpRepository(URI root, Path localData) {
    super(localData);
    String text = root.toString();
    this.root = URI.create(text.endsWith("/") ? text : text + "/");
    this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NEVER).build();
  }

  public static boolean isHttp(String root) {
    return root.startsWith("http://") || root.startsWith("https://");
  }

  @Override
  public String rootUrl() {
    return root.toString();
  }

  /**
   * Makes {@code repository.json} and the folders at an HTTP root that has none; an existing
   * repository is left as it is.
   */
  public static HttpRepository init(URI root, RepositoryConfig initial) throws LakeException {
    HttpRepository repo = new HttpRepository(root, null);
    repo.writeConfigOnce(initial);
    repo.makeFolders(repo.config().dataDir() + "x");
    repo.makeFolders("refs/heads/x");
    repo.makeFolders("versions/x");
    return repo;
  }

  @Override
  public Optional<byte[]> read(String path) throws LakeException {
    HttpResponse<byte[]> r = send(request(path).GET().build(), HttpResponse.BodyHandlers.ofByteArray(), "read");
    if (r.statusCode() == 404) {
      return Optional.empty();
    }
    expect(r, "read " + url(path), 200);
    return Optional.of(r.body());
  }

  @Override
  public Optional<FileStat> stat(String path) throws LakeException {
    HttpResponse<Void> r = send(request(path).method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.discarding(), "check");
    if (r.statusCode() == 404) {
      return Optional.empty();
    }
    expect(r, "check " + url(path), 200);
    long size = r.headers().firstValueAsLong("Content-Length").orElse(-1);
    Instant modified = r.headers().firstValue("Last-Modified").map(HttpRepository::httpDate).orElse(Instant.EPOCH);
    return Optional.of(new FileStat(path, size, modified));
  }

  @Override
  boolean getInto(String path, Path file) throws LakeException {
    HttpResponse<Path> r = send(request(path).GET().build(), HttpResponse.BodyHandlers.ofFile(file), "download");
    if (r.statusCode() == 404) {
      return false;
    }
    expect(r, "download " + url(path), 200);
    return true;
  }

  @Override
  boolean createOnly(String path, Path source) throws LakeException {
    makeFolders(path);
    HttpResponse<String> r = send(request(path).header("If-None-Match", "*")
        .PUT(publisher(source)).build(), HttpResponse.BodyHandlers.ofString(), "write");
    if (r.statusCode() == 412) {
      return false;
    }
    expect(r, "write " + url(path), 201, 204, 200);
    return true;
  }

  private record Fetched(Optional<String> content, String etag) {
  }

  private Fetched fetchRef(String path) throws LakeException {
    HttpResponse<byte[]> r = send(request(path).GET().build(), HttpResponse.BodyHandlers.ofByteArray(), "read");
    if (r.statusCode() == 404) {
      return new Fetched(Optional.empty(), null);
    }
    expect(r, "read " + url(path), 200);
    return new Fetched(Optional.of(new String(r.body(), StandardCharsets.UTF_8).trim()),
        r.headers().firstValue("ETag").orElse(null));
  }

  @Override
  public Optional<String> readRef(String branch) throws LakeException {
    return fetchRef(LocalRepository.refPath(branch)).content();
  }

  private final java.util.Map<String, HttpBranchLock> held = new ConcurrentHashMap<>();

  @Override
  public BranchLock lockBranch(String branch) throws LakeException {
    LocalRepository.refPath(branch);
    HttpBranchLock lock = HttpBranchLock.acquire(this, branch);
    held.put(branch, lock);
    return () -> {
      held.remove(branch, lock);
      lock.close();
    };
  }

  /**
   * Compare and swap under the branch's lock (taken here unless a push holds it): read the ref
   * and its ETag, compare, PUT with {@code If-Match} (or {@code If-None-Match: *}). The lock is
   * needed because mod_dav checks a PUT's precondition and writes without serialising the two.
   */
  @Override
  public void moveRef(String branch, Optional<String> expected, String newId) throws LakeException {
    HttpBranchLock lock = held.get(branch);
    if (lock == null) {
      try (BranchLock ignored = lockBranch(branch)) {
        moveRef(branch, expected, newId);
      }
      return;
    }
    String path = LocalRepository.refPath(branch);
    makeFolders(path);
    Fetched ref = fetchRef(path);
    // A file changed within the last second gets a weak ETag, which If-Match never matches.
    // Under the lock nobody else moves the ref, so wait for its ETag to become strong.
    for (int i = 0; i < 5 && ref.etag() != null && ref.etag().startsWith("W/"); i++) {
      sleep(600);
      ref = fetchRef(path);
    }
    if (!ref.content().equals(expected)) {
      throw Refs.moved(branch, ref.content(), expected, root.toString());
    }
    lock.ensureHeld();
    HttpRequest.Builder put = request(path)
        .PUT(HttpRequest.BodyPublishers.ofString(newId + "\n", StandardCharsets.UTF_8));
    if (ref.content().isEmpty()) {
      put.header("If-None-Match", "*");
    } else if (ref.etag() != null) {
      put.header("If-Match", ref.etag());
    } else {
      throw new LakeException("the server of " + root + " gave no ETag for " + url(path)
          + ", so the branch cannot be moved on condition", LakeException.UNSUPPORTED);
    }
    HttpResponse<String> r = send(put.build(), HttpResponse.BodyHandlers.ofString(), "move");
    if (r.statusCode() == 412) {
      throw Refs.moved(branch, readRef(branch), expected, root.toString());
    }
    expect(r, "move branch " + branch + " at " + url(path), 201, 204, 200);
  }

  /**
   * mod_dav answers 403 to a MKCOL whose mkdir another client's MKCOL beat (it checked before
   * that one made it): the folder is there, which is all a caller asked for.
   */
  boolean madeMeanwhile(String folder) throws LakeException {
    return propfindSelf(folder).statusCode() == 207;
  }

  private HttpResponse<byte[]> propfindSelf(String dir) throws LakeException {
    String body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:propfind xmlns:D=\"DAV:\"><D:prop>"
        + "<D:getlastmodified/></D:prop></D:propfind>";
    return send(request(dir).header("Depth", "0").header("Content-Type", "application/xml")
        .method("PROPFIND", HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofByteArray(), "look at");
  }

  /** When a folder last changed, by a PROPFIND of the folder itself. */
  Optional<Instant> folderModified(String dir) throws LakeException {
    HttpResponse<byte[]> r = propfindSelf(dir);
    if (r.statusCode() != 207) {
      return Optional.empty();
    }
    java.util.regex.Matcher m = Pattern.compile("getlastmodified[^>]*>([^<]+)<").matcher(
        new String(r.body(), StandardCharsets.UTF_8));
    return m.find() ? Optional.of(httpDate(m.group(1).trim())).filter(t -> !t.equals(Instant.EPOCH)) : Optional.empty();
  }

  @Override
  public List<String> branches() throws LakeException {
    return children("refs/heads/").stream().filter(s -> !s.path().endsWith("/") && !s.path().endsWith(".lock"))
        .map(s -> s.path().substring("refs/heads/".length()))
        .filter(n -> !n.contains("/") && !n.startsWith(".")).sorted().toList();
  }

  @Override
  public List<String> versionIds() throws LakeException {
    return children("versions/").stream().map(s -> s.path().substring("versions/".length()).replace("/", ""))
        .filter(n -> VERSION_ID.matcher(n).matches()).sorted().toList();
  }

  @Override
  public List<FileStat> listFiles(String dir) throws LakeException {
    List<FileStat> out = new ArrayList<>();
    for (FileStat child : children(dir)) {
      if (child.path().endsWith("/")) {
        out.addAll(listFiles(child.path()));
      } else {
        out.add(child);
      }
    }
    out.sort(java.util.Comparator.comparing(FileStat::path));
    return out;
  }

  /** Every write over HTTP is one PUT: a stopped one leaves nothing on the server under a name of ours. */
  @Override
  public List<FileStat> leftovers() {
    return List.of();
  }

  @Override
  public void delete(String path) throws LakeException {
    HttpResponse<Void> r = send(request(path).DELETE().build(), HttpResponse.BodyHandlers.discarding(), "delete");
    if (r.statusCode() != 404) {
      expect(r, "delete " + url(path), 204, 200);
    }
  }

  /** The members of a folder (one level, via PROPFIND Depth 1); folders end with '/'. */
  private List<FileStat> children(String dir) throws LakeException {
    String body = "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:propfind xmlns:D=\"DAV:\"><D:prop>"
        + "<D:resourcetype/><D:getcontentlength/><D:getlastmodified/></D:prop></D:propfind>";
    HttpResponse<byte[]> r = send(request(dir).header("Depth", "1").header("Content-Type", "application/xml")
        .method("PROPFIND", HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofByteArray(), "list");
    if (r.statusCode() == 404) {
      return List.of();
    }
    expect(r, "list " + url(dir), 207);
    List<FileStat> out = new ArrayList<>();
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setNamespaceAware(true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(r.body()));
      NodeList responses = doc.getElementsByTagNameNS("DAV:", "response");
      String rootPath = root.getRawPath();
      for (int i = 0; i < responses.getLength(); i++) {
        Element e = (Element) responses.item(i);
        String href = text(e, "href");
        String p = URI.create(href).getRawPath();
        if (p == null || !p.startsWith(rootPath)) {
          continue;
        }
        String rel = URLDecoder.decode(p.substring(rootPath.length()), StandardCharsets.UTF_8);
        boolean folder = e.getElementsByTagNameNS("DAV:", "collection").getLength() > 0;
        if (folder && !rel.endsWith("/")) {
          rel += "/";
        }
        if (rel.equals(dir)) {
          continue;
        }
        String len = text(e, "getcontentlength");
        String mod = text(e, "getlastmodified");
        out.add(new FileStat(rel, len.isEmpty() ? 0 : Long.parseLong(len.trim()),
            mod.isEmpty() ? Instant.EPOCH : httpDate(mod.trim())));
      }
    } catch (Exception e) {
      throw new LakeException("cannot read the listing of " + url(dir) + ": " + e, LakeException.IO, e);
    }
    return out;
  }

  private static String text(Element e, String name) {
    NodeList l = e.getElementsByTagNameNS("DAV:", name);
    return l.getLength() == 0 ? "" : l.item(0).getTextContent();
  }

  /** MKCOL every folder above {@code path} that this client has not seen yet. */
  void makeFolders(String path) throws LakeException {
    int slash = path.indexOf('/');
    while (slash > 0) {
      String folder = path.substring(0, slash + 1);
      if (!knownFolders.contains(folder)) {
        HttpResponse<Void> r = send(request(folder).method("MKCOL", HttpRequest.BodyPublishers.noBody()).build(),
            HttpResponse.BodyHandlers.discarding(), "make folder");
        if (r.statusCode() != 201 && r.statusCode() != 405 && !(r.statusCode() == 403 && madeMeanwhile(folder))) {
          expect(r, "make the folder " + url(folder), 201);
        }
        knownFolders.add(folder);
      }
      slash = path.indexOf('/', slash + 1);
    }
  }

  HttpRequest.Builder request(String path) {
    StringBuilder encoded = new StringBuilder();
    for (String part : path.split("/", -1)) {
      if (!encoded.isEmpty() || path.startsWith("/")) {
        encoded.append('/');
      }
      encoded.append(java.net.URLEncoder.encode(part, StandardCharsets.UTF_8).replace("+", "%20"));
    }
    return HttpRequest.newBuilder(root.resolve(encoded.toString())).timeout(TIMEOUT);
  }

  private static HttpRequest.BodyPublisher publisher(Path source) throws LakeException {
    try {
      return HttpRequest.BodyPublishers.ofFile(source);
    } catch (IOException e) {
      throw new LakeException("cannot read " + source + ": " + e, LakeException.IO, e);
    }
  }

  <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler, String what)
      throws LakeException {
    try {
      return client.send(request, handler);
    } catch (IOException e) {
      throw new LakeException("cannot " + what + " " + request.uri() + ": " + e, LakeException.IO, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LakeException("interrupted while trying to " + what + " " + request.uri(), LakeException.IO, e);
    }
  }

  static void expect(HttpResponse<?> r, String what, int... ok) throws LakeException {
    for (int code : ok) {
      if (r.statusCode() == code) {
        return;
      }
    }
    String state = r.statusCode() == 404 ? LakeException.NOT_FOUND : LakeException.IO;
    throw new LakeException("cannot " + what + ": the server answered HTTP " + r.statusCode(), state);
  }

  static Instant httpDate(String text) {
    try {
      return ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
    } catch (RuntimeException e) {
      return Instant.EPOCH;
    }
  }

  static void sleep(long millis) throws LakeException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LakeException("interrupted while waiting", LakeException.IO, e);
    }
  }
}
