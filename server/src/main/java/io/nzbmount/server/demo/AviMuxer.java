package io.nzbmount.server.demo;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Writes an AVI (RIFF) file with one uncompressed 8-bit grey video stream ({@code Y800}) and one
 * 16-bit mono PCM audio stream, interleaved one video frame and its audio per step, with an
 * {@code idx1} index so that players can seek. Every video frame is a key frame. The output is a
 * pure function of the arguments; files must stay under 1 GiB (no OpenDML extension).
 */
final class AviMuxer {
    /** The pictures, frame by frame: {@code width * height} grey bytes, top row first. */
    interface Frames {
        void draw(int frame, byte[] picture);
    }

    /** The sound of one frame's duration: {@code samples.length} 16-bit samples. */
    interface Sound {
        void fill(int frame, short[] samples);
    }

    private static final int AVIF_HASINDEX = 0x10;
    private static final int AVIF_ISINTERLEAVED = 0x100;
    private static final int AVIIF_KEYFRAME = 0x10;
    private static final int HDRL_SIZE = 4 + (8 + 56) + (8 + 4 + (8 + 56) + (8 + 40)) + (8 + 4 + (8 + 56) + (8 + 16));

    private final int width;
    private final int height;
    private final int fps;
    private final int sampleRate;

    /**
     * @param width      a multiple of 4, so rows need no padding
     * @param sampleRate a multiple of {@code fps}, so every frame carries whole samples
     */
    AviMuxer(int width, int height, int fps, int sampleRate) {
        if (width % 4 != 0) throw new IllegalArgumentException("width must be a multiple of 4: " + width);
        if (sampleRate % fps != 0) throw new IllegalArgumentException("sample rate must be a multiple of fps");
        this.width = width;
        this.height = height;
        this.fps = fps;
        this.sampleRate = sampleRate;
    }

    /** Where frame {@code frame}'s picture chunk starts in the file (its chunk header). */
    long offsetOfFrame(int frame) {
        int step = 8 + width * height + 8 + sampleRate / fps * 2;
        return 12 + 8 + HDRL_SIZE + 12 + (long) frame * step;
    }

    /** The whole file of {@code frames} frames. */
    byte[] write(int frames, Frames pictures, Sound sound) {
        int pictureSize = width * height;
        int samplesPerFrame = sampleRate / fps;
        int audioSize = samplesPerFrame * 2;
        long moviSize = 4 + (long) frames * (8 + pictureSize + 8 + audioSize);
        long idxSize = (long) frames * 2 * 16;
        long riffSize = 4 + (8 + HDRL_SIZE) + (8 + moviSize) + (8 + idxSize);
        if (riffSize + 8 > Integer.MAX_VALUE / 2) throw new IllegalArgumentException("too long for a plain AVI");
        ByteBuffer b = ByteBuffer.allocate((int) (riffSize + 8)).order(ByteOrder.LITTLE_ENDIAN);
        fourcc(b, "RIFF").putInt((int) riffSize);
        fourcc(b, "AVI ");
        headers(b, frames, pictureSize, audioSize);
        fourcc(b, "LIST").putInt((int) moviSize);
        int moviStart = b.position();
        fourcc(b, "movi");
        byte[] picture = new byte[pictureSize];
        short[] samples = new short[samplesPerFrame];
        int[] offsets = new int[frames * 2];
        for (int f = 0; f < frames; f++) {
            pictures.draw(f, picture);
            offsets[2 * f] = b.position() - moviStart;
            fourcc(b, "00db").putInt(pictureSize);
            b.put(picture);
            sound.fill(f, samples);
            offsets[2 * f + 1] = b.position() - moviStart;
            fourcc(b, "01wb").putInt(audioSize);
            for (short s : samples) b.putShort(s);
        }
        fourcc(b, "idx1").putInt((int) idxSize);
        for (int f = 0; f < frames; f++) {
            fourcc(b, "00db").putInt(AVIIF_KEYFRAME).putInt(offsets[2 * f]).putInt(pictureSize);
            fourcc(b, "01wb").putInt(AVIIF_KEYFRAME).putInt(offsets[2 * f + 1]).putInt(audioSize);
        }
        if (b.hasRemaining()) throw new IllegalStateException("AVI size miscounted by " + b.remaining());
        return b.array();
    }

    private void headers(ByteBuffer b, int frames, int pictureSize, int audioSize) {
        fourcc(b, "LIST").putInt(HDRL_SIZE);
        fourcc(b, "hdrl");
        fourcc(b, "avih").putInt(56);
        b.putInt(1_000_000 / fps)
                .putInt((pictureSize + audioSize) * fps)
                .putInt(0)
                .putInt(AVIF_HASINDEX | AVIF_ISINTERLEAVED)
                .putInt(frames)
                .putInt(0)
                .putInt(2)
                .putInt(pictureSize + audioSize + 16)
                .putInt(width)
                .putInt(height)
                .putInt(0)
                .putInt(0)
                .putInt(0)
                .putInt(0);
        fourcc(b, "LIST").putInt(4 + (8 + 56) + (8 + 40));
        fourcc(b, "strl");
        streamHeader(b, "vids", "Y800", 1, fps, frames, pictureSize, 0);
        fourcc(b, "strf").putInt(40);
        b.putInt(40).putInt(width).putInt(height).putShort((short) 1).putShort((short) 8);
        fourcc(b, "Y800").putInt(pictureSize).putInt(0).putInt(0).putInt(0).putInt(0);
        fourcc(b, "LIST").putInt(4 + (8 + 56) + (8 + 16));
        fourcc(b, "strl");
        streamHeader(b, "auds", "\0\0\0\0", 2, sampleRate * 2, frames * (audioSize / 2), audioSize, 2);
        fourcc(b, "strf").putInt(16);
        b.putShort((short) 1)
                .putShort((short) 1)
                .putInt(sampleRate)
                .putInt(sampleRate * 2)
                .putShort((short) 2)
                .putShort((short) 16);
    }

    private void streamHeader(
            ByteBuffer b,
            String type,
            String handler,
            int scale,
            int rate,
            int length,
            int bufferSize,
            int sampleSize) {
        fourcc(b, "strh").putInt(56);
        fourcc(b, type);
        fourcc(b, handler);
        b.putInt(0)
                .putShort((short) 0)
                .putShort((short) 0)
                .putInt(0)
                .putInt(scale)
                .putInt(rate)
                .putInt(0)
                .putInt(length)
                .putInt(bufferSize)
                .putInt(-1)
                .putInt(sampleSize);
        boolean video = type.equals("vids");
        b.putShort((short) 0)
                .putShort((short) 0)
                .putShort((short) (video ? width : 0))
                .putShort((short) (video ? height : 0));
    }

    private static ByteBuffer fourcc(ByteBuffer b, String code) {
        return b.put(code.getBytes(StandardCharsets.ISO_8859_1));
    }
}
