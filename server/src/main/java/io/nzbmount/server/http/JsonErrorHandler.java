package io.nzbmount.server.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Writes every error answer of the server as {@code {"error": "..."}}: those raised as
 * {@link HttpProblem} by our handlers and those Jetty makes itself (no handler for a path, a
 * malformed request line). Never writes a stack trace; an unexpected failure says only
 * "internal error" (it is logged by Jetty). Thread safe.
 */
public final class JsonErrorHandler extends ErrorHandler {

    /** Every method gets a body (Jetty's default gives one only to GET, POST and HEAD). */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(
            Request request, Response response, int code, String message, Throwable cause, Callback callback) {
        HttpProblem problem = findProblem(cause);
        String text;
        if (problem != null) {
            problem.addHeaders(response.getHeaders());
            text = problem.getReason();
        } else if (code >= 500) {
            text = "internal error";
        } else if (message != null && !message.isBlank()) {
            text = message;
        } else {
            text = HttpStatus.getMessage(code);
        }
        byte[] body = body(text);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    private static byte[] body(String text) {
        return ("{\"error\": " + quote(text) + "}\n").getBytes(StandardCharsets.UTF_8);
    }

    private static HttpProblem findProblem(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof HttpProblem problem) {
                return problem;
            }
        }
        return null;
    }

    /** A JSON string literal for {@code text}. */
    static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
