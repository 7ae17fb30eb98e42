# collect_migrations(<dir> <out>): the paths of the migrations in <dir>, NNN_name.sql, in the
# order of NNN, for tools/embed.cmake. Their numbers must run 001, 002, 003... without a gap or a
# repeat, since a database records the numbers it has applied and applies each once: anything
# else stops the build here. In a build, a file added later reruns this.
#
# Run alone (cmake -DDIR=<dir> -P migrations.cmake) it checks <dir>: the tests use that.
function(collect_migrations dir out)
  if(CMAKE_SCRIPT_MODE_FILE)
    file(GLOB files "${dir}/*.sql")
  else()
    file(GLOB files CONFIGURE_DEPENDS "${dir}/*.sql")
  endif()
  list(SORT files)
  if(NOT files)
    message(FATAL_ERROR "${dir} holds no migration")
  endif()
  set(expected 1)
  foreach(path IN LISTS files)
    get_filename_component(file_name "${path}" NAME)
    if(NOT file_name MATCHES "^([0-9][0-9][0-9])_[a-z0-9_]+\\.sql$")
      message(FATAL_ERROR "${path}: a migration is named NNN_name.sql (three digits, then lower-case letters, "
                          "digits and _)")
    endif()
    math(EXPR version "${CMAKE_MATCH_1}")
    if(version EQUAL 0)
      message(FATAL_ERROR "${path}: migrations are numbered from 001")
    elseif(version LESS expected)
      message(FATAL_ERROR "${path}: a second migration ${version}")
    elseif(version GREATER expected)
      message(FATAL_ERROR "${path}: migration ${expected} is missing before it")
    endif()
    math(EXPR expected "${version} + 1")
  endforeach()
  set(${out} "${files}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  collect_migrations("${DIR}" found)
  message(STATUS "migrations: ${found}")
endif()
