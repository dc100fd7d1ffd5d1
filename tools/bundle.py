"""``python -m tools.bundle OUT.zip``: the Lambda deployment package, built for Lambda's
platform rather than this machine's: ``app.py``, ``chalicelib/``, Chalice's runtime
(``chalice/app.py`` and ``chalice/__init__.py``, as ``chalice package`` adds them) and
every requirement of ``requirements.txt`` installed by pip from manylinux2014 x86_64
wheels for CPython 3.11 (``--only-binary=:all:``: pip never builds a source package for
this machine instead). ``chalice package`` resolves compiled dependencies itself and
leaves out, with only a warning, those it cannot match (google-re2, numpy), so
``infra/package.sh`` replaces its zip with this one.

The bundle also holds the SDK this project tests with (boto3 and botocore at the
versions installed here), rather than leaving it to the one Lambda's runtime happens to
provide that month, and the DynamoDB client's SDK data cut from that botocore
(``chalicelib/store/sdk_data/``, ``tools/sdk_data.py``), which a cold start reads instead
of botocore's whole data folder.

Every module ships compiled (``__pycache__/*.cpython-311.pyc``, checked against its source's
hash, :func:`compiled`): Lambda's task root is read-only, so a module without one is
compiled again at every cold start (``bench/coldstart.py`` runs the app laid out this way).
Compiling the ~4,600 modules took a third of a build's time: each result is kept beside the
wheels (``compiled/``, by the module's name, source bytes and the interpreter's bytecode
version), so a build compiles only what changed since the last one.

Wheels are cached in ``PODIUM_WHEEL_CACHE`` (default ``.data/cache/wheels``, not
committed): a build with every wheel cached needs no network. :func:`inspect` lists what
a bundle holds (compiled modules, their wheels' platform tags and ELF machine)."""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import inspect as pyinspect
import os
import py_compile
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON_VERSION, IMPLEMENTATION, ABI = "3.11", "cp", "cp311"
# Lambda's python3.11 runs on Amazon Linux 2 (glibc 2.26): manylinux2014 (glibc 2.17) and
# older tags load there, manylinux_2_28 wheels would not
CACHE_TAG = "cpython-311"        # the runtime's; another interpreter's .pyc would be ignored
PLATFORMS = ("manylinux2014_x86_64", "manylinux_2_17_x86_64", "manylinux2010_x86_64",
             "manylinux1_x86_64")
ALLOWED_TAGS = {*PLATFORMS, "any"}
ELF_X86_64 = 0x3E


def cache_dir() -> Path:
    return Path(os.environ.get("PODIUM_WHEEL_CACHE") or ROOT / ".data" / "cache" / "wheels")


def _pip(*args: str) -> subprocess.CompletedProcess:
    platform = [f"--platform={p}" for p in PLATFORMS]
    return subprocess.run(
        [sys.executable, "-m", "pip", *args, *platform, "--only-binary=:all:",
         f"--python-version={PYTHON_VERSION}", f"--implementation={IMPLEMENTATION}",
         f"--abi={ABI}", "--abi=abi3", "--abi=none", "--disable-pip-version-check",
         "--no-input"], capture_output=True, text=True, check=False)


# Pure-Python dependencies published only as source: built here into a py3-none-any wheel
# (no compiled code, so the same on Lambda), then found in the cache like any wheel.
PURE_SOURCE_ONLY = ("http-ece>=1.1,<2",)


def _pure_wheels(cache: Path) -> None:
    for spec in PURE_SOURCE_ONLY:
        name = spec.split(">")[0].split("=")[0].replace("-", "_")
        if any(cache.glob(f"{name}-*-py3-none-any.whl")) or \
                any(cache.glob(f"{name}-*-py2.py3-none-any.whl")):
            continue
        built = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(cache),
             spec, "--disable-pip-version-check", "--no-input"],
            capture_output=True, text=True, check=False)
        if built.returncode != 0:
            raise SystemExit(f"pip wheel {spec} failed:\n{built.stdout}{built.stderr}")


