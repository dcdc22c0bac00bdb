package io.nzbmount.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.JarURLConnection;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.channels.Channel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The rules that keep virtual threads from pinning their carriers on JDK 21, where a virtual
 * thread that waits on a monitor ({@code Object.wait}), or blocks while it holds one, holds its
 * carrier thread too (and every other virtual thread queued for that monitor holds one more).
 * Waiting goes through {@code java.util.concurrent} locks and conditions instead.
 *
 * <p>Reads the bytecode of every production class of the application (server, nntp, config and
 * the rest on this module's class path, never test classes). A violation names the class, the
 * method and the call. Calls are judged where they are made: a blocking call in a method called
 * under a monitor is not seen.
 */
class MonitorRulesTest {

    private static final List<ClassFile> PRODUCTION = new ArrayList<>();

    /** Types whose every method may block on I/O. */
    private static final List<Class<?>> IO_TYPES = List.of(
            InputStream.class,
            OutputStream.class,
            Reader.class,
            Writer.class,
            Socket.class,
            ServerSocket.class,
            Channel.class,
            Files.class);

    /** Blocking methods of java.util.concurrent and java.lang, as owner.name. */
    private static final Set<String> BLOCKING = Set.of(
            "java/lang/Thread.sleep",
            "java/lang/Thread.join",
            "java/util/concurrent/Future.get",
            "java/util/concurrent/CompletableFuture.get",
            "java/util/concurrent/CompletableFuture.join",
            "java/util/concurrent/CountDownLatch.await",
            "java/util/concurrent/locks/Condition.await",
            "java/util/concurrent/locks/Condition.awaitNanos",
            "java/util/concurrent/locks/Condition.awaitUninterruptibly",
            "java/util/concurrent/BlockingQueue.take",
            "java/util/concurrent/BlockingQueue.put",
            "java/util/concurrent/Semaphore.acquire",
            "java/util/concurrent/ExecutorService.awaitTermination",
            "java/util/concurrent/ExecutorService.close",
            "java/util/concurrent/TimeUnit.sleep");

    private record ClassFile(String where, byte[] bytes) {}

    private record Call(
            String inClass, String inMethod, String owner, String name, String descriptor, boolean underMonitor) {
        @Override
        public String toString() {
            return inClass.replace('/', '.') + "." + inMethod + " calls " + owner.replace('/', '.') + "." + name
                    + descriptor;
        }
    }

    @BeforeAll
    static void readProductionClasses() throws IOException, URISyntaxException {
        for (URL root : Collections.list(ClassLoader.getSystemClassLoader().getResources("io/nzbmount"))) {
            String where = root.toString();
            if (where.contains("test-classes") || where.contains("-tests.jar")) continue;
            if (root.getProtocol().equals("jar")) {
                JarURLConnection connection = (JarURLConnection) root.openConnection();
                try (JarFile jar =
                        new JarFile(Path.of(connection.getJarFileURL().toURI()).toFile())) {
                    for (JarEntry e : Collections.list(jar.entries())) {
                        if (!e.getName().startsWith("io/nzbmount/")
                                || !e.getName().endsWith(".class")) continue;
                        try (InputStream in = jar.getInputStream(e)) {
                            PRODUCTION.add(new ClassFile(e.getName(), in.readAllBytes()));
                        }
                    }
                }
            } else {
                try (Stream<Path> files = Files.walk(Path.of(root.toURI()))) {
                    for (Path f :
                            files.filter(p -> p.toString().endsWith(".class")).toList()) {
                        PRODUCTION.add(new ClassFile(f.toString(), Files.readAllBytes(f)));
                    }
                }
            }
        }
    }

    @Test
    void theRulesReadTheApplicationsClasses() {
        Set<String> modules = new TreeSet<>();
        for (ClassFile c : PRODUCTION) {
            if (c.where().contains("io/nzbmount/server/")) modules.add("server");
            if (c.where().contains("io/nzbmount/nntp/")) modules.add("nntp");
            if (c.where().contains("io/nzbmount/config/")) modules.add("config");
        }
        assertEquals(Set.of("config", "nntp", "server"), modules);
    }

    @Test
    void noCodeWaitsOnOrNotifiesAMonitor() {
        List<Call> offenders =
                calls().stream().filter(MonitorRulesTest::monitorWait).toList();
        assertTrue(
                offenders.isEmpty(),
                "use a java.util.concurrent lock and condition instead of Object.wait/notify: " + offenders);
    }

    @Test
    void nothingBlocksWhileHoldingAMonitor() {
        List<Call> offenders =
                calls().stream().filter(c -> c.underMonitor() && blocking(c)).toList();
        assertTrue(
                offenders.isEmpty(),
                "blocking calls inside synchronized (use a ReentrantLock, or move the call out): " + offenders);
    }

    private static boolean monitorWait(Call c) {
        return switch (c.name()) {
            case "wait" ->
                c.descriptor().equals("()V")
                        || c.descriptor().equals("(J)V")
                        || c.descriptor().equals("(JI)V");
            case "notify", "notifyAll" -> c.descriptor().equals("()V");
            case "timedWait", "timedJoin" -> c.owner().equals("java/util/concurrent/TimeUnit");
            default -> false;
        };
    }

    private static boolean blocking(Call c) {
        if (monitorWait(c) || BLOCKING.contains(c.owner() + "." + c.name())) return true;
        if (c.owner().startsWith("java/sql/")) return true;
        if (!c.owner().startsWith("java/") && !c.owner().startsWith("javax/")) return false;
        try {
            Class<?> owner = Class.forName(c.owner().replace('/', '.'), false, ClassLoader.getPlatformClassLoader());
            return IO_TYPES.stream().anyMatch(t -> t.isAssignableFrom(owner));
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Every method call in the production classes, and whether a monitor is held where it is made. */
    private static List<Call> calls() {
        List<Call> calls = new ArrayList<>();
        for (ClassFile c : PRODUCTION) {
            new ClassReader(c.bytes())
                    .accept(
                            new ClassVisitor(Opcodes.ASM9) {
                                private String className;

                                @Override
                                public void visit(
                                        int version,
                                        int access,
                                        String name,
                                        String signature,
                                        String superName,
                                        String[] interfaces) {
                                    className = name;
                                }

                                @Override
                                public MethodVisitor visitMethod(
                                        int access,
                                        String name,
                                        String descriptor,
                                        String signature,
                                        String[] exceptions) {
                                    boolean synchronizedMethod = (access & Opcodes.ACC_SYNCHRONIZED) != 0;
                                    return new MethodVisitor(Opcodes.ASM9) {
                                        /**
                                         * Monitors entered and not yet exited, in code order: javac exits a block's
                                         * monitor on its normal path before its exception handler exits it again,
                                         * so the count is right for the block's body and never goes below zero.
                                         */
                                        private int held;

                                        @Override
                                        public void visitInsn(int opcode) {
                                            if (opcode == Opcodes.MONITORENTER) held++;
                                            if (opcode == Opcodes.MONITOREXIT) held = Math.max(0, held - 1);
                                        }

                                        @Override
                                        public void visitMethodInsn(
                                                int opcode, String owner, String callee, String desc, boolean itf) {
                                            calls.add(new Call(
                                                    className,
                                                    name,
                                                    owner,
                                                    callee,
                                                    desc,
                                                    synchronizedMethod || held > 0));
                                        }
                                    };
                                }
                            },
                            ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        }
        if (calls.isEmpty()) throw new UncheckedIOException(new IOException("no production classes found"));
        return calls;
    }
}
