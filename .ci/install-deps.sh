#!/usr/bin/env bash
# Installs the real peers and tools the tests use: Debian packages, the pinned nyuu poster and the
# pinned SABnzbd client library the download-client tests drive NZBMount with.
# Idempotent: when everything is in place it only checks and prints versions (a few seconds).
# Runs as root (CI and the developer machines of this project are root).
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
NYUU_PREFIX=${NZBMOUNT_NYUU_PREFIX:-/opt/nzbmount-ci/nyuu}
SABAPI_PREFIX=${NZBMOUNT_SABNZBD_API_PREFIX:-/opt/nzbmount-ci/sabnzbd-api}
UNRAR_PREFIX=${NZBMOUNT_UNRAR_PREFIX:-/opt/nzbmount-ci/unrar}

# inn2: NNTP server; busybox: syslogd that catches inn2's messages; iproute2: ss;
# the rest are clients and media tools for the WebDAV, video and browser tests; python3-pytest runs
# the Kodi add-on's tests, and kodi (headless in xvfb, sound to a pulseaudio null sink, with the
# fonts of its skin) runs the add-on for real; stunnel4 and openssl put TLS with a private CA in front of inn2.
APT_PACKAGES=(inn2 busybox iproute2 curl rclone cadaver ffmpeg chromium chromium-driver 7zip par2 libarchive-tools
              python3-pytest kodi xvfb pulseaudio fonts-noto-hinted fonts-noto-mono fonts-roboto-hinted
              stunnel4 openssl)

installed() { dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^ii'; }
unpacked() { dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^i'; }

missing=()
for p in "${APT_PACKAGES[@]}"; do unpacked "$p" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== apt: installing ${missing[*]}"
  apt-get update -qq
  # inn2's postinst fails on a hostname without a domain; inn2.sh configure finishes it below.
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/nzbmount-apt.log 2>&1 \
    || { unpacked inn2 || { cat /tmp/nzbmount-apt.log >&2; exit 1; }; }
fi
if ! installed inn2; then
  bash .ci/inn2.sh configure
fi
not_ok=()
for p in "${APT_PACKAGES[@]}"; do installed "$p" || not_ok+=("$p"); done
[ ${#not_ok[@]} -eq 0 ] || { echo "not installed: ${not_ok[*]}" >&2; cat /tmp/nzbmount-apt.log >&2 || true; exit 1; }

command -v npm >/dev/null || { echo "npm is missing (Node.js and npm come with this machine kind)" >&2; exit 1; }

nyuu_works() {
  [ -x "$NYUU_PREFIX/node_modules/.bin/nyuu" ] \
    && (cd "$NYUU_PREFIX" && node -e "require('yencode').crc32(Buffer.from('x'))") >/dev/null 2>&1 \
    && "$NYUU_PREFIX/node_modules/.bin/nyuu" --help >/dev/null 2>&1
}

# The lock file pins nyuu and its native yEnc module; allowScripts in package.json lets npm 11
# run yencode's node-gyp build, which older npm runs anyway.
if ! cmp -s .ci/nyuu/package-lock.json "$NYUU_PREFIX/package-lock.json" || ! nyuu_works; then
  echo "== npm: installing nyuu into $NYUU_PREFIX"
  mkdir -p "$NYUU_PREFIX"
  cp .ci/nyuu/package.json .ci/nyuu/package-lock.json "$NYUU_PREFIX/"
  (cd "$NYUU_PREFIX" && npm ci --no-audit --no-fund --loglevel=error)
  if ! nyuu_works; then
    echo "== npm: yencode did not build during install; rebuilding it"
    (cd "$NYUU_PREFIX" && npm rebuild yencode --allow-scripts=yencode --loglevel=error)
  fi
  nyuu_works || { echo "nyuu does not run: its native yencode module did not build" >&2; exit 1; }
fi

sabapi_works() {
  (cd "$SABAPI_PREFIX" && node -e "require('sabnzbd-api'); require('form-data')") >/dev/null 2>&1
}
if ! cmp -s .ci/sabnzbd-api/package-lock.json "$SABAPI_PREFIX/package-lock.json" || ! sabapi_works; then
  echo "== npm: installing sabnzbd-api into $SABAPI_PREFIX"
  mkdir -p "$SABAPI_PREFIX"
  cp .ci/sabnzbd-api/package.json .ci/sabnzbd-api/package-lock.json "$SABAPI_PREFIX/"
  (cd "$SABAPI_PREFIX" && npm ci --no-audit --no-fund --loglevel=error)
  sabapi_works || { echo "the sabnzbd-api library does not load" >&2; exit 1; }
fi

# RARLAB's unrar as WebAssembly: the reference the encrypted RAR writer tests extract with.
unrar_works() {
  (cd "$UNRAR_PREFIX" && node -e "require('node-unrar-js')") >/dev/null 2>&1 && [ -x "$UNRAR_PREFIX/unrar.js" ]
}
if ! cmp -s .ci/unrar/package-lock.json "$UNRAR_PREFIX/package-lock.json" || ! cmp -s .ci/unrar/unrar.js "$UNRAR_PREFIX/unrar.js" \
    || ! unrar_works; then
  echo "== npm: installing node-unrar-js into $UNRAR_PREFIX"
  mkdir -p "$UNRAR_PREFIX"
  cp .ci/unrar/package.json .ci/unrar/package-lock.json .ci/unrar/unrar.js "$UNRAR_PREFIX/"
  chmod +x "$UNRAR_PREFIX/unrar.js"
  (cd "$UNRAR_PREFIX" && npm ci --no-audit --no-fund --loglevel=error)
  unrar_works || { echo "node-unrar-js does not load" >&2; exit 1; }
fi

echo "== versions"
echo "inn2      $(dpkg-query -W -f='${Version}' inn2)"
echo "nyuu      $("$NYUU_PREFIX/node_modules/.bin/nyuu" --help 2>&1 | sed -n 's/^Nyuu v//p' | head -1)" \
     "(yencode $(cd "$NYUU_PREFIX" && node -p "require('yencode/package.json').version"), node $(node --version))"
echo "sabnzbd-api $(cd "$SABAPI_PREFIX" && node -p "require('sabnzbd-api/package.json').version")"
echo "curl      $(curl --version | head -1 | cut -d' ' -f2)"
echo "rclone    $(rclone version 2>/dev/null | head -1 | cut -d' ' -f2)"
echo "cadaver   $(dpkg-query -W -f='${Version}' cadaver)"
echo "ffprobe   $(ffprobe -version 2>/dev/null | head -1 | cut -d' ' -f3)"
echo "chromium  $(chromium --version 2>/dev/null | cut -d' ' -f2)"
echo "driver    $(chromedriver --version 2>/dev/null | cut -d' ' -f2)"
echo "7zz       $(dpkg-query -W -f='${Version}' 7zip)"
echo "par2      $(par2 --version 2>/dev/null | head -1 | cut -d' ' -f3)"
echo "bsdtar    $(bsdtar --version 2>/dev/null | cut -d" " -f2)"
echo "pytest    $(python3 -m pytest --version 2>&1 | head -1 | cut -d' ' -f2)"
echo "kodi      $(dpkg-query -W -f='${Version}' kodi)"
