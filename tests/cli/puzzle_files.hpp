// What the grading tests read: a puzzle's file under assets/puzzles, and a file whole.
#pragma once
#include <fstream>
#include <sstream>
#include <string>

#include "tests/test_paths.hpp"

inline std::string puzzle_file(const std::string& name) {
    return std::string(WS_SOURCE_DIR) + "/assets/puzzles/" + name;
}

inline std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
