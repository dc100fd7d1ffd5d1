"""Bearer-token authentication and role checks. Only token hashes are ever stored."""
from .principal import (  # noqa: F401
                        Principal,
                        Unauthorized,
                        authenticate,
                        is_staff,
                        issue_token,
                        optional_principal,
                        request_token,
                        require_player,
                        require_role,
                        require_tournament_staff,
                        reveal_token,
)
