package io.nzbmount.config;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Loads {@link Settings} from a YAML file and environment overrides, and validates them.
 *
 * <p>The file is {@code file} when given, else the path in {@value #CONFIG_FILE_ENV}, else there
 * is none (defaults and overrides only). Every key can be overridden by an environment variable
 * named {@code NZBMOUNT_} followed by the key path in upper case, path steps and list indexes
 * joined by {@code _}: {@code server.port} is {@code NZBMOUNT_SERVER_PORT},
 * {@code providers[0].host} is {@code NZBMOUNT_PROVIDERS_0_HOST} (an override for the entry just
 * past the end of a list adds that entry), and a list of numbers is written comma-separated
 * ({@code NZBMOUNT_READER_RETRYBACKOFFMILLIS=500,1500,3000}). Overrides win over the file.
 *
 * <p>Unknown keys, unknown {@code NZBMOUNT_*} variables and bad values are errors: the
 * {@link ConfigException} lists all of them, each with its key path. Stateless and thread-safe;
 * the environment is passed in, never read from the process here.
 */
public final class ConfigLoader {

    /** The environment variable that names the configuration file. */
    public static final String CONFIG_FILE_ENV = "NZBMOUNT_CONFIG";

    private ConfigLoader() {}

    /**
     * Loads and validates the settings.
     *
     * @param file the YAML file, or null to use {@value #CONFIG_FILE_ENV} (or no file)
     * @param env  the environment, e.g. {@code System.getenv()}
     * @throws ConfigException when the file cannot be read or parsed, or any setting is wrong
     */
    public static Settings load(Path file, Map<String, String> env) throws ConfigException {
        Path path = file;
        if (path == null) {
            String named = env.get(CONFIG_FILE_ENV);
            if (named != null && !named.isBlank()) path = Path.of(named.strip());
        }
        if (path == null) return fromText("", "(no file)", env);
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException(path + ": configuration file not found");
        } catch (MalformedInputException e) {
            throw new ConfigException(path + ": not UTF-8 text");
        } catch (IOException e) {
            throw new ConfigException(path + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        return fromText(text, path.toString(), env);
    }

    /** Loads settings from YAML text; {@code source} names it in syntax errors. */
    public static Settings fromText(String yaml, String source, Map<String, String> env) throws ConfigException {
        EnvironmentOverrides overrides = new EnvironmentOverrides(env);
        YamlTree.Node root = YamlTree.parse(yaml, source, overrides.problems());
        Settings settings = SettingsReader.read(Section.root(overrides, root));
        overrides.reportUnknownOverrides();
        if (!overrides.problems().isEmpty()) throw new ConfigException(overrides.problems());
        return settings;
    }
}
