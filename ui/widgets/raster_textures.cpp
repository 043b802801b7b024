// Raster textures: made on first use, uploaded when the picture changes, freed with their owner.
#include "ui/widgets/raster_textures.hpp"

#include <GLFW/glfw3.h>

namespace ws::ui {
namespace {
RasterTextures* g_current = nullptr;
}  // namespace

RasterTextures::RasterTextures() {
    g_current = this;
}

RasterTextures::~RasterTextures() {
    for (auto& [id, t] : textures_)
        if (t.id) glDeleteTextures(1, &t.id);
    if (g_current == this) g_current = nullptr;
}

RasterTextures* RasterTextures::current() {
    return g_current;
}

RasterTextures::Texture& RasterTextures::of(std::uint32_t id) {
    Texture& t = textures_[id];
    if (!t.id) {
        GLint bound = 0;
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
        glGenTextures(1, &t.id);
        glBindTexture(GL_TEXTURE_2D, t.id);
        // One texel per screen pixel: nearest keeps edges crisp.
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glBindTexture(GL_TEXTURE_2D, GLuint(bound));
    }
    return t;
}

void RasterTextures::upload(Texture& t, Raster& r) {
    GLint bound = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    glBindTexture(GL_TEXTURE_2D, t.id);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    if (t.w != r.width() || t.h != r.height())
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, r.width(), r.height(), 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, r.pixels().data());
    else
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, r.width(), r.height(), GL_RGBA, GL_UNSIGNED_BYTE,
                        r.pixels().data());
    glBindTexture(GL_TEXTURE_2D, GLuint(bound));
    t.w = r.width(), t.h = r.height();
    t.memory = r.take_pixels();
}

}  // namespace ws::ui
