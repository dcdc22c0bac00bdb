package io.nzbmount.server.demo;

/**
 * Draws digits as seven-segment figures made of filled rectangles into a grey picture, so the
 * pixels depend on nothing but the arguments (no fonts, no anti-aliasing).
 */
final class SevenSegment {
    // Segments a..g, clockwise from the top, then the middle bar; bit i set lights segment i.
    private static final int[] DIGITS = {0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F};

    private final byte[] picture;
    private final int width;

    SevenSegment(byte[] picture, int width) {
        this.picture = picture;
        this.width = width;
    }

    /**
     * Draws {@code digit} (0-9) with its top left corner at {@code (x, y)}, {@code w} wide and
     * {@code h} high, strokes {@code t} thick, in grey level {@code level}.
     */
    void digit(int digit, int x, int y, int w, int h, int t, int level) {
        int segments = DIGITS[digit];
        int mid = y + (h - t) / 2;
        if ((segments & 0x01) != 0) fill(x, y, w, t, level);
        if ((segments & 0x02) != 0) fill(x + w - t, y, t, (h + t) / 2, level);
        if ((segments & 0x04) != 0) fill(x + w - t, mid, t, h - (mid - y), level);
        if ((segments & 0x08) != 0) fill(x, y + h - t, w, t, level);
        if ((segments & 0x10) != 0) fill(x, mid, t, h - (mid - y), level);
        if ((segments & 0x20) != 0) fill(x, y, t, (h + t) / 2, level);
        if ((segments & 0x40) != 0) fill(x, mid, w, t, level);
    }

    /** Fills a rectangle, clipped to the picture. */
    void fill(int x, int y, int w, int h, int level) {
        int height = picture.length / width;
        for (int row = Math.max(0, y); row < Math.min(height, y + h); row++) {
            for (int col = Math.max(0, x); col < Math.min(width, x + w); col++) {
                picture[row * width + col] = (byte) level;
            }
        }
    }
}
