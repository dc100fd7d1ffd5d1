"""Bearer-token authentication and role checks. Only token hashes are ever stored."""
from .principal import (Principal, Unauthorized, authenticate, is_staff,  # noqa: F401
                        issue_token, optional_principal, request_token, require_player,
                        require_role, require_tournament_staff)
