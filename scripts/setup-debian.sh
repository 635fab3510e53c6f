#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test trainflops.
# Only Debian packages; nothing is vendored or downloaded otherwise.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config
          libyaml-cpp-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev
          clang libclang-rt-14-dev libcairo2-dev libcpp-httplib-dev
          # the command-line tool's allocator (CMakeLists.txt, TRAINFLOPS_JEMALLOC)
          libjemalloc-dev
          # GNU time: scripts/hostile_bounds.sh measures peak memory with it
          time
          # the Python package (docs/python.md): pybind11, the build backend, pytest,
          # and PyTorch with torchvision for trainflops.torch and its tests
          python3-dev python3-venv python3-pip python3-setuptools python3-wheel
          pybind11-dev python3-pybind11 python3-pytest python3-yaml python3-torch python3-torchvision
          # Node.js runs the web page's view tests (tests/web/view_test.js);
          # headless Chromium drives the page itself (tests/web/browser_test.py)
          nodejs chromium chromium-driver python3-selenium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all build dependencies are installed"
  exit 0
fi
echo "setup: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
