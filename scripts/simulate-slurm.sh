#!/usr/bin/env bash
# The Slurm job array recipe of docs/cluster.md, simulated locally: scripts/simulate-slurm.sh STUDY.yaml N [flags...]
exec "$(dirname "$0")/simulate-cluster.sh" slurm "$@"
