"""Print the local admin key (creating it in the data dir on first use)."""
from __future__ import annotations

from chalicelib.config import Config, local_secret

if __name__ == "__main__":
    config = Config.from_env()
    print(config.admin_key or local_secret(config.data_dir, "admin.key"))
