# Sourced by the device scripts: `step NAME LIMIT COMMAND...` runs COMMAND under a time limit,
# logs it to $OUT/logs/NAME.log and adds one line to $S (rc, seconds, the log's last line).
step() {
  local name=$1 limit=$2
  shift 2
  local t=$(date +%s)
  timeout "$limit" "$@" > "$OUT/logs/$name.log" 2>&1
  local rc=$?
  printf '%-22s rc=%-3s %4ss  %s\n' "$name" "$rc" "$(( $(date +%s) - t ))" \
    "$(grep -v '^ *$' "$OUT/logs/$name.log" | tail -n 1 | cut -c1-110)" >> "$S"
}
