// What a student's kernel compiles against on the emulator (issue 19): the vocabulary, the spin
// lock, the emulator's probe and the scan kinds. One header, included first by the generated
// wrapper (toolchain.hpp), so that the build can precompile it (issue 33): g++ then reads
// <build>/include/kernels/user/prelude.hpp.gch instead of parsing these again for every kernel,
// and a run-kernel compile takes about half the time. A compiler that cannot use it (another
// compiler, other flags) reads this header as usual.
#pragma once
#include "kernels/probe/spin_lock.cuh"
#include "kernels/probe/vocabulary.cuh"
#include "kernels/sim/sim_probe.hpp"
#include "kernels/trace/scan_kind.hpp"
