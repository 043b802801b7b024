// The allow-list and the words for what a forbidden call tried (syscall_policy.hpp).
#include "kernels/user/syscall_policy.hpp"

#include <linux/sched.h>
#include <sys/syscall.h>

// Calls an architecture may not have (AArch64 has only the *at forms, for one): -1, left out.
#define WS_MAYBE_MISSING(name) -1
#ifndef SYS_open
#define SYS_open WS_MAYBE_MISSING(open)
#endif
#ifndef SYS_stat
#define SYS_stat WS_MAYBE_MISSING(stat)
#endif
#ifndef SYS_lstat
#define SYS_lstat WS_MAYBE_MISSING(lstat)
#endif
#ifndef SYS_poll
#define SYS_poll WS_MAYBE_MISSING(poll)
#endif
#ifndef SYS_access
#define SYS_access WS_MAYBE_MISSING(access)
#endif
#ifndef SYS_pipe
#define SYS_pipe WS_MAYBE_MISSING(pipe)
#endif
#ifndef SYS_select
#define SYS_select WS_MAYBE_MISSING(select)
#endif
#ifndef SYS_dup2
#define SYS_dup2 WS_MAYBE_MISSING(dup2)
#endif
#ifndef SYS_pause
#define SYS_pause WS_MAYBE_MISSING(pause)
#endif
#ifndef SYS_alarm
#define SYS_alarm WS_MAYBE_MISSING(alarm)
#endif
#ifndef SYS_fork
#define SYS_fork WS_MAYBE_MISSING(fork)
#endif
#ifndef SYS_vfork
#define SYS_vfork WS_MAYBE_MISSING(vfork)
#endif
#ifndef SYS_getdents
#define SYS_getdents WS_MAYBE_MISSING(getdents)
#endif
#ifndef SYS_rename
#define SYS_rename WS_MAYBE_MISSING(rename)
#endif
#ifndef SYS_renameat
#define SYS_renameat WS_MAYBE_MISSING(renameat)
#endif
#ifndef SYS_mkdir
#define SYS_mkdir WS_MAYBE_MISSING(mkdir)
#endif
#ifndef SYS_rmdir
#define SYS_rmdir WS_MAYBE_MISSING(rmdir)
#endif
#ifndef SYS_creat
#define SYS_creat WS_MAYBE_MISSING(creat)
#endif
#ifndef SYS_link
#define SYS_link WS_MAYBE_MISSING(link)
#endif
#ifndef SYS_unlink
#define SYS_unlink WS_MAYBE_MISSING(unlink)
#endif
#ifndef SYS_symlink
#define SYS_symlink WS_MAYBE_MISSING(symlink)
#endif
#ifndef SYS_readlink
#define SYS_readlink WS_MAYBE_MISSING(readlink)
#endif
#ifndef SYS_chmod
#define SYS_chmod WS_MAYBE_MISSING(chmod)
#endif
#ifndef SYS_chown
#define SYS_chown WS_MAYBE_MISSING(chown)
#endif
#ifndef SYS_lchown
#define SYS_lchown WS_MAYBE_MISSING(lchown)
#endif
#ifndef SYS_utime
#define SYS_utime WS_MAYBE_MISSING(utime)
#endif
#ifndef SYS_utimes
#define SYS_utimes WS_MAYBE_MISSING(utimes)
#endif
#ifndef SYS_futimesat
#define SYS_futimesat WS_MAYBE_MISSING(futimesat)
#endif
#ifndef SYS_mknod
#define SYS_mknod WS_MAYBE_MISSING(mknod)
#endif
#ifndef SYS_uselib
#define SYS_uselib WS_MAYBE_MISSING(uselib)
#endif
#ifndef SYS_ustat
#define SYS_ustat WS_MAYBE_MISSING(ustat)
#endif
#ifndef SYS_sysfs
#define SYS_sysfs WS_MAYBE_MISSING(sysfs)
#endif
#ifndef SYS_modify_ldt
#define SYS_modify_ldt WS_MAYBE_MISSING(modify_ldt)
#endif
#ifndef SYS_arch_prctl
#define SYS_arch_prctl WS_MAYBE_MISSING(arch_prctl)
#endif
#ifndef SYS_iopl
#define SYS_iopl WS_MAYBE_MISSING(iopl)
#endif
#ifndef SYS_ioperm
#define SYS_ioperm WS_MAYBE_MISSING(ioperm)
#endif
#ifndef SYS_time
#define SYS_time WS_MAYBE_MISSING(time)
#endif
#ifndef SYS_epoll_create
#define SYS_epoll_create WS_MAYBE_MISSING(epoll_create)
#endif
#ifndef SYS_epoll_wait
#define SYS_epoll_wait WS_MAYBE_MISSING(epoll_wait)
#endif
#ifndef SYS_inotify_init
#define SYS_inotify_init WS_MAYBE_MISSING(inotify_init)
#endif
#ifndef SYS_signalfd
#define SYS_signalfd WS_MAYBE_MISSING(signalfd)
#endif
#ifndef SYS_eventfd
#define SYS_eventfd WS_MAYBE_MISSING(eventfd)
#endif
#ifndef SYS_getrlimit
#define SYS_getrlimit WS_MAYBE_MISSING(getrlimit)
#endif
#ifndef SYS_fstat
#define SYS_fstat WS_MAYBE_MISSING(fstat)
#endif
#ifndef SYS_newfstatat
#define SYS_newfstatat WS_MAYBE_MISSING(newfstatat)
#endif
#ifndef SYS_lookup_dcookie
#define SYS_lookup_dcookie WS_MAYBE_MISSING(lookup_dcookie)
#endif
#ifndef SYS_vhangup
#define SYS_vhangup WS_MAYBE_MISSING(vhangup)
#endif
#ifndef SYS_sendfile
#define SYS_sendfile WS_MAYBE_MISSING(sendfile)
#endif
// Calls newer than Debian 12's headers: numbered alike on every architecture since 5.1.
#ifndef SYS_cachestat
#define SYS_cachestat 451
#endif
#ifndef SYS_fchmodat2
#define SYS_fchmodat2 452
#endif
#ifndef SYS_map_shadow_stack
#define SYS_map_shadow_stack 453
#endif
#ifndef SYS_futex_wake
#define SYS_futex_wake 454
#endif
#ifndef SYS_futex_wait
#define SYS_futex_wait 455
#endif
#ifndef SYS_futex_requeue
#define SYS_futex_requeue 456
#endif
#ifndef SYS_statmount
#define SYS_statmount 457
#endif
#ifndef SYS_listmount
#define SYS_listmount 458
#endif
#ifndef SYS_lsm_get_self_attr
#define SYS_lsm_get_self_attr 459
#endif
#ifndef SYS_lsm_set_self_attr
#define SYS_lsm_set_self_attr 460
#endif
#ifndef SYS_lsm_list_modules
#define SYS_lsm_list_modules 461
#endif
#ifndef SYS_mseal
#define SYS_mseal 462
#endif
#ifndef SYS_setxattrat
#define SYS_setxattrat 463
#endif
#ifndef SYS_getxattrat
#define SYS_getxattrat 464
#endif
#ifndef SYS_listxattrat
#define SYS_listxattrat 465
#endif
#ifndef SYS_removexattrat
#define SYS_removexattrat 466
#endif
#ifndef SYS_open_tree_attr
#define SYS_open_tree_attr 467
#endif

