// kernels/user's walls in the web page, which has no child processes, system-call filter or
// Landlock (their files are left out of the page's build, CMakeLists.txt): a student's kernel
// is never started, and the run says why in one line (web/page_limits.hpp).
#include "kernels/user/child.hpp"
#include "kernels/user/child_guard.hpp"
#include "kernels/user/landlock.hpp"
#include "kernels/user/spawn.hpp"
#include "kernels/user/syscall_policy.hpp"
#include "web/page_limits.hpp"

namespace ws::user {

std::string children_missing() {
    return web::kNoRunKernel;
}

int child_main(int, char**) {
    return 1;
}

Limits compiler_limits() {
    return {};
}

pid_t spawn_walled(const SpawnSpec&, std::string& error) {
    error = web::kNoRunKernel;
    return -1;
}

ChildEnd wait_walled(pid_t, const Limits&, const std::string&) {
    return {};
}

ChildEnd run_walled(const SpawnSpec&, const std::string&) {
    return {};
}

int landlock_abi() {
    return 0;
}

LandlockPlan landlock_plan(std::vector<LandlockRule>) {
    return {};
}

int apply_landlock(const LandlockPlan&) {
    return -1;
}

const std::vector<AllowedCall>& allowed_calls() {
    static const std::vector<AllowedCall> none;
    return none;
}

const std::vector<ForbiddenClass>& forbidden_classes() {
    static const std::vector<ForbiddenClass> none;
    return none;
}

const std::vector<KnownCall>& known_forbidden_calls() {
    static const std::vector<KnownCall> none;
    return none;
}

std::string syscall_name(long number) {
    return std::to_string(number);
}

std::string tried_to(long, std::uint64_t, bool) {
    return web::kNoRunKernel;
}

void install_child_handlers(int) {}
void set_child_phase(ChildPhase) {}
void mark_child_done() {}

std::string install_syscall_filter(int, const char*) {
    return web::kNoRunKernel;
}

}  // namespace ws::user
