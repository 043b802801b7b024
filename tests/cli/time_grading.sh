#!/bin/sh
# Times `warpscope grade` on a generated class (docs/grading.md quotes its figures): N students
# against puzzle 2, a third each a right, a wrong and a non-compiling kernel, graded one at a
# time (--jobs 1) and JOBS at once, and checks that both reports are the same bytes.
#   tests/cli/time_grading.sh BUILD/warpscope [N=200] [JOBS=2]
set -eu
warpscope=$(realpath "$1")
n=${2:-200}
jobs=${3:-2}
root=$(cd "$(dirname "$0")/../.." && pwd)
class=$(mktemp -d)
trap 'rm -rf "$class"' EXIT
i=0
while [ "$i" -lt "$n" ]; do
  case $((i % 3)) in
    0) cp "$root/assets/puzzles/02-bank-conflicts.solution.cu" "$class/student$i.cu" ;;
    1) cp "$root/assets/puzzles/02-bank-conflicts.wrong.cu" "$class/student$i.cu" ;;
    2) cp "$root/tests/data/user_kernels/syntax_error.cu" "$class/student$i.cu" ;;
  esac
  i=$((i + 1))
done
for j in 1 "$jobs"; do
  start=$(date +%s.%N)
  "$warpscope" grade --puzzle 2 --jobs "$j" "$class"/*.cu > "$class/report-$j.txt" || true
  end=$(date +%s.%N)
  echo "$n submissions, --jobs $j: $(echo "$end - $start" | bc) s"
done
cmp "$class/report-1.txt" "$class/report-$jobs.txt" && echo "the reports are the same bytes"
