# The window needs GLFW, OpenGL, EGL (the headless renderer), Dear ImGui, stb_image_write and
# giflib (Debian: libglfw3-dev, libgl-dev, libegl-dev, libimgui-dev, libstb-dev, libgif-dev). libimgui-dev ships the library and, as sources, the
# GLFW and OpenGL3 backends, which we compile here.
find_package(glfw3 3.3 QUIET)
find_package(OpenGL QUIET COMPONENTS OpenGL EGL)
find_package(Threads REQUIRED)
find_path(WS_IMGUI_INCLUDE imgui.h PATH_SUFFIXES imgui)
find_library(WS_IMGUI_LIBRARY imgui)
find_path(WS_STB_INCLUDE stb_image_write.h PATH_SUFFIXES stb)
find_library(WS_STB_LIBRARY stb)
find_package(GIF 5 QUIET)
set(WS_IMGUI_BACKENDS /usr/share/doc/libimgui-dev/examples/backends)
if(glfw3_FOUND AND OPENGL_FOUND AND WS_IMGUI_INCLUDE AND WS_IMGUI_LIBRARY AND WS_STB_INCLUDE
   AND WS_STB_LIBRARY AND GIF_FOUND AND EXISTS ${WS_IMGUI_BACKENDS}/imgui_impl_glfw.cpp)
  set(WS_HAVE_GUI ON)
  add_library(ws_imgui_backends STATIC
    ${WS_IMGUI_BACKENDS}/imgui_impl_glfw.cpp ${WS_IMGUI_BACKENDS}/imgui_impl_opengl3.cpp)
  target_include_directories(ws_imgui_backends PUBLIC ${WS_IMGUI_INCLUDE} ${WS_IMGUI_INCLUDE}/backends)
  target_link_libraries(ws_imgui_backends PUBLIC ${WS_IMGUI_LIBRARY} glfw OpenGL::GL ${CMAKE_DL_LIBS})
  # Everything under ui/ that is not in ws_ui_core (the main CMakeLists.txt lists that).
  file(GLOB_RECURSE WS_UI_SOURCES CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}
       ${PROJECT_SOURCE_DIR}/ui/*.cpp)
  list(REMOVE_ITEM WS_UI_SOURCES ${WS_UI_CORE_SOURCES})
  if(WS_UI_SOURCES)
    add_library(ws_ui STATIC ${WS_UI_SOURCES})
    target_include_directories(ws_ui PRIVATE ${WS_STB_INCLUDE})
    target_link_libraries(ws_ui PUBLIC ws_ui_core ws_imgui_backends
                          PRIVATE OpenGL::EGL nlohmann_json::nlohmann_json ${WS_STB_LIBRARY} GIF::GIF)
    ws_warnings(ws_ui)
  else()
    set(WS_HAVE_GUI OFF)
  endif()
else()
  message(STATUS "warpscope: the window needs libglfw3-dev, libgl-dev, libegl-dev, libimgui-dev, libstb-dev and libgif-dev")
endif()
