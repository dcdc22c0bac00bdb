package io.nzbmount.server.realpeer;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Makes {@code @TempDir} directories under {@code target/realpeer/tmp/} of the module instead of
 * the system's temporary folder, so that nothing a test or an external tool writes (a HOME with
 * tool settings, downloads, server data) ends up outside the build output. JUnit still deletes
 * them after the test.
 */
public final class TargetTempDir implements TempDirFactory {
    private static final Path ROOT = Path.of("target", "realpeer", "tmp").toAbsolutePath();

    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext context) throws Exception {
        Files.createDirectories(ROOT);
        return Files.createTempDirectory(ROOT, context.getRequiredTestClass().getSimpleName() + "-");
    }
}
