// The OpenGL textures that carry raster pictures (ui/widgets/painter.hpp) to the screen, one per
// picture id, with the last picture's key and pixels so that an unchanged picture is not drawn
// again. Owned by the window's OpenGL context (GuiContext makes one when it opens and frees it,
// textures and all, before the context goes); painters find the one of the current context.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "ui/geometry/raster.hpp"

namespace ws::ui {

class RasterTextures {
  public:
    struct Texture {
        unsigned id = 0;  // the OpenGL texture name
        int w = 0, h = 0;
        std::uint64_t key = 0;     // what it shows: its shapes, place and background
        std::vector<Rgba> memory;  // the last picture's pixels, reused for the next
    };

    // Becomes the current context's textures (call with the OpenGL context current).
    RasterTextures();
    // Frees every texture (the OpenGL context must still be current).
    ~RasterTextures();
    RasterTextures(const RasterTextures&) = delete;
    RasterTextures& operator=(const RasterTextures&) = delete;

    // The texture of picture `id`, made on first use.
    Texture& of(std::uint32_t id);
    // Uploads `r` into `t` (and keeps its pixels for the next picture).
    void upload(Texture& t, Raster& r);
    std::size_t size() const { return textures_.size(); }

    // The textures of the window's OpenGL context, or nullptr when none is open.
    static RasterTextures* current();

  private:
    std::unordered_map<std::uint32_t, Texture> textures_;
};

}  // namespace ws::ui
