package io.nzbmount.server.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The container image starts the server with the launcher's JVM flags: the image's java reads the
 * checkout's {@code jvm.options} (copied into the image as {@code /app/jvm.options}) as an argument
 * file, then the flags {@code ./nzbmount} always adds. Read from the build (server/pom.xml) and the
 * launcher script, so a flag changed in one place and not the other fails here.
 */
class JvmFlagsAgreeTest {

    private static final Path TOP = Path.of("..");
    private static final String IN_IMAGE = "/app/jvm.options";

    @Test
    void theImageReadsTheLaunchersJvmOptionsAndAddsTheSameFlags() throws Exception {
        Element image = imageProfile();
        List<String> imageFlags = texts(image, "jvmFlag");
        assertEquals("@" + IN_IMAGE, imageFlags.get(0), "the image's first JVM flag reads jvm.options: " + imageFlags);

        boolean copied = false;
        NodeList copies = image.getElementsByTagName("copy");
        for (int i = 0; i < copies.getLength(); i++) {
            Element copy = (Element) copies.item(i);
            copied |= copy.getAttribute("file").equals("${project.basedir}/../jvm.options")
                    && copy.getAttribute("tofile").equals("${project.build.directory}/jib-root" + IN_IMAGE);
        }
        assertTrue(copied, "the image build copies the checkout's jvm.options to " + IN_IMAGE);

        String launcher = Files.readString(TOP.resolve("nzbmount"));
        assertTrue(
                launcher.contains("jvm_flags=(\"@$here/jvm.options\" \"${jvm_flags[@]}\")"),
                "./nzbmount starts the server with @jvm.options first");
        assertEquals(
                launcherCommonFlags(launcher),
                imageFlags.subList(1, imageFlags.size()),
                "the flags after jvm.options: ./nzbmount's and the image's");
    }

    @Test
    void jvmOptionsHoldsFlagsOnly() throws Exception {
        // An argument file of the server's JVM: a line that is no flag would be taken as the main class.
        for (String line : Files.readAllLines(TOP.resolve("jvm.options"))) {
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("#")) continue;
            assertTrue(s.startsWith("-") && !s.contains(" "), "not a single JVM flag in jvm.options: " + line);
        }
    }

    /** The flags of {@code jvm_flags=(...)}, the ones ./nzbmount gives every command. */
    private static List<String> launcherCommonFlags(String launcher) {
        Matcher m = Pattern.compile("(?m)^jvm_flags=\\(([^)\"$]*)\\)$").matcher(launcher);
        assertTrue(m.find(), "./nzbmount sets jvm_flags=(...)");
        return new ArrayList<>(Arrays.asList(m.group(1).strip().split("\\s+")));
    }

    private static Element imageProfile() throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        Document pom = f.newDocumentBuilder().parse(Path.of("pom.xml").toFile());
        NodeList profiles = pom.getElementsByTagName("profile");
        for (int i = 0; i < profiles.getLength(); i++) {
            Element p = (Element) profiles.item(i);
            if (texts(p, "id").contains("image")) return p;
        }
        throw new AssertionError("server/pom.xml has no profile 'image'");
    }

    private static List<String> texts(Element in, String tag) {
        List<String> out = new ArrayList<>();
        NodeList nodes = in.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++)
            out.add(nodes.item(i).getTextContent().strip());
        return out;
    }
}
