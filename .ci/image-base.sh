#!/usr/bin/env bash
# Makes the base image CI builds NZBMount's container image on, without a registry or a Docker
# engine: a Java runtime made with jlink from the JDK that runs the build, the shared libraries it
# and SQLite's native driver load, taken from this Debian machine, an /etc/passwd with the user
# nzbmount (1000:1000), and /tmp. It is written as a `docker save` archive, which Jib takes as
# `tar://PATH`. Prints that path. Reuses the archive while the JDK and this script are unchanged.
# Users build on the published base instead (eclipse-temurin:21-jre, docs/install.md).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/java-home.sh

out_dir=${NZBMOUNT_IMAGE_BASE_DIR:-/opt/nzbmount-ci/image-base}
# The SQLite driver's native library must find its libraries in the image too (when the driver is
# not downloaded yet, its needs - libc, libm, libpthread - are among the runtime's anyway).
sqlite_jar=$(ls ~/.m2/repository/org/xerial/sqlite-jdbc/*/sqlite-jdbc-*.jar 2>/dev/null | sort -V | tail -1 || true)
stamp="$("$JAVA_HOME/bin/java" -version 2>&1 | tr '\n' ' ') $(sha256sum "$0" | cut -d' ' -f1) ${sqlite_jar##*/}"
if [ -f "$out_dir/base.tar" ] && [ "$(cat "$out_dir/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "$out_dir/base.tar"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root/opt" "$root/etc" "$root/tmp"
chmod 1777 "$root/tmp"

# The modules of a JRE (java.se) and the JDK ones NZBMount uses (Vector API, sun.misc.Unsafe, the
# demo indexer's HTTP server); jdeps --print-module-deps on server/target/nzbmount.jar lists them.
"$JAVA_HOME/bin/jlink" --add-modules java.se,jdk.incubator.vector,jdk.unsupported,jdk.crypto.ec,jdk.zipfs,jdk.naming.dns,jdk.net,jdk.management,jdk.httpserver \
  --strip-debug --no-header-files --no-man-pages --output "$root/opt/java" >&2

# The libraries the runtime and SQLite's driver link against (not the AWT window toolkit: headless).
natives=$(find "$root/opt/java" -name '*.so' ! -name 'libawt_xawt.so' ! -name 'libsplashscreen.so' ! -name 'libjawt.so' \
  ! -name 'libjsound.so')
if [ -n "$sqlite_jar" ]; then
  mkdir -p "$work/sqlite"
  (cd "$work/sqlite" && "$JAVA_HOME/bin/jar" xf "$sqlite_jar" org/sqlite/native/Linux/x86_64/)
  natives="$natives $(find "$work/sqlite" -name '*.so')"
fi
libs=$(for f in "$root/opt/java/bin/java" $natives; do ldd "$f" 2>/dev/null | grep -o '/[^ ]*' || true; done | sort -u)
for lib in $libs; do
  # The runtime's own libraries are found there already.
  case "$lib" in "$work"/*) continue;; esac
  [ -e "$lib" ] || continue
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
# The loader must sit where every binary looks for it.
[ -e "$root/lib64/ld-linux-x86-64.so.2" ] || { mkdir -p "$root/lib64"; cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"; }

printf 'root:x:0:0:root:/root:/sbin/nologin\nnzbmount:x:1000:1000:NZBMount:/data:/sbin/nologin\n' > "$root/etc/passwd"
printf 'root:x:0:\nnzbmount:x:1000:\n' > "$root/etc/group"
printf 'hosts: files dns\n' > "$root/etc/nsswitch.conf"

mkdir -p "$work/image"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$root" -cf "$work/image/layer.tar" .
diff_id=$(sha256sum "$work/image/layer.tar" | cut -d' ' -f1)
cat > "$work/image/config.json" <<JSON
{"architecture":"amd64","os":"linux","config":{"Env":["PATH=/opt/java/bin:/usr/bin:/bin","JAVA_HOME=/opt/java","LANG=C.UTF-8"]},"rootfs":{"type":"layers","diff_ids":["sha256:$diff_id"]},"history":[{"created_by":"NZBMount .ci/image-base.sh: jlink runtime and Debian libraries"}]}
JSON
printf '[{"Config":"config.json","RepoTags":["nzbmount-ci-base:local"],"Layers":["layer.tar"]}]' > "$work/image/manifest.json"
mkdir -p "$out_dir"
tar -C "$work/image" -cf "$out_dir/base.tar.new" manifest.json config.json layer.tar
mv "$out_dir/base.tar.new" "$out_dir/base.tar"
echo "$stamp" > "$out_dir/stamp"
echo "$out_dir/base.tar"
