"""What running and testing the project leaves behind on a machine and in the clone: SQLite's
companion files ignored by git; Debian packages the test scripts install (redis-server,
postgresql, chromium) neither start nor stay enabled at boot; pytest's temporary directories
inside the run's own (scripts/test.sh).

Real: git, bash and the scripts' own install script (scripts/apt-install-quietly.sh), on a
stand-in system root with apt-get, systemctl and update-rc.d as small scripts that do what the
real ones do to it (nothing is installed); a real pytest-xdist run in a subprocess.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .conftest import ROOT

SCRIPTS = ("scripts/test.sh", "scripts/start-redis.sh", "scripts/start-postgres.sh")


@pytest.mark.parametrize(
    "name",
    [
        "quotetrack.sqlite3",
        "quotetrack.sqlite3-wal",
        "quotetrack.sqlite3-shm",
        "quotetrack.sqlite3-journal",
        "archive.db",
        "archive.db-wal",
        "archive.db-shm",
        "archive.db-journal",
    ],
)
def test_sqlite_files_of_a_served_archive_are_ignored_by_git(name):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git clone")
    ignored = subprocess.run(["git", "check-ignore", "--no-index", "-q", name], cwd=ROOT, check=False)
    assert ignored.returncode == 0, f"{name} would show in git status"


APT_SCRIPT = "scripts/apt-install-quietly.sh"


def test_every_apt_install_goes_through_the_one_quiet_install_script():
    shared = (ROOT / APT_SCRIPT).read_text(encoding="utf-8").splitlines()
    assert sum("apt-get install -y" in line for line in shared if "#" not in line[:8]) == 1
    for script in SCRIPTS:  # no apt-get install of their own, and each calls the shared script
        code = [line for line in (ROOT / script).read_text(encoding="utf-8").splitlines() if "#" not in line[:8]]
        assert sum("apt-get install -y" in line for line in code) == 0, script
        assert any("apt-install-quietly.sh" in line for line in code), script


# Stand-ins for the system's tools, acting on the stand-in root ($QUOTETRACK_SYSTEM_ROOT): the
# enabled systemd units are lines of $ROOT/units; SysV links are files in $ROOT/etc/rcN.d.
FAKE_APT_GET = """\
#!/bin/sh
set -e
[ "$1" = update ] && exit 0
# What a package's maintainer scripts do: enable the service, then ask invoke-rc.d to start it,
# which asks policy-rc.d first (101: not allowed).
echo redis-server.service >>"$QUOTETRACK_SYSTEM_ROOT/units"
for level in 2 3 4 5; do : >"$QUOTETRACK_SYSTEM_ROOT/etc/rc$level.d/S01redis-server"; done
if [ -x "$QUOTETRACK_SYSTEM_ROOT/usr/sbin/policy-rc.d" ]; then
    "$QUOTETRACK_SYSTEM_ROOT/usr/sbin/policy-rc.d" redis-server start && status=0 || status=$?
else
    status=none
fi
echo "$*: policy-rc.d $status" >>"$QUOTETRACK_SYSTEM_ROOT/log"
[ -z "$FAIL_INSTALL" ]
"""
FAKE_SYSTEMCTL = """\
#!/bin/sh
case "$1" in
    list-unit-files) sed 's/$/ enabled enabled/' "$QUOTETRACK_SYSTEM_ROOT/units" ;;
    disable)
        echo "systemctl $*" >>"$QUOTETRACK_SYSTEM_ROOT/log"
        grep -vx "$3" "$QUOTETRACK_SYSTEM_ROOT/units" >"$QUOTETRACK_SYSTEM_ROOT/units.new" || true
        mv "$QUOTETRACK_SYSTEM_ROOT/units.new" "$QUOTETRACK_SYSTEM_ROOT/units" ;;
    *) exit 1 ;;
esac
"""
FAKE_UPDATE_RC_D = """\
#!/bin/sh
echo "update-rc.d $*" >>"$QUOTETRACK_SYSTEM_ROOT/log"
[ "$2" = disable ] || exit 1
for link in "$QUOTETRACK_SYSTEM_ROOT"/etc/rc?.d/S??"$1"; do
    mv "$link" "$(dirname "$link")/K01$1"
