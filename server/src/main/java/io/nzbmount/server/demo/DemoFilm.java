package io.nzbmount.server.demo;

/**
 * The demo film, made from code on each start: two and a half minutes of a grey test picture
 * showing the time ({@code MM:SS.t}) and the frame number in big digits, with a bar that fills
 * as the film plays and a short one that grows with the tenths of each second. The sound is a
 * tone whose pitch steps up every second (ten pitches, then again), with a short tick at the
 * start of each second. The bytes are the same on every run and every machine: integer drawing
 * only, and {@link StrictMath} for the tone.
 */
public final class DemoFilm {
    public static final int WIDTH = 160;
    public static final int HEIGHT = 96;
    public static final int FPS = 10;
    public static final int SECONDS = 150;
    public static final int SAMPLE_RATE = 8000;
    private static final int FRAMES = FPS * SECONDS;
    private static final int SAMPLES_PER_FRAME = SAMPLE_RATE / FPS;
    private static final AviMuxer MUXER = new AviMuxer(WIDTH, HEIGHT, FPS, SAMPLE_RATE);

    private DemoFilm() {}

    /** The AVI file (about 26 MB). */
    public static byte[] generate() {
        return MUXER.write(FRAMES, DemoFilm::draw, DemoFilm::sound);
    }

    /** The byte offset in the file where the picture of {@code second} starts (the chunk header). */
    public static long offsetOfSecond(int second) {
        return MUXER.offsetOfFrame(second * FPS);
    }

    private static void draw(int frame, byte[] picture) {
        // A diagonal ramp, so the picture is visibly moving video even where nothing is drawn.
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                picture[y * WIDTH + x] = (byte) (24 + ((x + y + frame) & 31));
            }
        }
        SevenSegment s = new SevenSegment(picture, WIDTH);
        int tenths = frame % FPS;
        int seconds = frame / FPS;
        int[] clock = {seconds / 600, seconds / 60 % 10, seconds % 60 / 10, seconds % 10};
        int x = 6;
        for (int i = 0; i < 4; i++) {
            s.digit(clock[i], x, 8, 20, 36, 5, 235);
            x += 26;
            if (i == 1) {
                s.fill(x, 18, 5, 5, 235);
                s.fill(x, 30, 5, 5, 235);
                x += 11;
            }
        }
        s.fill(x, 39, 5, 5, 235);
        s.digit(tenths, x + 10, 8, 20, 36, 5, 235);
        int[] number = {frame / 1000 % 10, frame / 100 % 10, frame / 10 % 10, frame % 10};
        for (int i = 0; i < 4; i++) s.digit(number[i], 96 + i * 15, 52, 11, 20, 3, 180);
        s.fill(6, 60, 10 + tenths * 7, 6, 200);
        s.fill(4, 82, WIDTH - 8, 8, 60);
        s.fill(4, 82, (WIDTH - 8) * (frame + 1) / FRAMES, 8, 250);
    }

    private static void sound(int frame, short[] samples) {
        int second = frame / FPS;
        double frequency = 330.0 + 55.0 * (second % 10);
        long first = (long) frame * SAMPLES_PER_FRAME;
        for (int i = 0; i < samples.length; i++) {
            long n = first + i;
            long inSecond = n % SAMPLE_RATE;
            double tone = 0.25 * StrictMath.sin(2 * Math.PI * frequency * inSecond / SAMPLE_RATE);
            // A 20 ms tick at each second's start marks the beat the digits change on.
            double tick = inSecond < SAMPLE_RATE / 50
                    ? 0.35 * StrictMath.sin(2 * Math.PI * 1760.0 * inSecond / SAMPLE_RATE)
                    : 0;
            samples[i] = (short) Math.round((tone + tick) * 32767);
        }
    }
}
