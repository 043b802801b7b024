// stb_image_write's implementation for the page (natively it is Debian's libstb; here its header,
// from libstb-dev, compiled once).
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
