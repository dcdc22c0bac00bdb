package io.nzbmount.server.cutover;

import io.nzbmount.nntp.SegmentMap;

/**
 * The release the user chose as the item's primary, as a stream that started on it knows it: the
 * stream leaves it only for the bytes it lacks and goes back to it once past them.
 *
 * @param sourceId  the chosen source
 * @param fileIndex the served file's index in its NZB
 * @param map       the file's map, which the stream's source is read through again when it goes back
 */
record UsersChoice(long sourceId, int fileIndex, SegmentMap map) {}