def install_requirements(target: Path, requirements: Path, cache: Path) -> None:
    """Into ``target``, from the cache alone when it has every wheel, else from PyPI
    (downloading into the cache first)."""
    cache.mkdir(parents=True, exist_ok=True)
    _pure_wheels(cache)
    install = ("install", "--target", str(target), "--no-compile", "--find-links", str(cache),
               "-r", str(requirements))
    if _pip(*install, "--no-index").returncode == 0:
        return
    fetched = _pip("download", "--dest", str(cache), "--find-links", str(cache),
                   "-r", str(requirements))
    if fetched.returncode != 0:
        raise SystemExit(f"pip download failed:\n{fetched.stdout}{fetched.stderr}")
    done = _pip(*install, "--no-index", "--upgrade")
    if done.returncode != 0:
        raise SystemExit(f"pip install failed:\n{done.stdout}{done.stderr}")


SDK = ("boto3", "botocore")
SDK_DATA = "chalicelib/store/sdk_data"


def sdk_pins() -> list[str]:
    """The SDK the bundle ships: the versions this project's tests ran with."""
    from importlib.metadata import version
    return [f"{name}=={version(name)}" for name in SDK]


def generated_files() -> list[tuple[str, bytes]]:
    """What the bundle holds beside the sources that no source holds: the DynamoDB
    client's SDK data, cut from the botocore the bundle ships (the one installed here)."""
    from tools import sdk_data
    return [(f"{SDK_DATA}/{name}", data) for name, data in sorted(sdk_data.cut().items())]


