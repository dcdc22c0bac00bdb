package io.nzbmount.server.health;

import io.nzbmount.nntp.ArticleCensus;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.ReadCancelledException;
import java.util.List;

/**
 * Asks the providers about articles: {@link io.nzbmount.nntp.Usenet#census} with the check's
 * pipeline depth and connections in service. Must be thread-safe.
 */
@FunctionalInterface
public interface Census {

    ArticleCensus of(List<NzbSegment> segments) throws ReadCancelledException;
}
