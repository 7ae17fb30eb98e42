#include "app/entry.hpp"

int main(int argc, char** argv) {
  return wavesites::run_main(argc, argv);
}
