"""Prints the SHA-256 of the web desk's sources (desk/: package-lock.json, index.html,
vite.config.ts, tsconfig.json and src/ but the generated schema), the fingerprint
scripts/build-desk.sh records in desk/build.sha256 and a test checks against."""
from __future__ import annotations

import hashlib
import pathlib

DESK = pathlib.Path(__file__).resolve().parent.parent / "desk"
TOP = ("package.json", "package-lock.json", "index.html", "vite.config.ts", "tsconfig.json")


def sources() -> list[pathlib.Path]:
    files = [DESK / name for name in TOP]
    files += sorted(p for p in (DESK / "src").rglob("*")
                    if p.is_file() and p.name != "schema.d.ts")
    return files


def digest() -> str:
    h = hashlib.sha256()
    for path in sources():
        h.update(path.relative_to(DESK).as_posix().encode() + b"\0")
        h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()


if __name__ == "__main__":
    print(digest())
