#include "app/cli.hpp"

int main(int argc, char** argv) { return wavesites::run_cli(argc, argv); }
