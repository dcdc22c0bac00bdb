package io.nzbmount.server;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaAccess.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Events;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.KnownHoles;
import io.nzbmount.server.store.SourceLifecycle;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StandbyState;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules that keep the module layout of docs/architecture.md true. Each test names the rule
 * it protects; a violation lists the classes and the dependencies that break it.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.nzbmount");
    }

    @Test
    void serverPackagesFormNoCycle() {
        slices().matching("io.nzbmount.server.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void nntpInternalsAreUsedOnlyInsideNntp() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.nzbmount.nntp..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.nzbmount.nntp.internal..")
                .check(classes);
    }

    @Test
    void nntpImportsNothingOfOurs() {
        noClasses()
                .that()
                .resideInAPackage("io.nzbmount.nntp..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.nzbmount.server..", "io.nzbmount.config..", "io.nzbmount.webui..")
                .check(classes);
    }

    /**
     * Statements, result sets and data sources are the store's. Outside it a transaction may be
     * carried (the {@code Connection} a store call takes, and its {@code SQLException}) so that
     * several store calls share one, but none of its methods is called there.
     */
    @Test
    void onlyTheStoreRunsSql() {
        DescribedPredicate<JavaClass> sqlBeyondATransaction = resideInAnyPackage("java.sql..", "javax.sql..")
                .and(not(belongToAnyOf(Connection.class, SQLException.class)))
                .as("SQL types other than a transaction's Connection and SQLException");
        noClasses()
                .that()
                .resideInAPackage("io.nzbmount.server..")
                .and()
                .resideOutsideOfPackage("io.nzbmount.server.store..")
                .should()
                .dependOnClassesThat(sqlBeyondATransaction)
                .orShould()
                .callMethodWhere(target(owner(assignableTo(Connection.class))))
                .check(classes);
    }

    @Test
    void onlyTheLifecycleChangesASourcesRoleOrState() {
        noClasses()
                .that()
                .doNotBelongToAnyOf(SourceLifecycle.class)
                .should()
                .callMethodWhere(target(owner(assignableTo(SourceTable.class))).and(target(name("update"))))
                .orShould()
                .callMethodWhere(target(owner(assignableTo(Items.class))).and(target(name("setPrimary"))))
                .check(classes);
    }

    /**
     * The stored holes are read and written through the holes package ({@code holes.HoleTable}),
     * so every other package sees them as {@code holes.Hole}s; their SQL stays in the store.
     */
    @Test
    void onlyTheHolesPackageUsesTheStoredHoles() {
        noClasses()
                .that()
                .resideOutsideOfPackages("io.nzbmount.server.holes..", "io.nzbmount.server.store..")
                .should()
                .dependOnClassesThat()
                .belongToAnyOf(KnownHoles.class)
                .check(classes);
    }

    /**
     * A proof's {@link Verdict} becomes a stored state ({@link SourceState}, {@link StandbyState})
     * in the store alone ({@code store.VerdictStates}). Translating one into the other takes both
     * types, so no class elsewhere (counted with its nested classes and lambdas) uses both.
     */
    @Test
    void onlyTheStoreTranslatesAVerdictIntoAStoredState() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.nzbmount.server.store..")
                .and()
                .areTopLevelClasses()
                .should(useBoth(Verdict.class, List.of(SourceState.class, StandbyState.class)))
                .check(classes);
    }

    /** The sweep family ({@code Sweep*} and {@code *Sweep}) has one home, the sweep package. */
    @Test
    void everySweepLivesInTheSweepPackage() {
        classes()
                .that()
                .haveSimpleNameStartingWith("Sweep")
                .or()
                .haveSimpleNameEndingWith("Sweep")
                .should()
                .resideInAPackage("io.nzbmount.server.sweep..")
                .check(classes);
    }

    /** A sweep compares two sources for whoever asks: it knows neither the standby pools nor the cutovers. */
    @Test
    void theSweepsKnowNeitherTheStandbyPoolsNorTheCutovers() {
        noClasses()
                .that()
                .resideInAPackage("io.nzbmount.server.sweep..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.nzbmount.server.standby..", "io.nzbmount.server.cutover..")
                .check(classes);
    }

    /** A class that, with its nested classes, depends on {@code one} and on any of {@code others}. */
    private static ArchCondition<JavaClass> useBoth(Class<?> one, List<Class<?>> others) {
        return new ArchCondition<>("use both " + one.getSimpleName() + " and "
                + others.stream().map(Class::getSimpleName).toList()) {
            @Override
            public void check(JavaClass top, ConditionEvents events) {
                Set<String> used = new TreeSet<>();
                for (JavaClass c : classes) {
                    if (!c.equals(top) && !c.getName().startsWith(top.getName() + "$")) continue;
                    for (Dependency d : c.getDirectDependenciesFromSelf()) {
                        used.add(d.getTargetClass().getName());
                    }
                }
                List<String> both = others.stream()
                        .map(Class::getName)
                        .filter(used::contains)
                        .toList();
                boolean uses = used.contains(one.getName()) && !both.isEmpty();
                events.add(new SimpleConditionEvent(
                        top,
                        uses,
                        top.getName() + (uses ? " uses " : " does not use ") + one.getSimpleName() + " with " + both));
            }
        };
    }

    /**
     * The timeline is written, read and pruned through the events package ({@code events.EventLog},
     * {@code events.EventRetention}); the store keeps the table's SQL.
     */
    @Test
    void theEventTableIsReachedOnlyThroughTheEventsPackage() {
        noClasses()
                .that()
                .resideOutsideOfPackages("io.nzbmount.server.events..", "io.nzbmount.server.store..")
                .should()
                .callMethodWhere(target(owner(assignableTo(Events.class))))
                .check(classes);
    }

    /**
     * The library's catalog and file maps know nothing of how items are imported, named or
     * watched for: those subpackages build on the catalog, never the other way round.
     */
    @Test
    void theCatalogDoesNotDependOnTheLibrarysSubpackages() {
        noClasses()
                .that()
                .resideInAPackage("io.nzbmount.server.library")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.nzbmount.server.library.importing..",
                        "io.nzbmount.server.library.naming..",
                        "io.nzbmount.server.library.watch..")
                .check(classes);
    }

    @Test
    void theRulesSeeBothModules() {
        assertTrue(classes.contain(io.nzbmount.nntp.Usenet.class), "nntp classes imported");
        assertTrue(classes.contain(SourceLifecycle.class), "server classes imported");
    }
}
