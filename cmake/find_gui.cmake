# The window needs GLFW, OpenGL and Dear ImGui (Debian's libimgui-dev ships the library and,
# as sources, the GLFW and OpenGL3 backends, which we compile here).
find_package(glfw3 3.3 QUIET)
find_package(OpenGL QUIET)
find_path(WS_IMGUI_INCLUDE imgui.h PATH_SUFFIXES imgui)
find_library(WS_IMGUI_LIBRARY imgui)
set(WS_IMGUI_BACKENDS /usr/share/doc/libimgui-dev/examples/backends)
if(glfw3_FOUND AND OPENGL_FOUND AND WS_IMGUI_INCLUDE AND WS_IMGUI_LIBRARY
   AND EXISTS ${WS_IMGUI_BACKENDS}/imgui_impl_glfw.cpp)
  set(WS_HAVE_GUI ON)
  add_library(ws_imgui_backends STATIC
    ${WS_IMGUI_BACKENDS}/imgui_impl_glfw.cpp ${WS_IMGUI_BACKENDS}/imgui_impl_opengl3.cpp)
  target_include_directories(ws_imgui_backends PUBLIC ${WS_IMGUI_INCLUDE} ${WS_IMGUI_INCLUDE}/backends)
  target_link_libraries(ws_imgui_backends PUBLIC ${WS_IMGUI_LIBRARY} glfw OpenGL::GL ${CMAKE_DL_LIBS})
  file(GLOB_RECURSE WS_UI_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/ui/*.cpp)
  if(WS_UI_SOURCES)
    add_library(ws_ui STATIC ${WS_UI_SOURCES})
    target_link_libraries(ws_ui PUBLIC ws_kernels ws_imgui_backends)
    ws_warnings(ws_ui)
  else()
    set(WS_HAVE_GUI OFF)
  endif()
endif()
