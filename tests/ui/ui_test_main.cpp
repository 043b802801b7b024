// Catch2 runner for the window's plain-data tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
