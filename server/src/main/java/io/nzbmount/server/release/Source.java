package io.nzbmount.server.release;

/** Where the video of a release was taken from, as its name says. */
public enum Source {
    REMUX,
    BLURAY,
    BDRIP,
    BRRIP,
    WEB_DL,
    WEBRIP,
    /** Named only "WEB": either of the two above. */
    WEB,
    HDTV,
    PDTV,
    SDTV,
    DVDRIP,
    DVD,
    HDRIP,
    TELESYNC,
    CAM,
    UNKNOWN
}