namespace ws::user {
namespace {

#define WS_CALL(name) SYS_##name, #name

// The classes, in the order of kClassMembers below.
enum Class : int {
    kOpen,
    kLook,
    kChange,
    kWatch,
    kDescriptors,
    kNetwork,
    kProcess,
    kProgram,
    kOtherProcess,
    kSignal,
    kIpc,
    kKeys,
    kMount,
    kNamespace,
    kAdminister,
    kSchedule,
    kIdentity,
    kLimits,
    kMachinery,
    kDevice,
    kWait,
    kMemoryPolicy,
    kClassCount
};

struct Name {
    long number;
    const char* name;
};
struct Member {
    Name call;
    Class of;
};

const std::vector<Member>& members() {
    static const std::vector<Member> list = {
        {{WS_CALL(open)}, kOpen},
        {{WS_CALL(openat)}, kOpen},
        {{WS_CALL(openat2)}, kOpen},
        {{WS_CALL(creat)}, kOpen},
        {{WS_CALL(open_by_handle_at)}, kOpen},
        {{WS_CALL(name_to_handle_at)}, kOpen},
        {{WS_CALL(open_tree)}, kOpen},
        {{WS_CALL(open_tree_attr)}, kOpen},
        {{WS_CALL(uselib)}, kOpen},
        {{WS_CALL(stat)}, kLook},
        {{WS_CALL(lstat)}, kLook},
        {{WS_CALL(newfstatat)}, kLook},
        {{WS_CALL(statx)}, kLook},
        {{WS_CALL(access)}, kLook},
        {{WS_CALL(faccessat)}, kLook},
        {{WS_CALL(faccessat2)}, kLook},
        {{WS_CALL(readlink)}, kLook},
        {{WS_CALL(readlinkat)}, kLook},
        {{WS_CALL(getdents)}, kLook},
        {{WS_CALL(getdents64)}, kLook},
        {{WS_CALL(getcwd)}, kLook},
        {{WS_CALL(chdir)}, kLook},
        {{WS_CALL(fchdir)}, kLook},
        {{WS_CALL(statfs)}, kLook},
        {{WS_CALL(fstatfs)}, kLook},
        {{WS_CALL(ustat)}, kLook},
        {{WS_CALL(sysfs)}, kLook},
        {{WS_CALL(getxattr)}, kLook},
        {{WS_CALL(lgetxattr)}, kLook},
        {{WS_CALL(fgetxattr)}, kLook},
        {{WS_CALL(getxattrat)}, kLook},
        {{WS_CALL(listxattr)}, kLook},
        {{WS_CALL(llistxattr)}, kLook},
        {{WS_CALL(flistxattr)}, kLook},
        {{WS_CALL(listxattrat)}, kLook},
        {{WS_CALL(statmount)}, kLook},
        {{WS_CALL(listmount)}, kLook},
        {{WS_CALL(cachestat)}, kLook},
        {{WS_CALL(lookup_dcookie)}, kLook},
        {{WS_CALL(mkdir)}, kChange},
        {{WS_CALL(mkdirat)}, kChange},
        {{WS_CALL(rmdir)}, kChange},
        {{WS_CALL(unlink)}, kChange},
        {{WS_CALL(unlinkat)}, kChange},
        {{WS_CALL(rename)}, kChange},
        {{WS_CALL(renameat)}, kChange},
        {{WS_CALL(renameat2)}, kChange},
        {{WS_CALL(link)}, kChange},
        {{WS_CALL(linkat)}, kChange},
        {{WS_CALL(symlink)}, kChange},
        {{WS_CALL(symlinkat)}, kChange},
        {{WS_CALL(chmod)}, kChange},
        {{WS_CALL(fchmod)}, kChange},
        {{WS_CALL(fchmodat)}, kChange},
        {{WS_CALL(fchmodat2)}, kChange},
        {{WS_CALL(chown)}, kChange},
        {{WS_CALL(fchown)}, kChange},
        {{WS_CALL(lchown)}, kChange},
        {{WS_CALL(fchownat)}, kChange},
        {{WS_CALL(truncate)}, kChange},
        {{WS_CALL(ftruncate)}, kChange},
        {{WS_CALL(fallocate)}, kChange},
        {{WS_CALL(utime)}, kChange},
        {{WS_CALL(utimes)}, kChange},
        {{WS_CALL(futimesat)}, kChange},
        {{WS_CALL(utimensat)}, kChange},
        {{WS_CALL(mknod)}, kChange},
        {{WS_CALL(mknodat)}, kChange},
        {{WS_CALL(setxattr)}, kChange},
        {{WS_CALL(lsetxattr)}, kChange},
        {{WS_CALL(fsetxattr)}, kChange},
        {{WS_CALL(setxattrat)}, kChange},
        {{WS_CALL(removexattr)}, kChange},
        {{WS_CALL(lremovexattr)}, kChange},
        {{WS_CALL(fremovexattr)}, kChange},
        {{WS_CALL(removexattrat)}, kChange},
        {{WS_CALL(umask)}, kChange},
        {{WS_CALL(sync)}, kChange},
        {{WS_CALL(syncfs)}, kChange},
        {{WS_CALL(fsync)}, kChange},
        {{WS_CALL(fdatasync)}, kChange},
        {{WS_CALL(sync_file_range)}, kChange},
        {{WS_CALL(pwrite64)}, kChange},
        {{WS_CALL(pwritev)}, kChange},
        {{WS_CALL(pwritev2)}, kChange},
        {{WS_CALL(copy_file_range)}, kChange},
        {{WS_CALL(sendfile)}, kChange},
        {{WS_CALL(splice)}, kChange},
        {{WS_CALL(tee)}, kChange},
        {{WS_CALL(vmsplice)}, kChange},
        {{WS_CALL(flock)}, kChange},
        {{WS_CALL(inotify_init)}, kWatch},
        {{WS_CALL(inotify_init1)}, kWatch},
        {{WS_CALL(inotify_add_watch)}, kWatch},
        {{WS_CALL(inotify_rm_watch)}, kWatch},
        {{WS_CALL(fanotify_init)}, kWatch},
        {{WS_CALL(fanotify_mark)}, kWatch},
        {{WS_CALL(dup)}, kDescriptors},
        {{WS_CALL(dup2)}, kDescriptors},
        {{WS_CALL(dup3)}, kDescriptors},
        {{WS_CALL(fcntl)}, kDescriptors},
        {{WS_CALL(pipe)}, kDescriptors},
        {{WS_CALL(pipe2)}, kDescriptors},
        {{WS_CALL(eventfd)}, kDescriptors},
        {{WS_CALL(eventfd2)}, kDescriptors},
        {{WS_CALL(signalfd)}, kDescriptors},
        {{WS_CALL(signalfd4)}, kDescriptors},
        {{WS_CALL(timerfd_create)}, kDescriptors},
        {{WS_CALL(memfd_create)}, kDescriptors},
        {{WS_CALL(memfd_secret)}, kDescriptors},
        {{WS_CALL(epoll_create)}, kDescriptors},
        {{WS_CALL(epoll_create1)}, kDescriptors},
        {{WS_CALL(epoll_ctl)}, kDescriptors},
        {{WS_CALL(close_range)}, kDescriptors},
        {{WS_CALL(socket)}, kNetwork},
        {{WS_CALL(socketpair)}, kNetwork},
        {{WS_CALL(connect)}, kNetwork},
        {{WS_CALL(bind)}, kNetwork},
        {{WS_CALL(listen)}, kNetwork},
        {{WS_CALL(accept)}, kNetwork},
        {{WS_CALL(accept4)}, kNetwork},
        {{WS_CALL(sendto)}, kNetwork},
        {{WS_CALL(recvfrom)}, kNetwork},
        {{WS_CALL(sendmsg)}, kNetwork},
        {{WS_CALL(recvmsg)}, kNetwork},
        {{WS_CALL(sendmmsg)}, kNetwork},
        {{WS_CALL(recvmmsg)}, kNetwork},
        {{WS_CALL(shutdown)}, kNetwork},
        {{WS_CALL(getsockname)}, kNetwork},
        {{WS_CALL(getpeername)}, kNetwork},
        {{WS_CALL(setsockopt)}, kNetwork},
        {{WS_CALL(getsockopt)}, kNetwork},
        {{WS_CALL(fork)}, kProcess},
        {{WS_CALL(vfork)}, kProcess},
        {{WS_CALL(clone)}, kProcess},
        {{WS_CALL(clone3)}, kProcess},
        {{WS_CALL(execve)}, kProgram},
        {{WS_CALL(execveat)}, kProgram},
        {{WS_CALL(ptrace)}, kOtherProcess},
        {{WS_CALL(process_vm_readv)}, kOtherProcess},
        {{WS_CALL(process_vm_writev)}, kOtherProcess},
        {{WS_CALL(pidfd_open)}, kOtherProcess},
        {{WS_CALL(pidfd_getfd)}, kOtherProcess},
        {{WS_CALL(kcmp)}, kOtherProcess},
        {{WS_CALL(process_madvise)}, kOtherProcess},
        {{WS_CALL(process_mrelease)}, kOtherProcess},
        {{WS_CALL(wait4)}, kOtherProcess},
        {{WS_CALL(waitid)}, kOtherProcess},
        {{WS_CALL(getppid)}, kOtherProcess},
        {{WS_CALL(getpgid)}, kOtherProcess},
        {{WS_CALL(setpgid)}, kOtherProcess},
        {{WS_CALL(getsid)}, kOtherProcess},
        {{WS_CALL(setsid)}, kOtherProcess},
        {{WS_CALL(kill)}, kSignal},
        {{WS_CALL(tkill)}, kSignal},
        {{WS_CALL(tgkill)}, kSignal},
        {{WS_CALL(rt_sigqueueinfo)}, kSignal},
        {{WS_CALL(rt_tgsigqueueinfo)}, kSignal},
        {{WS_CALL(pidfd_send_signal)}, kSignal},
        {{WS_CALL(shmget)}, kIpc},
        {{WS_CALL(shmat)}, kIpc},
        {{WS_CALL(shmdt)}, kIpc},
        {{WS_CALL(shmctl)}, kIpc},
        {{WS_CALL(msgget)}, kIpc},
        {{WS_CALL(msgsnd)}, kIpc},
        {{WS_CALL(msgrcv)}, kIpc},
        {{WS_CALL(msgctl)}, kIpc},
        {{WS_CALL(semget)}, kIpc},
        {{WS_CALL(semop)}, kIpc},
        {{WS_CALL(semtimedop)}, kIpc},
        {{WS_CALL(semctl)}, kIpc},
        {{WS_CALL(mq_open)}, kIpc},
        {{WS_CALL(mq_unlink)}, kIpc},
        {{WS_CALL(mq_timedsend)}, kIpc},
        {{WS_CALL(mq_timedreceive)}, kIpc},
        {{WS_CALL(mq_notify)}, kIpc},
        {{WS_CALL(mq_getsetattr)}, kIpc},
        {{WS_CALL(add_key)}, kKeys},
        {{WS_CALL(request_key)}, kKeys},
        {{WS_CALL(keyctl)}, kKeys},
        {{WS_CALL(mount)}, kMount},
        {{WS_CALL(umount2)}, kMount},
        {{WS_CALL(pivot_root)}, kMount},
        {{WS_CALL(chroot)}, kMount},
        {{WS_CALL(fsopen)}, kMount},
        {{WS_CALL(fsconfig)}, kMount},
        {{WS_CALL(fsmount)}, kMount},
        {{WS_CALL(fspick)}, kMount},
        {{WS_CALL(move_mount)}, kMount},
        {{WS_CALL(mount_setattr)}, kMount},
        {{WS_CALL(quotactl)}, kMount},
        {{WS_CALL(quotactl_fd)}, kMount},
        {{WS_CALL(unshare)}, kNamespace},
        {{WS_CALL(setns)}, kNamespace},
        {{WS_CALL(reboot)}, kAdminister},
        {{WS_CALL(kexec_load)}, kAdminister},
        {{WS_CALL(kexec_file_load)}, kAdminister},
        {{WS_CALL(sethostname)}, kAdminister},
        {{WS_CALL(setdomainname)}, kAdminister},
        {{WS_CALL(swapon)}, kAdminister},
        {{WS_CALL(swapoff)}, kAdminister},
        {{WS_CALL(settimeofday)}, kAdminister},
        {{WS_CALL(clock_settime)}, kAdminister},
        {{WS_CALL(clock_adjtime)}, kAdminister},
        {{WS_CALL(adjtimex)}, kAdminister},
        {{WS_CALL(init_module)}, kAdminister},
        {{WS_CALL(finit_module)}, kAdminister},
        {{WS_CALL(delete_module)}, kAdminister},
        {{WS_CALL(acct)}, kAdminister},
        {{WS_CALL(syslog)}, kAdminister},
        {{WS_CALL(vhangup)}, kAdminister},
        {{WS_CALL(iopl)}, kAdminister},
        {{WS_CALL(ioperm)}, kAdminister},
        {{WS_CALL(sched_setscheduler)}, kSchedule},
        {{WS_CALL(sched_setparam)}, kSchedule},
        {{WS_CALL(sched_setattr)}, kSchedule},
        {{WS_CALL(sched_setaffinity)}, kSchedule},
        {{WS_CALL(setpriority)}, kSchedule},
        {{WS_CALL(ioprio_set)}, kSchedule},
        {{WS_CALL(setuid)}, kIdentity},
        {{WS_CALL(setgid)}, kIdentity},
        {{WS_CALL(setreuid)}, kIdentity},
        {{WS_CALL(setregid)}, kIdentity},
        {{WS_CALL(setresuid)}, kIdentity},
        {{WS_CALL(setresgid)}, kIdentity},
        {{WS_CALL(setfsuid)}, kIdentity},
        {{WS_CALL(setfsgid)}, kIdentity},
        {{WS_CALL(setgroups)}, kIdentity},
        {{WS_CALL(capset)}, kIdentity},
        {{WS_CALL(prctl)}, kIdentity},
        {{WS_CALL(seccomp)}, kIdentity},
        {{WS_CALL(personality)}, kIdentity},
        {{WS_CALL(arch_prctl)}, kIdentity},
        {{WS_CALL(modify_ldt)}, kIdentity},
        {{WS_CALL(landlock_create_ruleset)}, kIdentity},
        {{WS_CALL(landlock_add_rule)}, kIdentity},
        {{WS_CALL(landlock_restrict_self)}, kIdentity},
        {{WS_CALL(lsm_get_self_attr)}, kIdentity},
        {{WS_CALL(lsm_set_self_attr)}, kIdentity},
        {{WS_CALL(lsm_list_modules)}, kIdentity},
        {{WS_CALL(setrlimit)}, kLimits},
        {{WS_CALL(prlimit64)}, kLimits},
        {{WS_CALL(bpf)}, kMachinery},
        {{WS_CALL(perf_event_open)}, kMachinery},
        {{WS_CALL(userfaultfd)}, kMachinery},
        {{WS_CALL(io_uring_setup)}, kMachinery},
        {{WS_CALL(io_uring_enter)}, kMachinery},
        {{WS_CALL(io_uring_register)}, kMachinery},
        {{WS_CALL(io_setup)}, kMachinery},
        {{WS_CALL(io_submit)}, kMachinery},
        {{WS_CALL(membarrier)}, kMachinery},
        {{WS_CALL(rseq)}, kMachinery},
        {{WS_CALL(set_robust_list)}, kMachinery},
        {{WS_CALL(set_tid_address)}, kMachinery},
        {{WS_CALL(map_shadow_stack)}, kMachinery},
        {{WS_CALL(ioctl)}, kDevice},
        {{WS_CALL(nanosleep)}, kWait},
        {{WS_CALL(clock_nanosleep)}, kWait},
        {{WS_CALL(pause)}, kWait},
        {{WS_CALL(alarm)}, kWait},
        {{WS_CALL(setitimer)}, kWait},
        {{WS_CALL(timer_create)}, kWait},
        {{WS_CALL(poll)}, kWait},
        {{WS_CALL(ppoll)}, kWait},
        {{WS_CALL(select)}, kWait},
        {{WS_CALL(pselect6)}, kWait},
        {{WS_CALL(epoll_wait)}, kWait},
        {{WS_CALL(epoll_pwait)}, kWait},
        {{WS_CALL(epoll_pwait2)}, kWait},
        {{WS_CALL(rt_sigsuspend)}, kWait},
        {{WS_CALL(rt_sigtimedwait)}, kWait},
        {{WS_CALL(futex_waitv)}, kWait},
        {{WS_CALL(futex_wait)}, kWait},
        {{WS_CALL(mbind)}, kMemoryPolicy},
        {{WS_CALL(set_mempolicy)}, kMemoryPolicy},
        {{WS_CALL(set_mempolicy_home_node)}, kMemoryPolicy},
        {{WS_CALL(migrate_pages)}, kMemoryPolicy},
        {{WS_CALL(move_pages)}, kMemoryPolicy},
        {{WS_CALL(mlock)}, kMemoryPolicy},
        {{WS_CALL(mlock2)}, kMemoryPolicy},
        {{WS_CALL(mlockall)}, kMemoryPolicy},
        {{WS_CALL(pkey_alloc)}, kMemoryPolicy},
        {{WS_CALL(pkey_mprotect)}, kMemoryPolicy},
        {{WS_CALL(mseal)}, kMemoryPolicy},
        {{WS_CALL(remap_file_pages)}, kMemoryPolicy},
    };
    return list;
}

}  // namespace

const std::vector<ForbiddenClass>& forbidden_classes() {
    // In the order of the Class enumeration.
    static const std::vector<ForbiddenClass> classes = {
        {"open", "open a file"},
        {"look", "look at the file system"},
        {"change", "change files or folders"},
        {"watch", "watch files for changes"},
        {"descriptors", "make or copy a file descriptor"},
        {"network", "reach the network"},
        {"process", "start a process"},
        {"program", "run another program"},
        {"other-process", "reach another process"},
        {"signal", "send a signal other than one that ends itself"},
        {"ipc",
         "make an object other processes can share (shared memory, a message queue, a "
         "semaphore)"},
        {"keys", "use the kernel's key store"},
        {"mount", "mount or change a file system"},
        {"namespace", "enter or make a namespace"},
        {"administer", "administer the machine (reboot, host name, swap, clock, kernel modules)"},
        {"schedule", "change how it is scheduled"},
        {"identity", "change its identity or privileges"},
        {"limits", "change its own limits"},
        {"machinery",
         "use the kernel's own machinery (BPF, performance counters, asynchronous "
         "I/O, thread registration)"},
        {"device", "control a terminal or a device"},
        {"wait", "wait or sleep"},
        {"memory-policy", "pin or place memory"},
    };
    return classes;
}

const std::vector<KnownCall>& known_forbidden_calls() {
    static const std::vector<KnownCall> calls = [] {
        std::vector<KnownCall> out;
        for (const Member& m : members())
            if (m.call.number >= 0) out.push_back({m.call.number, m.call.name, int(m.of)});
        return out;
    }();
    return calls;
}

const std::vector<AllowedCall>& allowed_calls() {
    static const std::vector<AllowedCall> calls = [] {
        const std::vector<AllowedCall> all = {
            {WS_CALL(read), Allowed::Always,
             "read from the descriptors it was given (its compiled kernel, /dev/null)"},
            {WS_CALL(readv), Allowed::Always, "read, as read does"},
            {WS_CALL(pread64), Allowed::Always, "read its compiled kernel's headers (the loader)"},
            {WS_CALL(write), Allowed::OnGivenDescriptors,
             "write its report and its output to the descriptors it was given"},
            {WS_CALL(writev), Allowed::OnGivenDescriptors, "write, as write does"},
            {WS_CALL(close), Allowed::Always, "close its own descriptors"},
            {WS_CALL(fstat), Allowed::Always,
             "learn the size and kind of a descriptor it holds (the loader, the C library's "
             "buffers)"},
            {WS_CALL(newfstatat), Allowed::AnsweredByTheFilter,
             "fstat as the C library makes it (an empty path): answered with fstat on the "
             "descriptor; a path is refused"},
            {WS_CALL(openat), Allowed::AnsweredByTheFilter,
             "the loader opening the compiled kernel: answered with the descriptor the parent "
             "gave, once, while loading; nothing is opened"},
            {WS_CALL(mmap), Allowed::Always, "manage its own memory (and map its compiled kernel)"},
            {WS_CALL(munmap), Allowed::Always, "manage its own memory"},
            {WS_CALL(mprotect), Allowed::Always,
             "manage its own memory (the loader, the fibers' guard pages)"},
            {WS_CALL(mremap), Allowed::Always, "manage its own memory (a growing array)"},
            {WS_CALL(brk), Allowed::Always, "manage its own memory (the C library's heap)"},
            {WS_CALL(madvise), Allowed::Always, "manage its own memory (give pages back)"},
            {WS_CALL(futex), Allowed::Always,
             "wake or wait on its own locks (C++'s one-time initialisation); with one thread "
             "there is no one else's"},
            {WS_CALL(rt_sigaction), Allowed::NotTheSandboxSignal,
             "handle its own signals (the crash report that names the block and thread); "
             "SIGSYS's handler is the sandbox's and stays"},
            {WS_CALL(rt_sigprocmask), Allowed::AnsweredByTheFilter,
             "block and unblock its own signals: answered by the handler, which never blocks "
             "SIGSYS (system() and posix_spawn block every signal before starting a process, "
             "and a blocked SIGSYS would end the child without the call's name)"},
            {WS_CALL(rt_sigreturn), Allowed::Always, "return from its own signal handler"},
            {WS_CALL(sigaltstack), Allowed::AnsweredByTheFilter,
             "learn its signal stack: answered by the handler, which keeps the sandbox's own "
             "(a stack the kernel names, at a made-up address, would leave the next signal "
             "nowhere to run: the call's name lost in a SIGSEGV)"},
            {WS_CALL(getpid), Allowed::Always, "know itself (to end itself with a signal)"},
            {WS_CALL(gettid), Allowed::Always, "know itself (to end itself with a signal)"},
            {WS_CALL(kill), Allowed::ToItselfFatal,
             "end itself with a signal (abort, a failed assert, the crash report's re-raise)"},
            {WS_CALL(tkill), Allowed::ToItselfFatal, "end itself with a signal, as kill"},
            {WS_CALL(tgkill), Allowed::ToItselfFatal,
             "end itself with a signal, as kill (raise and abort use it)"},
            {WS_CALL(exit), Allowed::Always, "end (its one thread)"},
            {WS_CALL(exit_group), Allowed::Always, "end (returning from main)"},
            {WS_CALL(restart_syscall), Allowed::Always,
             "resume a call its own signal handler interrupted"},
            {WS_CALL(clock_gettime), Allowed::Always, "read the clock"},
            {WS_CALL(clock_getres), Allowed::Always, "read the clock"},
            {WS_CALL(gettimeofday), Allowed::Always, "read the clock"},
            {WS_CALL(time), Allowed::Always, "read the clock"},
            {WS_CALL(sched_yield), Allowed::Always,
             "give up the processor in a spin loop (one thread: it returns at once)"},
            {WS_CALL(getrlimit), Allowed::Always, "read its own limits (the stack's size)"},
            {WS_CALL(prlimit64), Allowed::ReadingItsLimits,
             "read its own limits, as getrlimit (setting any is refused)"},
        };
        std::vector<AllowedCall> here;
        for (const AllowedCall& c : all)
            if (c.number >= 0) here.push_back(c);
        return here;
    }();
    return calls;
}

std::string syscall_name(long number) {
    for (const AllowedCall& c : allowed_calls())
        if (c.number == number) return c.name;
    for (const KnownCall& c : known_forbidden_calls())
        if (c.number == number) return c.name;
    return "";
}

std::string tried_to(long number, std::uint64_t detail, bool foreign_arch) {
    if (foreign_arch)
        return "make a system call through another architecture's entry (number " +
               std::to_string(number) + ", int 0x80 on x86-64)";
    const std::string name = syscall_name(number);
    const std::string called = name.empty() ? "number " + std::to_string(number) : name;
    for (const KnownCall& c : known_forbidden_calls()) {
        if (c.number != number) continue;
        const bool clone = number == SYS_clone || number == SYS_clone3;
        if (c.class_index == kProcess && clone) {
            if (detail & CLONE_THREAD)
                return "start a thread (" + called + ", as std::thread does)";
            if (detail & CLONE_VFORK)
                return "start a process (" + called + ", as system() and posix_spawn do)";
            return "start a process (" + called + ", as fork does)";
        }
        return std::string(forbidden_classes()[std::size_t(c.class_index)].tried) + " (" + called +
               ")";
    }
    for (const AllowedCall& c : allowed_calls())  // allowed, but not with these arguments
        if (c.number == number)
            return c.when == Allowed::OnGivenDescriptors
                       ? "write to a descriptor it was not given (" + called + ")"
                       : "call " + called + " with arguments the sandbox does not allow";
    return "make a system call that computing does not need (" + called + ")";
}

#undef WS_CALL

}  // namespace ws::user
