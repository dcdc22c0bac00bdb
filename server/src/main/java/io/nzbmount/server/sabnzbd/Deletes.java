package io.nzbmount.server.sabnzbd;

import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code name=delete&value=ID[,ID]&del_files=0|1} of the queue and the history. */
final class Deletes {

    private Deletes() {}

    static SabReply delete(DownloadClient client, SabRequest r) throws SabException, StoreException {
        String value = r.param("value").orElseThrow(() -> new SabException("delete needs the nzo_id in 'value'"));
        boolean deleteFiles = r.flag("del_files");
        r.flag("archive");
        List<String> deleted = new ArrayList<>();
        for (String id : value.split(",")) {
            String nzoId = id.strip();
            if (!nzoId.isEmpty() && client.delete(nzoId, deleteFiles)) deleted.add(nzoId);
        }
        return new SabReply.Ok(Map.of("status", true, "nzo_ids", deleted));
    }
}
