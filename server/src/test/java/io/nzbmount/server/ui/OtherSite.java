package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/** A page on another origin (another port of 127.0.0.1): what a malicious site would serve. */
final class OtherSite implements AutoCloseable {
    private final Server server = new Server();
    private final ServerConnector connector = new ServerConnector(server);

    OtherSite(String html) throws Exception {
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        byte[] body = html.getBytes(UTF_8);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                response.getHeaders().put("Content-Type", "text/html; charset=utf-8");
                response.write(true, ByteBuffer.wrap(body), callback);
                return true;
            }
        });
        server.start();
    }

    String origin() {
        return "http://127.0.0.1:" + connector.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
