"""Where paizhuo keeps the user's files: records of played deals (later the server's database).

``PAIZHUO_HOME`` overrides the folder; otherwise the platform's user data folder is used
(``$XDG_DATA_HOME/paizhuo`` or ``~/.local/share/paizhuo`` on Linux, ``~/Library/Application
Support/paizhuo`` on macOS, ``%APPDATA%\\paizhuo`` on Windows).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HOME_ENV = "PAIZHUO_HOME"
"""The environment variable that moves the data folder (``--data DIR`` sets it)."""


def data_dir() -> Path:
    """The folder for the user's paizhuo files (not created here)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    return platform_data_dir()


def platform_data_dir() -> Path:
    """The data folder when ``PAIZHUO_HOME`` is not set: the platform's user data folder."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "paizhuo"


def records_dir() -> Path:
    """Where ``paizhuo play`` writes the record of every deal by default."""
    return data_dir() / "records"
