package io.nzbmount.server.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fenced code blocks of a Markdown file, and the rows of its tables. A block inside a list
 * item is indented; its lines are given without the fence's indentation.
 */
final class MarkdownCode {
    private static final Pattern FENCE = Pattern.compile("^( *)```\\s*(\\S*)\\s*$");

    /** One fenced block: {@code language} is the fence's first word, empty when none is given. */
    record Block(String file, int line, String language, List<String> lines) {

        /** Where the block's {@code index}-th line is, as {@code docs/x.md:LINE}. */
        String at(int index) {
            return file + ":" + (line + 1 + index);
        }

        String text() {
            return String.join("\n", lines) + "\n";
        }
    }

    /** One table row: its cells, trimmed, without the outer pipes. */
    record Row(String file, int line, List<String> cells) {}

    private MarkdownCode() {}

    static List<Block> blocks(Path root, String file) throws IOException {
        List<String> lines = Files.readAllLines(root.resolve(file), StandardCharsets.UTF_8);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) continue;
            int indent = open.group(1).length();
            List<String> body = new ArrayList<>();
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).strip().equals("```")) {
                String line = lines.get(j);
                int cut = Math.min(indent, line.length() - line.stripLeading().length());
                body.add(line.substring(cut));
                j++;
            }
            blocks.add(new Block(file, i + 1, open.group(2), List.copyOf(body)));
            i = j;
        }
        return blocks;
    }

    /**
     * The body rows of every table whose header's first cell is {@code firstHeader}; fenced
     * blocks are not tables.
     */
    static List<Row> tableRows(Path root, String file, String firstHeader) throws IOException {
        List<String> lines = Files.readAllLines(root.resolve(file), StandardCharsets.UTF_8);
        List<Row> rows = new ArrayList<>();
        boolean inTable = false;
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("```")) fenced = !fenced;
            if (fenced || !line.startsWith("|")) {
                inTable = false;
                continue;
            }
            List<String> cells = cells(line);
            if (!inTable && i + 1 < lines.size() && lines.get(i + 1).strip().startsWith("|---")) {
                inTable = cells.get(0).equals(firstHeader);
                i++;
            } else if (inTable) {
                rows.add(new Row(file, i + 1, cells));
            }
        }
        return rows;
    }

    private static List<String> cells(String row) {
        String inner = row.substring(1, row.endsWith("|") ? row.length() - 1 : row.length());
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("\\|", -1)) cells.add(cell.strip());
        return cells;
    }
}