def app_files() -> list[tuple[Path, str]]:
    """What ``chalice package`` puts in the zip beside the dependencies."""
    import chalice
    import chalice.app
    files = [(Path(pyinspect.getfile(chalice.app)), "chalice/app.py"),
             (Path(pyinspect.getfile(chalice)), "chalice/__init__.py"),
             (ROOT / "app.py", "app.py")]
    for path in sorted((ROOT / "chalicelib").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc" \
                and not path.relative_to(ROOT).as_posix().startswith(SDK_DATA + "/"):
            files.append((path, path.relative_to(ROOT).as_posix()))
    return files


def build(out: Path, requirements: Path = ROOT / "requirements.txt",
          cache: Path | None = None) -> Path:
    wheels = cache or cache_dir()
    with tempfile.TemporaryDirectory(prefix="podium-bundle-") as tmp:
        site = Path(tmp) / "site"
        pinned = Path(tmp) / "requirements.txt"
        pinned.write_text(requirements.read_text() + "\n" + "\n".join(sdk_pins()) + "\n")
        install_requirements(site, pinned, wheels)
        tmp_zip = out.with_suffix(".zip.tmp")
        with zipfile.ZipFile(tmp_zip, "w", zipfile.ZIP_DEFLATED) as bundle:
            for path in sorted(site.rglob("*")):
                relative = path.relative_to(site)
                if path.is_file() and "__pycache__" not in relative.parts \
                        and relative.parts[0] != "bin":
                    _write_module(bundle, path, relative.as_posix(), tmp, wheels / "compiled")
            for path, name in app_files():
                _write_module(bundle, path, name, tmp, wheels / "compiled")
            for name, data in generated_files():
                _write_bytes(bundle, name, data, executable=False)
        os.replace(tmp_zip, out)
    return out


def compiled(path: Path, name: str, scratch: str,
             kept: Path | None = None) -> tuple[str, bytes] | None:
    """``name``'s cache file in the bundle and its bytes (``path``'s code, checked against
    its source's hash, so a zip's fixed times do not invalidate it); None when ``path`` is
    not Python this interpreter can compile for Lambda's. With ``kept``, a folder of
    earlier results: taken from there when the same name and source were compiled by the
    same bytecode version before (an empty file: not Python), and kept there otherwise."""
    if not name.endswith(".py") or sys.implementation.cache_tag != CACHE_TAG:
        return None
    found = None
    if kept is not None:
        key = hashlib.sha256(b"%s\0%d\0%s\0" % (importlib.util.MAGIC_NUMBER,
                                                 sys.flags.optimize, name.encode())
                             + path.read_bytes()).hexdigest()
        found = kept / key[:2] / key
        if found.is_file():
            code = found.read_bytes()
            return (importlib.util.cache_from_source(name), code) if code else None
    target = os.path.join(scratch, "module.pyc")
    try:
        py_compile.compile(str(path), cfile=target, dfile=name, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    except (py_compile.PyCompileError, SyntaxError, ValueError):
        _keep(found, b"")
        return None             # a template or another version's file: shipped as is
    with open(target, "rb") as code:
        made = code.read()
    _keep(found, made)
    return importlib.util.cache_from_source(name), made


def _keep(where: Path | None, data: bytes) -> None:
    """``data`` at ``where`` whole or not at all (a concurrent build may write it too)."""
    if where is None:
        return
    where.parent.mkdir(parents=True, exist_ok=True)
    partial = where.with_name(f"{where.name}.{os.getpid()}.tmp")
    partial.write_bytes(data)
    os.replace(partial, where)


def _write_module(bundle: zipfile.ZipFile, path: Path, name: str, scratch: str,
                  kept: Path | None = None) -> None:
    _write(bundle, path, name)
    made = compiled(path, name, scratch, kept)
    if made is not None:
        _write_bytes(bundle, made[0], made[1], executable=False)


def _write(bundle: zipfile.ZipFile, path: Path, name: str) -> None:
    _write_bytes(bundle, name, path.read_bytes(), executable=os.access(path, os.X_OK))


def _write_bytes(bundle: zipfile.ZipFile, name: str, data: bytes, executable: bool) -> None:
    """Same bytes, fixed time and modes: the same sources give the same zip."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = (0o755 if executable else 0o644) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    bundle.writestr(info, data)


@dataclass
class Contents:
    size: int
    unzipped: int
    files: int
    wheel_tags: dict[str, set[str]] = field(default_factory=dict)   # dist -> platform tags
    compiled: dict[str, str] = field(default_factory=dict)          # .so path -> dist
    machines: dict[str, int] = field(default_factory=dict)          # .so path -> e_machine


def inspect(path: Path) -> Contents:
    with zipfile.ZipFile(path) as bundle:
        names = bundle.namelist()
        contents = Contents(size=path.stat().st_size, files=len(names),
                            unzipped=sum(i.file_size for i in bundle.infolist()))
        owners: dict[str, str] = {}
        for name in names:
            top = name.split("/", 1)[0]
            if top.endswith(".dist-info") and name.endswith("/WHEEL"):
                dist = top[:-len(".dist-info")].rsplit("-", 1)[0]
                tags = {line.split(":", 1)[1].strip().rsplit("-", 1)[1]
                        for line in bundle.read(name).decode().splitlines()
                        if line.startswith("Tag:")}
                contents.wheel_tags[dist] = {p for tag in tags for p in tag.split(".")}
            elif top.endswith(".dist-info") and name.endswith("/RECORD"):
                dist = top[:-len(".dist-info")].rsplit("-", 1)[0]
                for line in bundle.read(name).decode().splitlines():
                    owners[line.split(",", 1)[0]] = dist
        for name in names:
            if ".so" in name.rsplit("/", 1)[-1]:
                header = bundle.open(name).read(20)
                contents.compiled[name] = owners.get(name, "?")
                contents.machines[name] = int.from_bytes(header[18:20], "little") \
                    if header[:4] == b"\x7fELF" else -1
    return contents


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bundle", description=__doc__)
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    built = build(args.out)
    contents = inspect(built)
    dists = sorted({d for d in contents.compiled.values()})
    print(f"{built}: {contents.size / 1e6:.1f} MB ({contents.unzipped / 1e6:.1f} MB "
          f"unzipped), {contents.files} files, compiled: "
          f"{', '.join(dists)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
