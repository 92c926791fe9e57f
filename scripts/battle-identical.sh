#!/usr/bin/env bash
# Every battle CSV of the shipped battle studies and of seeded tactical and named runs, both
# engines, plus JSONL traces of tactical battles, written by the build in DIST (default: this
# checkout) into OUT. Speed work must not change a byte: generate a reference with the build of
# the commit you start from, then compare:
#   scripts/battle-identical.sh /tmp/ref /tmp/base    # /tmp/base: an older checkout, built
#   scripts/battle-identical.sh /tmp/new && diff -r /tmp/ref /tmp/new && echo identical
set -euo pipefail
out=${1:?usage: battle-identical.sh OUT [CHECKOUT]}
here=$(cd "$(dirname "$0")/.." && pwd)
base=$(cd "${2:-$here}" && pwd)
cli="$base/dist/src/cli/main.js"
mkdir -p "$out"
studies=(
  "$here/configs/skirmish-battle.yaml"
  "$here/configs/skirmish-battle-terrain.yaml"
  "$here/templates/skirmish-battle.yaml"
  "$here/test/fixtures/small-battle.yaml"
  "$here/test/fixtures/battle-players.yaml"
  "$here/scripts/battle-identical/all-tactical.yaml"
  "$here/scripts/battle-identical/terrain-all-tactical.yaml"
  "$here/scripts/battle-identical/terrain-named.yaml"
)
for s in "${studies[@]}"; do
  # Two studies share a file name (configs/ and templates/): the folder goes into the name.
  name=$(basename "$(dirname "$s")")-$(basename "$s" .yaml)
  for engine in dice table; do
    dir="$out/$name-$engine"
    node "$cli" run "$s" --engine "$engine" --workers 1 --out "$dir" > /dev/null
    # run.json, report.md and report.html carry times and versions: compare the CSVs only.
    find "$dir" -type f ! -name '*.csv' -delete
  done
done
for s in all-tactical terrain-all-tactical; do
  for m in 0 1 2; do
    node "$cli" trace "$here/scripts/battle-identical/$s.yaml" --matchup "$m" --fights 300 --engine dice --format jsonl > "$out/$s-trace-$m.jsonl"
  done
done
