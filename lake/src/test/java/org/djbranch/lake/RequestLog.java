package org.djbranch.lake;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A relay on a free 127.0.0.1 port in front of a server on another: it passes every byte through unchanged (so a
 * request signed for the relay's address is checked as sent) and writes down what reaches the server, each
 * request's method and path, and how many bytes the server sent back. The clients' requests are read as HTTP/1.1
 * with a {@code Content-Length} body, as the JDK's client sends them. Asked to, it answers some requests itself
 * with AWS's {@code 409 ConditionalRequestConflict} instead of passing them on, as AWS S3 answers a conditional
 * write while another one of the same key is in flight.
 */
final class RequestLog implements AutoCloseable {
  private final ServerSocket listening;
  private final int serverPort;
  private final List<String> requests = new ArrayList<>();
  private final AtomicLong bytesDown = new AtomicLong();
  private final List<Socket> open = new ArrayList<>();
  private final Map<String, Integer> conflictsLeft = new HashMap<>();

  private RequestLog(ServerSocket listening, int serverPort) {
    this.listening = listening;
    this.serverPort = serverPort;
  }

  /** Starts relaying to 127.0.0.1:{@code serverPort}. */
  static RequestLog before(int serverPort) throws IOException {
    RequestLog log = new RequestLog(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), serverPort);
    Thread accept = new Thread(log::accept, "request-log-accept");
    accept.setDaemon(true);
    accept.start();
    return log;
  }

  String endpoint() {
    return "http://127.0.0.1:" + listening.getLocalPort();
  }

  /** {@code GET /bucket/key} and so on, in the order they reached the relay. */
  synchronized List<String> requests() {
    return List.copyOf(requests);
  }

  long bytesDown() {
    return bytesDown.get();
  }

  /**
   * The next {@code times} requests whose line starts with {@code request} ({@code PUT /bucket/key...}) get
   * {@code 409 ConditionalRequestConflict} from the relay and never reach the server.
   */
  synchronized void answerConflict(String request, int times) {
    conflictsLeft.put(request, times);
  }

  private synchronized boolean conflicts(String request) {
    for (Map.Entry<String, Integer> e : conflictsLeft.entrySet()) {
      if (request.startsWith(e.getKey()) && e.getValue() > 0) {
        e.setValue(e.getValue() - 1);
        return true;
      }
    }
    return false;
  }

  /** Forgets what was written down so far. */
  synchronized void clear() {
    requests.clear();
    bytesDown.set(0);
  }

  private synchronized void logged(String request) {
    requests.add(request);
  }

  private void accept() {
    while (!listening.isClosed()) {
      try {
        Socket client = listening.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
        synchronized (open) {
          open.add(client);
          open.add(server);
        }
        daemon(() -> requests(client, server));
        daemon(() -> responses(server, client));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private static void daemon(Runnable r) {
    Thread t = new Thread(r, "request-log");
    t.setDaemon(true);
    t.start();
  }

  /** Client to server: each request's head read and written down, then its body passed on as it comes. */
  private void requests(Socket client, Socket server) {
    try (InputStream in = client.getInputStream(); OutputStream out = server.getOutputStream()) {
      while (true) {
        String head = head(in);
        if (head == null) {
          return;
        }
        String[] lines = head.split("\r\n");
        String[] first = lines[0].split(" ");
        String request = first[0] + " " + (first.length > 1 ? first[1] : "");
        logged(request);
        if (conflicts(request)) {
          answerConflict(client);
          return;
        }
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        long length = 0;
        for (String line : lines) {
          String lower = line.toLowerCase(Locale.ROOT);
          if (lower.startsWith("content-length:")) {
            length = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
          } else if (lower.startsWith("transfer-encoding:")) {
            throw new IllegalStateException("a chunked request body, which this relay does not read: " + lines[0]);
          }
        }
        byte[] buffer = new byte[65536];
        while (length > 0) {
          int n = in.read(buffer, 0, (int) Math.min(buffer.length, length));
          if (n < 0) {
            return;
          }
          out.write(buffer, 0, n);
          length -= n;
        }
        out.flush();
      }
    } catch (IOException e) {
      // a side closed the connection
    } finally {
      closeQuietly(server);
    }
  }

  /** AWS's answer to a conditional write that meets another in flight; the connection is closed after it. */
  private static void answerConflict(Socket client) throws IOException {
    byte[] body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>ConditionalRequestConflict</Code>"
        + "<Message>A conflicting conditional operation is currently in progress against this resource. Please try "
        + "again.</Message></Error>").getBytes(StandardCharsets.UTF_8);
    OutputStream out = client.getOutputStream();
    out.write(("HTTP/1.1 409 Conflict\r\nContent-Type: application/xml\r\nContent-Length: " + body.length
        + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
    out.write(body);
    out.flush();
  }

  /** Server to client: passed on, counted. */
  private void responses(Socket server, Socket client) {
    try (InputStream in = server.getInputStream(); OutputStream out = client.getOutputStream()) {
      byte[] buffer = new byte[65536];
      for (int n; (n = in.read(buffer)) >= 0; ) {
        out.write(buffer, 0, n);
        out.flush();
        bytesDown.addAndGet(n);
      }
    } catch (IOException e) {
      // a side closed the connection
    } finally {
      closeQuietly(client);
    }
  }

  /** The request line and headers up to the blank line, or null at the end of the connection. */
  private static String head(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    for (int b; (b = in.read()) >= 0; ) {
      head.write(b);
      matched = (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : b == '\r' ? 1 : 0;
      if (matched == 4) {
        return head.toString(StandardCharsets.ISO_8859_1);
      }
    }
    return null;
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    listening.close();
    synchronized (open) {
      open.forEach(RequestLog::closeQuietly);
    }
  }
}
