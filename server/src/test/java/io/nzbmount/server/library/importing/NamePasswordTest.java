package io.nzbmount.server.library.importing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {{password}} at the end of an NZB's name, and which place a password comes from. */
class NamePasswordTest {

    @Test
    void thePasswordAtTheEndOfTheNameIsSplitOffBeforeOrWithoutTheNzbExtension() {
        assertEquals(
                new NamePassword("Film.2021", Optional.of("secret")), NamePassword.split("Film.2021{{secret}}.nzb"));
        assertEquals(new NamePassword("Film.2021", Optional.of("s e}c")), NamePassword.split("Film.2021{{s e}c}}"));
        assertEquals(new NamePassword("Film {{x}} 2021", Optional.empty()), NamePassword.split("Film {{x}} 2021"));
        assertEquals(new NamePassword("Film{{}}", Optional.empty()), NamePassword.split("Film{{}}"));
        assertEquals(new NamePassword("Film.nzb", Optional.empty()), NamePassword.split("Film.nzb"));
        assertFalse(NamePassword.split("Film{{secret}}").toString().contains("secret"), "never shown");
    }

    @Test
    void theFirstPlaceThatGivesAPasswordWinsAndEveryMetaIsTried() {
        PasswordOffer api = PasswordOffer.of(Optional.of("a"), Optional.of("n"), List.of("m"));
        assertEquals(new PasswordOffer(List.of("a"), PasswordOffer.Origin.API), api);
        assertEquals(
                new PasswordOffer(List.of("n"), PasswordOffer.Origin.NAME),
                PasswordOffer.of(Optional.of(""), Optional.of("n"), List.of("m")));
        assertEquals(
                new PasswordOffer(List.of("m1", "m2"), PasswordOffer.Origin.META),
                PasswordOffer.of(Optional.empty(), Optional.empty(), List.of("m1", "", "m2", "m1")));
        assertEquals(
                PasswordOffer.Origin.NONE,
                PasswordOffer.of(Optional.empty(), Optional.empty(), List.of()).origin());
        assertFalse(api.toString().contains("\"a\"") || api.toString().contains("[a"), api.toString());
    }
}
