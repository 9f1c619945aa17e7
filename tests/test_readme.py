"""The README opens with the two set-up commands, and CI runs the same test command."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = text.split("```", 2)[1]
    lines = [line.strip() for line in block.splitlines()[1:] if line.strip()]
    return [line for line in lines if not line.startswith("#")]


def test_readme_opens_with_exactly_two_setup_commands():
    commands = _setup_commands()
    assert len(commands) == 2
    assert commands[0].endswith(".venv/bin/hexbattle")
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command_verbatim():
    test_command = _setup_commands()[1]
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_command in ci_lines
