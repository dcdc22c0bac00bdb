# Sourced: points JAVA_HOME at a JDK >= 21 when the default one is older.
java_feature() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'; }
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
