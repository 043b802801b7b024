# Dear ImGui 1.86 for the web page, compiled from Debian's imgui source package (Debian ships
# ImGui's core only as a built library): fetched, its signature checked, by web/fetch-imgui.sh at
# configure time; the one download the web build makes. It is kept once per user, beside the
# compiler cache ($XDG_CACHE_HOME or ~/.cache, warpscope/), so that a fresh clone neither fetches
# it again nor compiles it again (the same path on every clone lets ccache find its objects).
if(DEFINED ENV{XDG_CACHE_HOME} AND NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
  set(WS_USER_CACHE $ENV{XDG_CACHE_HOME}/warpscope)
else()
  set(WS_USER_CACHE $ENV{HOME}/.cache/warpscope)
endif()
set(WS_IMGUI_FOLDER ${WS_USER_CACHE}/debian-imgui-1.86+ds-1)
set(WS_IMGUI_SOURCE ${WS_IMGUI_FOLDER}/imgui CACHE PATH
    "Dear ImGui 1.86's sources, unpacked from Debian's imgui source package")
if(NOT EXISTS ${WS_IMGUI_SOURCE}/imgui.cpp)
  message(STATUS "warpscope web: fetching Debian's imgui source package (web/fetch-imgui.sh)")
  execute_process(COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fetch-imgui.sh ${WS_IMGUI_FOLDER}
                  RESULT_VARIABLE fetched)
  if(NOT fetched EQUAL 0 OR NOT EXISTS ${WS_IMGUI_SOURCE}/imgui.cpp)
    message(FATAL_ERROR "warpscope web: no Dear ImGui sources in ${WS_IMGUI_SOURCE} (web/fetch-imgui.sh failed)")
  endif()
endif()
# imgui_stdlib (InputText on std::string) beside imgui.h, where the native build finds it
# (Debian's libimgui-dev installs it there).
file(CREATE_LINK misc/cpp/imgui_stdlib.h ${WS_IMGUI_SOURCE}/imgui_stdlib.h SYMBOLIC)
add_library(ws_web_imgui STATIC
  ${WS_IMGUI_SOURCE}/imgui.cpp ${WS_IMGUI_SOURCE}/imgui_draw.cpp ${WS_IMGUI_SOURCE}/imgui_tables.cpp
  ${WS_IMGUI_SOURCE}/imgui_widgets.cpp ${WS_IMGUI_SOURCE}/imgui_demo.cpp
  ${WS_IMGUI_SOURCE}/misc/cpp/imgui_stdlib.cpp
  ${WS_IMGUI_SOURCE}/backends/imgui_impl_glfw.cpp ${WS_IMGUI_SOURCE}/backends/imgui_impl_opengl3.cpp)
# The native build includes <imgui.h> from /usr/include/imgui; the same names here.
target_include_directories(ws_web_imgui SYSTEM PUBLIC ${WS_IMGUI_SOURCE} ${WS_IMGUI_SOURCE}/backends)
target_compile_definitions(ws_web_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
target_compile_options(ws_web_imgui PUBLIC -sUSE_GLFW=3)

