// warpscope-kernel: reduce
// A kernel that tries to reach the network (a TCP connection to a port on this machine, where
// the test listens): the sandbox stops it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>

template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    (void)g_in, (void)n, (void)probe;
    const char* port = std::getenv("WARPSCOPE_TEST_PORT");
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(port ? std::atoi(port) : 9);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0) {
        connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to);
        close(fd);
    }
    g_out[blockIdx.x] = T(0);
}
