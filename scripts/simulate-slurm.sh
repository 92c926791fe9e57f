#!/usr/bin/env bash
# The README's Slurm job array recipe, simulated locally: scripts/simulate-slurm.sh STUDY.yaml N [flags...]
exec "$(dirname "$0")/simulate-cluster.sh" slurm "$@"
