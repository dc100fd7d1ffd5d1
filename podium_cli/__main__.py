"""``python -m podium_cli``: every command, the play commands (play.py) registered on
the group that commands.py declares."""
from podium_cli import play  # noqa: F401  (registers the play commands)
from podium_cli.commands import cli

if __name__ == "__main__":
    cli(prog_name="podium")
