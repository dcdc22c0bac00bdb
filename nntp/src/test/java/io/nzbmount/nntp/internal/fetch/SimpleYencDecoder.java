package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.internal.protocol.BodyCollector;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A plain, slow yEnc decoder for the fetcher's tests: collects the body, then decodes and checks
 * it. It exists so the fetcher's rules can be tested on their own; it rejects what a real
 * decoder rejects (CRC32, size, missing headers) by throwing {@link CorruptBodyException}.
 */
final class SimpleYencDecoder implements ArticleDecoder {

    @Override
    public Decoding start(byte[] dest) {
        BodyCollector body = new BodyCollector();
        return new Decoding() {
            @Override
            public int accept(byte[] buf, int off, int len) {
                return body.accept(buf, off, len);
            }

            @Override
            public boolean isComplete() {
                return body.isComplete();
            }

            @Override
            public DecodedArticle finish() throws CorruptBodyException {
                return decode(body.toByteArray(), dest);
            }
        };
    }

    private static DecodedArticle decode(byte[] text, byte[] dest) throws CorruptBodyException {
        String[] lines = new String(text, StandardCharsets.ISO_8859_1).split("\r\n");
        int i = 0;
        while (i < lines.length && !lines[i].startsWith("=ybegin ")) i++;
        if (i == lines.length) throw new CorruptBodyException("no =ybegin line");
        Map<String, String> begin = fields(lines[i++]);
        Map<String, String> part = lines.length > i && lines[i].startsWith("=ypart ") ? fields(lines[i++]) : Map.of();
        byte[] out = dest;
        int n = 0;
        CRC32 crc = new CRC32();
        for (; i < lines.length && !lines[i].startsWith("=yend"); i++) {
            String line = lines[i];
            for (int k = 0; k < line.length(); k++) {
                int c = line.charAt(k);
                if (c == '=') c = line.charAt(++k) - 64;
                byte b = (byte) (c - 42);
                if (n == out.length) out = java.util.Arrays.copyOf(out, Math.max(16, out.length * 2));
                out[n++] = b;
            }
        }
        if (i == lines.length) throw new CorruptBodyException("no =yend line");
        Map<String, String> end = fields(lines[i]);
        crc.update(out, 0, n);
        if (Long.parseLong(end.get("size")) != n) throw new CorruptBodyException("size mismatch");
        String expected = end.containsKey("pcrc32") ? end.get("pcrc32") : end.get("crc32");
        if (expected == null || Long.parseLong(expected, 16) != crc.getValue()) throw new CorruptBodyException("CRC32 mismatch");
        long from = part.containsKey("begin") ? Long.parseLong(part.get("begin")) - 1 : 0;
        return new DecodedArticle(Integer.parseInt(begin.getOrDefault("part", "1")), Integer.parseInt(begin.getOrDefault("total", "0")),
                Long.parseLong(begin.get("size")), from, begin.get("name"), out, n);
    }

    private static Map<String, String> fields(String line) {
        Map<String, String> m = new HashMap<>();
        int name = line.indexOf(" name=");
        if (name >= 0) {
            m.put("name", line.substring(name + 6));
            line = line.substring(0, name);
        }
        for (String word : line.split(" ")) {
            int eq = word.indexOf('=');
            if (eq > 0) m.put(word.substring(0, eq), word.substring(eq + 1));
        }
        return m;
    }
}
