"""``tourneybook lite``: main.py registers the button script and the cell functions in xlwings Lite."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from tourneybook.cli import main as cli
from tourneybook.errors import InputError
from tourneybook.excel.lite import FUNCTIONS, SCRIPTS, requirements_txt, write_lite

LITE_CHECK = """
import asyncio, json, sys
sys.path.insert(0, sys.argv[1])
import xlwings as xw
from xlwings.server import custom_functions_meta, custom_scripts_meta, custom_functions_call
import main
data = {"func_name": "tb_carc_points", "args": [[[120, 90, 60]]], "version": xw.__version__,
        "client": "Office.js", "runtime": "1.4"}
print(json.dumps({
    "functions": sorted(f["name"] for f in custom_functions_meta(main)["functions"]),
    "scripts": [s["function_name"] for s in custom_scripts_meta(main)],
    "carc": asyncio.run(custom_functions_call(data, main)),
}))
"""


def test_main_py_registers_everything_in_a_fresh_lite_like_python(tmp_path, subprocess_env):
    write_lite(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", LITE_CHECK, str(tmp_path)], capture_output=True, text=True, env=subprocess_env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    import json

    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["functions"] == sorted(f.upper() for f in FUNCTIONS)
    assert sorted(found["scripts"]) == sorted(SCRIPTS)  # every action of the workbook
    assert found["carc"] == [[5, 3, 1]]  # RULES.md Carcassonne 3-player: 5-3-1


def test_requirements_pin_xlwings_and_name_tourneybook_last():
    lines = requirements_txt().splitlines()
    assert "xlwings==0.37.8" in lines  # the version the VBA module and the tests use
    assert lines[-1] == f"tourneybook=={metadata.version('tourneybook')}"
    assert not any(line.startswith(("pytest", "hypothesis")) for line in lines)


@pytest.mark.parametrize(
    "wheel, ok",
    [
        ("https://example.org/dist/tourneybook-0.1.0-py3-none-any.whl", True),
        ("http://example.org/tourneybook-0.1.0-py3-none-any.whl", False),  # Excel's browser blocks plain http
        ("https://example.org/tourneybook.tar.gz", False),
        ("tourneybook", False),
    ],
)
def test_a_wheel_url_replaces_the_pypi_release(wheel, ok):
    if ok:
        assert requirements_txt(wheel).splitlines()[-1] == wheel
    else:
        with pytest.raises(InputError, match="https:// address of a tourneybook .whl"):
            requirements_txt(wheel)


def test_the_command_writes_both_files(tmp_path, capsys):
    assert cli(["lite", "--out", str(tmp_path / "lite")]) == 0
    written = capsys.readouterr().out.split()
    assert [Path(p).name for p in written] == ["main.py", "requirements.txt"]
    assert "from tourneybook.excel.button import recalculate_standings" in (tmp_path / "lite" / "main.py").read_text()
    assert cli(["lite", "--out", str(tmp_path / "x"), "--wheel", "ftp://nope"]) == 1
    assert "https:// address" in capsys.readouterr().err
