package io.nzbmount.server.release;

/** The medium the video of a release was taken from (disc, web, broadcast, cinema), as its name says. */
public enum Medium {
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
