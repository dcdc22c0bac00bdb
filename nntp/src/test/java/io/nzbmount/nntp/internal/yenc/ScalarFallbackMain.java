package io.nzbmount.nntp.internal.yenc;

import java.util.Arrays;
import java.util.Random;

/**
 * Run in a JVM started without {@code --add-modules jdk.incubator.vector}: decodes one article with
 * the default decoder and prints the kernel it got and whether the bytes came back intact.
 */
public final class ScalarFallbackMain {

    private ScalarFallbackMain() {}

    public static void main(String[] args) throws Exception {
        byte[] data = new byte[50_000];
        new Random(5).nextBytes(data);
        byte[] wire = Wire.onWire(new YencEncoder().encodePart(data, 0, data.length, "f", 1, 3, 150_000, 0));
        YencDecoder decoder = new YencDecoder();
        decoder.reset(null);
        decoder.accept(wire, 0, wire.length);
        YencPart part = decoder.result();
        boolean same = Arrays.equals(data, 0, data.length, part.data(), 0, part.length());
        System.out.println(
                "kernel=" + decoder.kernel().name() + " intact=" + same + " vectorModule=" + vectorModulePresent());
    }

    private static boolean vectorModulePresent() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }
}
