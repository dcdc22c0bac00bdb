/**
 * The read path: how a player's {@code GET /dav/library/<item>/<file>} becomes bytes from
 * Usenet. This package holds the steps between the WebDAV layer and the cutover; the other steps
 * are named here so the whole path can be followed from one place.
 *
 * <ol>
 *   <li>{@link io.nzbmount.server.dav.FileGetHandler} answers GET and HEAD: it parses
 *       {@code Range} and {@code If-Range}, resolves the path through the
 *       {@link io.nzbmount.server.dav.Library} and sets the status and headers, with an exact
 *       Content-Length.</li>
 *   <li>{@code dav.BodyCopier} copies each range into the response. It reads
 *       the first bytes before the headers are committed, so a file that cannot be read at all
 *       is answered 503; a later failure closes the connection short of its length.</li>
 *   <li>{@link io.nzbmount.server.stream.StreamingLibrary} is the {@code Library}: one folder per
 *       item, whose files belong to the item whichever source serves them now
 *       ({@link io.nzbmount.server.library.ItemCatalog} resolves a path to the item's current
 *       primary and its counterpart of the file). Opening a file asks the
 *       {@link io.nzbmount.server.stream.StreamOpener}.</li>
 *   <li>{@link io.nzbmount.server.stream.StreamOpener} restores the file's map from its stored
 *       text ({@link io.nzbmount.server.library.SegmentMaps}, no article fetch), opens a
 *       foreground {@link io.nzbmount.nntp.NzbReader} at the offset, lists the stream for the
 *       health view and tells the standby pools the item is played.</li>
 *   <li>{@link io.nzbmount.server.cutover.Cutovers} wraps that reader in a
 *       {@code CutoverSession}, the {@link io.nzbmount.server.dav.ContentReader} every GET reads
 *       through. On a read failure it asks the failure policy
 *       ({@link io.nzbmount.server.policy.FailurePolicy}) what to do: read again after a wait,
 *       cut over to a standby proved at the current offset, or close. With automatic cutover off
 *       the policy closes where it would have switched.</li>
 *   <li>{@link io.nzbmount.nntp.NzbReader} reads the bytes: offset to article, read-ahead,
 *       fetch from the providers by priority, yEnc decoding and its checks.</li>
 * </ol>
 *
 * <p>The interfaces the WebDAV layer reads through ({@code Library}, {@code LibraryFile},
 * {@code ContentReader}) belong to {@code dav}, their consumer: this package implements
 * {@code Library} and {@code LibraryFile}, and {@code cutover.CutoverSession} is the
 * {@code ContentReader} every GET reads through.
 */
package io.nzbmount.server.stream;
