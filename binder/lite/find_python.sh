#!/usr/bin/env bash
# Print the path of a Python >= 3.12 for the JupyterLite build (its lock addon needs one), or
# fail with a message that says how to get one. Tried in order: $LITE_PYTHON, python3.13,
# python3.12 and python3 on PATH, then pyenv's versions (newest first).
set -uo pipefail
ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; }
candidates=()
[ -n "${LITE_PYTHON:-}" ] && candidates+=("$LITE_PYTHON")
for name in python3.14 python3.13 python3.12 python3; do
    p=$(command -v "$name" 2>/dev/null) && candidates+=("$p")
done
pyenv_root=${PYENV_ROOT:-$HOME/.pyenv}
for p in $(ls -d "$pyenv_root"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV); do
    candidates+=("$p")
done
for p in "${candidates[@]}"; do
    if ok "$p"; then
        echo "$p"
        exit 0
    fi
done
echo "find_python.sh: the JupyterLite build needs Python >= 3.12 and none was found" \
     "(tried: ${candidates[*]:-nothing}); install one (e.g. pyenv install 3.12) or set LITE_PYTHON" >&2
exit 1
