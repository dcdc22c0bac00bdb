package io.nzbmount.server.rclone;

/**
 * One call of rclone's remote control about one folder.
 *
 * @param method the rc method, {@code vfs/refresh} or {@code vfs/forget}
 * @param dir    the folder, relative to the rclone remote's root ({@code ""} for the root itself)
 */
record RcCall(String method, String dir) {

    static RcCall refresh(String dir) {
        return new RcCall("vfs/refresh", dir);
    }

    static RcCall forget(String dir) {
        return new RcCall("vfs/forget", dir);
    }

    @Override
    public String toString() {
        return method + " of '" + dir + "'";
    }
}
