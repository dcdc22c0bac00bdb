package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;

/**
 * One HTTP/1.1 request written byte for byte on a socket, so the test chooses every header
 * ({@code Host} included, which {@link java.net.http.HttpClient} sets itself). The answer is read
 * to the end of the connection ({@code Connection: close}).
 */
final class RawHttp {

    /** The status and the whole answer (headers and body) as Latin-1 text. */
    record Answer(int status, String text) {}

    private RawHttp() {}

    /** {@code headers} are whole lines such as {@code "Origin: http://x"}; a body gets its length. */
    static Answer send(int port, String method, String path, String host, String body, String... headers)
            throws IOException {
        StringBuilder request =
                new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n");
        for (String header : headers) request.append(header).append("\r\n");
        if (body != null)
            request.append("Content-Length: ")
                    .append(body.getBytes(ISO_8859_1).length)
                    .append("\r\n");
        request.append("\r\n");
        if (body != null) request.append(body);
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(request.toString().getBytes(ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            String text = new String(in.readAllBytes(), ISO_8859_1);
            int status = text.startsWith("HTTP/1.1 ") ? Integer.parseInt(text.substring(9, 12)) : -1;
            return new Answer(status, text);
        }
    }
}
