# Install the library, headers and CLI, and export targets so that
# `find_package(trainflops)` gives `trainflops::trainflops`.
include(CMakePackageConfigHelpers)

get_property(trainflops_subsystems GLOBAL PROPERTY TRAINFLOPS_SUBSYSTEMS)
set(trainflops_installed_programs "")
if(TARGET trainflops_cli)
  set(trainflops_installed_programs trainflops_cli)
endif()
install(TARGETS trainflops ${trainflops_subsystems} ${trainflops_installed_programs}
  EXPORT trainflopsTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/trainflops DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/trainflops)
install(EXPORT trainflopsTargets NAMESPACE trainflops::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/trainflops)

configure_package_config_file(cmake/trainflopsConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/trainflopsConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/trainflops)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/trainflopsConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/trainflopsConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/trainflopsConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/trainflops)
