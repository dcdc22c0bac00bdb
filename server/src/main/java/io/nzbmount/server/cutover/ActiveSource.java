package io.nzbmount.server.cutover;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.SegmentMap;

/**
 * The source a stream reads from now: its id, the index of the served file in its NZB (releases
 * may order files differently), the file's map and an open foreground reader. The stream owns
 * the reader and closes it when it leaves the source.
 */
record ActiveSource(long sourceId, int fileIndex, SegmentMap map, NzbReader reader) {}
