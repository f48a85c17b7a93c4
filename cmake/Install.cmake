# cmake --install: the warpgraph program into bin/, and the graph-file library with its
# headers and a CMake package, so that other projects can
#   find_package(warpgraph REQUIRED)
#   target_link_libraries(app PRIVATE warpgraph::graph_file)
# and #include <warpgraph/src/graph/graph_file.hpp> (read_csr) or graph_writer.hpp
# (write_graph). The headers keep their paths from the repository root under
# include/warpgraph/, where their own includes ("src/common/types.hpp") resolve.
include(CMakePackageConfigHelpers)

install(TARGETS warpgraph RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(TARGETS warpgraph_graph_file warpgraph_common EXPORT warpgraphTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
set_target_properties(warpgraph_common PROPERTIES EXPORT_NAME common)
install(FILES src/graph/graph_file.hpp src/graph/graph_writer.hpp src/graph/vertex_ids.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/warpgraph/src/graph)
install(FILES src/common/types.hpp src/common/error.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/warpgraph/src/common)

set(_wg_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/warpgraph)
install(EXPORT warpgraphTargets NAMESPACE warpgraph:: DESTINATION ${_wg_cmake_dir})
configure_package_config_file(cmake/warpgraphConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/warpgraphConfig.cmake INSTALL_DESTINATION ${_wg_cmake_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/warpgraphConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/warpgraphConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/warpgraphConfigVersion.cmake
        DESTINATION ${_wg_cmake_dir})
