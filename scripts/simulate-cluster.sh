#!/usr/bin/env bash
# Simulates a cluster scheduler's shard recipe (docs/cluster.md) on this machine:
# N processes each get the scheduler's index variable, run `balance run --shard-from-env` into one
# shared directory (the shared volume), a final `balance merge` adds the shards, and the merged
# CSVs are compared byte for byte with one local run. Exit 0 when identical.
#
#   scripts/simulate-cluster.sh k8s|slurm STUDY.yaml N [extra balance run flags...]
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 k8s|slurm STUDY.yaml N [balance run flags...]" >&2
  exit 2
fi
scheduler=$1 study=$2 n=$3
shift 3
root=$(cd "$(dirname "$0")/.." && pwd)
balance=(node "$root/dist/src/cli/main.js")
work=$(mktemp -d "${TMPDIR:-/tmp}/balance-$scheduler-XXXXXX")
trap 'rm -rf "$work"' EXIT
shared=$work/shared-volume

pids=()
for ((i = 0; i < n; i++)); do
  case $scheduler in
    # Kubernetes Indexed Job: JOB_COMPLETION_INDEX is 0..completions-1; the count is passed as a flag.
    k8s) env JOB_COMPLETION_INDEX=$i "${balance[@]}" run "$study" --shard-from-env --shard-count "$n" --workers 1 --out "$shared" "$@" ;;
    # Slurm job array (sbatch --array=1-N): the count comes from SLURM_ARRAY_TASK_COUNT.
    slurm) env SLURM_ARRAY_TASK_ID=$((i + 1)) SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX="$n" SLURM_ARRAY_TASK_COUNT="$n" \
      "${balance[@]}" run "$study" --shard-from-env --workers 1 --out "$shared" "$@" ;;
    *) echo "unknown scheduler $scheduler (k8s or slurm)" >&2; exit 2 ;;
  esac >"$work/task-$i.log" 2>&1 &
  pids+=($!)
done
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "$scheduler simulation: task $i failed:" >&2
    cat "$work/task-$i.log" >&2
    exit 1
  fi
done

# The final step: merge every shard on the shared volume.
"${balance[@]}" merge "$study" "$shared"/shard-*-of-"$n".json --out "$work/merged" >"$work/merge.log" 2>&1 || { cat "$work/merge.log" >&2; exit 1; }
"${balance[@]}" run "$study" --workers 1 --out "$work/local" "$@" >"$work/local.log" 2>&1 || { cat "$work/local.log" >&2; exit 1; }
for f in summary.csv distribution.csv compare.csv; do
  [ -f "$work/local/$f" ] || continue
  if ! cmp -s "$work/local/$f" "$work/merged/$f"; then
    echo "$scheduler simulation: merged $f differs from a local run" >&2
    exit 1
  fi
done
echo "$scheduler simulation: $n shards merged are byte-identical to one local run"
