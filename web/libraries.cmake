# The web page's libraries (included by the top-level CMakeLists.txt under Emscripten): the
# header-only ones the native build finds with find_package, taken from the same Debian packages
# (nlohmann-json3-dev, libcli11-dev, libstb-dev) through a folder of links in the build tree, so
# that /usr/include, whose C headers are glibc's, is never on Emscripten's include path. No
# Boost: the emulator's fibers are Emscripten's here (kernels/sim/fiber_emscripten.cpp).
set(WS_WEB_INCLUDE ${PROJECT_BINARY_DIR}/web-include)
file(MAKE_DIRECTORY ${WS_WEB_INCLUDE})
foreach(link nlohmann:/usr/include/nlohmann CLI:/usr/include/CLI
             stb_image_write.h:/usr/include/stb/stb_image_write.h)
  string(REPLACE ":" ";" parts ${link})
  list(GET parts 0 name)
  list(GET parts 1 target)
  if(NOT EXISTS ${target})
    message(FATAL_ERROR "warpscope web: ${target} is missing (.ci/install-debian-packages installs it)")
  endif()
  file(CREATE_LINK ${target} ${WS_WEB_INCLUDE}/${name} SYMBOLIC)
endforeach()
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${WS_WEB_INCLUDE})
add_library(CLI11::CLI11 INTERFACE IMPORTED)
target_include_directories(CLI11::CLI11 SYSTEM INTERFACE ${WS_WEB_INCLUDE})
# C++ exceptions are part of the program (Emscripten's default would abort on a throw).
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
