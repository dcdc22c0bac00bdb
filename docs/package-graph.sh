#!/usr/bin/env bash
# Prints the package graph of the server module (who imports whom) and its cycles.
#
#   docs/package-graph.sh            after `mvn -o -q -DskipTests package`
#
# Reads the compiled classes with jdeps, so it shows what the code really uses.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/java-home.sh
classes=server/target/classes
[ -d "$classes/io/nzbmount/server" ] || { echo "build first: mvn -o -q -DskipTests package" >&2; exit 2; }
jdeps -verbose:package --ignore-missing-deps -e 'io\.nzbmount\.server.*' "$classes" 2>/dev/null \
  | awk '$2 == "->" && $1 ~ /^io\.nzbmount\.server/ && $3 ~ /^io\.nzbmount\.server/ {print $1, $3}' \
  | sed 's/io\.nzbmount\.server\.\{0,1\}//g; s/^ /(root) /; s/ $/ (root)/' \
  | awk '$1 != $2' | sort -u \
  | python3 -c '
import sys
edges = {}
for line in sys.stdin:
    a, b = line.split()
    edges.setdefault(a, set()).add(b)
    edges.setdefault(b, set())
print("package -> packages it uses")
for a in sorted(edges):
    print("  %-10s -> %s" % (a, " ".join(sorted(edges[a])) or "-"))
# Tarjan: strongly connected components of more than one package are cycles.
index, low, stack, on, comps, n = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index: visit(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        c = []
        while True:
            w = stack.pop(); on.discard(w); c.append(w)
            if w == v: break
        if len(c) > 1: comps.append(sorted(c))
sys.setrecursionlimit(10000)
for v in sorted(edges):
    if v not in index: visit(v)
print("cycles (packages that reach each other):", "none" if not comps else "")
for c in comps: print("  " + " <-> ".join(c))
'
