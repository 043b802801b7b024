// One function per command. Each returns the exit code; bad input throws UsageError.
#pragma once
#include <string>

#include "app/cli/request_options.hpp"

namespace ws::cli {

struct BenchOptions {
    std::string algo = "all", type = "int", sizes = "2^10..2^28", kind = "inclusive", json,
                strides = "1";
    bool no_baselines = false;
    bool contention = false;
};

struct RaceOptions {
    run::RequestText text;
    unsigned tries = 200;
    std::uint64_t search_seed = 1;
    bool exhaustive = false;
    bool json = false;
};

int cmd_list(bool json);
int cmd_race(const RaceOptions& opts);
int cmd_trace(const RequestOptions& opts, const std::string& output);
int cmd_stats(const RequestOptions& opts, const std::string& trace_file, bool json, bool hardware);
int cmd_verify(const std::string& algo, const std::string& backend, bool quick);
int cmd_info();
int cmd_bench(const BenchOptions& opts);
int cmd_crosscheck(const std::string& algo);

}  // namespace ws::cli
