#!/usr/bin/env bash
# The Kubernetes Indexed Job recipe of docs/cluster.md, simulated locally: scripts/simulate-k8s.sh STUDY.yaml N [flags...]
exec "$(dirname "$0")/simulate-cluster.sh" k8s "$@"
