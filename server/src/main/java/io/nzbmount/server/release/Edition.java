package io.nzbmount.server.release;

/** A cut or edition of a film. A release may name several (an extended, remastered cut). */
public enum Edition {
    EXTENDED,
    DIRECTORS_CUT,
    UNRATED,
    UNCUT,
    THEATRICAL,
    REMASTERED,
    IMAX,
    CRITERION,
    SPECIAL,
    ULTIMATE,
    FINAL_CUT,
    ANNIVERSARY,
    COLLECTORS,
    OPEN_MATTE
}
