// Landlock made and applied with raw system calls (landlock.hpp). The constants are the kernel's
// (include/uapi/linux/landlock.h), written here so that Debian 12's older header does not limit
// what a newer kernel can do.
#include "kernels/user/landlock.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

namespace ws::user {
namespace {

constexpr std::uint32_t kCreateRulesetVersion = 1u << 0;
constexpr int kRulePathBeneath = 1;

// Rights on files and folders, by the ABI that added them.
constexpr std::uint64_t kExecute = 1ull << 0, kWriteFile = 1ull << 1, kReadFile = 1ull << 2,
                        kReadDir = 1ull << 3, kRemoveDir = 1ull << 4, kRemoveFile = 1ull << 5,
                        kMakeChar = 1ull << 6, kMakeDir = 1ull << 7, kMakeReg = 1ull << 8,
                        kMakeSock = 1ull << 9, kMakeFifo = 1ull << 10, kMakeBlock = 1ull << 11,
                        kMakeSym = 1ull << 12;                          // ABI 1
constexpr std::uint64_t kRefer = 1ull << 13;                            // ABI 2
constexpr std::uint64_t kTruncate = 1ull << 14;                         // ABI 3
constexpr std::uint64_t kIoctlDev = 1ull << 15;                         // ABI 5
constexpr std::uint64_t kBindTcp = 1ull << 0, kConnectTcp = 1ull << 1;  // ABI 4 (network)
constexpr std::uint64_t kScopeAbstractUnix = 1ull << 0, kScopeSignal = 1ull << 1;  // ABI 6

struct RulesetAttr {
    std::uint64_t handled_access_fs, handled_access_net, scoped;
};
struct __attribute__((packed)) PathBeneathAttr {
    std::uint64_t allowed_access;
    std::int32_t parent_fd;
};

std::uint64_t file_rights(int abi) {
    std::uint64_t r = kExecute | kWriteFile | kReadFile;
    if (abi >= 3) r |= kTruncate;
    if (abi >= 5) r |= kIoctlDev;
    return r;
}

std::uint64_t all_fs_rights(int abi) {
    std::uint64_t r = kExecute | kWriteFile | kReadFile | kReadDir | kRemoveDir | kRemoveFile |
                      kMakeChar | kMakeDir | kMakeReg | kMakeSock | kMakeFifo | kMakeBlock |
                      kMakeSym;
    if (abi >= 2) r |= kRefer;
    if (abi >= 3) r |= kTruncate;
    if (abi >= 5) r |= kIoctlDev;
    return r;
}

std::uint64_t rights(const LandlockRule& rule, int abi) {
    std::uint64_t r = kExecute | kReadFile;
    if (rule.directory) r |= kReadDir;
    if (rule.writable) {
        r |= kWriteFile | (abi >= 3 ? kTruncate : 0);
        if (rule.directory) r |= kRemoveFile | kRemoveDir | kMakeReg | kMakeDir;
    }
    return rule.directory ? r : r & file_rights(abi);
}

}  // namespace

int landlock_abi() {
    static const int abi = [] {
        const long v = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
        return v > 0 ? int(v) : 0;
    }();
    return abi;
}

LandlockPlan landlock_plan(std::vector<LandlockRule> rules) {
    LandlockPlan plan;
    plan.abi = landlock_abi();
    if (plan.abi == 0) return plan;
    for (LandlockRule& rule : rules) {
        struct stat st {};
        if (::stat(rule.path.c_str(), &st) != 0) continue;  // nothing there to allow
        rule.directory = S_ISDIR(st.st_mode);
        plan.rules.push_back(std::move(rule));
    }
    plan.handled_fs = all_fs_rights(plan.abi);
    if (plan.abi >= 4) plan.handled_net = kBindTcp | kConnectTcp;
    if (plan.abi >= 6) plan.scoped = kScopeAbstractUnix | kScopeSignal;
    return plan;
}

int apply_landlock(const LandlockPlan& plan) {
    if (plan.abi == 0) return 0;
    RulesetAttr attr{plan.handled_fs, plan.handled_net, plan.scoped};
    const std::size_t size = plan.abi >= 6   ? sizeof attr
                             : plan.abi >= 4 ? 2 * sizeof(std::uint64_t)
                                             : sizeof(std::uint64_t);
    const long ruleset = ::syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0) return errno;
    for (const LandlockRule& rule : plan.rules) {
        const int fd = ::open(rule.path.c_str(), O_PATH | O_CLOEXEC);
        if (fd < 0) continue;
        PathBeneathAttr beneath{rights(rule, plan.abi), fd};
        const long added = ::syscall(SYS_landlock_add_rule, ruleset, kRulePathBeneath, &beneath, 0);
        const int why = errno;
        ::close(fd);
        if (added != 0) {
            ::close(int(ruleset));
            return why;
        }
    }
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
        ::syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
        const int why = errno;
        ::close(int(ruleset));
        return why;
    }
    ::close(int(ruleset));
    return 0;
}

}  // namespace ws::user
