"""One method of a torch class replaced by a wrapper while the fix is installed, and put back exactly.

Why a class: ``cpp_fusion`` and ``mutation_deps`` each wrap one Inductor method, and uninstalling must
restore the very object found at install time, except where someone replaced our wrapper after us
(restoring then would silently drop their change too, so it is left in place, with a warning).
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


class MethodPatch:
    """``owner.name`` replaced by a wrapper of the original, until ``uninstall()``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._owner: type | None = None
        self._original = None
        self._wrapper = None

    @property
    def installed(self) -> bool:
        return self._owner is not None

    def install(self, owner: type, make_wrapper) -> None:
        """Replace ``owner.<name>`` by ``make_wrapper(original)`` (no-op while installed)."""
        if self.installed:
            return
        original = getattr(owner, self.name)
        wrapper = make_wrapper(original)
        setattr(owner, self.name, wrapper)
        self._owner, self._original, self._wrapper = owner, original, wrapper

    def uninstall(self) -> bool:
        """Put the original back; False if not installed."""
        if not self.installed:
            return False
        if self._owner.__dict__.get(self.name) is self._wrapper:
            setattr(self._owner, self.name, self._original)
        else:
            log.warning(
                "torch_patch: %s.%s was replaced after install; leaving it as is.", self._owner.__name__, self.name
            )
        self._owner = self._original = self._wrapper = None
        return True
