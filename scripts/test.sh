#!/usr/bin/env bash
# Install and run the tests on the supported torch releases, each in its own venv (scripts/setup_venv.sh):
#   - the whole suite but the 88-case matrix (test_matrix.py: test_family.py covers its ops in 4 variants) on
#     the newest supported release (FULL_VERSIONS, default "2.15.0");
#   - on the others (SUBSET_VERSIONS, default "2.13.0 2.14.1 2.9.1 2.12.1 2.10.0 2.11.0") a part, by what
#     changes there (FAMILY_VERSIONS, MEMORY_VERSIONS):
#       smoke: the seed, install/uninstall (every compat shim's branch: test_seed.py, test_install.py) and no
#         halfway states (each release's patches install all or none; test_halfway_states.py);
#       family: + every family op in bf16 and the new ops' stock bug (test_family.py) on 2.9.1, the oldest,
#         2.12.1, the first with aminmax's gradient and the last before the 2.13 shims, and 2.14.1, the first
#         with per-node mutation renames;
#       memory: + test_memory.py on 2.9.1, whose partitioner chooses differently;
#       checkpoint: + test_checkpoint_regions.py on 2.9.1 and 2.12.1, whose partitioners predate 2.13's (the
#         tag cleanup at region boundaries the fix follows);
#       lane: + the Triton lane (test_triton_lane.py, test_triton_snapshots.py) on 2.13.0 with triton 3.8.0 (the
#         full run on 2.15.0 has it with triton 3.9.0).
# TORCH_VERSIONS="2.13.0 ..." runs the whole suite on the versions named, and nothing else.
# Why not everything everywhere: CI must stay under 45 minutes on 2 fresh cores; the whole suite but the
# matrix took 640 s on 2.15.0 alone, and the run with the family on every release took 2709 s in CI (this
# split: 1551 s, docs/reliability.md#ci).
# Extra arguments go to pytest. Exits non-zero if any run failed.
# The venvs are installed by a background job, one after the other, while the tests of the earlier ones run
# (the releases other than 2.13.0 and 2.14.1 are ~3 GB CUDA downloads: they overlap with the compiles).
# Disk: each CUDA venv takes 5-7 GB. The installer stays at most two venvs ahead of the tests, and a venv this
# run created is removed once its tests ran (KEEP_VENVS=1 keeps it; a venv that was there before is always
# kept), so a run needs ~21 GB free at its peak.
# Tests run in TEST_WORKERS pytest-xdist processes (default 2); each has its own fresh Inductor cache. With
# --dist loadgroup, the snapshot tests share one worker (their fixture compiles every case once, ~75 s).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${TORCH_VERSIONS:-}" ]; then
  FULL_VERSIONS=$TORCH_VERSIONS
  SUBSET_VERSIONS=""
else
  FULL_VERSIONS=${FULL_VERSIONS:-"2.15.0"}
  # 2.13.0 and 2.14.1 first: they install from local disk, so their tests overlap the first CUDA download.
  SUBSET_VERSIONS=${SUBSET_VERSIONS-"2.13.0 2.14.1 2.9.1 2.12.1 2.10.0 2.11.0"}
fi
FAMILY_VERSIONS=${FAMILY_VERSIONS-"2.9.1 2.12.1 2.14.1"}
MEMORY_VERSIONS=${MEMORY_VERSIONS-"2.9.1"}
CHECKPOINT_VERSIONS=${CHECKPOINT_VERSIONS-"2.9.1 2.12.1"}
LANE_VERSIONS=${LANE_VERSIONS-"2.13.0"}
SMOKE_TESTS="test/test_seed.py test/test_install.py test/test_halfway_states.py"
# The family in bf16 (one variant per op), the new ops' stock bug and the scatter count's order.
FAMILY_K="not test_family_op_is_rewritten_and_matches_eager or bf16"
# In CI (not with TORCH_VERSIONS, which runs everything) the full runs leave out the matrix.
if [ -n "${TORCH_VERSIONS:-}" ]; then FULL_SKIP=""; else FULL_SKIP="--ignore=test/test_matrix.py"; fi

