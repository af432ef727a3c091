#!/bin/bash
# Prints the markdown table of docs/validation.md "Counters beside Accel-Sim": every row of
# ../shared/accelsim-reference/accelsim_results.csv run with Accel-Sim's own configuration files
# (plus the UDP unit for SM7_QV100) and -gpgpu_perf_sim_memcpy 0, gpucosim's counters beside
# Accel-Sim's. Usage: scripts/accelsim-counters-table.sh [GPUCOSIM] (default build/release/cli/gpucosim)
set -euo pipefail
G=${1:-build/release/cli/gpucosim}
SH=$(cd "$(dirname "$0")/../.." && pwd)/shared
CSV=$SH/accelsim-reference/accelsim_results.csv
FIX=$SH/fixtures/accelsim-vectoradd-sm80
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
QV="--config $SH/accelsim-configs/SM7_QV100/gpgpusim.config --config $SH/accelsim-configs/SM7_QV100/trace.config --config $SH/accelsim-configs/SM7_QV100/udp-for-sm80-traces.config"
RTX="--config $SH/accelsim-configs/SM86_RTX3070/gpgpusim.config --config $SH/accelsim-configs/SM86_RTX3070/trace.config"
echo "| case | config | L1D accesses | L1D misses | L2 accesses | L2 misses | DRAM reads (sectors) | gpu_sim_cycle |"
echo "|---|---|---|---|---|---|---|---|"
tail -n +2 "$CSV" | while IFS=, read -r name workload params config cyc winsn l1a l1m l2a l2m dram _; do
  case $name in
    fixture_x1) trace=$FIX/kernelslist.g ;;
    fixture_x10)
      mkdir -p "$W/x10"
      [ -f "$W/x10/kernelslist.g" ] || python3 "$SH/tools/replicate_trace.py" "$FIX/kernel-1.traceg" "$W/x10/kernel-1.traceg" \
        -n 10 --kernelslist "$FIX/kernelslist.g" "$W/x10/kernelslist.g" >/dev/null 2>&1
      trace=$W/x10/kernelslist.g ;;
    *)
      p=""
      case $params in defaults*) ;; *) for kv in $params; do p="$p --param $kv"; done ;; esac
      [ -f "$W/$name/kernelslist.g" ] || "$G" trace gen "$workload" $p --out "$W/$name" >/dev/null
      trace=$W/$name/kernelslist.g ;;
  esac
  case $config in SM7_QV100*) cfg=$QV ;; *) cfg=$RTX ;; esac
  out="$W/run_${name}_${config%% *}"
  "$G" run $cfg --trace "$trace" --set gpgpu_perf_sim_memcpy=0 --quiet --out "$out"
  python3 - "$out/stats.json" "$name" "$config" "$l1a" "$l1m" "$l2a" "$l2m" "$dram" "$cyc" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["total"]
name, config = sys.argv[2], sys.argv[3]
theirs = [float(x) for x in sys.argv[4:10]]
keys = ["L1D_total_cache_accesses", "L1D_total_cache_misses", "L2_total_cache_accesses",
        "L2_total_cache_misses", "total_dram_reads", "gpu_sim_cycle"]
cells = []
for k, a in zip(keys, theirs):
    o = t[k]
    cells.append("%d / %d (%.3f)" % (o, a, o / a if a else float("nan")))
print("| %s | %s | %s |" % (name, config, " | ".join(cells)))
PY
done