done
"""
# What the function needs from the system besides the tools faked above.
TOOLS = ("awk", "cat", "chmod", "comm", "dirname", "grep", "ls", "mv", "rm", "sed", "sort")


def _system(tmp_path: Path, *, tools: bool = True, policy: str | None = None) -> tuple[Path, dict[str, str]]:
    root = tmp_path / "root"
    for level in "S2345":
        (root / "etc" / f"rc{level}.d").mkdir(parents=True)
    (root / "etc/rc2.d/S01postgresql").touch()  # enabled before: stays so
    (root / "usr/sbin").mkdir(parents=True)
    (root / "units").write_text("postgresql.service\ngetty@.service\n")
    (root / "log").touch()
    if policy is not None:
        (root / "usr/sbin/policy-rc.d").write_text(policy)
        (root / "usr/sbin/policy-rc.d").chmod(0o755)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fakes = {"apt-get": FAKE_APT_GET} | (
        {"systemctl": FAKE_SYSTEMCTL, "update-rc.d": FAKE_UPDATE_RC_D} if tools else {}
    )
    for name, body in fakes.items():
        (bin_dir / name).write_text(body)
        (bin_dir / name).chmod(0o755)
    for tool in TOOLS:  # only these on PATH: no real systemctl or update-rc.d
        (bin_dir / tool).symlink_to(shutil.which(tool) or pytest.fail(f"no {tool}"))
    env = {"PATH": str(bin_dir), "QUOTETRACK_SYSTEM_ROOT": str(root), "HOME": str(tmp_path)}
    return root, env


def _install(env: dict[str, str]) -> subprocess.CompletedProcess:
    bash = shutil.which("bash") or pytest.fail("no bash")
    return subprocess.run(
        [bash, str(ROOT / APT_SCRIPT), "redis-server"], env=env, capture_output=True, text=True, check=False
    )


def _links(root: Path) -> list[str]:
    return sorted(f"{link.parent.name}/{link.name}" for link in root.glob("etc/rc?.d/*"))


def test_an_apt_install_starts_no_service_and_leaves_none_enabled(tmp_path):
    root, env = _system(tmp_path)
    done = _install(env)
    assert done.returncode == 0, done.stderr
    log = (root / "log").read_text().splitlines()
    assert log[0] == "install -y -qq redis-server: policy-rc.d 101"  # nothing could start
    assert not (root / "usr/sbin/policy-rc.d").exists()  # and the policy is gone again
    # The service the package enabled is disabled again, both ways; what was enabled before stays so.
    assert "systemctl disable --quiet redis-server.service" in log
    assert "update-rc.d redis-server disable" in log
    assert (root / "units").read_text().splitlines() == ["postgresql.service", "getty@.service"]
    assert _links(root) == ["rc2.d/K01redis-server", "rc2.d/S01postgresql"] + [
        f"rc{level}.d/K01redis-server" for level in "345"
    ]
    assert not any("postgresql" in line or "getty" in line for line in log)


def test_a_policy_rc_d_already_there_is_kept(tmp_path):
    own = "#!/bin/sh\n# the image's own\nexit 101\n"
    root, env = _system(tmp_path, policy=own)
    assert _install(env).returncode == 0
    assert (root / "usr/sbin/policy-rc.d").read_text() == own


def test_without_systemctl_or_update_rc_d_the_install_still_succeeds(tmp_path):
    """A container without systemd (or a minimal image without sysv-rc): nothing to disable with."""
    root, env = _system(tmp_path, tools=False)
    done = _install(env)
    assert done.returncode == 0, done.stderr
    assert (root / "log").read_text().splitlines() == ["install -y -qq redis-server: policy-rc.d 101"]
    assert not (root / "usr/sbin/policy-rc.d").exists()


def test_a_failed_install_removes_the_policy_it_wrote(tmp_path):
    root, env = _system(tmp_path)
    assert _install({**env, "FAIL_INSTALL": "1"}).returncode != 0
    assert not (root / "usr/sbin/policy-rc.d").exists()


def test_test_sh_gives_pytest_a_basetemp_inside_its_run_directory():
    script = (ROOT / "scripts/test.sh").read_text(encoding="utf-8")
    assert "trap stop_servers EXIT" in script and 'rm -rf "$RUN_DIR"' in script  # removed on exit
    (command,) = [line for line in script.splitlines() if line.startswith(".venv/bin/python -m pytest")]
    assert '--basetemp "$RUN_DIR/pytest" "$@"' in command  # before the arguments: one given there wins


def test_a_basetemp_under_xdist_holds_every_workers_tmp_path(tmp_path):
    """What test.sh relies on: with --basetemp each xdist worker's tmp_path lies inside it (so
    removing the run directory removes them all), and a later --basetemp wins."""
    pytest.importorskip("xdist")
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "pytest.ini").write_text("[pytest]\n")
    (suite / "test_paths.py").write_text(
        textwrap.dedent(
            """
            import os

            import pytest


            @pytest.mark.parametrize("n", range(4))
            def test_writes_its_tmp_path(tmp_path, n):
                out = os.environ["PATHS_OUT"]
                with open(os.path.join(out, f"{n}.txt"), "w") as file:
                    file.write(str(tmp_path))
            """
        )
    )
    out = tmp_path / "out"
    out.mkdir()
    env = {**os.environ, "PATHS_OUT": str(out)}
    env.pop("PYTEST_XDIST_WORKER", None)
    env.pop("PYTEST_ADDOPTS", None)
    ignored, basetemp = tmp_path / "ignored", tmp_path / "run" / "pytest"
    basetemp.parent.mkdir()  # as $RUN_DIR is
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2"]
    command += ["--basetemp", str(ignored), "--basetemp", str(basetemp), "test_paths.py"]
    done = subprocess.run(command, cwd=suite, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    paths = [Path(path.read_text()) for path in sorted(out.glob("*.txt"))]
    assert len(paths) == 4
    assert {path.relative_to(basetemp).parts[0] for path in paths} <= {"popen-gw0", "popen-gw1"}
    assert not ignored.exists()
