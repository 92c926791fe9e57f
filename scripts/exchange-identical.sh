#!/usr/bin/env bash
# Every CSV of the shipped exchange fight studies (configs/, templates/, test fixtures) and of
# seeded tactical and named runs of the exchange fight bench's study (dice engine: the only one), plus JSONL
# traces of tactical fights, written by the build in CHECKOUT (default: this checkout) into OUT.
# Speed work must not change a byte: generate a reference with the build of the commit you start
# from, then compare:
#   scripts/exchange-identical.sh /tmp/ref /tmp/base    # /tmp/base: an older checkout, built
#   scripts/exchange-identical.sh /tmp/new && diff -r /tmp/ref /tmp/new && echo identical
set -euo pipefail
out=${1:?usage: exchange-identical.sh OUT [CHECKOUT]}
here=$(cd "$(dirname "$0")/.." && pwd)
base=$(cd "${2:-$here}" && pwd)
cli="$base/dist/src/cli/main.js"
mkdir -p "$out"
studies=(
  "$here/configs/exchange-fight-heroes-vs-monsters.yaml"
  "$here/configs/exchange-fight-reach.yaml"
  "$here/templates/exchange-fight.yaml"
  "$here/test/fixtures/exchange-fight-cover.yaml"
  "$here/test/fixtures/exchange-fight-wall.yaml"
  "$here/scripts/exchange-identical/bench-named.yaml"
  "$here/scripts/exchange-identical/bench-tactical.yaml"
  "$here/scripts/exchange-identical/heroes-vs-monsters-tactical.yaml"
)
for s in "${studies[@]}"; do
  name=$(basename "$(dirname "$s")")-$(basename "$s" .yaml)
  for engine in dice; do
    dir="$out/$name-$engine"
    node "$cli" run "$s" --engine "$engine" --workers 1 --out "$dir" > /dev/null
    # run.json, report.md and report.html carry times and versions: compare the CSVs only.
    find "$dir" -type f ! -name '*.csv' -delete
  done
done
for s in bench-tactical heroes-vs-monsters-tactical; do
  node "$cli" trace "$here/scripts/exchange-identical/$s.yaml" --fights 300 --engine dice --format jsonl > "$out/$s-trace.jsonl"
done
node "$cli" trace "$here/configs/exchange-fight-reach.yaml" --matchup 2 --fights 300 --engine dice --format jsonl > "$out/reach-trace-2.jsonl"
