// A student's kernel file (issue 19): its first line says what the kernel is and what its launch
// needs, so that warpscope can plan the run as it plans a catalog variant's:
//
//   // warpscope-kernel: reduce elements-per-thread=1 shared=per-thread block=power-of-two
//
// then, with the recording vocabulary (kernels/probe/vocabulary.cuh) in scope, a kernel named
// `kernel` with the signature of the catalog's one-pass reductions:
//
//   template <class T, class Probe>
//   __global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe);
//
// Block b reduces its elements_per_thread * blockDim.x elements of g_in (n in all) and writes
// its partial to g_out[b]; the plan reduces the partials with further passes of the same kernel,
// as it does for reduce-sequential.
//
//   // warpscope-kernel: scan elements-per-thread=2 shared=two-per-thread
//
// is a tile scan with the signature of the catalog's block-level scans (scan_common.cuh):
//
//   template <class T, class Probe>
//   __global__ void kernel(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
//                          Probe probe);
//
// Block b scans its tile of elements_per_thread * blockDim.x elements into g_out (inclusive or
// exclusive as `kind` says) and writes the tile's total to g_totals[b]; the scan-then-fan plan
// scans the totals with the same kernel and adds them back, as it does for scan-kogge-stone.
// The items after the family, each optional, in any order:
//   elements-per-thread=K   1..64 (default 1): a block covers K * blockDim.x elements
//   shared=RULE             none | per-thread (default) | per-thread-min64 | per-warp |
//                           two-per-thread | two-per-thread-padded (2 * blockDim.x plus a word
//                           every 32): the dynamic shared memory a block is given
//   block=RULE              power-of-two (32..1024, default) | any (1..1024)
//   blocks=N[,N...]         the block sizes the kernel is written for (a one-warp kernel:
//                           blocks=32); a run at another size is refused in one line that says so
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"

namespace ws::user {

inline constexpr const char* kHeaderTag = "// warpscope-kernel:";

// A plain CUDA kernel's header names its kernel and parameters (any signature):
//
//   // warpscope-kernel: reduce kernel=reduce3 in=g_idata out=g_odata n=n block-size=blockSize
//   // warpscope-kernel: scan kernel=Kogge_Stone_scan_kernel in=X out=Y n=N kind=inclusive
//
//   kernel=NAME      the __global__ function to run (the file may define several)
//   in= out= n=      its input and output pointers and its element count
//   totals=NAME      scans: where each tile's total goes (without it: from the tile's outputs)
//   kind=K           scans: inclusive (default) or exclusive, what the kernel computes
//   block-size=NAME  the template parameter that takes --block
//   NAME=VALUE       any other template or scalar parameter's value (a number, true or false)
// shared= defaults to none: static __shared__ arrays need no rule, extern __shared__ does.
// A block's room for a plain kernel's static __shared__ arrays: the 48 KB a GPU gives a block
// without opting in to more.
inline constexpr unsigned kPlainStaticSharedBytes = 48 * 1024;

struct PlainSpec {
    bool plain = false;  // a header naming kernel=: plain CUDA, recorded by the compiler
    std::string kernel, in, out, n, totals, block_size;
    bool exclusive = false;
    std::vector<std::pair<std::string, std::string>> values;  // NAME=VALUE, in header order
};

struct KernelHeader {
    VariantInfo info;
    PlainSpec plain;  // a catalog row for the plan: family, driver, rules (id and title unset)
    std::vector<unsigned> blocks;  // blocks=: the sizes it is written for; empty: any of its rule
    std::string error;             // "" when the header is valid; else one line, "FILE:1: ..."
    bool ok() const { return error.empty(); }
};

// Reads the first line of `source` (the file's text); `file` names it in the error.
KernelHeader parse_kernel_header(const std::string& source, const std::string& file);

// "" when the header lets the kernel run at `block`; else the one line run-kernel ends with:
// "FILE:1: written for block 32 (its header's blocks=32), not --block 128".
std::string block_refusal(const KernelHeader& h, unsigned block, const std::string& file);

// The header's form, for error messages and --help.
const char* header_usage();
// The plain form's, for the same.
const char* plain_header_usage();
// The names `shared=` takes ("none", "per-thread", ...), in the order the usage lists them.
const std::vector<std::string>& shared_rule_names();

}  // namespace ws::user
