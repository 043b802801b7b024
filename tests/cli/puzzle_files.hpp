// The grading tests' files: a puzzle's file under assets/puzzles, a file read whole, and a fresh
// folder of their own.
#pragma once
#include <unistd.h>

#include <filesystem>
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

// A fresh folder under the temporary folder, removed when the test ends.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name)
        : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
};
