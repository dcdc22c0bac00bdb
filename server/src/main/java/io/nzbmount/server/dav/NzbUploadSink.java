package io.nzbmount.server.dav;

/**
 * Receives an NZB stored with a WebDAV {@code PUT} into {@code /dav/nzbs/}. Implemented by the
 * importer; thread safe, may block (it runs on the request's own thread).
 */
public interface NzbUploadSink {

    /**
     * Imports one NZB. Returning normally answers 201 Created.
     *
     * @param fileName the last path segment of the PUT, decoded (ends with ".nzb")
     * @param content the whole request body; owned by the sink from now on
     * @throws NzbRejectedException when the NZB is broken or refused; answered 400 with its message
     */
    void accept(String fileName, byte[] content) throws NzbRejectedException;
}
