#!/usr/bin/env bash
# Does ThreadSanitizer see a lock's hand-over? Builds the same contended program twice, once
# over Synchronization.Mutex and once over pthread_mutex (what LockedValue uses), and prints
# how many ThreadSanitizer reports each one gets. docs/reliability.md quotes the result.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for program in synchronization-mutex pthread-mutex; do
  swiftc -sanitize=thread -O "$program.swift" -o "$work/$program"
  reports=$("$work/$program" 2>&1 | grep -c "WARNING: ThreadSanitizer" || true)
  echo "$program: $reports ThreadSanitizer report(s)"
done
