"""Builds the add-on's zip and its one-entry Kodi repository index.

    python3 build_addon.py PROJECT_VERSION DIST_DIR RESOURCE_DIR

writes DIST_DIR/plugin.video.nzbmount-VERSION.zip, and RESOURCE_DIR/plugin.video.nzbmount.zip,
addons.xml and addons.xml.md5 (what the server serves under /kodi/). VERSION is the project's
version without a Maven qualifier (Kodi compares plain dotted numbers). The zip is the same
bytes for the same sources: entries sorted, fixed times, no compiled Python.
"""

import hashlib
import os
import re
import sys
import zipfile

ADDON_ID = "plugin.video.nzbmount"
HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, ADDON_ID)
FIXED_TIME = (2024, 1, 1, 0, 0, 0)


def addon_version(project_version):
    version = project_version.split("-", 1)[0]
    if not re.fullmatch(r"[0-9]+(\.[0-9]+){0,3}", version):
        raise SystemExit("cannot make a Kodi version of %r" % project_version)
    return version


def addon_xml(version):
    with open(os.path.join(SOURCE, "addon.xml"), encoding="utf-8") as f:
        text = f.read()
    if "@VERSION@" not in text:
        raise SystemExit("addon.xml has no @VERSION@ to fill in")
    return text.replace("@VERSION@", version)


def files():
    for root, dirs, names in os.walk(SOURCE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith((".pyc", ".pyo")):
                continue
            path = os.path.join(root, name)
            yield path, ADDON_ID + "/" + os.path.relpath(path, SOURCE).replace(os.sep, "/")


def write_zip(target, manifest):
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for path, name in files():
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            if name == ADDON_ID + "/addon.xml":
                z.writestr(info, manifest.encode("utf-8"))
            else:
                with open(path, "rb") as f:
                    z.writestr(info, f.read())


def repository_index(manifest):
    body = re.sub(r"^<\?xml[^>]*\?>\s*", "", manifest.strip())
    return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<addons>\n' + body + "\n</addons>\n"


def main(project_version, dist_dir, resource_dir):
    version = addon_version(project_version)
    manifest = addon_xml(version)
    os.makedirs(dist_dir, exist_ok=True)
    os.makedirs(resource_dir, exist_ok=True)
    dist_zip = os.path.join(dist_dir, "%s-%s.zip" % (ADDON_ID, version))
    write_zip(dist_zip, manifest)
    with open(dist_zip, "rb") as f:
        data = f.read()
    with open(os.path.join(resource_dir, ADDON_ID + ".zip"), "wb") as f:
        f.write(data)
    index = repository_index(manifest).encode("utf-8")
    with open(os.path.join(resource_dir, "addons.xml"), "wb") as f:
        f.write(index)
    with open(os.path.join(resource_dir, "addons.xml.md5"), "w", encoding="ascii") as f:
        f.write(hashlib.md5(index).hexdigest())
    print("built %s (%d bytes)" % (dist_zip, len(data)))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
