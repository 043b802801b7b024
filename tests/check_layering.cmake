# Fails when a file includes something its layer may not (DESIGN.md §2):
#   io <- trace <- sim <- kernels/cuda <- ui <- app
# and when a panel or a widget could write the window's state (issue 55): they draw from a
# PanelContext (ui/panel_context.hpp), the state read-only, and post actions for any change.
function(check_rule glob_dir pattern why)
  file(GLOB_RECURSE files ${ROOT}/${glob_dir}/*.hpp ${ROOT}/${glob_dir}/*.cpp
       ${ROOT}/${glob_dir}/*.cuh ${ROOT}/${glob_dir}/*.cu)
  foreach(f ${files})
    file(STRINGS ${f} lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line ${lines})
      if(line MATCHES "${pattern}")
        message(SEND_ERROR "${f}: ${line} -- ${why}")
      endif()
    endforeach()
  endforeach()
endfunction()
check_rule(kernels "imgui|GLFW|glfw|ui/" "nothing under kernels/ includes the UI")
check_rule(kernels/io "kernels/(trace|sim|cuda|probe|algorithms|bench|run)|cuda_runtime|app/"
           "kernels/io depends on nothing else in the project")
check_rule(kernels/trace "kernels/(sim|cuda|probe|algorithms|bench|run)|cuda_runtime|app/"
           "kernels/trace depends on nothing else in the project but kernels/io")
check_rule(kernels/sim "kernels/(cuda|bench|algorithms)|cuda_runtime" "the emulator knows no GPU")
check_rule(ui "cuda_runtime|cuda\\.h|kernels/cuda/|\\.cuh" "nothing under ui/ includes CUDA")

# The state a panel may read but never write: the window's (UiState, its Preferences, the
# cursor, the header's, the quiz's scores) and each feature's, the request form among them.
set(WS_STATE_TYPES
    "UiState|Preferences|Playback|StaleView|HardwareView|QuizScores|QuizScore|RequestForm|RunsState|EditorState|RaceState|LessonState|QuizState|LabState|SweepStatus|RingState|FilesState|FramesExport")
# A line (its comment cut) that takes such a state by mutable reference or pointer (a parameter,
# a variable), assigns into or mutates a field of `ui` (or `ctx.ui`), or casts constness away.
function(check_read_only glob_dir)
  file(GLOB_RECURSE files ${ROOT}/${glob_dir}/*.hpp ${ROOT}/${glob_dir}/*.cpp)
  foreach(f ${files})
    file(STRINGS ${f} lines)
    foreach(line ${lines})
      string(REGEX REPLACE "//.*$" "" code "${line}")
      # A const reference or pointer is what a panel is given: cut before looking.
      string(REGEX REPLACE "const[ \t]+(${WS_STATE_TYPES})[ \t]*[&*]" "" rest "${code}")
      set(why "")
      if(rest MATCHES "(^|[^A-Za-z0-9_])(${WS_STATE_TYPES})[ \t]*[&*]")
        set(why "a mutable ${CMAKE_MATCH_2} reference or pointer")
      elseif(code MATCHES "(^|[^A-Za-z0-9_.>])((ctx\\.)?ui\\.[A-Za-z_][A-Za-z0-9_.]*(\\[[^]]*\\])*)[ \t]*([-+*/|&^]?=([^=]|$)|\\+\\+|--)")
        set(why "an assignment into ${CMAKE_MATCH_2}")
      elseif(code MATCHES "(\\+\\+|--)[ \t]*(ctx\\.)?ui\\.")
        set(why "an increment of a field of ui")
      elseif(code MATCHES "(^|[^A-Za-z0-9_.>])(ctx\\.)?ui\\.[A-Za-z0-9_.]*\\.(push_back|emplace_back|emplace|insert|erase|clear|reset|pop_back|swap|resize|assign)[ \t]*\\(")
        set(why "a call that changes a field of ui")
      elseif(code MATCHES "const_cast|[^A-Za-z0-9_]mutable[^A-Za-z0-9_]")
        set(why "constness cast away")
      endif()
      if(why)
        message(SEND_ERROR "${f}: ${line} -- ${why}: panels and widgets read the window's state "
                           "and post an action (ui/actions.hpp) to the feature that owns it")
      endif()
    endforeach()
  endforeach()
endfunction()
check_read_only(ui/panels)
check_read_only(ui/widgets)
message(STATUS "layering checked")
