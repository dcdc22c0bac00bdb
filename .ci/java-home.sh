# Sourced: points JAVA_HOME at a JDK >= 21 when the default one is older.
# The feature version of the JDK at $1 (21 for 21.0.5): from its release file, which costs no JVM
# start, else from the JVM itself.
java_feature() {
  local v
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null)
  [ -n "$v" ] || v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  echo "$v"
}
if [ -z "${JAVA_HOME:-}" ] || [ "$(java_feature "$JAVA_HOME")" -lt 21 ] 2>/dev/null; then
  default_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
  if [ "$(java_feature "$default_home")" -ge 21 ] 2>/dev/null; then
    export JAVA_HOME="$default_home"
  else
    for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*; do
      if [ -x "$candidate/bin/javac" ] && [ "$(java_feature "$candidate")" -ge 21 ] 2>/dev/null; then
        export JAVA_HOME="$candidate"; break
      fi
    done
  fi
fi
[ -n "${JAVA_HOME:-}" ] || { echo "no JDK 21 or newer found" >&2; exit 1; }
export PATH="$JAVA_HOME/bin:$PATH"
