// The catalog's rows, built once by catalog() (kernels/catalog.hpp); defined in
// kernels/catalog_rows.cpp so that the table and the rules that read it are files of their own.
#pragma once
#include <vector>

#include "kernels/catalog.hpp"

namespace ws {

// Every algorithm in ladder order, each row's ladder_step set from its place in its family.
std::vector<VariantInfo> make_catalog();

}  // namespace ws