# in_list VERSION LIST: whether VERSION is one of LIST's words.
in_list() { case " $2 " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

# Order: the first two subsets, the first full release, the other subsets, the other full ones; "full:"/"subset:"
# says which.
first_full=${FULL_VERSIONS%% *}
rest_full=${FULL_VERSIONS#"$first_full"}
plan=""
n=0
for v in $SUBSET_VERSIONS; do
  plan="$plan subset:$v"
  n=$((n + 1))
  [ "$n" -ge 2 ] && [ -n "$first_full" ] && plan="$plan full:$first_full" && first_full=""
done
[ -n "$first_full" ] && plan="$plan full:$first_full"
for v in $rest_full; do plan="$plan full:$v"; done
plan=${plan# }

marks=$(mktemp -d)
trap 'kill "$installer" 2>/dev/null || true; rm -rf "$marks"' EXIT
# shellcheck disable=SC2206
items=($plan)
(
  for i in "${!items[@]}"; do
    version=${items[i]#*:}
    if [ "$i" -ge 3 ]; then  # at most two venvs ahead: wait until the tests three steps back are done
      while [ ! -e "$marks/${items[i - 3]#*:}.done" ]; do sleep 5; done
    fi
    [ -x "$(bash scripts/setup_venv.sh --path "$version")/bin/python" ] || touch "$marks/$version.created"
    if bash scripts/setup_venv.sh "$version" >"$marks/$version.log" 2>&1; then
      tail -n 1 "$marks/$version.log" >"$marks/$version.ok"
    else
      touch "$marks/$version.failed"
    fi
  done
) &
installer=$!

# Removes a venv this run created (unless KEEP_VENVS=1), and tells the installer it may go on.
finish() {
  local version=$1 venv
  venv=$(bash scripts/setup_venv.sh --path "$version")
  if [ -e "$marks/$version.created" ] && [ "${KEEP_VENVS:-0}" != 1 ]; then
    echo "== torch $version: removing $venv (this run created it; KEEP_VENVS=1 keeps it) =="
    rm -rf "$venv"
  fi
  touch "$marks/$version.done"
}

status=0
for item in $plan; do
  kind=${item%%:*}
  version=${item#*:}
  echo "== torch $version: waiting for its venv (scripts/setup_venv.sh $version) =="
  while [ ! -e "$marks/$version.ok" ] && [ ! -e "$marks/$version.failed" ]; do sleep 5; done
  if [ -e "$marks/$version.failed" ]; then
    echo "== torch $version: installing failed ==" && tail -n 20 "$marks/$version.log"
    status=1
    finish "$version"
    continue
  fi
  venv=$(cat "$marks/$version.ok")
  start=$(date +%s)
  rc=0
  if [ "$kind" = full ]; then
    echo "== torch $version ($venv): the whole test-suite${FULL_SKIP:+ ($FULL_SKIP)} =="
    # shellcheck disable=SC2086
    "$venv/bin/python" -m pytest test/ $FULL_SKIP -q -p no:cacheprovider -n "${TEST_WORKERS:-2}" --dist loadgroup "$@" || rc=$?
  else
    args=($SMOKE_TESTS)
    in_list "$version" "$MEMORY_VERSIONS" && args+=(test/test_memory.py)
    in_list "$version" "$CHECKPOINT_VERSIONS" && args+=(test/test_checkpoint_regions.py)
    in_list "$version" "$LANE_VERSIONS" && args+=(test/test_triton_lane.py test/test_triton_snapshots.py)
    in_list "$version" "$FAMILY_VERSIONS" && args+=(test/test_family.py -k "$FAMILY_K")
    echo "== torch $version ($venv): ${args[*]} =="
    "$venv/bin/python" -m pytest "${args[@]}" -q -p no:cacheprovider -n "${TEST_WORKERS:-2}" --dist loadgroup "$@" || rc=$?
  fi
  echo "== torch $version ($kind): pytest exit $rc after $(( $(date +%s) - start )) s =="
  [ "$rc" -eq 0 ] || status=$rc
  finish "$version"
done
exit "$status"
