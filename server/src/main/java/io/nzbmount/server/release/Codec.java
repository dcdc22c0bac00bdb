package io.nzbmount.server.release;

/**
 * Video codec family. Encoder names and standard names of one family are the same value:
 * x264, H.264 and AVC are all {@link #AVC}; x265, H.265 and HEVC are all {@link #HEVC}.
 */
public enum Codec {
    AVC,
    HEVC,
    AV1,
    VP9,
    XVID,
    DIVX,
    MPEG2,
    VC1,
    /** The name does not say. Two unknowns are never taken for the same codec. */
    UNKNOWN
}
