#!/usr/bin/env bash
# The README's Kubernetes Indexed Job recipe, simulated locally: scripts/simulate-k8s.sh STUDY.yaml N [flags...]
exec "$(dirname "$0")/simulate-cluster.sh" k8s "$@"
