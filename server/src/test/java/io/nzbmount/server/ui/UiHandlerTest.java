package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.webui.WebUi;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The static UI files over real HTTP: paths, content types, caching, refusals. */
class UiHandlerTest {

    @TempDir
    Path dir;

    UiServer server;
    Http http;

    @BeforeEach
    void start() throws Exception {
        server = UiServer.start(dir);
        http = new Http();
    }

    @AfterEach
    void stop() throws Exception {
        http.close();
        server.close();
    }

    HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        return http.bytes("GET", server.resolve(path), headers);
    }

    @Test
    void rootIsTheIndexPageNeverCachedWithoutRevalidation() throws Exception {
        HttpResponse<byte[]> root = get("/");
        assertEquals(200, root.statusCode());
        assertEquals(
                "text/html; charset=utf-8",
                root.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("no-cache", root.headers().firstValue("Cache-Control").orElseThrow());
        assertArrayEquals(WebUi.read("index.html").orElseThrow(), root.body());
        assertArrayEquals(root.body(), get("/index.html").body());
        assertEquals(
                UiHandler.CONTENT_SECURITY_POLICY,
                root.headers().firstValue("Content-Security-Policy").orElseThrow());
        assertEquals(
                "nosniff", root.headers().firstValue("X-Content-Type-Options").orElseThrow());
    }

    @Test
    void everyFileHasItsContentTypeAndExactBytes() throws Exception {
        for (String[] file : List.of(
                new String[] {"app.js", "text/javascript; charset=utf-8"},
                new String[] {"app.css", "text/css; charset=utf-8"},
                new String[] {"icon.svg", "image/svg+xml"})) {
            HttpResponse<byte[]> r = get("/" + file[0]);
            assertEquals(200, r.statusCode(), file[0]);
            assertEquals(file[1], r.headers().firstValue("Content-Type").orElseThrow(), file[0]);
            assertArrayEquals(WebUi.read(file[0]).orElseThrow(), r.body(), file[0]);
            assertEquals(
                    String.valueOf(r.body().length),
                    r.headers().firstValue("Content-Length").orElseThrow());
        }
    }

    /** A module missing from the jar would break the page silently in the browser. */
    @Test
    void everyModuleAndAssetThePageNamesIsServed() throws Exception {
        Pattern reference = Pattern.compile("(?:from\\s+'\\./([^']+)'|(?:src|href)=\"([^\"#:]+)\")");
        Deque<String> todo = new ArrayDeque<>(List.of("index.html"));
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (!seen.add(name)) continue;
            HttpResponse<byte[]> r = get("/" + name);
            assertEquals(200, r.statusCode(), name + " is referenced but not served");
            if (name.endsWith(".js") || name.endsWith(".html")) {
                Matcher m = reference.matcher(new String(r.body(), UTF_8));
                while (m.find()) todo.push(m.group(1) != null ? m.group(1) : m.group(2));
            }
        }
        assertTrue(
                seen.containsAll(List.of("app.js", "app.css", "library.js", "item.js", "api.js", "dom.js")),
                seen.toString());
    }

    /** Server strings are attacker-controlled: no script may hand a string to the HTML parser. */
    @Test
    void noScriptParsesStringsAsMarkup() throws Exception {
        Pattern markupSinks = Pattern.compile(
                "innerHTML|outerHTML|insertAdjacentHTML|document\\.write|\\beval\\(|new Function|createContextualFragment|DOMParser");
        for (String name :
                List.of("app.js", "api.js", "dom.js", "widgets.js", "upload.js", "library.js", "item.js", "pages.js")) {
            String source = new String(WebUi.read(name).orElseThrow(), UTF_8);
            Matcher m = markupSinks.matcher(source);
            assertFalse(m.find(), () -> name + " uses " + m.group());
        }
    }

    @Test
    void matchingEntityTagGetsNotModifiedWithoutBody() throws Exception {
        HttpResponse<byte[]> first = get("/app.css");
        String etag = first.headers().firstValue("ETag").orElseThrow();
        assertTrue(etag.matches("\"[0-9a-f]{24}\""), etag);
        HttpResponse<byte[]> again = get("/app.css", "If-None-Match", "\"other\", " + etag);
        assertEquals(304, again.statusCode());
        assertEquals(0, again.body().length);
        assertEquals(etag, again.headers().firstValue("ETag").orElseThrow());
        assertEquals(200, get("/app.css", "If-None-Match", "\"stale\"").statusCode());
        assertNotEquals(etag, get("/app.js").headers().firstValue("ETag").orElseThrow(), "tags differ by content");
    }

    @Test
    void headAnswersTheHeadersOfGetWithoutBody() throws Exception {
        HttpResponse<byte[]> get = get("/app.js");
        HttpResponse<byte[]> head = http.bytes("HEAD", server.resolve("/app.js"));
        assertEquals(200, head.statusCode());
        assertEquals(0, head.body().length);
        assertEquals(get.headers().firstValue("Content-Length"), head.headers().firstValue("Content-Length"));
        assertEquals(get.headers().firstValue("ETag"), head.headers().firstValue("ETag"));
    }

    @Test
    void pathsOutsideTheUiFilesAreNotFound() throws Exception {
        for (String path : List.of(
                "/missing.js",
                "/../pom.xml",
                "/%2e%2e/server/pom.xml",
                "/.hidden",
                "/webui/index.html",
                "/io/nzbmount/webui/WebUi.class",
                "/app.js/",
                "/a%5cb",
                "/items/1")) {
            HttpResponse<String> r = http.send("GET", server.resolve(path), null);
            assertTrue(r.statusCode() == 404 || r.statusCode() == 400, path + " -> " + r.statusCode());
            assertTrue(r.body().startsWith("{\"error\": "), path + " -> " + r.body());
        }
    }

    @Test
    void changingMethodsAreNotAllowed() throws Exception {
        for (String method : List.of("POST", "PUT", "DELETE")) {
            HttpResponse<String> r = http.send(method, server.resolve("/index.html"), "x".getBytes(UTF_8));
            assertEquals(405, r.statusCode(), method);
            assertEquals("GET, HEAD", r.headers().firstValue("Allow").orElseThrow());
        }
    }

    @Test
    void apiPathsReachTheApiNotTheUi() throws Exception {
        HttpResponse<String> items = http.send("GET", server.resolve("/api/items"), null);
        assertEquals(200, items.statusCode());
        assertEquals("{\"items\":[],\"total\":0,\"offset\":0}", items.body());
    }

    @Test
    void onlyPlainRelativeNamesAreSafe() {
        assertTrue(WebUi.isSafeName("app.js"));
        assertTrue(WebUi.isSafeName("img/logo-2.png"));
        for (String bad : List.of("", "..", "../x", "a/../b", ".env", "a//b", "/abs", "a\\b", "a%2fb", "a b", "a/")) {
            assertFalse(WebUi.isSafeName(bad), bad);
        }
    }
}
